import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@hookwall/db';
import { extendLease, jobPayloads, type ClaimedJob } from '@hookwall/jobs';
import { makeThumbnail, probeVideo, type FfmpegPaths } from '@hookwall/media';
import type { Storage } from '@hookwall/storage';
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
  log?: { info(o: object, m?: string): void; error(o: object, m?: string): void };
}

/** A clip the props name is gone (deleted since the video was made): the render cannot succeed, so it is not retried. */
export class MissingMediaError extends Error {}

const MEDIA_LABELS: Record<string, string> = {
  background: 'The background video of this video was deleted.',
  hook: 'The hook clip of this video was deleted.',
  demo: 'The product demo clip of this video was deleted.',
};

/** Replaces every `storage:<key>` in the props with a URL the browser can load. */
async function resolveMedia(value: unknown, storage: Storage, media: MediaServer, localFiles: Map<string, string>, label = 'clip'): Promise<unknown> {
  if (typeof value === 'string' && value.startsWith('storage:')) {
    const key = value.slice('storage:'.length);
    const info = key.startsWith('missing/') ? null : await storage.head(key).catch(() => null);
    if (!info) throw new MissingMediaError(MEDIA_LABELS[label] ?? 'A clip this video uses was deleted.');
    const source = await storage.sourceFor(key);
    if (/^https?:\/\//.test(source)) return source;
    const url = await media.urlFor(source);
    // ffmpeg (the fast path) reads the file itself rather than through the browser's server
    localFiles.set(url, source);
    return url;
  }
  if (Array.isArray(value)) return Promise.all(value.map((v) => resolveMedia(v, storage, media, localFiles, label)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await resolveMedia(v, storage, media, localFiles, k in MEDIA_LABELS ? k : label);
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

  async function handle(payload: unknown, job: ClaimedJob): Promise<void> {
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
        await renderOne(found, job);
      });
    } finally {
      clearInterval(waitBeat);
    }
  }

  async function renderOne(found: repo.RenderJobRow, job: ClaimedJob) {
    const id = found.id;
    const started = await repo.markRendering(deps.db, id, job.attempts, 'remotion');
    if (!started) return;
    const dir = join(deps.workDir ?? tmpdir(), `hookwall-render-${id}-${randomUUID().slice(0, 8)}`);
    const controller = new AbortController();
    let progress = 0;
    let isCancelled = false;
    const beat = setInterval(() => {
      void (async () => {
        try {
          const status = await repo.writeProgress(deps.db, id, progress);
          if (status === 'cancelled') {
            isCancelled = true;
            controller.abort();
          }
          await extendLease(deps.db, job.id, RENDER_LEASE_SECONDS);
        } catch (error) {
          deps.log?.error({ err: String(error), renderJob: id }, 'progress write failed');
        }
      })();
    }, PROGRESS_INTERVAL_MS);
    const t0 = Date.now();
    try {
      await mkdir(dir, { recursive: true });
      mediaServer ??= startMediaServer();
      const localFiles = new Map<string, string>();
      const props = (await resolveMedia(found.inputProps, deps.storage, await mediaServer, localFiles)) as Record<string, unknown>;
      const output = join(dir, 'video.mp4');
      const result = await deps.renderer.render({
        compositionId: found.compositionId,
        inputProps: props,
        outputPath: output,
        localFiles,
        signal: controller.signal,
        onProgress: (p) => {
          // the last share is for the thumbnail and the upload
          progress = Math.min(0.97, p * 0.97);
        },
      });
      if (isCancelled) throw new RenderCancelledError();
      const info = await probeVideo(output, deps.ffmpeg);
      const thumbnail = await makeThumbnail(output, info, deps.ffmpeg);
      const outputKey = `teams/${found.teamId}/renders/${id}.mp4`;
      const thumbnailKey = `teams/${found.teamId}/renders/${id}.jpg`;
      await deps.storage.write(outputKey, await readFile(output), { contentType: 'video/mp4' });
      await deps.storage.write(thumbnailKey, thumbnail, { contentType: 'image/jpeg' });
      clearInterval(beat);
      if (result.fallbackReason) deps.log?.info({ renderJob: id, reason: result.fallbackReason }, 'full render instead of the fast path');
      const isDone = await repo.markCompleted(deps.db, id, { outputKey, thumbnailKey, renderMs: Date.now() - t0, engine: result.engine });
      if (!isDone) {
        // cancelled at the last moment: nothing of it stays
        await Promise.all([deps.storage.delete(outputKey), deps.storage.delete(thumbnailKey)]);
      } else deps.log?.info({ renderJob: id, ms: Date.now() - t0 }, 'render completed');
    } catch (error) {
      clearInterval(beat);
      if (isCancelled || error instanceof RenderCancelledError) {
        deps.log?.info({ renderJob: id }, 'render cancelled');
        return;
      }
      if (error instanceof MissingMediaError) {
        await repo.markFailed(deps.db, id, error.message);
        return;
      }
      const reason = userReason(error);
      deps.log?.error({ renderJob: id, err: String(error), attempt: job.attempts }, 'render failed');
      if (job.attempts < job.maxAttempts) {
        await repo.markRetrying(deps.db, id, reason);
        throw error;
      }
      await repo.markFailed(deps.db, id, reason);
    } finally {
      clearInterval(beat);
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    handle,
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
