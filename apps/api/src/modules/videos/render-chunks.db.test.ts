import { readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { renderChunks } from '@hookwall/db';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { ffprobe, subscribeTeam, tinyRenderingWorker, uploadClip } from './videos.test-helpers.ts';

// the test engine's renders take a second or two each on a busy machine, with the worker's steps around them
vi.setConfig({ testTimeout: 180_000 });

/**
 * How a long render is planned in pieces, on the test engine (tiny real MP4s of each piece's
 * frames). render-chunks.render.test.ts joins real pieces and compares them with the video rendered whole.
 */
let t: TestApp;
let admin: TestUser;
let team: { slug: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Chunky'));
  await subscribeTeam(t.app, admin, team.slug);
}, 120_000);
afterAll(async () => t?.close());

async function renderJob(id: string) {
  return (await api({ method: 'GET', url: `/api/remotion-render-jobs/${id}/` })).json() as { status: string; engine: string; attempts: number; error: string | null; output_url: string | null };
}

async function download(url: string, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  expect(res.statusCode).toBe(200);
  const file = join(t.dataDir, name);
  writeFileSync(file, res.rawPayload);
  return file;
}

const tempDirsOf = (id: string) => readdirSync(tmpdir()).filter((n) => n.startsWith(`hookwall-render-${id}`));
const chunksOf = (id: string) => t.deps.db.select().from(renderChunks).where(eq(renderChunks.renderJobId, id)).orderBy(renderChunks.index);

describe('chunked renders', () => {
  it('a long text wall whose loop is encoded once is not split: its encode is shorter than a chunk', async () => {
    const bg = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 2 });
    const video = (await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Loop once 🔁', background_video_id: bg.id, duration_seconds: 8 } })).json();
    // 240 frames against chunks of 90, but only the entrance and one 60-frame loop are encoded
    const chunking = tinyRenderingWorker(t, { chunkSeconds: 3 });
    try {
      await chunking.worker.drain();
    } finally {
      await chunking.close();
    }
    const job = await renderJob(video.render_job_id);
    expect(job).toMatchObject({ status: 'completed', engine: 'fast' });
    expect(await chunksOf(video.render_job_id)).toEqual([]);
    const probed = ffprobe(await download(job.output_url!, 'looped.mp4'));
    expect(probed.stream).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', nb_read_frames: '240' });
    expect(Math.abs(probed.duration - 8)).toBeLessThanOrEqual(1 / 30 + 1e-6);
    expect(tempDirsOf(video.render_job_id)).toEqual([]);
  });
});
