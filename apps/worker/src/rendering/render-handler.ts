import { hostname } from 'node:os';
import { extendLease, JobHandedBackError, jobPayloads, type ClaimedJob } from '@hookwall/jobs';
import type { Db } from '@hookwall/db';
import type { FfmpegPaths } from '@hookwall/media';
import type { Storage } from '@hookwall/storage';
import type { RenderLog } from './browser.ts';
import { deleteParts } from './chunk-join.ts';
import { handleChunk } from './chunk-jobs.ts';
import { hasEnded, interrupted, RENDER_LEASE_SECONDS, type InSlot, type RenderContext } from './render-context.ts';
import * as repo from './render-jobs.repository.ts';
import { runRender } from './render-run.ts';
import type { Renderer } from './renderer.ts';

export { RENDER_LEASE_SECONDS };
export { MissingMediaError } from './resolve-media.ts';

export interface RenderHandlerDeps {
  db: Db;
  storage: Storage;
  renderer: Renderer;
  ffmpeg: FfmpegPaths;
  /** renders at once in this process; each already uses every core */
  parallel?: number;
  workDir?: string;
  /**
   * A render longer than this many seconds is split into chunks of at most this length, each a
   * job of its own that takes its turn in the queue (on any free worker), then joined; 0 (the
   * default) renders in one piece.
   */
  chunkSeconds?: number;
  log?: RenderLog;
}

/**
 * The render jobs. `render-video` renders one render_jobs row with progress, stores the MP4 and its
 * thumbnail, and leaves the row completed, failed (with a reason) or cancelled, never rendering.
 * A render longer than `chunkSeconds` it only plans: the chunks are queued as `render-chunk` jobs
 * in the team's line, so the pieces take turns with other teams' work through the queue's fair
 * claims (a long video holds a render slot for one piece at a time, never while others wait for
 * the whole of it), and the chunk finished last queues the `render-join` job, which stores the
 * video and leaves the row as `render-video` leaves a render in one piece. Each job runs in one of
 * this process's render slots; the run itself is render-run.ts (chunk-jobs.ts for a chunk).
 */
export function createRenderHandler(deps: RenderHandlerDeps) {
  const ctx: RenderContext = { ...deps, workerName: `${hostname()}:${process.pid}` };
  const parallel = deps.parallel ?? 1;
  let running = 0;
  const waiting: (() => void)[] = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= parallel) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  const inSlot: InSlot = async (job, stopping, work) => {
    await extendLease(deps.db, job, RENDER_LEASE_SECONDS);
    const waitBeat = setInterval(() => void extendLease(deps.db, job, RENDER_LEASE_SECONDS).catch(() => undefined), 1000);
    try {
      await slot(async () => {
        clearInterval(waitBeat);
        if (stopping?.aborted) throw new JobHandedBackError();
        await work();
      });
    } finally {
      clearInterval(waitBeat);
    }
  };

  async function handle(payload: unknown, job: ClaimedJob, stopping?: AbortSignal): Promise<void> {
    const { render_job_id: id } = jobPayloads['render-video'].parse(payload);
    const found = await repo.findRenderJob(deps.db, id);
    if (!found || hasEnded(found.status)) return;
    // planned already (this job delivered again): its pieces carry on as their own jobs
    if (await repo.hasChunks(deps.db, id)) return;
    if (job.attempts > job.maxAttempts) {
      await repo.markFailed(deps.db, id, interrupted(job.maxAttempts));
      return;
    }
    await inSlot(job, stopping, async () => {
      if (await repo.hasChunks(deps.db, id)) return;
      await runRender(ctx, found, job, stopping, 'start');
    });
  }

  /** A `render-join` job: the last piece of a long render, queued by the chunk finished last. */
  async function handleJoin(payload: unknown, job: ClaimedJob, stopping?: AbortSignal): Promise<void> {
    const { render_job_id: id } = jobPayloads['render-join'].parse(payload);
    const found = await repo.findRenderJob(deps.db, id);
    if (!found) return;
    if (found.status !== 'rendering') {
      if (found.status !== 'completed') await deleteParts(ctx, found);
      return;
    }
    if (job.attempts > job.maxAttempts) {
      await repo.markFailed(deps.db, id, interrupted(job.maxAttempts));
      await deleteParts(ctx, found);
      return;
    }
    await inSlot(job, stopping, () => runRender(ctx, found, job, stopping, 'join'));
  }

  return {
    handle,
    handleChunk: (payload: unknown, job: ClaimedJob, stopping?: AbortSignal) => handleChunk(ctx, inSlot, payload, job, stopping),
    handleJoin,
    /** renders at once in this process: the worker's limit for its render jobs */
    parallel,
    /** browser open and bundle loaded before the first job (a failure here only means a cold first render) */
    async warm() {
      try {
        await deps.renderer.warm();
      } catch (error) {
        deps.log?.error({ err: String(error) }, 'renderer warm-up failed');
      }
    },
    close: () => deps.renderer.close(),
  };
}
