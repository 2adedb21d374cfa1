import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { renderJobs } from '@hookwall/db';
import { parseRenderRequest } from '@hookwall/video/render-request';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { multipart } from '../brand-kits/brand-kits.test-helpers.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { renderingWorker, subscribeTeam, uploadClip } from './videos.test-helpers.ts';

vi.setConfig({ testTimeout: 300_000 });

/**
 * A text wall's end card rendered by the real engine, through the API, the real database and the
 * real worker: the kit's logo on the card, and the voice's track to the video's end. What the API
 * makes of `end_card` (the kit's card, its own fields, kept with the video, refused when bad) is in
 * text-wall-end-card.db.test.ts.
 */
const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let rendering: Awaited<ReturnType<typeof renderingWorker>>;
let bg: { id: string };
let kitId: string;
const api = (o: Parameters<ReturnType<typeof as>>[0], user = admin, slug = team.slug) => as(t.app, user)({ ...o, headers: { ...o.headers, 'x-team-slug': slug } });
const bulk = (payload: Record<string, unknown>) => api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { background_video_ids: [bg.id], ...payload } });
const KIT_CARD = { headline: 'Glow Serum', cta: 'Shop now', url: 'glow.example/try', seconds: 2 };

async function madeOf(videoId: string) {
  const detail = (await api({ method: 'GET', url: `/api/text-wall-videos/${videoId}/` })).json();
  const [job] = await t.deps.db.select().from(renderJobs).where(and(eq(renderJobs.targetId, videoId), eq(renderJobs.teamId, team.id)));
  const request = parseRenderRequest(job!.compositionId, job!.inputProps);
  if (request.compositionId !== 'text-wall') throw new Error(request.compositionId);
  return { detail, props: request.props, job: job! };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Cards'));
  await subscribeTeam(t.app, admin, team.slug);
  bg = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
  const created = await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Glow', colors: { primary: '#1D3557' }, end_card: { enabled: true, ...KIT_CARD } } });
  expect(created.statusCode, created.body).toBe(201);
  kitId = created.json().id;
  const file = join(t.dataDir, 'logo.png');
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=400x200', '-frames:v', '1', file]);
  const logo = multipart('logo', 'logo.png', 'image/png', readFileSync(file));
  expect((await api({ method: 'POST', url: `/api/brand-kits/${kitId}/logo/`, payload: logo.payload, headers: logo.headers })).statusCode).toBe(200);
  rendering = await renderingWorker(t);
}, 180_000);
afterAll(async () => {
  await rendering?.close();
  await t?.close();
});

describe("a text wall's end card", () => {
  it("is rendered after the wall: the kit's logo on the card, out of its corner, and the voice's track to the video's end", async () => {
    const voices = (await api({ method: 'GET', url: '/api/voices/' })).json().results as { id: string; language: string; provider: string }[];
    const english = voices.find((v) => v.language.toLowerCase().startsWith('en') && v.provider === 'offline')!;
    const res = await bulk({ texts: ['Glow in seven days.'], voice: { voice_id: english.id }, end_card: { seconds: 1.5 } });
    expect(res.statusCode, res.body).toBe(202);
    const { detail, props, job } = await madeOf(res.json().video_ids[0]);
    // the wall lasts its speech and a second (5 s at least), the card 1.5 s after it
    expect(props.speech).not.toBeNull();
    const wall = Math.max(5, Math.round((props.speech!.audio.durationInSeconds + 1) * 100) / 100);
    expect(detail.duration_seconds).toBeCloseTo(wall, 5);
    expect(job.durationSeconds).toBeCloseTo(wall + 1.5, 5);
    await rendering.worker.drain();
    const status = (await api({ method: 'GET', url: `/api/text-wall-videos/${detail.id}/render_status/` })).json();
    expect(status).toMatchObject({ status: 'completed', error: null });
    const file = join(t.dataDir, 'carded.mp4');
    writeFileSync(file, (await t.app.inject({ method: 'GET', url: pathOf(status.output_url) })).rawPayload);
    const seconds = (stream: 'v' | 'a') => Number(execFileSync(ffprobe, ['-v', 'error', '-select_streams', stream, '-show_entries', 'stream=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
    expect(seconds('v')).toBeCloseTo(wall + 1.5, 1);
    // the voice (and its silence after) runs on to the video's end: nothing of it is cut
    expect(seconds('a')).toBeGreaterThan(wall + 1.4);
    // the card's settled frame: the red logo in the middle of the frame (not in its corner), on the card's dark blue
    const width = 1080 * 0.2;
    const frame = execFileSync(ffmpeg, ['-v', 'error', '-ss', String(wall + 1.2), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 1 << 26 });
    const height = frame.length / 3 / width;
    let red = 0;
    let redCorner = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        if (frame[i]! > 190 && frame[i + 1]! < 70 && frame[i + 2]! < 70) {
          red++;
          if (y < height * 0.2) redCorner++;
        }
      }
    }
    expect(red).toBeGreaterThan(100);
    expect(redCorner).toBe(0);
  });
});
