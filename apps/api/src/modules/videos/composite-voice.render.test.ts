import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { renderJobs } from '@hookwall/db';
import { parseRenderRequest } from '@hookwall/video/render-request';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { renderingWorker, subscribeTeam, uploadClip } from './videos.test-helpers.ts';

vi.setConfig({ testTimeout: 300_000 });

/**
 * A hook + demo composite with a voice-over, through the API, the real database, the offline voice
 * and the real worker and engine: the render request carries the speech from the demo's start, the
 * MP4 speaks and its captions are stored. The script spoken once (cached) and every bad input a 4xx
 * that makes nothing: composite-voice.db.test.ts.
 */
const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let hook: { id: string };
let demo: { id: string };
let rendering: Awaited<ReturnType<typeof renderingWorker>>;
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug } });
const VOICE = 'espeak:en-US-female';
const SCRIPT = 'Meet the serum. It works in a week.';

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Voice-overs'));
  await subscribeTeam(t.app, admin, team.slug);
  hook = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Hook', clipKind: 'hook' });
  demo = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Demo', clipKind: 'product_demo' });
  rendering = await renderingWorker(t);
}, 180_000);
afterAll(async () => {
  await rendering?.close();
  await t?.close();
});

const bulk = (payload: Record<string, unknown>) => api({ method: 'POST', url: '/api/composite-videos/bulk_create_hook_product_demo/', payload: { hook_video_ids: [hook.id], product_demo_video_ids: [demo.id], ...payload } });

describe('a composite with a voice-over', () => {
  it('is read over the demo, lengthening it, captioned, and the MP4 speaks with its captions beside it', async () => {
    const res = await bulk({ voiceover_texts: [SCRIPT], voice: { voice_id: VOICE, speed: 1.2 }, captions: { style: 'highlight' }, overlay_texts: ['Wait for it'] });
    expect(res.statusCode, res.body).toBe(202);
    const [id] = res.json().video_ids as string[];
    const detail = (await api({ method: 'GET', url: `/api/composite-videos/${id}/` })).json();
    expect(detail.voice).toEqual({ voice_id: VOICE, speed: 1.2 });
    expect(detail.config).toMatchObject({ voiceoverText: SCRIPT, speechStart: 'demo', captions: { style: 'highlight' } });
    // the speech is the server's, never stored in the config the user sees
    expect(detail.config.speech).toBeUndefined();

    const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, detail.render_job_id));
    const request = parseRenderRequest(job!.compositionId, job!.inputProps);
    if (request.compositionId !== 'hook-product-demo') throw new Error(request.compositionId);
    expect(request.props.speech!.words.map((w) => w.text)).toEqual(['Meet', 'the', 'serum.', 'It', 'works', 'in', 'a', 'week.']);
    const spoken = request.props.speech!.audio.durationInSeconds;
    expect(spoken).toBeGreaterThan(1);

    await rendering.worker.drain();
    const status = (await api({ method: 'GET', url: `/api/composite-videos/${id}/render_status/` })).json();
    expect(status).toMatchObject({ status: 'completed', error: null });
    const file = join(t.dataDir, 'voice-over.mp4');
    writeFileSync(file, (await t.app.inject({ method: 'GET', url: pathOf(status.output_url) })).rawPayload);
    // the demo (1 s) lasts the voice from its start, plus half a second, then the end card (2 s)
    const seconds = Number(execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));
    expect(seconds).toBeGreaterThan(1 + spoken + 0.5 + 2 - 0.15);
    // the voice is heard from the demo's start (the test clips are silent)
    const pcm = execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:a', '-ac', '1', '-ar', '8000', '-f', 's16le', '-'], { maxBuffer: 1 << 24 });
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
    const level = (a: number, b: number) => Math.sqrt(samples.slice(a * 8000, b * 8000).reduce((s, v) => s + v * v, 0) / ((b - a) * 8000));
    expect(level(0, 0.9)).toBeLessThan(50);
    expect(level(1, 1 + spoken)).toBeGreaterThan(300);

    const vtt = await t.app.inject({ method: 'GET', url: pathOf(status.captions_url) });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toMatch(/^WEBVTT\n\n1\n00:00:01\.\d{3} --> /);
    expect(vtt.body).toContain('Meet the serum.');
  });
});
