import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { ffprobe, mp4Tags, renderingWorker, subscribeTeam, uploadClip } from './videos.test-helpers.ts';

// real renders: each takes seconds
vi.setConfig({ testTimeout: 240_000 });

/**
 * The real engine through the API: a text wall by the fast path, a multi text wall by the full
 * render. The rest of these routes (validation, bulks, cancels, composites' shape) is in
 * videos.db.test.ts, rendered by the test engine.
 */
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let rendering: Awaited<ReturnType<typeof renderingWorker>>;
const api = (user: TestUser | null = admin) => (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Video Makers'));
  await subscribeTeam(t.app, admin, team.slug);
  rendering = await renderingWorker(t);
}, 180_000);
afterAll(async () => {
  await rendering?.close();
  await t?.close();
});

async function download(url: string, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  expect(res.statusCode).toBe(200);
  const file = join(t.dataDir, name);
  writeFileSync(file, res.rawPayload);
  return file;
}

describe('text wall videos', () => {
  it('render for real: H.264 yuv420p MP4 of the requested size, rate and length, with a thumbnail', async () => {
    const bg = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 2 });
    const created = await api()({
      method: 'POST',
      url: '/api/text-wall-videos/',
      payload: { text: 'Stop scrolling 🛑\nمرحبا 你好 café', background_video_id: bg.id, duration_seconds: 5, aspect: '1:1', style: { preset: 'boxed', highlightWords: ['café'] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const video = created.json();
    expect(video).toMatchObject({ status: 'queued', aspect: '1:1', duration_seconds: 5, background_video_id: bg.id });
    expect(video.style).toMatchObject({ preset: 'boxed', decoration: 'box', highlightWords: ['café'] });

    // a second click while it waits is a conflict that names the render under way
    const again = await api()({ method: 'POST', url: `/api/text-wall-videos/${video.id}/render/`, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'This video is already rendering. Wait for it to finish, or cancel it, then render it again.',
      code: 'conflict',
      render_job_id: video.render_job_id,
    });

    // the render, and the sign-up's verification email
    expect(await rendering.worker.drain()).toBeGreaterThanOrEqual(1);
    const status = (await api()({ method: 'GET', url: `/api/text-wall-videos/${video.id}/render_status/` })).json();
    expect(status).toMatchObject({ status: 'completed', progress: 1, error: null });
    const file = await download(status.output_url, 'wall.mp4');
    const { stream, duration } = ffprobe(file);
    expect(stream).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 216, height: 216, r_frame_rate: '30/1' });
    // the fast path's MP4, tagged with the video's ad code (every path, on the test engine: ad-codes.db.test.ts)
    expect(mp4Tags(file)).toMatchObject({ title: video.ad_code, comment: `Hookwall ad code ${video.ad_code}` });
    expect(Math.abs(duration - 5)).toBeLessThanOrEqual(1 / 30 + 1e-6);
    const thumb = await t.app.inject({ method: 'GET', url: pathOf(status.thumbnail_url) });
    expect(thumb.headers['content-type']).toBe('image/jpeg');

    const job = (await api()({ method: 'GET', url: `/api/remotion-render-jobs/${video.render_job_id}/` })).json();
    expect(job).toMatchObject({ status: 'completed', composition_id: 'text-wall', target_type: 'text_wall_video', target_id: video.id, attempts: 1, engine: 'fast' });
    expect(job.render_ms).toBeGreaterThan(0);
    // the job is finished: cancelling it changes nothing
    expect((await api()({ method: 'POST', url: `/api/remotion-render-jobs/${job.id}/cancel/`, payload: {} })).statusCode).toBe(400);
  });
});

describe('composite videos', () => {
  it('multi text wall from texts renders as one video', async () => {
    const res = await api()({ method: 'POST', url: '/api/composite-videos/multitextwall/', payload: { texts: ['One', 'Two ✨'], seconds_per_wall: 1.5, transition: 'slide' } });
    expect(res.statusCode, res.body).toBe(202);
    await rendering.worker.drain();
    const video = (await api()({ method: 'GET', url: `/api/composite-videos/${res.json().video_ids[0]}/` })).json();
    expect(video.status, video.error).toBe('completed');
    const { duration } = ffprobe(await download(video.output_url, 'multi.mp4'));
    // 2 × 45 frames, 12 overlapping
    expect(Math.abs(duration - 78 / 30)).toBeLessThanOrEqual(1 / 30 + 1e-6);
  });
});
