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
   * A render longer than this many seconds is split into chunks of at most this length, which
   * any free worker takes and the render's own job joins; 0 (the default) renders in one piece.
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

/**
 * The `render-video` job: renders one render_jobs row with progress, stores the MP4 and its
 * thumbnail, and leaves the row completed, failed (with a reason) or cancelled, never rendering.
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

  async function handle(payload: unknown, job: ClaimedJob, stopping?: AbortSignal): Promise<void> {
    const { render_job_id: id } = jobPayloads['render-video'].parse(payload);
    const found = await repo.findRenderJob(deps.db, id);
    if (!found || found.status === 'completed' || found.status === 'failed' || found.status === 'cancelled') return;
    if (job.attempts > job.maxAttempts) {
      await repo.markFailed(deps.db, id, `The render was interrupted ${job.maxAttempts} times (the worker stopped); please try again.`);
      return;
    }
    await extendLease(deps.db, job.id, RENDER_LEASE_SECONDS);
    // keep the lease while waiting for a slot, too
    const waitBeat = setInterval(() => void extendLease(deps.db, job.id, RENDER_LEASE_SECONDS).catch(() => undefined), 1000);
    try {
      await slot(async () => {
        clearInterval(waitBeat);
        if (stopping?.aborted) throw new JobHandedBackError();
        await renderOne(found, job, stopping);
      });
    } finally {
      clearInterval(waitBeat);
    }
  }

  async function renderOne(found: repo.RenderJobRow, job: ClaimedJob, stopping?: AbortSignal) {
    const id = found.id;
    const runToken = randomUUID();
    const started = await repo.markRendering(deps.db, id, job.attempts, 'remotion', runToken);
    if (!started) return;
    const dir = join(deps.workDir ?? tmpdir(), `hookwall-render-${id}-${runToken.slice(0, 8)}`);
    const controller = new AbortController();
    let progress = 0;
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
          await extendLease(deps.db, job.id, RENDER_LEASE_SECONDS);
        } catch (error) {
          deps.log?.error({ err: String(error), renderJob: id, job: job.id }, 'progress write failed');
        }
      })();
    }, PROGRESS_INTERVAL_MS);
    const t0 = Date.now();
    let chunked = 0;
    try {
      await mkdir(dir, { recursive: true });
      mediaServer ??= startMediaServer();
      const localFiles = new Map<string, string>();
      const props = (await resolveMedia(found.inputProps, deps.storage, await mediaServer, localFiles, deps.ffmpeg)) as Record<string, unknown>;
      const output = join(dir, 'video.mp4');
      const onProgress = (p: number) => {
        // the last share is for the thumbnail and the upload
        progress = Math.min(0.97, p * 0.97);
      };
      const chunking = deps.chunkSeconds ? await planChunks(found, props) : null;
      let engine: 'fast' | 'remotion';
      let stages: { overlayMs: number; composeMs: number } | undefined;
      const thumbnailPath = join(dir, 'thumbnail.jpg');
      let hasThumbnail = false;
      if (chunking) {
        chunked = chunking.ranges.length;
        engine = await renderChunked(found, chunking, props, localFiles, dir, output, controller.signal, onProgress);
      } else {
        const result = await deps.renderer.render({
          compositionId: found.compositionId,
          inputProps: props,
          outputPath: output,
          localFiles,
          signal: controller.signal,
          onProgress,
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
      const storing = [
        deps.storage.write(outputKey, await readFile(output), { contentType: 'video/mp4' }),
        (async () => {
          // the fast path made it from its own encode; else from the finished video
          const made = hasThumbnail ? await readFile(thumbnailPath).catch(() => null) : null;
          const thumbnail = made?.length ? made : await makeThumbnail(output, await probeVideo(output, deps.ffmpeg), deps.ffmpeg);
          await deps.storage.write(thumbnailKey, thumbnail, { contentType: 'image/jpeg' });
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
      const isDone = await repo.markCompleted(deps.db, id, runToken, { outputKey, thumbnailKey, renderMs: Date.now() - t0, engine });
      if (chunked) await deleteParts(found, chunked);
      if (!isDone) {
        // cancelled at the last moment, or another run holds it: nothing of this run stays
        await Promise.all([deps.storage.delete(outputKey), deps.storage.delete(thumbnailKey)]);
      } else deps.log?.info({ renderJob: id, job: job.id, ms: Date.now() - t0, engine, ...stages, chunks: chunked || undefined }, 'render completed');
    } catch (error) {
      clearInterval(beat);
      if (isSuperseded) {
        deps.log?.info({ renderJob: id, job: job.id }, 'render taken over by another run of its job');
        return;
      }
      if (isHandedBack && !isCancelled) {
        await repo.markRetrying(deps.db, id, null, runToken);
        deps.log?.info({ renderJob: id, job: job.id }, 'render handed back: the worker is stopping');
        throw new JobHandedBackError();
      }
      // only a cancel the row shows is one: a renderer that stopped on its own failed, and is reported so
      if (isCancelled) {
        deps.log?.info({ renderJob: id, job: job.id }, 'render cancelled');
        if (chunked) await deleteParts(found, chunked);
        return;
      }
      if (error instanceof MissingMediaError) {
        await repo.markFailed(deps.db, id, error.message, runToken);
        if (chunked) await deleteParts(found, chunked);
        return;
      }
      const reason = userReason(error);
      deps.log?.error({ renderJob: id, job: job.id, err: String(error), attempt: job.attempts }, 'render failed');
      if (job.attempts < job.maxAttempts) {
        // done parts stay for the next attempt
        await repo.markRetrying(deps.db, id, reason, runToken);
        throw error;
      }
      await repo.markFailed(deps.db, id, reason, runToken);
      if (chunked) await deleteParts(found, chunked);
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

  async function deleteParts(found: repo.RenderJobRow, count: number) {
    await Promise.all(Array.from({ length: count }, (_, i) => deps.storage.delete(partKey(found, i)).catch(() => undefined)));
  }

  /**
   * Renders one claimed chunk and stores it as a part, renewing the chunk's lease every second;
   * a chunk that fails goes back to the queue of chunks (and the error to the caller).
   */
  async function renderChunk(found: repo.RenderJobRow, chunk: repo.RenderChunkRow, props: Record<string, unknown>, localFiles: Map<string, string>, dir: string, signal: AbortSignal, onProgress?: (p: number) => void) {
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
          onProgress?.(p);
        },
      });
      if (controller.signal.aborted) throw new RenderCancelledError();
      await deps.storage.write(partKey(found, chunk.index), await readFile(output), { contentType: 'video/mp4' });
      await repo.finishChunk(deps.db, found.id, chunk.index, workerName, { outputKey: partKey(found, chunk.index), engine: result.engine });
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
   * A long render: its chunks are queued for every worker; this job renders chunks too until none
   * is left to take, waits for the ones other workers hold (taking over any whose worker died),
   * then joins the parts. Only this job joins, so a video is stored once.
   */
  async function renderChunked(
    found: repo.RenderJobRow,
    { ranges, fps }: { ranges: [number, number][]; fps: number },
    props: Record<string, unknown>,
    localFiles: Map<string, string>,
    dir: string,
    output: string,
    signal: AbortSignal,
    onProgress: (p: number) => void,
  ): Promise<'fast' | 'remotion'> {
    const total = ranges.at(-1)![1] + 1;
    let chunks = await repo.ensureChunks(deps.db, found.id, found.teamId, ranges);
    const report = (current?: { chunk: repo.RenderChunkRow; progress: number }) => {
      const frames = chunks.reduce((sum, c) => {
        const length = c.frameEnd - c.frameStart + 1;
        const share = current?.chunk.index === c.index ? current.progress : c.status === 'done' ? 1 : c.progress;
        return sum + length * share;
      }, 0);
      // the join takes the last few percent
      onProgress((frames / total) * 0.95);
    };
    for (;;) {
      if (signal.aborted) throw new RenderCancelledError();
      const chunk = await repo.claimChunk(deps.db, found.id, workerName, RENDER_LEASE_SECONDS);
      if (chunk) {
        await renderChunk(found, chunk, props, localFiles, dir, signal, (p) => report({ chunk, progress: p }));
        chunks = await repo.listChunks(deps.db, found.id);
        continue;
      }
      chunks = await repo.listChunks(deps.db, found.id);
      report();
      if (chunks.every((c) => c.status === 'done')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const parts: { path: string; frames: number }[] = [];
    for (const c of chunks) {
      const path = join(dir, `joined-part-${c.index}.mp4`);
      await pipeline(await deps.storage.read(c.outputKey!), createWriteStream(path));
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
    onProgress(1);
    return chunks.some((c) => c.engine === 'remotion') ? 'remotion' : 'fast';
  }

  /** A `render-chunk` job: one chunk of a long render, on whichever worker is free. */
  async function handleChunk(payload: unknown, job: ClaimedJob, stopping?: AbortSignal): Promise<void> {
    const { render_job_id: id, index } = jobPayloads['render-chunk'].parse(payload);
    const found = await repo.findRenderJob(deps.db, id);
    if (!found || (found.status !== 'rendering' && found.status !== 'queued')) return;
    await slot(async () => {
      if (stopping?.aborted) throw new JobHandedBackError();
      const chunk = await repo.claimChunk(deps.db, id, workerName, RENDER_LEASE_SECONDS, index);
      // done already, or another worker has it
      if (!chunk) return;
      const dir = join(deps.workDir ?? tmpdir(), `hookwall-render-${id}-chunk-${index}-${randomUUID().slice(0, 8)}`);
      const jobBeat = setInterval(() => void extendLease(deps.db, job.id, RENDER_LEASE_SECONDS).catch(() => undefined), 1000);
      try {
        await mkdir(dir, { recursive: true });
        mediaServer ??= startMediaServer();
        const localFiles = new Map<string, string>();
        const props = (await resolveMedia(found.inputProps, deps.storage, await mediaServer, localFiles, deps.ffmpeg)) as Record<string, unknown>;
        await renderChunk(found, chunk, props, localFiles, dir, stopping ?? new AbortController().signal);
        deps.log?.info({ renderJob: id, chunk: index, job: job.id }, 'chunk rendered');
      } catch (error) {
        // the worker is stopping: the chunk went back to the render's chunks, the job goes back to the queue
        if (stopping?.aborted) throw new JobHandedBackError();
        // a cancel, or a clip gone: the render's own job reports it; anything else is retried
        if (error instanceof RenderCancelledError || error instanceof MissingMediaError) return;
        throw error;
      } finally {
        clearInterval(jobBeat);
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  return {
    handle,
    handleChunk,
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
