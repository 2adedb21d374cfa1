import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { as, registerUser, uniqueEmail, userWithTeam } from '../../test/harness.ts';
import { mediaToolsFrom } from '@hookwall/binaries';

const { ffmpeg } = mediaToolsFrom(process.env);

/** An admin with a team, a read-only member of the same team, and an outsider with a team of their own. */
export async function teamWithRoles(app: FastifyInstance) {
  const { user: admin, team } = await userWithTeam(app, 'Media Team');
  const email = uniqueEmail('reader');
  const invitation = await as(app, admin)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email, role: 'member' } });
  if (invitation.statusCode !== 201) throw new Error(`invite failed: ${invitation.statusCode} ${invitation.body}`);
  const reader = await registerUser(app, { email, invitation_id: invitation.json().id });
  const outsider = await userWithTeam(app, 'Other Team');
  return { admin, reader, team, outsider: outsider.user, outsiderTeam: outsider.team };
}

/** A tiny real MP4 (64x112, 1 s, H.264, 25 fps) made by ffmpeg. */
export function makeTestVideo(options: { seconds?: number; faststart?: boolean } = {}): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'hookwall-video-'));
  const out = join(dir, 'clip.mp4');
  execFileSync(ffmpeg, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=64x112:r=25:d=${options.seconds ?? 1}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(options.faststart ? ['-movflags', '+faststart'] : []), out,
  ]);
  return readFileSync(out);
}

/** The path and query of a URL (absolute or root-relative), for app.inject. */
export const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
};
