import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { renderJobs } from '@hookwall/db';
import { parseRenderRequest } from '@hookwall/video/render-request';
import { speechTokens } from '@hookwall/video/schemas';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { createRenderJobs } from '../render-jobs/render-jobs.service.ts';
import * as repo from './videos.repository.ts';
import { renderingWorker, subscribeTeam, uploadClip } from './videos.test-helpers.ts';

vi.setConfig({ testTimeout: 300_000 });

/**
 * A voiced text wall through the real worker and engine, database and storage: its MP4 speaks, its
 * captions (WebVTT) are stored beside it and answered as `captions_url`, they go with the video. A
 * voice deleted before the render fails it with the reason: voice-render.db.test.ts. The render
 * request's `speech` is put in place here as the API's bulk_create puts it (a speech asset by
 * storage key and its words).
 */
const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let rendering: Awaited<ReturnType<typeof renderingWorker>>;
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug } });

const TEXT = 'Hello <world> & friends 今日は';
const WORDS = speechTokens(TEXT).map((text, i) => ({ text, start: 0.2 + i * 0.5, end: 0.6 + i * 0.5 }));

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Voices'));
  await subscribeTeam(t.app, admin, team.slug);
  rendering = await renderingWorker(t);
}, 180_000);
afterAll(async () => {
  await rendering?.close();
  await t?.close();
});

/** A WAV of a tone inside each word's time, as a speech asset is stored. */
async function storeVoice(key: string) {
  const file = join(t.dataDir, 'voice.wav');
  const on = WORDS.map((w) => `between(t,${w.start},${w.end})`).join('+');
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:r=24000:d=3.5', '-af', `asetnsamples=n=48,volume='if(${on},0.5,0)':eval=frame`, '-ac', '1', '-c:a', 'pcm_s16le', file]);
  await t.deps.storage.write(key, readFileSync(file), { contentType: 'audio/wav' });
}

/** A text wall rendered once, then rendered again with a voice: what bulk_create with `voice` queues. */
async function voicedWall(voiceKey: string) {
  const bg = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
  const created = await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: TEXT, background_video_id: bg.id, duration_seconds: 5, style: { preset: 'bold' } } });
  expect(created.statusCode, created.body).toBe(201);
  const video = created.json() as { id: string; render_job_id: string };
  await rendering.worker.drain();
  const silent = await api({ method: 'GET', url: `/api/text-wall-videos/${video.id}/render_status/` });
  // a video without a voice has no captions
  expect(silent.json()).toMatchObject({ status: 'completed', captions_url: null });
  const [first] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, video.render_job_id));
  const props = { ...(first!.inputProps as Record<string, unknown>), speech: { audio: { media: { kind: 'upload', key: voiceKey }, durationInSeconds: 3.5 }, words: WORDS }, captions: { style: 'highlight' } };
  const request = parseRenderRequest('text-wall', props);
  await repo.inTransaction(t.deps.db, async (tx) => {
    const [id] = await createRenderJobs(t.deps, tx, team.id, [{ target: { type: 'text_wall_video', id: video.id }, request }]);
    expect(await repo.swapRender(tx, 'text_wall', team.id, video.id, video.render_job_id, id!)).toBe(true);
  });
  await rendering.worker.drain();
  return video.id;
}

describe('a text wall with a voice', () => {
  it('speaks, and its captions are stored beside it, answered as captions_url and deleted with it', async () => {
    const voiceKey = `teams/${team.id}/speech/test-voice.wav`;
    await storeVoice(voiceKey);
    const id = await voicedWall(voiceKey);
    const status = (await api({ method: 'GET', url: `/api/text-wall-videos/${id}/render_status/` })).json();
    expect(status).toMatchObject({ status: 'completed', error: null });
    expect(status.captions_url).toEqual(expect.any(String));
    const detail = (await api({ method: 'GET', url: `/api/text-wall-videos/${id}/` })).json();
    expect(detail.captions_url).toEqual(expect.any(String));

    const vtt = await t.app.inject({ method: 'GET', url: pathOf(status.captions_url) });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toContain('text/vtt');
    expect(vtt.body.startsWith('WEBVTT\n\n1\n00:00:00.200 --> ')).toBe(true);
    // escaped, the Japanese words joined without a space
    expect(vtt.body).toContain('Hello &lt;world&gt; &amp; friends');
    expect(vtt.body).toContain('今日は');

    // the MP4 speaks: a sound, loudest where the words are
    const mp4 = await t.app.inject({ method: 'GET', url: pathOf(status.output_url) });
    const file = join(t.dataDir, 'voiced.mp4');
    writeFileSync(file, mp4.rawPayload);
    expect(execFileSync(ffprobe, ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim()).toBe('aac');
    const pcm = execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:a', '-ac', '1', '-ar', '8000', '-f', 's16le', '-'], { maxBuffer: 1 << 24 });
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
    const level = (a: number, b: number) => Math.sqrt(samples.slice(a * 8000, b * 8000).reduce((s, v) => s + v * v, 0) / ((b - a) * 8000));
    expect(level(WORDS[0]!.start + 0.05, WORDS[0]!.end - 0.05)).toBeGreaterThan(10 * level(WORDS[0]!.end + 0.03, WORDS[1]!.start - 0.03) + 100);

    const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, status.render_job_id));
    const captionsKey = job!.outputKey!.replace(/\.mp4$/, '.vtt');
    expect(await t.deps.storage.head(captionsKey)).not.toBeNull();
    expect((await api({ method: 'DELETE', url: `/api/text-wall-videos/${id}/` })).statusCode).toBe(204);
    expect(await t.deps.storage.head(captionsKey)).toBeNull();
  });
});
