import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderJobs } from '@hookwall/db';
import { parseRenderRequest } from '@hookwall/video/render-request';
import { speechTokens } from '@hookwall/video/schemas';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { createRenderJobs } from '../render-jobs/render-jobs.service.ts';
import * as repo from './videos.repository.ts';
import { subscribeTeam, tinyRenderingWorker, uploadClip } from './videos.test-helpers.ts';

// the test engine's renders take a second or two each on a busy machine, with the worker's steps around them
vi.setConfig({ testTimeout: 180_000 });

/**
 * A voiced text wall whose voice was deleted before the render, through the worker (the test
 * engine's tiny renders), database and storage: it fails with the reason. The voiced render
 * itself (the MP4 speaks, its captions stored beside it): voice-render.render.test.ts. The render
 * request's `speech` is put in place here as the API's bulk_create puts it (a speech asset by
 * storage key and its words).
 */
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let rendering: ReturnType<typeof tinyRenderingWorker>;
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug } });

const TEXT = 'Hello <world> & friends 今日は';
const WORDS = speechTokens(TEXT).map((text, i) => ({ text, start: 0.2 + i * 0.5, end: 0.6 + i * 0.5 }));

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Voices'));
  await subscribeTeam(t.app, admin, team.slug);
  rendering = tinyRenderingWorker(t);
}, 180_000);
afterAll(async () => {
  await rendering?.close();
  await t?.close();
});

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
  it('whose voice was deleted fails with the reason, and nothing is stored', async () => {
    const id = await voicedWall(`teams/${team.id}/speech/never-stored.wav`);
    const status = (await api({ method: 'GET', url: `/api/text-wall-videos/${id}/render_status/` })).json();
    expect(status).toMatchObject({ status: 'failed', error: 'The voice-over of this video was deleted.', output_url: null, captions_url: null });
  });
});
