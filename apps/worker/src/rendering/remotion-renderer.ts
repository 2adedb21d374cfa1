import { availableParallelism } from 'node:os';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makeCancelSignal, openBrowser, renderMedia, renderStill, selectComposition, type ChromiumOptions } from '@remotion/renderer';
import { findChromium } from './browser-path.ts';

export interface RenderRequest {
  compositionId: string;
  inputProps: Record<string, unknown>;
  outputPath: string;
  /** 0..1, called as frames are rendered and encoded */
  onProgress?: (progress: number) => void;
  signal?: AbortSignal;
}

export interface RenderResult {
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
}

export interface StillRequest {
  compositionId: string;
  inputProps: Record<string, unknown>;
  frame: number;
  /** a PNG */
  outputPath: string;
}

export interface Renderer {
  render(request: RenderRequest): Promise<RenderResult>;
  /** one frame as a PNG (tests look at glyphs; the fast path renders held text layers this way) */
  still(request: StillRequest): Promise<void>;
  close(): Promise<void>;
}

export interface RendererOptions {
  /** the prebuilt bundle of packages/video (see video-bundle.ts) */
  bundleDir: string;
  chromiumPath?: string;
  /** browser tabs rendering frames in parallel; defaults to the number of cores */
  concurrency?: number;
  /** the x264 preset of the final encode */
  x264Preset?: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
  /** renders at this share of the composition's size (tests render small) */
  scale?: number;
}

export class RenderCancelledError extends Error {
  constructor() {
    super('The render was cancelled.');
  }
}

// the machine's network is closed: background requests only fail and slow the start
const chromiumOptions: ChromiumOptions = { gl: 'swangle', headless: true };

/**
 * A full Remotion render (every frame screenshotted in Chromium, then encoded): one browser is
 * opened on first use and kept across renders, since starting Chromium costs about a second.
 */
export function createRemotionRenderer(options: RendererOptions): Renderer {
  const browserExecutable = findChromium(options.chromiumPath);
  let browser: ReturnType<typeof openBrowser> | null = null;

  function getBrowser() {
    if (!browser) {
      browser = openBrowser('chrome', { browserExecutable, chromiumOptions, logLevel: 'error', chromeMode: 'headless-shell' });
      // a browser that failed to start is not kept: the next render tries again
      browser.catch(() => {
        browser = null;
      });
    }
    return browser;
  }

  /** The composition with its size and length resolved from the props (calculateMetadata), in the kept browser. */
  async function select(compositionId: string, inputProps: Record<string, unknown>) {
    const puppeteerInstance = await getBrowser();
    const composition = await selectComposition({
      serveUrl: options.bundleDir,
      id: compositionId,
      inputProps,
      puppeteerInstance,
      browserExecutable,
      chromiumOptions,
      logLevel: 'error',
      chromeMode: 'headless-shell',
    });
    return { puppeteerInstance, composition };
  }

  return {
    async render(request) {
      if (request.signal?.aborted) throw new RenderCancelledError();
      const { puppeteerInstance, composition } = await select(request.compositionId, request.inputProps);
      await mkdir(dirname(request.outputPath), { recursive: true });
      const { cancelSignal, cancel } = makeCancelSignal();
      const onAbort = () => cancel();
      request.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        await renderMedia({
          composition,
          serveUrl: options.bundleDir,
          codec: 'h264',
          pixelFormat: 'yuv420p',
          x264Preset: options.x264Preset ?? 'veryfast',
          crf: 20,
          scale: options.scale ?? 1,
          colorSpace: 'bt709',
          outputLocation: request.outputPath,
          inputProps: composition.props,
          puppeteerInstance,
          browserExecutable,
          chromiumOptions,
          chromeMode: 'headless-shell',
          // Remotion's default is half the cores; the browser tabs are the bottleneck, so use them all
          concurrency: options.concurrency ?? availableParallelism(),
          cancelSignal,
          overwrite: true,
          logLevel: 'error',
          onProgress: ({ progress }) => request.onProgress?.(progress),
        });
      } catch (error) {
        await rm(request.outputPath, { force: true });
        if (request.signal?.aborted) throw new RenderCancelledError();
        throw error;
      } finally {
        request.signal?.removeEventListener('abort', onAbort);
      }
      const scale = options.scale ?? 1;
      return { width: Math.round(composition.width * scale), height: Math.round(composition.height * scale), fps: composition.fps, durationInFrames: composition.durationInFrames };
    },
    async still(request) {
      const { puppeteerInstance, composition } = await select(request.compositionId, request.inputProps);
      await mkdir(dirname(request.outputPath), { recursive: true });
      await renderStill({
        composition,
        serveUrl: options.bundleDir,
        output: request.outputPath,
        frame: request.frame,
        inputProps: composition.props,
        imageFormat: 'png',
        scale: options.scale ?? 1,
        puppeteerInstance,
        browserExecutable,
        chromiumOptions,
        chromeMode: 'headless-shell',
        overwrite: true,
        logLevel: 'error',
      });
    },
    async close() {
      const current = browser;
      browser = null;
      if (current) await (await current.catch(() => null))?.close({ silent: true });
    },
  };
}
