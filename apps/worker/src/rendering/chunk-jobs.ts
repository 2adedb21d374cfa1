import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extendLease, JobHandedBackError, jobPayloads, type ClaimedJob } from '@hookwall/jobs';
import { deleteParts } from './chunk-join.ts';
import type { RenderPlan } from './plan.ts';
import { hasEnded, interrupted, partKey, RENDER_LEASE_SECONDS, userReason, type InSlot, type RenderContext } from './render-context.ts';
import { planFromRow } from './render-input.ts';
import * as repo from './render-jobs.repository.ts';
import { RenderCancelledError } from './renderer.ts';
import { UnrenderableError } from './resolve-media.ts';

/**
 * Renders one claimed chunk and stores it as a part, renewing the chunk's lease (and writing the
 * render's progress) every second; a chunk that fails goes back to its job's next attempt.
 */
async function renderChunk(ctx: RenderContext, found: repo.RenderJobRow, chunk: repo.RenderChunkRow, plan: RenderPlan, dir: string, signal: AbortSignal) {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let progress = 0;
  const beat = setInterval(() => {
    void repo
      .renewChunk(ctx.db, found.id, chunk.index, ctx.workerName, progress, RENDER_LEASE_SECONDS)
      .then((status) => {
        if (status !== 'rendering' && status !== 'queued') controller.abort();
      })
      .catch(() => undefined);
  }, 1000);
  const output = join(dir, `part-${chunk.index}.mp4`);
  try {
    const result = await ctx.renderer.render({
      plan,
      outputPath: output,
      frameRange: [chunk.frameStart, chunk.frameEnd],
      signal: controller.signal,
      onProgress: (p) => {
        progress = p;
      },
    });
    if (controller.signal.aborted) throw new RenderCancelledError();
    await ctx.storage.write(partKey(found, chunk.index), await readFile(output), { contentType: 'video/mp4' });
    clearInterval(beat);
    return await repo.finishChunk(ctx.db, found.id, chunk.index, ctx.workerName, { outputKey: partKey(found, chunk.index), engine: result.engine });
  } catch (error) {
    await repo.releaseChunk(ctx.db, found.id, chunk.index, ctx.workerName).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(beat);
    signal.removeEventListener('abort', onAbort);
    await rm(output, { force: true });
  }
}

/**
 * The job's chunk, taken; null once it is done or the render has ended. While another run of the
 * same job still holds it (the job's lease ran out under a stalled worker just before the
 * chunk's), this run waits for that one to finish or to lose the chunk's lease.
 */
async function takeChunk(ctx: RenderContext, id: string, index: number, stopping?: AbortSignal): Promise<repo.RenderChunkRow | null> {
  for (;;) {
    const chunk = await repo.claimChunk(ctx.db, id, index, ctx.workerName, RENDER_LEASE_SECONDS);
    if (chunk) return chunk;
    const current = await repo.findChunk(ctx.db, id, index);
    if (!current || current.status === 'done') return null;
    const render = await repo.findRenderJob(ctx.db, id);
    if (!render || hasEnded(render.status)) return null;
    if (stopping?.aborted) throw new JobHandedBackError();
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * A `render-chunk` job: one chunk of a long render, on whichever worker is free, one piece of the
 * render's turns; `inSlot` runs it in one of the process's render slots.
 */
export async function handleChunk(ctx: RenderContext, inSlot: InSlot, payload: unknown, job: ClaimedJob, stopping?: AbortSignal): Promise<void> {
  const { render_job_id: id, index } = jobPayloads['render-chunk'].parse(payload);
  const found = await repo.findRenderJob(ctx.db, id);
  if (!found) return;
  if (hasEnded(found.status)) {
    // cancelled or failed meanwhile: its parts go (a completed render's went with its join)
    if (found.status !== 'completed') await deleteParts(ctx, found);
    return;
  }
  if (job.attempts > job.maxAttempts) {
    await repo.markFailed(ctx.db, id, interrupted(job.maxAttempts));
    await deleteParts(ctx, found);
    return;
  }
  await inSlot(job, stopping, async () => {
    const jobBeat = setInterval(() => void extendLease(ctx.db, job, RENDER_LEASE_SECONDS).catch(() => undefined), 1000);
    const dir = join(ctx.workDir ?? tmpdir(), `hookwall-render-${id}-chunk-${index}-${randomUUID().slice(0, 8)}`);
    try {
      const chunk = await takeChunk(ctx, id, index, stopping);
      // done already (this job delivered again), or the render ended
      if (!chunk) return;
      await mkdir(dir, { recursive: true });
      const plan = await planFromRow(found, ctx);
      const finished = await renderChunk(ctx, found, chunk, plan, dir, stopping ?? new AbortController().signal);
      if (finished.status && hasEnded(finished.status)) {
        // cancelled or failed while this chunk rendered
        await deleteParts(ctx, found);
        return;
      }
      if (!finished.finished) ctx.log?.info({ renderJob: id, chunk: index, job: job.id }, 'chunk taken over by another run of its job');
      else ctx.log?.info({ renderJob: id, chunk: index, job: job.id, join: finished.joinQueued || undefined }, 'chunk rendered');
    } catch (error) {
      // the worker is stopping: the chunk went back to the render's chunks, the job goes back to the queue
      if (stopping?.aborted) throw new JobHandedBackError();
      // the render was cancelled or failed meanwhile
      if (error instanceof RenderCancelledError) {
        await deleteParts(ctx, found);
        return;
      }
      if (error instanceof UnrenderableError) {
        await repo.markFailed(ctx.db, id, error.message);
        await deleteParts(ctx, found);
        return;
      }
      // retried with backoff (done parts stay); the last attempt fails the render with the reason
      if (job.attempts < job.maxAttempts) throw error;
      ctx.log?.error({ renderJob: id, chunk: index, job: job.id, err: String(error), attempt: job.attempts }, 'render failed');
      await repo.markFailed(ctx.db, id, userReason(error));
      await deleteParts(ctx, found, index);
    } finally {
      clearInterval(jobBeat);
      await rm(dir, { recursive: true, force: true });
    }
  });
}
