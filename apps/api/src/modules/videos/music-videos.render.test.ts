import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { mediaToolsFrom } from '@hookwall/binaries';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '@hookwall/db';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { uploadTrack } from '../music-tracks/music.test-helpers.ts';
import { ffprobe, mp4Tags, renderingWorker, subscribeTeam } from './videos.test-helpers.ts';

vi.setConfig({ testTimeout: 120_000 });

/**
 * A text wall with music rendered by the real engine (no background: the full render draws it),
 * its MP4 checked for the music. What the API stores and queues for music, and a track deleted
 * since, are in music-videos.db.test.ts.
 */
const { ffmpeg } = mediaToolsFrom(process.env);
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let track: { id: string; duration_seconds: number };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Music Makers'));
  await subscribeTeam(t.app, admin, team.slug);
  track = await uploadTrack(t.app, admin, team.slug, { name: 'Upbeat', seconds: 3 });
}, 120_000);
afterAll(async () => t?.close());

/** Leaves only this render's job in the queue: the worker renders nothing else of this file's. */
async function onlyRender(renderJobId: string) {
  await t.deps.db.delete(jobs).where(and(eq(jobs.name, 'render-video'), ne(sql`${jobs.payload}->>'render_job_id'`, renderJobId)));
}

describe('rendered by the worker', () => {
  it('a text wall with music renders, and its MP4 has the music in it', async () => {
    const made = (await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['With a beat'], duration_seconds: 5, music: { track_id: track.id, volume: 1 } } })).json();
    const videoId = made.video_ids[0] as string;
    await onlyRender((await api({ method: 'GET', url: `/api/text-wall-videos/${videoId}/` })).json().render_job_id);
    const rendering = await renderingWorker(t);
    try {
      await rendering.worker.drain();
    } finally {
      await rendering.close();
    }
    const status = (await api({ method: 'GET', url: `/api/text-wall-videos/${videoId}/render_status/` })).json();
    expect(status, JSON.stringify(status)).toMatchObject({ status: 'completed', error: null });
    const mp4 = await t.app.inject({ method: 'GET', url: pathOf(status.output_url) });
    const file = join(t.dataDir, 'with-music.mp4');
    writeFileSync(file, mp4.rawPayload);
    // the full render made it (no background: the gradient only it draws): an H.264 MP4 of the wall's size, rate and length
    const job = (await api({ method: 'GET', url: `/api/remotion-render-jobs/${status.render_job_id}/` })).json();
    expect(job).toMatchObject({ status: 'completed', engine: 'remotion' });
    // (its picture's frames: the file lasts as long as its sound, which AAC pads a little)
    expect(ffprobe(file).stream).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 216, height: 384, r_frame_rate: '30/1', nb_read_frames: '150' });
    // the full render's MP4, tagged with the video's ad code (every path, on the test engine: ad-codes.db.test.ts)
    const { ad_code: code } = (await api({ method: 'GET', url: `/api/text-wall-videos/${videoId}/` })).json();
    expect(mp4Tags(file)).toMatchObject({ title: code, comment: `Hookwall ad code ${code}` });
    // the track is a 330 Hz tone: the video's first seconds carry it
    const pcm = execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:a', '-t', '2', '-ac', '1', '-ar', '8000', '-f', 's16le', '-'], { maxBuffer: 1 << 24 });
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
    const rms = Math.sqrt(samples.reduce((sum, v) => sum + v * v, 0) / samples.length);
    expect(rms).toBeGreaterThan(500);
  });
});
