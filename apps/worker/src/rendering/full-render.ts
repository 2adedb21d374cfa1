import { rm } from 'node:fs/promises';
import { makeCancelSignal, renderMedia, renderStill, selectComposition } from '@remotion/renderer';
import { compositionClipUrls, withClipUrls, type CompositionProps } from '@hookwall/video/render-request';
import { chromiumOptions, type Browser } from './browser.ts';
import { ENCODING } from './compose-graph.ts';
import { RenderCancelledError } from './fast-render.ts';
import { startMediaServer, type MediaServer } from './media-server.ts';
import { killStrayFfmpeg } from './processes.ts';

export interface FullRenderer {
  /** every frame screenshotted in Chromium, then encoded by Remotion's ffmpeg */
  render(job: { composition: CompositionProps; outputPath: string; frameRange?: [number, number]; signal?: AbortSignal; onProgress?: (progress: number) => void }): Promise<void>;
  /** one frame as a PNG (tests look at glyphs); props as the composition's schema reads them */
  still(job: { compositionId: string; inputProps: Record<string, unknown>; frame: number; outputPath: string }): Promise<void>;
  /** a URL the kept browser loads a local file from (a brand's logo and font in the fast path's overlay); an HTTP(S) URL as it is */
  browserUrl(source: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The full Remotion render, in the kept browser. The plan names clips by the files ffmpeg reads;
 * the browser loads them by URL, so here, at the edge, each local file is served on 127.0.0.1
 * (media-server.ts) and its URL put in the props the page gets.
 */
export function createFullRenderer(options: { browser: Browser; bundleDir: string; scale: number; concurrency: number }): FullRenderer {
  const { browser, bundleDir, scale } = options;
  let mediaServer: Promise<MediaServer> | null = null;

  async function browserUrl(source: string): Promise<string> {
    // a presigned URL (S3) the browser loads as it is
    if (/^https?:\/\//.test(source)) return source;
    mediaServer ??= startMediaServer();
    return (await mediaServer).urlFor(source);
  }

  async function browserProps(composition: CompositionProps): Promise<Record<string, unknown>> {
    const urls = new Map<string, string>();
    for (const source of compositionClipUrls(composition)) if (!urls.has(source)) urls.set(source, await browserUrl(source));
    return withClipUrls(composition, (source) => urls.get(source) ?? source).props as Record<string, unknown>;
  }

  /** The composition with its size and length resolved from the props (calculateMetadata), in the kept browser. */
  async function select(compositionId: string, inputProps: Record<string, unknown>) {
    const puppeteerInstance = await browser.get();
    const composition = await selectComposition({ serveUrl: bundleDir, id: compositionId, inputProps, puppeteerInstance, browserExecutable: await browser.executable(), chromiumOptions, logLevel: 'error', chromeMode: 'headless-shell' });
    return { puppeteerInstance, composition };
  }

  return {
    async render(job) {
      const { puppeteerInstance, composition } = await select(job.composition.compositionId, await browserProps(job.composition));
      const { cancelSignal, cancel } = makeCancelSignal();
      const onAbort = () => cancel();
      job.signal?.addEventListener('abort', onAbort, { once: true });
      /** the files Remotion's ffmpeg processes write: they name the processes after a cancel */
      const ffmpegOutputs: string[] = [];
      try {
        await renderMedia({
          composition,
          serveUrl: bundleDir,
          codec: 'h264',
          pixelFormat: 'yuv420p',
          x264Preset: ENCODING.x264Preset,
          crf: ENCODING.crf,
          scale,
          colorSpace: 'bt709',
          outputLocation: job.outputPath,
          inputProps: composition.props,
          puppeteerInstance,
          browserExecutable: await browser.executable(),
          chromiumOptions,
          chromeMode: 'headless-shell',
          // Remotion's default is half the cores; the browser tabs are the bottleneck, so use them all
          concurrency: options.concurrency,
          frameRange: job.frameRange ?? null,
          cancelSignal,
          overwrite: true,
          logLevel: 'error',
          onProgress: ({ progress }) => job.onProgress?.(progress),
          ffmpegOverride: ({ args }) => {
            if (args.length) ffmpegOutputs.push(args.at(-1)!);
            return args;
          },
        });
      } catch (error) {
        // a cancelled renderMedia returns at once, leaving its pre-stitcher ffmpeg waiting on a pipe
        // that stays open as long as this process lives: end it here
        await killStrayFfmpeg(ffmpegOutputs);
        await rm(job.outputPath, { force: true });
        if (job.signal?.aborted) throw new RenderCancelledError();
        throw error;
      } finally {
        job.signal?.removeEventListener('abort', onAbort);
      }
    },
    async still(job) {
      const { puppeteerInstance, composition } = await select(job.compositionId, job.inputProps);
      await renderStill({
        composition,
        serveUrl: bundleDir,
        output: job.outputPath,
        frame: job.frame,
        inputProps: composition.props,
        imageFormat: 'png',
        scale,
        puppeteerInstance,
        browserExecutable: await browser.executable(),
        chromiumOptions,
        chromeMode: 'headless-shell',
        overwrite: true,
        logLevel: 'error',
      });
    },
    browserUrl,
    async close() {
      const server = mediaServer;
      mediaServer = null;
      if (server) await (await server).close();
    },
  };
}
