import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { jobs, renderJobs, textWallBackgroundVideos } from '@hookwall/db';
import { enqueueJob } from '@hookwall/jobs';
import { createHandlers, createMailer, createRenderHandler, createTinyRenderer, reapRenders, startWorker, type Renderer } from '@hookwall/worker';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { leftoverProcesses, subscribeTeam, tinyRenderingWorker, uploadClip } from './videos.test-helpers.ts';

vi.setConfig({ testTimeout: 180_000 });

/**
 * A render ends `completed` or `failed` with a reason, whatever happens to its inputs, and none stays
 * `rendering` without a worker holding it: the real worker, database and storage, and the test engine
 * (createTinyRenderer: tiny real MP4s, read from the very clip files with ffmpeg, so a clip that is
 * not a video fails it as it fails the real engine: renderer-failures.render.test.ts).
 */
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Inputs'));
  await subscribeTeam(t.app, admin, team.slug);
}, 120_000);
afterAll(async () => t?.close());

const JUNK = Buffer.alloc(6000, 'not a video ');
const VANISHED = 'The background video of this video was deleted.';
const CHANGED = 'The background video of this video can no longer be read: its file has changed since it was uploaded.';

async function storageKeyOf(backgroundId: string) {
  const [row] = await t.deps.db.select({ key: textWallBackgroundVideos.storageKey }).from(textWallBackgroundVideos).where(eq(textWallBackgroundVideos.id, backgroundId));
  return row!.key;
}

async function bulk(texts: string[], backgroundIds: string[] = []) {
  const res = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts, background_video_ids: backgroundIds, duration_seconds: 5 } });
  expect(res.statusCode, res.body).toBe(202);
  return res.json() as { job_id: string; video_ids: string[] };
}

const bulkStatus = async (jobId: string) => (await api({ method: 'GET', url: `/api/text-wall-videos/bulk-job-status/${jobId}/` })).json();
const renderOf = async (videoId: string) => (await api({ method: 'GET', url: `/api/text-wall-videos/${videoId}/render_status/` })).json() as { status: string; error: string | null; render_job_id: string };

describe('a render whose input vanished or changed', () => {
  it('fails with the reason before anything is drawn, and its bulk job ends', async () => {
    const vanishing = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    const changing = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    const { job_id, video_ids } = await bulk(['Gone', 'Changed'], [vanishing.id, changing.id]);
    expect((await api({ method: 'DELETE', url: `/api/text-wall-background-videos/${vanishing.id}/` })).statusCode).toBe(204);
    // the stored file replaced behind the app's back, as a store without conditional writes allowed
    await t.deps.storage.write(await storageKeyOf(changing.id), JUNK, { contentType: 'video/mp4' });

    const rendering = tinyRenderingWorker(t);
    try {
      await rendering.worker.drain();
    } finally {
      await rendering.close();
    }
    expect(await renderOf(video_ids[0]!)).toMatchObject({ status: 'failed', error: VANISHED });
    expect(await renderOf(video_ids[1]!)).toMatchObject({ status: 'failed', error: CHANGED });
    const status = await bulkStatus(job_id);
    expect(status).toMatchObject({ status: 'failed', total: 2, failed: 2, queued: 0, rendering: 0 });
    expect(status.failures.map((f: { error: string }) => f.error)).toEqual([VANISHED, CHANGED]);
    expect(leftoverProcesses()).toEqual([]);
  });

  it('changed once the render has begun: the render fails with the reason, it is not left rendering as if cancelled', async () => {
    const background = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    const { job_id, video_ids } = await bulk(['Changed mid-render'], [background.id]);
    // the engine, with the background's file replaced the moment the render starts
    const real = createTinyRenderer({ ffmpegPath: t.deps.config.FFMPEG_PATH, ffprobePath: t.deps.config.FFPROBE_PATH });
    let replaced = 0;
    const renderer: Renderer = {
      ...real,
      async render(request) {
        for (const path of request.plan.sources) {
          writeFileSync(path, JUNK);
          replaced++;
        }
        return real.render(request);
      },
    };
    const render = createRenderHandler({ db: t.deps.db, storage: t.deps.storage, renderer, ffmpeg: { ffmpegPath: t.deps.config.FFMPEG_PATH, ffprobePath: t.deps.config.FFPROBE_PATH } });
    const worker = startWorker({ db: t.deps.db, handlers: createHandlers({ mailer: createMailer({ from: 'x@example.com', outboxDir: `${t.dataDir}/outbox` }), render }) }, { autoStart: false });
    try {
      // a failed attempt is retried after a backoff: drain until the render has ended
      const deadline = Date.now() + 240_000;
      while (['queued', 'rendering'].includes((await renderOf(video_ids[0]!)).status)) {
        if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(await renderOf(video_ids[0]!))}`);
        if ((await worker.drain()) === 0) await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      await worker.stop();
      await render.close();
    }
    expect(replaced).toBe(1);
    // the attempt that rendered the replaced file failed and was retried; the retry found it unreadable
    expect(await renderOf(video_ids[0]!)).toMatchObject({ status: 'failed', error: CHANGED });
    expect(await bulkStatus(job_id)).toMatchObject({ status: 'failed', failed: 1 });
    expect(leftoverProcesses()).toEqual([]);
  });
});

describe('a render no worker holds', () => {
  async function renderJobOf(videoId: string) {
    const { render_job_id } = await renderOf(videoId);
    const [row] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, render_job_id));
    return row!;
  }
  const setJob = (id: string, values: Partial<typeof jobs.$inferInsert>) => t.deps.db.update(jobs).set(values).where(eq(jobs.id, id));

  it('is failed with the reason by the reaper, and its bulk job ends; renders a worker holds or will take are left alone', async () => {
    const orphans = await bulk(['Handler returned', 'Job gone', 'Lease lapsed on the last attempt']);
    const alive = await bulk(['Held within its lease', 'Lapsed with attempts left']);
    const [returned, gone, lapsed] = await Promise.all(orphans.video_ids.map(renderJobOf));
    const [held, retried] = await Promise.all(alive.video_ids.map(renderJobOf));
    const past = new Date(Date.now() - 60_000);
    await t.deps.db.update(renderJobs).set({ status: 'rendering', progress: 0 }).where(inArray(renderJobs.id, [returned!.id, lapsed!.id, held!.id, retried!.id]));
    // what the old cancel path left: the handler returned, its job completed, the render still rendering
    await setJob(returned!.queueJobId!, { status: 'completed' });
    await t.deps.db.delete(jobs).where(eq(jobs.id, gone!.queueJobId!));
    await setJob(lapsed!.queueJobId!, { status: 'active', attempts: 3, maxAttempts: 3, lockedUntil: past });
    await setJob(held!.queueJobId!, { status: 'active', attempts: 3, maxAttempts: 3, lockedUntil: new Date(Date.now() + 60_000) });
    await setJob(retried!.queueJobId!, { status: 'active', attempts: 1, maxAttempts: 3, lockedUntil: past });
    // a part a chunked render had stored
    const part = `teams/${team.id}/renders/${returned!.id}.part-0.mp4`;
    await t.deps.storage.write(part, Buffer.from('part'), { contentType: 'video/mp4' });

    expect(await bulkStatus(orphans.job_id)).toMatchObject({ status: 'running' });
    expect(await reapRenders(t.deps.db, t.deps.storage)).toBe(3);
    expect(await reapRenders(t.deps.db, t.deps.storage)).toBe(0);

    expect(await renderOf(orphans.video_ids[0]!)).toMatchObject({ status: 'failed', error: 'The render stopped without finishing; please render it again.' });
    expect(await renderOf(orphans.video_ids[1]!)).toMatchObject({ status: 'failed', error: 'The render was lost from the queue before it finished; please render it again.' });
    expect(await renderOf(orphans.video_ids[2]!)).toMatchObject({ status: 'failed', error: 'The render was interrupted 3 times (the worker stopped); please try again.' });
    expect(await bulkStatus(orphans.job_id)).toMatchObject({ status: 'failed', failed: 3, rendering: 0, queued: 0 });
    expect(await t.deps.storage.head(part)).toBeNull();
    // no worker takes the lapsed job again
    const [lapsedJob] = await t.deps.db.select().from(jobs).where(eq(jobs.id, lapsed!.queueJobId!));
    expect(lapsedJob).toMatchObject({ status: 'failed', lockedUntil: null });

    expect((await renderOf(alive.video_ids[0]!)).status).toBe('rendering');
    expect((await renderOf(alive.video_ids[1]!)).status).toBe('rendering');
    expect(await bulkStatus(alive.job_id)).toMatchObject({ status: 'running', rendering: 2 });
    // the lapsed job with attempts left is claimed again by a worker, which renders it to the end
    await t.deps.db.execute(sql`UPDATE jobs SET status = 'completed' WHERE id = ${held!.queueJobId!}`);
    await reapRenders(t.deps.db, t.deps.storage);
    const rendering = tinyRenderingWorker(t);
    try {
      await rendering.worker.drain();
    } finally {
      await rendering.close();
    }
    expect((await renderOf(alive.video_ids[1]!)).status).toBe('completed');
    expect(await bulkStatus(alive.job_id)).toMatchObject({ status: 'partial', completed: 1, failed: 1 });
  });
  it('leaves a render done in pieces alone while a job of its pieces is alive, and fails it once none is', async () => {
    const pieces = await bulk(['In pieces']);
    const render = await renderJobOf(pieces.video_ids[0]!);
    await t.deps.db.update(renderJobs).set({ status: 'rendering', progress: 0.4 }).where(eq(renderJobs.id, render.id));
    // its own job planned the pieces and ended; a chunk job is queued, then the join job runs
    await setJob(render.queueJobId!, { status: 'completed' });
    const chunk = await enqueueJob(t.deps.db, 'render-chunk', { render_job_id: render.id, index: 1 });
    expect(await reapRenders(t.deps.db, t.deps.storage)).toBe(0);
    await setJob(chunk, { status: 'completed' });
    const join = await enqueueJob(t.deps.db, 'render-join', { render_job_id: render.id });
    await setJob(join, { status: 'active', attempts: 1, maxAttempts: 5, lockedUntil: new Date(Date.now() + 60_000) });
    expect(await reapRenders(t.deps.db, t.deps.storage)).toBe(0);
    expect((await renderOf(pieces.video_ids[0]!)).status).toBe('rendering');
    // the join gave up without finishing: nothing holds the render any more
    await setJob(join, { status: 'failed', lockedUntil: null });
    expect(await reapRenders(t.deps.db, t.deps.storage)).toBe(1);
    expect(await renderOf(pieces.video_ids[0]!)).toMatchObject({ status: 'failed', error: 'The render stopped without finishing; please render it again.' });
    expect(await bulkStatus(pieces.job_id)).toMatchObject({ status: 'failed', failed: 1 });
  });
});

describe('deleting a rendered video', () => {
  it('removes the files of every render it had', async () => {
    const background = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    const video = (await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Rendered twice', background_video_id: background.id, duration_seconds: 5 } })).json();
    const rendering = tinyRenderingWorker(t);
    try {
      await rendering.worker.drain();
      expect((await renderOf(video.id)).status).toBe('completed');
      expect((await api({ method: 'POST', url: `/api/text-wall-videos/${video.id}/render/`, payload: {} })).statusCode).toBe(202);
      await rendering.worker.drain();
      expect((await renderOf(video.id)).status).toBe('completed');
    } finally {
      await rendering.close();
    }
    const renders = () => t.deps.storage.list(`teams/${team.id}/renders/`);
    const jobsOfVideo = await t.deps.db.select({ id: renderJobs.id }).from(renderJobs).where(eq(renderJobs.targetId, video.id));
    expect(jobsOfVideo).toHaveLength(2);
    const files = (await renders()).filter((key) => jobsOfVideo.some((j) => key.includes(j.id)));
    // a video and a thumbnail per render
    expect(files).toHaveLength(4);
    expect((await api({ method: 'DELETE', url: `/api/text-wall-videos/${video.id}/` })).statusCode).toBe(204);
    expect((await renders()).filter((key) => jobsOfVideo.some((j) => key.includes(j.id)))).toEqual([]);
  });
});
