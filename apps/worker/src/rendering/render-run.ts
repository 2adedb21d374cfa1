import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extendLease, JobCancelledError, JobHandedBackError, type ClaimedJob } from '@hookwall/jobs';
import { makeThumbnail, probeVideo } from '@hookwall/media';
import { webvtt, webvttOf } from '@hookwall/video/webvtt';
import { hookProductDemoCaptionPages } from '@hookwall/video/layers';
import type { CompositionProps } from '@hookwall/video/render-request';
import { FPS } from '@hookwall/video/schemas';
import { writeAdCodeMetadata } from './ad-metadata.ts';
import { deleteParts, joinChunks } from './chunk-join.ts';
import { hasEnded, RENDER_LEASE_SECONDS, userReason, type RenderContext } from './render-context.ts';
import { planFromRow } from './render-input.ts';
import * as repo from './render-jobs.repository.ts';
import { RenderCancelledError, type RenderEngine } from './renderer.ts';
import { UnrenderableError } from './resolve-media.ts';
import { endOf, nextState, type RunState } from './run-state.ts';

const PROGRESS_INTERVAL_MS = 500;

/**
 * One run holding the render (its run token): 'start' renders it in one piece, or plans a long
 * one (its chunks queued, the run ends there); 'join' joins the parts of a long one. Either
 * stores the video and its thumbnail and completes the render. Its state (run-state.ts) is moved
 * only by the heartbeat (the row's status) and the worker's stop; how it ends follows from it.
 */
export async function runRender(ctx: RenderContext, found: repo.RenderJobRow, job: ClaimedJob, stopping: AbortSignal | undefined, phase: 'start' | 'join'): Promise<void> {
  const id = found.id;
  const runToken = randomUUID();
  const started = phase === 'start' ? await repo.markRendering(ctx.db, id, job.attempts, 'remotion', runToken) : await repo.takeOverRender(ctx.db, id, runToken);
  if (!started) return;
  const dir = join(ctx.workDir ?? tmpdir(), `hookwall-render-${id}-${runToken.slice(0, 8)}`);
  const controller = new AbortController();
  /** the parts of a chunked render: deleted once the render is stored or has ended */
  const hasParts = phase === 'join';
  let progress = phase === 'join' ? repo.CHUNKS_SHARE : 0;
  let state: RunState = 'rendering';
  const onStop = () => {
    state = nextState(state, { type: 'stop' });
    controller.abort();
  };
  stopping?.addEventListener('abort', onStop, { once: true });
  const beat = setInterval(() => {
    void (async () => {
      try {
        const status = await repo.writeProgress(ctx.db, id, progress, runToken);
        state = nextState(state, { type: 'heartbeat', status: status ?? 'gone' });
        if (state === 'cancelled' || state === 'superseded') controller.abort();
        await extendLease(ctx.db, job, RENDER_LEASE_SECONDS);
      } catch (error) {
        ctx.log?.error({ err: String(error), renderJob: id, job: job.id }, 'progress write failed');
      }
    })();
  }, PROGRESS_INTERVAL_MS);
  const t0 = Date.now();
  try {
    await mkdir(dir, { recursive: true });
    const plan = await planFromRow(found, { storage: ctx.storage, ffmpeg: ctx.ffmpeg, chunkSeconds: ctx.chunkSeconds });
    const output = join(dir, 'video.mp4');
    const thumbnailPath = join(dir, 'thumbnail.jpg');
    let engine: RenderEngine;
    let stages: object | undefined;
    let hasThumbnail = false;
    let chunks = 0;
    if (phase === 'join') {
      ({ engine, chunks } = await joinChunks(ctx, found, plan, dir, output, controller.signal));
      progress = 0.97;
    } else {
      if (plan.chunks.length > 1) {
        await repo.ensureChunks(ctx.db, id, found.teamId, plan.chunks);
        ctx.log?.info({ renderJob: id, job: job.id, chunks: plan.chunks.length }, 'render split into chunks');
        return;
      }
      const result = await ctx.renderer.render({
        plan,
        outputPath: output,
        signal: controller.signal,
        onProgress: (p) => {
          // the last share is for the thumbnail and the upload
          progress = Math.min(0.97, p * 0.97);
        },
        thumbnailPath,
      });
      ({ engine, stages } = result);
      hasThumbnail = result.thumbnail === true;
      if (result.fallbackReason) ctx.log?.info({ renderJob: id, job: job.id, reason: result.fallbackReason }, 'full render instead of the fast path');
    }
    // the heartbeat may have seen a cancel while the last frames were encoded
    if ((state as RunState) === 'cancelled') throw new RenderCancelledError();
    // the one place the finished MP4 gets its ad code, whatever made it (fast path, full render, a join)
    if (found.adCode) await writeAdCodeMetadata(ctx.ffmpeg, output, found.adCode, controller.signal);
    const captions = captionsFile(plan.composition);
    const stored = await storeOutput(ctx, found, runToken, output, hasThumbnail ? thumbnailPath : null, plan.thumbnailFrame / plan.fps, captions);
    clearInterval(beat);
    const renderMs = Date.now() - (phase === 'join' ? (started.startedAt?.getTime() ?? t0) : t0);
    const isDone = await repo.markCompleted(ctx.db, id, runToken, { outputKey: stored.outputKey, thumbnailKey: stored.thumbnailKey, outputBytes: stored.outputBytes, renderMs, engine });
    if (!isDone) {
      // cancelled at the last moment, or another run holds it: nothing of this run stays
      await Promise.all([ctx.storage.delete(stored.outputKey), ctx.storage.delete(stored.thumbnailKey), stored.captionsKey ? ctx.storage.delete(stored.captionsKey) : null]);
      // a cancelled render's parts go; a render another join run holds keeps them for it
      if (hasParts && hasEnded((await repo.findRenderJob(ctx.db, id))?.status ?? 'cancelled')) await deleteParts(ctx, found);
    } else {
      if (hasParts) await deleteParts(ctx, found);
      ctx.log?.info({ renderJob: id, job: job.id, ms: Date.now() - t0, engine, ...stages, chunks: chunks || undefined }, 'render completed');
    }
  } catch (error) {
    clearInterval(beat);
    const end = endOf(state, { unrenderable: error instanceof UnrenderableError ? error.message : undefined, attempts: job.attempts, maxAttempts: job.maxAttempts });
    const where = { renderJob: id, job: job.id };
    switch (end.kind) {
      case 'leave':
        ctx.log?.info(where, 'render taken over by another run of its job');
        return;
      case 'hand-back':
        // a render in one piece goes back to the queue; a join stays 'rendering' (its parts are done) and its job goes back
        if (phase === 'start') await repo.markRetrying(ctx.db, id, null, runToken);
        ctx.log?.info(where, 'render handed back: the worker is stopping');
        throw new JobHandedBackError();
      case 'cancelled':
        ctx.log?.info(where, 'render cancelled');
        if (hasParts) await deleteParts(ctx, found);
        // the queue's job ends `cancelled` too, not `completed`: its history says what happened
        throw new JobCancelledError();
      case 'retry':
        ctx.log?.error({ ...where, err: String(error), attempt: job.attempts }, 'render failed');
        // done parts stay for the next attempt
        if (phase === 'start') await repo.markRetrying(ctx.db, id, userReason(error), runToken);
        throw error;
      case 'fail':
        if (end.reason === undefined) ctx.log?.error({ ...where, err: String(error), attempt: job.attempts }, 'render failed');
        await repo.markFailed(ctx.db, id, end.reason ?? userReason(error), runToken);
        break;
    }
    if (hasParts) await deleteParts(ctx, found);
  } finally {
    clearInterval(beat);
    stopping?.removeEventListener('abort', onStop);
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Stores the video and its thumbnail under this run's own names (a run that lost the render
 * deletes only its own files): the video is written while the thumbnail is made (an upload to S3
 * takes a while); nothing of a run that could not store both stays behind. A voiced video's
 * captions (WebVTT) go beside them, under the video's key with `.vtt` (the API finds them there).
 */
async function storeOutput(ctx: RenderContext, found: repo.RenderJobRow, runToken: string, output: string, thumbnailPath: string | null, thumbnailAt: number, captions: string | null) {
  const name = `teams/${found.teamId}/renders/${found.id}-${runToken.slice(0, 8)}`;
  const outputKey = `${name}.mp4`;
  const thumbnailKey = `${name}.jpg`;
  const captionsKey = captions === null ? null : `${name}.vtt`;
  const captionBytes = captions === null ? null : Buffer.from(captions, 'utf8');
  const video = await readFile(output);
  let thumbnailBytes = 0;
  const stored = await Promise.allSettled([
    ctx.storage.write(outputKey, video, { contentType: 'video/mp4' }),
    (async () => {
      // the fast path made it from its own encode; else from the finished video, at the same frame
      const made = thumbnailPath ? await readFile(thumbnailPath).catch(() => null) : null;
      const thumbnail = made?.length ? made : await makeThumbnail(output, await probeVideo(output, ctx.ffmpeg), ctx.ffmpeg, undefined, thumbnailAt);
      await ctx.storage.write(thumbnailKey, thumbnail, { contentType: 'image/jpeg' });
      thumbnailBytes = thumbnail.length;
    })(),
    captionsKey && captionBytes ? ctx.storage.write(captionsKey, captionBytes, { contentType: 'text/vtt' }) : null,
  ]);
  const failed = stored.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all([ctx.storage.delete(outputKey), ctx.storage.delete(thumbnailKey), captionsKey ? ctx.storage.delete(captionsKey) : Promise.resolve()].map((p) => p.catch(() => undefined)));
    throw failed.reason;
  }
  return { outputKey, thumbnailKey, captionsKey, outputBytes: video.length + thumbnailBytes + (captionBytes?.length ?? 0) };
}

/**
 * The WebVTT file of a video that speaks: a text wall's voice reading its text, a composite's
 * voice-over and its hook's own words (the pages its captions show, or would in plain style); null
 * for a silent video.
 */
export function captionsFile(composition: CompositionProps): string | null {
  if (composition.compositionId === 'text-wall') return composition.props.speech ? webvtt(composition.props.text, composition.props.speech.words) : null;
  if (composition.compositionId !== 'hook-product-demo') return null;
  const props = composition.props;
  if (!props.speech && !props.hookWords.length) return null;
  // written even without a cue (a hook whose words all fall after its cut): the API answers its URL
  const pages = hookProductDemoCaptionPages({ ...props, captions: props.captions ?? { style: 'plain' } });
  return webvttOf(pages.map((p) => ({ start: p.from / FPS, end: p.to / FPS, text: p.text })));
}
