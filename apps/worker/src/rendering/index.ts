import type { Config } from '@hookwall/config';
import type { Db } from '@hookwall/db';
import type { Storage } from '@hookwall/storage';
import { createRemotionRenderer } from './remotion-renderer.ts';
import { createRenderHandler } from './render-handler.ts';
import { ensureVideoBundle } from './video-bundle.ts';

export { createRenderHandler, MissingMediaError, RENDER_LEASE_SECONDS } from './render-handler.ts';
export { createRemotionRenderer, RenderCancelledError, type Renderer } from './remotion-renderer.ts';
export { ensureVideoBundle, buildVideoBundle, DEFAULT_BUNDLE_DIR } from './video-bundle.ts';

/** The render handler a worker process runs, from configuration: bundle, system Chromium, ffmpeg. */
export async function createRenderingFromConfig(
  config: Pick<Config, 'CHROMIUM_PATH' | 'RENDER_CONCURRENCY' | 'RENDER_SCALE' | 'RENDER_CHUNK_SECONDS' | 'DATABASE_URL' | 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
  db: Db,
  storage: Storage,
  log?: { info(o: object, m?: string): void; error(o: object, m?: string): void },
) {
  const bundleDir = await ensureVideoBundle();
  const renderer = createRemotionRenderer({
    bundleDir,
    chromiumPath: config.CHROMIUM_PATH,
    concurrency: config.RENDER_CONCURRENCY,
    scale: config.RENDER_SCALE,
    ffmpegPath: config.FFMPEG_PATH,
    ffprobePath: config.FFPROBE_PATH,
  });
  return createRenderHandler({
    db,
    storage,
    renderer,
    ffmpeg: { ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH },
    chunkSeconds: config.RENDER_CHUNK_SECONDS ?? (config.DATABASE_URL ? 20 : 0),
    log,
  });
}
