import { defaultMediaTool } from '@hookwall/binaries';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@hookwall/db';
import { extendLease, JobHandedBackError, jobPayloads, type ClaimedJob } from '@hookwall/jobs';
import { makeThumbnail, probeVideo, UnreadableVideoError, type FfmpegPaths } from '@hookwall/media';
import { guessContentType, type Storage } from '@hookwall/storage';
import { chunkRanges, joinParts } from './chunks.ts';
import { probeClip } from './fast-path.ts';
import { startMediaServer, type MediaServer } from './media-server.ts';
import { RenderCancelledError, type Renderer } from './remotion-renderer.ts';
import * as repo from './render-jobs.repository.ts';

/** A render's lease: renewed every second while it runs, so a killed worker's job is retried within this. */
export const RENDER_LEASE_SECONDS = 30;
const PROGRESS_INTERVAL_MS = 500;

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
  log?: { info(o: object, m?: string): void; error(o: object, m?: string): void };
}

/**
 * A clip the props name is gone (deleted since the video was made) or no longer a video it can read
 * (its stored file changed): the render cannot succeed, so it is not retried.
 */
export class MissingMediaError extends Error {}

const MEDIA_LABELS: Record<string, string> = {
  background: 'The background video of this video was deleted.',
  hook: 'The hook clip of this video was deleted.',
  demo: 'The product demo clip of this video was deleted.',
};

const UNREADABLE_LABELS: Record<string, string> = {
  background: 'The background video of this video can no longer be read: its file has changed since it was uploaded.',
  hook: 'The hook clip of this video can no longer be read: its file has changed since it was uploaded.',
  demo: 'The product demo clip of this video can no longer be read: its file has changed since it was uploaded.',
};

/**
 * Replaces every `storage:<key>` in the props with a URL the browser can load, after checking the
 * clip is still there and still a video (ffprobe, the demuxer forced from the key's type): a render
 * whose input vanished or changed fails at once with the reason, before any browser or encoder runs.
 */
async function resolveMedia(value: unknown, storage: Storage, media: MediaServer, localFiles: Map<string, string>, paths: FfmpegPaths, label = 'clip'): Promise<unknown> {
  if (typeof value === 'string' && value.startsWith('storage:')) {
    const key = value.slice('storage:'.length);
    const info = key.startsWith('missing/') ? null : await storage.head(key).catch(() => null);
    if (!info) throw new MissingMediaError(MEDIA_LABELS[label] ?? 'A clip this video uses was deleted.');
    const source = await storage.sourceFor(key);
    await probeVideo(source, paths, guessContentType(key)).catch((error: unknown) => {
      if (error instanceof UnreadableVideoError) throw new MissingMediaError(UNREADABLE_LABELS[label] ?? 'A clip this video uses can no longer be read: its file has changed since it was uploaded.');
      throw error;
    });
    if (/^https?:\/\//.test(source)) return source;
    const url = await media.urlFor(source);
    // ffmpeg (the fast path) reads the file itself rather than through the browser's server
    localFiles.set(url, source);
    return url;
  }
  if (Array.isArray(value)) return Promise.all(value.map((v) => resolveMedia(v, storage, media, localFiles, paths, label)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await resolveMedia(v, storage, media, localFiles, paths, k in MEDIA_LABELS ? k : label);
    return out;
  }
  return value;
}

function userReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n').find((line) => line.trim()) ?? 'unknown error';
  return `The render failed: ${first.trim().slice(0, 300)}`;
}

/** A render that ended: nothing of it is rendered any more. */
const hasEnded = (status: string) => status === 'completed' || status === 'failed' || status === 'cancelled';

const interrupted = (times: number) => `The render was interrupted ${times} times (the worker stopped); please try again.`;

/**
 * The render jobs. `render-video` renders one render_jobs row with progress, stores the MP4 and its
 * thumbnail, and leaves the row completed, failed (with a reason) or cancelled, never rendering.
 * A render longer than `chunkSeconds` it only plans: the chunks are queued as `render-chunk` jobs
 * in the team's line, so the pieces take turns with other teams' work through the queue's fair
 * claims (a long video holds a render slot for one piece at a time, never while others wait for
 * the whole of it), and the chunk finished last queues the `render-join` job, which stores the
 * video and leaves the row as `render-video` leaves a render in one piece.
 */
export function createRenderHandler(deps: RenderHandlerDeps) {
  let mediaServer: Promise<MediaServer> | null = null;
  const workerName = `${hostname()}:${process.pid}`;
  const partKey = (found: repo.RenderJobRow, index: number) => `teams/${found.teamId}/renders/${found.id}.part-${index}.mp4`;
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

  /** Runs `work` in one of this process's render slots, keeping the job's lease while it waits for one. */
  async function inSlot(job: ClaimedJob, stopping: AbortSignal | undefined, work: () => Promise<void>): Promise<void> {
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
  }

  async function props(found: repo.RenderJobRow, localFiles: Map<string, string>): Promise<Record<string, unknown>> {
    mediaServer ??= startMediaServer();
    return (await resolveMedia(found.inputProps, deps.storage, await mediaServer, localFiles, deps.ffmpeg)) as Record<string, unknown>;
  }

  /** Deletes the render's stored parts (each key is taken once, so many pieces may call it). */
  async function deleteParts(found: repo.RenderJobRow, alsoIndex?: number) {
    const keys = await repo.takePartKeys(deps.db, found.id).catch(() => [] as string[]);
    if (alsoIndex !== undefined) keys.push(partKey(found, alsoIndex));
    await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
  }

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
      await run(found, job, stopping, 'start');
    });
  }

  /**
   * One run holding the render (its run token): 'start' renders it in one piece, or plans a long
   * one (its chunks queued, the run ends there); 'join' joins the parts of a long one. Either
   * stores the video and its thumbnail and completes the render.
   */
  async function run(found: repo.RenderJobRow, job: ClaimedJob, stopping: AbortSignal | undefined, phase: 'start' | 'join') {
    const id = found.id;
    const runToken = randomUUID();
    const started = phase === 'start' ? await repo.markRendering(deps.db, id, job.attempts, 'remotion', runToken) : await repo.takeOverRender(deps.db, id, runToken);
    if (!started) return;
    const dir = join(deps.workDir ?? tmpdir(), `hookwall-render-${id}-${runToken.slice(0, 8)}`);
    const controller = new AbortController();
    /** the parts of a chunked render: deleted once the render is stored or has ended */
    const hasParts = phase === 'join';
    let progress = phase === 'join' ? repo.CHUNKS_SHARE : 0;
    let isCancelled = false;
    /** another run of the same job (delivered twice) took the render over, or ended it */
    let isSuperseded = false;
    /** the worker is stopping: the render goes back to the queue (done chunks stay) */
    let isHandedBack = false;
    const onStop = () => {
      isHandedBack = true;
      controller.abort();
    };
    stopping?.addEventListener('abort', onStop, { once: true });
    const beat = setInterval(() => {
      void (async () => {
        try {
          const status = await repo.writeProgress(deps.db, id, progress, runToken);
          if (status === 'cancelled') {
            isCancelled = true;
            controller.abort();
          } else if (status !== 'rendering') {
            isSuperseded = true;
            controller.abort();
          }
          await extendLease(deps.db, job, RENDER_LEASE_SECONDS);
        } catch (error) {
          deps.log?.error({ err: String(error), renderJob: id, job: job.id }, 'progress write failed');
        }
      })();
    }, PROGRESS_INTERVAL_MS);
    const t0 = Date.now();
    try {
      await mkdir(dir, { recursive: true });
      const localFiles = new Map<string, string>();
      const resolved = await props(found, localFiles);
      const output = join(dir, 'video.mp4');
      const thumbnailPath = join(dir, 'thumbnail.jpg');
      let engine: 'fast' | 'remotion';
      let stages: { overlayMs: number; composeMs: number } | undefined;
      let hasThumbnail = false;
      let chunks = 0;
      if (phase === 'join') {
        const joined = await joinChunks(found, resolved, localFiles, dir, output, controller.signal);
        engine = joined.engine;
        chunks = joined.chunks;
        progress = 0.97;
      } else {
        const plan = deps.chunkSeconds ? await planChunks(found, resolved) : null;
        if (plan) {
          await repo.ensureChunks(deps.db, id, found.teamId, plan.ranges);
          deps.log?.info({ renderJob: id, job: job.id, chunks: plan.ranges.length }, 'render split into chunks');
          return;
        }
        const result = await deps.renderer.render({
          compositionId: found.compositionId,
          inputProps: resolved,
          outputPath: output,
          localFiles,
          signal: controller.signal,
          onProgress: (p) => {
            // the last share is for the thumbnail and the upload
            progress = Math.min(0.97, p * 0.97);
          },
          thumbnailPath,
        });
        engine = result.engine;
        hasThumbnail = result.thumbnail === true;
        stages = result.stages;
        if (result.fallbackReason) deps.log?.info({ renderJob: id, job: job.id, reason: result.fallbackReason }, 'full render instead of the fast path');
      }
      if (isCancelled) throw new RenderCancelledError();
      // this run's own names: a run that lost the render deletes only its own files
      const outputKey = `teams/${found.teamId}/renders/${id}-${runToken.slice(0, 8)}.mp4`;
      const thumbnailKey = `teams/${found.teamId}/renders/${id}-${runToken.slice(0, 8)}.jpg`;
      // the video is stored while its thumbnail is made (an upload to S3 takes a while)
      const video = await readFile(output);
      let thumbnailBytes = 0;
      const storing = [
        deps.storage.write(outputKey, video, { contentType: 'video/mp4' }),
        (async () => {
          // the fast path made it from its own encode; else from the finished video
          const made = hasThumbnail ? await readFile(thumbnailPath).catch(() => null) : null;
          const thumbnail = made?.length ? made : await makeThumbnail(output, await probeVideo(output, deps.ffmpeg), deps.ffmpeg);
          await deps.storage.write(thumbnailKey, thumbnail, { contentType: 'image/jpeg' });
          thumbnailBytes = thumbnail.length;
        })(),
      ];
      const stored = await Promise.allSettled(storing);
      const failed = stored.find((r) => r.status === 'rejected');
      if (failed) {
        // nothing of a run that could not store both stays behind
        await Promise.all([deps.storage.delete(outputKey), deps.storage.delete(thumbnailKey)].map((p) => p.catch(() => undefined)));
        throw failed.reason;
      }
      clearInterval(beat);
      const isDone = await repo.markCompleted(deps.db, id, runToken, { outputKey, thumbnailKey, outputBytes: video.length + thumbnailBytes, renderMs: Date.now() - (phase === 'join' ? (started.startedAt?.getTime() ?? t0) : t0), engine });
      if (!isDone) {
        // cancelled at the last moment, or another run holds it: nothing of this run stays
        await Promise.all([deps.storage.delete(outputKey), deps.storage.delete(thumbnailKey)]);
        // a cancelled render's parts go; a render another join run holds keeps them for it
        if (hasParts && hasEnded((await repo.findRenderJob(deps.db, id))?.status ?? 'cancelled')) await deleteParts(found);
      } else {
        if (hasParts) await deleteParts(found);
        deps.log?.info({ renderJob: id, job: job.id, ms: Date.now() - t0, engine, ...stages, chunks: chunks || undefined }, 'render completed');
      }
    } catch (error) {
      clearInterval(beat);
      if (isSuperseded) {
        deps.log?.info({ renderJob: id, job: job.id }, 'render taken over by another run of its job');
        return;
      }
      if (isHandedBack && !isCancelled) {
        // a render in one piece goes back to the queue; a join stays 'rendering' (its parts are done) and its job goes back
        if (phase === 'start') await repo.markRetrying(deps.db, id, null, runToken);
        deps.log?.info({ renderJob: id, job: job.id }, 'render handed back: the worker is stopping');
        throw new JobHandedBackError();
      }
      // only a cancel the row shows is one: a renderer that stopped on its own failed, and is reported so
      if (isCancelled) {
        deps.log?.info({ renderJob: id, job: job.id }, 'render cancelled');
        if (hasParts) await deleteParts(found);
        return;
      }
      if (error instanceof MissingMediaError) {
        await repo.markFailed(deps.db, id, error.message, runToken);
        if (hasParts) await deleteParts(found);
        return;
      }
      const reason = userReason(error);
      deps.log?.error({ renderJob: id, job: job.id, err: String(error), attempt: job.attempts }, 'render failed');
      if (job.attempts < job.maxAttempts) {
        // done parts stay for the next attempt
        if (phase === 'start') await repo.markRetrying(deps.db, id, reason, runToken);
        throw error;
      }
      await repo.markFailed(deps.db, id, reason, runToken);
      if (hasParts) await deleteParts(found);
    } finally {
      clearInterval(beat);
      stopping?.removeEventListener('abort', onStop);
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The chunks of a render longer than `chunkSeconds`; null renders it in one piece. */
  async function planChunks(found: repo.RenderJobRow, props: Record<string, unknown>): Promise<{ ranges: [number, number][]; fps: number } | null> {
    const { durationInFrames, fps, encodedFrames } = await deps.renderer.metadata(found.compositionId, props);
    // a long text wall whose loop is encoded once and copied is quicker in one piece than in chunks
    if (encodedFrames !== undefined && chunkRanges(encodedFrames, fps, deps.chunkSeconds ?? 0).length === 1) return null;
    const ranges = chunkRanges(durationInFrames, fps, deps.chunkSeconds ?? 0);
    return ranges.length > 1 ? { ranges, fps } : null;
  }

  /**
   * Renders one claimed chunk and stores it as a part, renewing the chunk's lease (and writing the
   * render's progress) every second; a chunk that fails goes back to its job's next attempt.
   */
  async function renderChunk(found: repo.RenderJobRow, chunk: repo.RenderChunkRow, props: Record<string, unknown>, localFiles: Map<string, string>, dir: string, signal: AbortSignal) {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    let progress = 0;
    const beat = setInterval(() => {
      void repo
        .renewChunk(deps.db, found.id, chunk.index, workerName, progress, RENDER_LEASE_SECONDS)
        .then((status) => {
          if (status !== 'rendering' && status !== 'queued') controller.abort();
        })
        .catch(() => undefined);
    }, 1000);
    const output = join(dir, `part-${chunk.index}.mp4`);
    try {
      const result = await deps.renderer.render({
        compositionId: found.compositionId,
        inputProps: props,
        outputPath: output,
        localFiles,
        frameRange: [chunk.frameStart, chunk.frameEnd],
        signal: controller.signal,
        onProgress: (p) => {
          progress = p;
        },
      });
      if (controller.signal.aborted) throw new RenderCancelledError();
      await deps.storage.write(partKey(found, chunk.index), await readFile(output), { contentType: 'video/mp4' });
      clearInterval(beat);
      return await repo.finishChunk(deps.db, found.id, chunk.index, workerName, { outputKey: partKey(found, chunk.index), engine: result.engine });
    } catch (error) {
      await repo.releaseChunk(deps.db, found.id, chunk.index, workerName).catch(() => undefined);
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
  async function takeChunk(id: string, index: number, stopping?: AbortSignal): Promise<repo.RenderChunkRow | null> {
    for (;;) {
      const chunk = await repo.claimChunk(deps.db, id, index, workerName, RENDER_LEASE_SECONDS);
      if (chunk) return chunk;
      const current = await repo.findChunk(deps.db, id, index);
      if (!current || current.status === 'done') return null;
      const render = await repo.findRenderJob(deps.db, id);
      if (!render || hasEnded(render.status)) return null;
      if (stopping?.aborted) throw new JobHandedBackError();
      await new Promise((r) => setTimeout(r, 1000));
    }
  }

  /** A `render-chunk` job: one chunk of a long render, on whichever worker is free, one piece of the render's turns. */
  async function handleChunk(payload: unknown, job: ClaimedJob, stopping?: AbortSignal): Promise<void> {
    const { render_job_id: id, index } = jobPayloads['render-chunk'].parse(payload);
    const found = await repo.findRenderJob(deps.db, id);
    if (!found) return;
    if (hasEnded(found.status)) {
      // cancelled or failed meanwhile: its parts go (a completed render's went with its join)
      if (found.status !== 'completed') await deleteParts(found);
      return;
    }
    if (job.attempts > job.maxAttempts) {
      await repo.markFailed(deps.db, id, interrupted(job.maxAttempts));
      await deleteParts(found);
      return;
    }
    await inSlot(job, stopping, async () => {
      const jobBeat = setInterval(() => void extendLease(deps.db, job, RENDER_LEASE_SECONDS).catch(() => undefined), 1000);
      const dir = join(deps.workDir ?? tmpdir(), `hookwall-render-${id}-chunk-${index}-${randomUUID().slice(0, 8)}`);
      try {
        const chunk = await takeChunk(id, index, stopping);
        // done already (this job delivered again), or the render ended
        if (!chunk) return;
        await mkdir(dir, { recursive: true });
        const localFiles = new Map<string, string>();
        const resolved = await props(found, localFiles);
        const finished = await renderChunk(found, chunk, resolved, localFiles, dir, stopping ?? new AbortController().signal);
        if (finished.status && hasEnded(finished.status)) {
          // cancelled or failed while this chunk rendered
          await deleteParts(found);
          return;
        }
        if (!finished.finished) deps.log?.info({ renderJob: id, chunk: index, job: job.id }, 'chunk taken over by another run of its job');
        else deps.log?.info({ renderJob: id, chunk: index, job: job.id, join: finished.joinQueued || undefined }, 'chunk rendered');
      } catch (error) {
        // the worker is stopping: the chunk went back to the render's chunks, the job goes back to the queue
        if (stopping?.aborted) throw new JobHandedBackError();
        // the render was cancelled or failed meanwhile
        if (error instanceof RenderCancelledError) {
          await deleteParts(found);
          return;
        }
        if (error instanceof MissingMediaError) {
          await repo.markFailed(deps.db, id, error.message);
          await deleteParts(found);
          return;
        }
        // retried with backoff (done parts stay); the last attempt fails the render with the reason
        if (job.attempts < job.maxAttempts) throw error;
        deps.log?.error({ renderJob: id, chunk: index, job: job.id, err: String(error), attempt: job.attempts }, 'render failed');
        await repo.markFailed(deps.db, id, userReason(error));
        await deleteParts(found, index);
      } finally {
        clearInterval(jobBeat);
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  /** A `render-join` job: the last piece of a long render, queued by the chunk finished last. */
  async function handleJoin(payload: unknown, job: ClaimedJob, stopping?: AbortSignal): Promise<void> {
    const { render_job_id: id } = jobPayloads['render-join'].parse(payload);
    const found = await repo.findRenderJob(deps.db, id);
    if (!found) return;
    if (found.status !== 'rendering') {
      if (found.status !== 'completed') await deleteParts(found);
      return;
    }
    if (job.attempts > job.maxAttempts) {
      await repo.markFailed(deps.db, id, interrupted(job.maxAttempts));
      await deleteParts(found);
      return;
    }
    await inSlot(job, stopping, () => run(found, job, stopping, 'join'));
  }

  /** Joins the done parts of a long render into `output`; the sound is made whole from the clips (see joinParts). */
  async function joinChunks(
    found: repo.RenderJobRow,
    props: Record<string, unknown>,
    localFiles: Map<string, string>,
    dir: string,
    output: string,
    signal: AbortSignal,
  ): Promise<{ engine: 'fast' | 'remotion'; chunks: number }> {
    const chunks = await repo.listChunks(deps.db, found.id);
    if (!chunks.length || chunks.some((c) => c.status !== 'done')) throw new Error('a chunk of the video is missing');
    const { fps } = await deps.renderer.metadata(found.compositionId, props);
    const parts: { path: string; frames: number }[] = [];
    for (const c of chunks) {
      if (signal.aborted) throw new RenderCancelledError();
      const path = join(dir, `joined-part-${c.index}.mp4`);
      await pipeline(await deps.storage.read(partKey(found, c.index)), createWriteStream(path));
      parts.push({ path, frames: c.frameEnd - c.frameStart + 1 });
    }
    // the sound is made whole, from the clips, rather than joined from the parts (see joinParts)
    const soundPath = join(dir, 'sound.m4a');
    const sound = await deps.renderer.sound({ compositionId: found.compositionId, inputProps: props, outputPath: soundPath, localFiles, signal }).catch((error: unknown) => {
      if (signal.aborted) throw new RenderCancelledError();
      deps.log?.error({ err: String(error), renderJob: found.id }, 'the sound could not be made whole: the parts\' sound is joined');
      return 'unplanned' as const;
    });
    const { hasAudio } = sound === 'unplanned' ? await probeClip(parts[0]!.path, deps.ffmpeg.ffprobePath ?? defaultMediaTool('ffprobe')) : { hasAudio: false };
    await joinParts({ parts, fps, outputPath: output, workDir: dir, hasAudio, soundPath: sound === 'written' ? soundPath : undefined, ffmpegPath: deps.ffmpeg.ffmpegPath ?? defaultMediaTool('ffmpeg'), signal });
    return { engine: chunks.some((c) => c.engine === 'remotion') ? 'remotion' : 'fast', chunks: chunks.length };
  }

  return {
    handle,
    handleChunk,
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
    async close() {
      const server = mediaServer;
      mediaServer = null;
      if (server) await (await server).close();
      await deps.renderer.close();
    },
  };
}
