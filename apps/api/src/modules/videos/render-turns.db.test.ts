import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { jobs, renderChunks, renderJobs } from '@hookwall/db';
import { claimJob, completeJob } from '@hookwall/jobs';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { ffprobe, leftoverProcesses, subscribeTeam, tinyRenderingWorker, uploadClip, waitFor } from './videos.test-helpers.ts';

/** waitFor, sampling every 100 ms: a piece of these renders lasts about a second */
const poll = <T>(what: string, read: () => Promise<T>, isDone: (value: T) => boolean) => waitFor(what, read, isDone, 180_000, 100);
import { pathOf } from '../media/media.test-helpers.ts';

vi.setConfig({ testTimeout: 180_000 });

/**
 * A long render in pieces, its turns with other teams' work, its cancel, stop and takeover, on the
 * test engine: each piece a tiny real MP4 of its frames, and each frame taking PACE ms as a real
 * render's do, so that pieces are under way for a while (about 1.3 s each here) and another
 * team's video is queued, a cancel arrives and a worker stops while one renders, as in production.
 * The join, the queue's turns and the leases are the product's own; the pieces' pixels are proven
 * in render-chunks.render.test.ts.
 */
const PACE = { msPerFrame: 15 };

let t: TestApp;
/** team A makes the long videos, team B the short one */
let a: { user: TestUser; team: { slug: string } };
let b: { user: TestUser; team: { slug: string } };
const call = (who: typeof a) => (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, who.user)({ ...o, headers: { 'x-team-slug': who.team.slug } });

beforeAll(async () => {
  t = await createTestApp();
  a = await userWithTeam(t.app, 'Long Videos');
  b = await userWithTeam(t.app, 'Short Videos');
  await subscribeTeam(t.app, a.user, a.team.slug);
  await subscribeTeam(t.app, b.user, b.team.slug);
}, 120_000);
afterAll(async () => t?.close());

/** A multi text wall of team A: three walls of 4 s (336 frames with the fades), which the full Remotion render draws (engine 'remotion'). */
async function longVideo(): Promise<string> {
  const res = await call(a)({ method: 'POST', url: '/api/composite-videos/multitextwall/', payload: { texts: ['First wall 🧱', 'Second wall', 'Third wall ✨'], seconds_per_wall: 4, transition: 'fade' } });
  expect(res.statusCode, res.body).toBe(202);
  const video = (await call(a)({ method: 'GET', url: `/api/composite-videos/${res.json().video_ids[0]}/` })).json() as { render_job_id: string };
  return video.render_job_id;
}

const renderRow = async (id: string) => (await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, id)))[0]!;
const chunksOf = (id: string) => t.deps.db.select().from(renderChunks).where(eq(renderChunks.renderJobId, id)).orderBy(renderChunks.index);
const jobsOf = (id: string) => t.deps.db.select().from(jobs).where(sql`${jobs.payload}->>'render_job_id' = ${id}`).orderBy(jobs.seq);
const partFiles = () => (existsSync(t.dataDir) ? readdirSync(t.dataDir, { recursive: true }).map(String).filter((f) => f.includes('.part-')) : []);
const tempDirsOf = (id: string) => readdirSync(tmpdir()).filter((n) => n.startsWith(`hookwall-render-${id}`));


describe('a long render takes turns with other teams', () => {
  it("another team's short video queued behind a long one starts after at most one piece of it, on one worker", async () => {
    const bg = await uploadClip(t.app, b.user, b.team.slug, 'background', { seconds: 2 });
    // one worker with one render slot, pieces of 3 s
    const worker = tinyRenderingWorker(t, { chunkSeconds: 3, ...PACE });
    const progress: number[] = [];
    let long: string;
    let short: string;
    try {
      long = await longVideo();
      const draining = worker.worker.drain();
      await poll('a piece of the long video renders', () => chunksOf(long), (cs) => cs.some((c) => c.status === 'rendering'));
      const created = await call(b)({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Quick one ⚡', background_video_id: bg.id, duration_seconds: 5 } });
      expect(created.statusCode, created.body).toBe(201);
      short = created.json().render_job_id;
      let isDrained = false;
      void draining.finally(() => (isDrained = true));
      while (!isDrained) {
        progress.push((await renderRow(long)).progress);
        await new Promise((r) => setTimeout(r, 200));
      }
      await draining;
    } finally {
      await worker.close();
    }
    const [longRow, shortRow, chunks] = [await renderRow(long), await renderRow(short), await chunksOf(long)];
    expect(longRow).toMatchObject({ status: 'completed', engine: 'remotion', error: null, progress: 1 });
    expect(shortRow).toMatchObject({ status: 'completed', engine: 'fast', error: null });
    // 336 frames in pieces of at most 90: 4 of 84
    expect(chunks.map((c) => [c.frameStart, c.frameEnd, c.status])).toEqual([
      [0, 83, 'done'],
      [84, 167, 'done'],
      [168, 251, 'done'],
      [252, 335, 'done'],
    ]);
    // the short video started once the piece under way when it was queued was done, not after the long video:
    // no piece of the long one began and ended while it waited
    const doneWhileWaiting = chunks.filter((c) => c.updatedAt > shortRow.createdAt && c.updatedAt <= shortRow.startedAt!);
    expect(doneWhileWaiting.length, JSON.stringify({ short: shortRow.startedAt, chunks: chunks.map((c) => c.updatedAt) })).toBeLessThanOrEqual(1);
    expect(chunks.filter((c) => c.updatedAt > shortRow.finishedAt!).length).toBeGreaterThanOrEqual(1);
    expect(shortRow.finishedAt!.getTime()).toBeLessThan(longRow.finishedAt!.getTime());
    // the long video's own jobs: the plan, a job per piece, one join (queued by the piece finished last)
    expect((await jobsOf(long)).map((j) => [j.name, j.status])).toEqual([
      ['render-video', 'completed'],
      ['render-chunk', 'completed'],
      ['render-chunk', 'completed'],
      ['render-chunk', 'completed'],
      ['render-chunk', 'completed'],
      ['render-join', 'completed'],
    ]);
    // progress grew piece by piece and never went back
    expect(progress.some((p) => p > 0.1 && p < 0.9), progress.join(' ')).toBe(true);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    // the joined video is whole, and its parts are gone
    const output = join(t.dataDir, 'long.mp4');
    writeFileSync(output, (await t.app.inject({ method: 'GET', url: pathOf((await call(a)({ method: 'GET', url: `/api/remotion-render-jobs/${long}/` })).json().output_url) })).rawPayload);
    expect(ffprobe(output).stream.nb_read_frames).toBe('336');
    expect(partFiles()).toEqual([]);
    expect(tempDirsOf(long)).toEqual([]);
    expect(leftoverProcesses()).toEqual([]);
  });
});

describe('the pieces of a long render', () => {
  it('a cancel stops the piece under way; the queued pieces end without rendering and no part is left', async () => {
    const worker = tinyRenderingWorker(t, { chunkSeconds: 3, ...PACE });
    try {
      const long = await longVideo();
      const draining = worker.worker.drain();
      await poll('a piece done and the next under way', () => chunksOf(long), (cs) => cs.some((c) => c.status === 'done') && cs.some((c) => c.status === 'rendering'));
      const cancelled = await call(a)({ method: 'POST', url: `/api/remotion-render-jobs/${long}/cancel/`, payload: {} });
      expect(cancelled.statusCode).toBe(200);
      await draining;
      const row = await renderRow(long);
      expect(row).toMatchObject({ status: 'cancelled', outputKey: null });
      const chunks = await chunksOf(long);
      expect(chunks.filter((c) => c.status === 'done').length).toBeLessThan(chunks.length);
      // every piece's job ended, none is left to run, and no join was queued
      expect((await jobsOf(long)).map((j) => j.status)).toEqual(['completed', 'completed', 'completed', 'completed', 'completed']);
      expect(partFiles()).toEqual([]);
      expect(tempDirsOf(long)).toEqual([]);
    } finally {
      await worker.close();
    }
    expect(leftoverProcesses()).toEqual([]);
  });

  it('a stopping worker hands the piece under way back; another worker carries on from the pieces done', async () => {
    const stopping = tinyRenderingWorker(t, { chunkSeconds: 3, ...PACE });
    const long = await longVideo();
    let closed = false;
    let done: number;
    try {
      const draining = stopping.worker.drain();
      await poll('a piece done and the next under way', () => chunksOf(long), (cs) => cs.some((c) => c.status === 'done') && cs.some((c) => c.status === 'rendering'));
      await stopping.worker.stop({ graceMs: 0 });
      await draining;
      const chunks = await chunksOf(long);
      done = chunks.filter((c) => c.status === 'done').length;
      expect(chunks.every((c) => c.status === 'done' || c.status === 'queued')).toBe(true);
      // the render carries on (its pieces done stay), the interrupted piece's job is queued again at once, not counted
      expect(await renderRow(long)).toMatchObject({ status: 'rendering', error: null });
      const handedBack = (await jobsOf(long)).filter((j) => j.name === 'render-chunk' && j.lastError === null && j.status === 'queued');
      expect(handedBack.length).toBe(chunks.length - done);
      expect(handedBack.every((j) => j.attempts === 0 && j.lockedUntil === null)).toBe(true);
      await stopping.render.close();
      closed = true;
      expect(leftoverProcesses()).toEqual([]);
      expect(tempDirsOf(long)).toEqual([]);
    } finally {
      if (!closed) await stopping.close();
    }
    const other = tinyRenderingWorker(t, { chunkSeconds: 3 });
    try {
      await other.worker.drain();
    } finally {
      await other.close();
    }
    expect(await renderRow(long)).toMatchObject({ status: 'completed', attempts: 1, error: null, progress: 1 });
    expect((await jobsOf(long)).filter((j) => j.name === 'render-join')).toHaveLength(1);
    expect(partFiles()).toEqual([]);
  });

  it('a piece whose worker died is taken over when its lease runs out, and the render completes', async () => {
    const worker = tinyRenderingWorker(t, { chunkSeconds: 3 });
    try {
      const long = await longVideo();
      // the render is planned: its pieces are queued
      const plan = await claimJob(t.deps.db, ['render-video']);
      expect(plan).not.toBeNull();
      await worker.render.handle(plan!.payload, plan!);
      await completeJob(t.deps.db, plan!);
      expect((await chunksOf(long)).map((c) => c.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
      // the first piece is taken by a worker that dies: the chunk's lease and the job's run out
      const first = await claimJob(t.deps.db, ['render-chunk']);
      expect(first?.payload).toEqual({ render_job_id: long, index: 0 });
      await t.deps.db
        .update(renderChunks)
        .set({ status: 'rendering', worker: 'gone:1', lockedUntil: sql`now() - interval '1 second'` })
        .where(and(eq(renderChunks.renderJobId, long), eq(renderChunks.index, 0)));
      await t.deps.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, first!.id));
      await worker.worker.drain();
      expect(await renderRow(long)).toMatchObject({ status: 'completed', error: null, progress: 1 });
      const [taken] = await chunksOf(long);
      expect(taken).toMatchObject({ status: 'done' });
      expect(taken!.worker).not.toBe('gone:1');
      // the same job, delivered again
      expect((await jobsOf(long)).find((j) => j.id === first!.id)).toMatchObject({ status: 'completed', attempts: 2 });
      expect((await jobsOf(long)).filter((j) => j.name === 'render-join')).toHaveLength(1);
      expect(partFiles()).toEqual([]);
    } finally {
      await worker.close();
    }
  });
});
