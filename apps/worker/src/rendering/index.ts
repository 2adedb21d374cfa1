import { availableParallelism, totalmem } from 'node:os';
import type { Config } from '@hookwall/config';
import type { Db } from '@hookwall/db';
import type { Storage } from '@hookwall/storage';
import { createRenderer } from './renderer.ts';
import { createRenderHandler } from './render-handler.ts';
import { ensureVideoBundle } from './video-bundle.ts';

export { createRenderHandler, MissingMediaError, RENDER_LEASE_SECONDS } from './render-handler.ts';
export { createRenderer, RenderCancelledError, type Renderer, type RenderOrder } from './renderer.ts';
export { planRender, type RenderPlan } from './plan.ts';
/** the test engine: tiny real MP4s through the same interface, for tests of a render's shape (tiny-engine.ts) */
export { createTinyRenderer, TINY_SCALE, type TinyRendererOptions } from './tiny-engine.ts';
export { ensureVideoBundle, buildVideoBundle, DEFAULT_BUNDLE_DIR } from './video-bundle.ts';

/**
 * How many videos one worker renders at once. Each render already spreads over every core (the
 * browser's tabs, then ffmpeg's threads), but a render is partly serial (the overlay, the upload),
 * so a machine with many cores takes one more render per 4 cores; each needs about 1.5 GB.
 */
export function renderSlots(cores = availableParallelism(), memoryBytes = totalmem()): number {
  const byCores = Math.ceil(cores / 4);
  const byMemory = Math.floor(memoryBytes / (1.5 * 1024 ** 3));
  return Math.max(1, Math.min(byCores, byMemory));
}

/**
 * A long render's pieces, in seconds of video: each piece is a job of its own, so another team's
 * render waits for at most one piece, on the embedded default's single worker too.
 */
export const DEFAULT_CHUNK_SECONDS = 20;

/** The render handler a worker process runs, from configuration: bundle, Chromium, ffmpeg (see @hookwall/binaries). */
export async function createRenderingFromConfig(
  config: Pick<Config, 'CHROMIUM_PATH' | 'BINARIES' | 'RENDER_CONCURRENCY' | 'RENDER_SCALE' | 'RENDER_PARALLEL' | 'RENDER_CHUNK_SECONDS' | 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
  db: Db,
  storage: Storage,
  log?: { info(o: object, m?: string): void; error(o: object, m?: string): void },
) {
  const bundleDir = await ensureVideoBundle();
  const renderer = createRenderer({
    bundleDir,
    chromiumPath: config.CHROMIUM_PATH,
    binaries: config.BINARIES,
    concurrency: config.RENDER_CONCURRENCY,
    scale: config.RENDER_SCALE,
    ffmpegPath: config.FFMPEG_PATH,
    ffprobePath: config.FFPROBE_PATH,
    log,
  });
  return createRenderHandler({
    db,
    storage,
    renderer,
    ffmpeg: { ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH },
    parallel: config.RENDER_PARALLEL ?? renderSlots(),
    chunkSeconds: config.RENDER_CHUNK_SECONDS ?? DEFAULT_CHUNK_SECONDS,
    log,
  });
}
