import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeCancelSignal, openBrowser, renderMedia, renderStill, selectComposition, type ChromiumOptions } from '@remotion/renderer';
import { thumbnailSeconds } from '@hookwall/media';
import { planLayers, type LayerPlan } from '@hookwall/video/layers';
import { getCompositionMeta, resolveComposition, textWallMeta } from '@hookwall/video/schemas';
import { defaultMediaTool, resolveChromium, type BinariesMode } from '@hookwall/binaries';
import { compose, composeSound, orderedFrames, overlayFramesFor, planLoopReuse, probeClip } from './fast-path.ts';
import { createOverlayPages, OverlayCancelledError } from './overlay-pages.ts';

export interface RenderRequest {
  compositionId: string;
  inputProps: Record<string, unknown>;
  outputPath: string;
  /** 0..1, called as frames are rendered and encoded */
  onProgress?: (progress: number) => void;
  signal?: AbortSignal;
  /** local files behind the media URLs in the props: ffmpeg reads these directly */
  localFiles?: ReadonlyMap<string, string>;
  /** 'full' forces the plain Remotion render (benchmarks and fidelity tests compare both) */
  engine?: 'auto' | 'full';
  /** render only these frames (inclusive): a chunk of a long video, joined with the others later */
  frameRange?: [number, number];
  /** where the fast path writes the video's JPEG thumbnail from its own encode (the result says whether it did) */
  thumbnailPath?: string;
}

export type RenderEngine = 'fast' | 'remotion';

export interface RenderResult {
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  /** which path made the video: the layered fast path or a full Remotion render */
  engine: RenderEngine;
  /** why the fast path was not taken, when it was not */
  fallbackReason?: string;
  /** the thumbnail was written to `thumbnailPath` (made from the frame at 1 s, or mid-video when shorter, as makeThumbnail picks it) */
  thumbnail?: boolean;
  /** the fast path's two stages, in ms: until Chromium rendered the last overlay frame (ffmpeg encoding beside it), then the rest of the encode */
  stages?: { overlayMs: number; composeMs: number; overlayFrames: number };
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
  /**
   * The whole video's sound alone, for a video rendered in chunks: 'written' (an M4A at
   * `outputPath`), 'none' (the video has no sound), or 'unplanned' (not a layered composition:
   * the parts' own sound is joined instead).
   */
  sound(request: { compositionId: string; inputProps: Record<string, unknown>; outputPath: string; localFiles?: Map<string, string>; signal?: AbortSignal }): Promise<'written' | 'none' | 'unplanned'>;
  /**
   * The composition's length and rate for these props, and how many of its frames a render encodes
   * (fewer when the fast path copies a loop, see planLoopReuse): they decide whether a render is split in chunks.
   */
  metadata(compositionId: string, inputProps: Record<string, unknown>): Promise<{ durationInFrames: number; fps: number; encodedFrames?: number }>;
  /** opens the browser and loads the bundle, so the first job does not wait for them */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export interface RendererOptions {
  /** the prebuilt bundle of packages/video (see video-bundle.ts) */
  bundleDir: string;
  /** CHROMIUM_PATH; else the system's Chromium, else the shipped one (see @hookwall/binaries) */
  chromiumPath?: string;
  /** BINARIES: 'shipped' never takes the system's Chromium */
  binaries?: BinariesMode;
  /** browser tabs rendering frames in parallel; defaults to the number of cores */
  concurrency?: number;
  /** the x264 preset of the final encode */
  x264Preset?: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
  /** renders at this share of the composition's size (tests render small) */
  scale?: number;
  /** a full ffmpeg (the fast path needs its overlay and zoompan filters): the system's or the shipped static build */
  ffmpegPath?: string;
  ffprobePath?: string;
  /** false turns the fast path off (every video is a full Remotion render) */
  fastPath?: boolean;
}

export class RenderCancelledError extends Error {
  constructor() {
    super('The render was cancelled.');
  }
}

// Remotion's default renderer (gl: null): Chromium's own software compositing. Forcing ANGLE on
// SwiftShader ('swangle') made every screenshot go through emulated GL: the fast path's overlay
// frames took 2.4x longer and a full render twice as long on this machine (measured)
const chromiumOptions: ChromiumOptions = { gl: null, headless: true };

/**
 * A full Remotion render (every frame screenshotted in Chromium, then encoded): one browser is
 * opened on first use and kept across renders, since starting Chromium costs about a second.
 */
export function createRemotionRenderer(options: RendererOptions): Renderer {
  // found (and, the first time, unpacked) when the browser is first needed, not when the worker starts
  let executable: Promise<string> | null = null;
  const findBrowser = () => {
    executable ??= resolveChromium({ configured: options.chromiumPath, mode: options.binaries }).then((tool) => tool.path);
    executable.catch(() => {
      executable = null;
    });
    return executable;
  };
  let browser: ReturnType<typeof openBrowser> | null = null;

  function getBrowser() {
    if (!browser) {
      browser = launchBrowser(async () => openBrowser('chrome', { browserExecutable: await findBrowser(), chromiumOptions, logLevel: 'error', chromeMode: 'headless-shell' }));
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
      browserExecutable: await findBrowser(),
      chromiumOptions,
      logLevel: 'error',
      chromeMode: 'headless-shell',
    });
    return { puppeteerInstance, composition };
  }

  const scale = options.scale ?? 1;
  const concurrency = options.concurrency ?? availableParallelism();
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

  // the overlay's tabs, kept open with the bundle loaded across renders
  const overlayPages = createOverlayPages({ browser: getBrowser, bundleDir: options.bundleDir, scale, tabs: concurrency });

  /**
   * The layered fast path: only the overlay frames that change are rendered in Chromium
   * (transparent PNGs), and ffmpeg, started at once, draws the clips under them and encodes as the
   * frames arrive (no file between the two).
   */
  async function renderFast(request: RenderRequest, plan: LayerPlan): Promise<{ stages: NonNullable<RenderResult['stages']>; thumbnail: boolean }> {
    const t0 = performance.now();
    const frames = overlayFramesFor(plan.renderFrames, request.frameRange);
    const overlay = orderedFrames(frames);
    // the tabs stop with the request, or when ffmpeg failed
    const overlayAbort = new AbortController();
    // ffmpeg stops with the request, or when the browser could not render the overlay
    const composeAbort = new AbortController();
    const onAbort = () => {
      overlayAbort.abort();
      composeAbort.abort();
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const ffprobePath = options.ffprobePath ?? defaultMediaTool('ffprobe');
    const sourceOf = (url: string) => request.localFiles?.get(url) ?? url;
    const overlayShare = 0.3;
    // a chunk's thumbnail would be of its own first second: the joined video's is made after the join
    const thumbnailPath = request.frameRange ? undefined : request.thumbnailPath;
    let rendered = 0;
    let encoded = 0;
    const report = () => request.onProgress?.(overlayShare * (rendered / frames.length) + (1 - overlayShare) * encoded);
    const composing = compose({
      plan,
      width: even(plan.width * scale),
      height: even(plan.height * scale),
      overlayFrames: frames,
      overlay,
      frameRange: request.frameRange,
      sourceOf,
      probe: (url) => probeClip(sourceOf(url), ffprobePath),
      outputPath: request.outputPath,
      // the first frame at or after the time makeThumbnail seeks to
      thumbnail: thumbnailPath ? { outputPath: thumbnailPath, frame: Math.ceil(thumbnailSeconds(plan.durationInFrames / plan.fps) * plan.fps - 1e-6) } : undefined,
      ffmpegPath: options.ffmpegPath ?? defaultMediaTool('ffmpeg'),
      x264Preset: options.x264Preset ?? 'veryfast',
      crf: 20,
      signal: composeAbort.signal,
      onProgress: (p) => {
        encoded = p;
        report();
      },
    });
    // ffmpeg failing first stops the browser's work too; its error is the render's, not a cancel
    let composeError: unknown;
    composing.catch((error: unknown) => {
      composeError = error;
      overlayAbort.abort();
    });
    let overlayMs = 0;
    try {
      try {
        await overlayPages.render(plan, frames, {
          onFrame: (png, frame) => {
            overlay.put(frame, png);
            rendered++;
            report();
          },
          signal: overlayAbort.signal,
        });
        overlay.end();
      } catch (error) {
        // the compose's own error says nothing more: it is stopped, and awaited below
        overlay.fail(error);
        composeAbort.abort();
        throw error;
      }
      overlayMs = performance.now() - t0;
      await composing;
      if (request.signal?.aborted) throw new RenderCancelledError();
      return { stages: { overlayMs: Math.round(overlayMs), composeMs: Math.round(performance.now() - t0 - overlayMs), overlayFrames: frames.length }, thumbnail: !!thumbnailPath };
    } catch (error) {
      // ffmpeg has ended (or been stopped) before its output is removed
      await composing.catch(() => undefined);
      await rm(request.outputPath, { force: true });
      if (thumbnailPath) await rm(thumbnailPath, { force: true });
      if (request.signal?.aborted) throw new RenderCancelledError();
      // the overlay stopped because ffmpeg failed (an unreadable clip): that failure is what happened
      if (error instanceof OverlayCancelledError && composeError !== undefined) throw composeError;
      throw error;
    } finally {
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async render(request) {
      if (request.signal?.aborted) throw new RenderCancelledError();
      await mkdir(dirname(request.outputPath), { recursive: true });
      let fallbackReason: string | undefined;
      let plan: LayerPlan | null = null;
      if (options.fastPath !== false && request.engine !== 'full') {
        try {
          plan = planLayers(request.compositionId, request.inputProps);
          if (!plan) fallbackReason = 'these props need the full render';
        } catch (error) {
          // props the composition's schema refuses: the full render reports them
          fallbackReason = error instanceof Error ? error.message.slice(0, 500) : String(error);
        }
      }
      if (plan) {
        try {
          const { stages, thumbnail } = await renderFast(request, plan);
          const frameCount = request.frameRange ? request.frameRange[1] - request.frameRange[0] + 1 : plan.durationInFrames;
          return { width: even(plan.width * scale), height: even(plan.height * scale), fps: plan.fps, durationInFrames: frameCount, engine: 'fast', stages, thumbnail };
        } catch (error) {
          if (error instanceof RenderCancelledError || request.signal?.aborted) throw new RenderCancelledError();
          // anything the fast path trips on, the full render can still draw
          fallbackReason = error instanceof Error ? error.message.slice(0, 500) : String(error);
        }
      }
      const { puppeteerInstance, composition } = await select(request.compositionId, request.inputProps);
      const frameCount = request.frameRange ? request.frameRange[1] - request.frameRange[0] + 1 : composition.durationInFrames;
      const size = { width: even(composition.width * scale), height: even(composition.height * scale), fps: composition.fps, durationInFrames: frameCount };
      const { cancelSignal, cancel } = makeCancelSignal();
      const onAbort = () => cancel();
      request.signal?.addEventListener('abort', onAbort, { once: true });
      /** the files Remotion's ffmpeg processes write: they name the processes after a cancel */
      const ffmpegOutputs: string[] = [];
      try {
        await renderMedia({
          composition,
          serveUrl: options.bundleDir,
          codec: 'h264',
          pixelFormat: 'yuv420p',
          x264Preset: options.x264Preset ?? 'veryfast',
          crf: 20,
          scale,
          colorSpace: 'bt709',
          outputLocation: request.outputPath,
          inputProps: composition.props,
          puppeteerInstance,
          browserExecutable: await findBrowser(),
          chromiumOptions,
          chromeMode: 'headless-shell',
          // Remotion's default is half the cores; the browser tabs are the bottleneck, so use them all
          concurrency,
          frameRange: request.frameRange ?? null,
          cancelSignal,
          overwrite: true,
          logLevel: 'error',
          onProgress: ({ progress }) => request.onProgress?.(progress),
          ffmpegOverride: ({ args }) => {
            if (args.length) ffmpegOutputs.push(args.at(-1)!);
            return args;
          },
        });
      } catch (error) {
        // a cancelled renderMedia returns at once, leaving its pre-stitcher ffmpeg waiting on a pipe
        // that stays open as long as this process lives: end it here
        await killStrayFfmpeg(ffmpegOutputs);
        await rm(request.outputPath, { force: true });
        if (request.signal?.aborted) throw new RenderCancelledError();
        throw error;
      } finally {
        request.signal?.removeEventListener('abort', onAbort);
      }
      return { ...size, engine: 'remotion', fallbackReason };
    },
    async sound(request) {
      let plan: LayerPlan | null = null;
      try {
        plan = planLayers(request.compositionId, request.inputProps);
      } catch {
        // props only the full render reads
      }
      if (!plan) return 'unplanned';
      const sourceOf = (url: string) => request.localFiles?.get(url) ?? url;
      const ffprobePath = options.ffprobePath ?? defaultMediaTool('ffprobe');
      const written = await composeSound({ plan, sourceOf, probe: (url) => probeClip(sourceOf(url), ffprobePath), outputPath: request.outputPath, ffmpegPath: options.ffmpegPath ?? defaultMediaTool('ffmpeg'), signal: request.signal });
      return written ? 'written' : 'none';
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
        scale,
        puppeteerInstance,
        browserExecutable: await findBrowser(),
        chromiumOptions,
        chromeMode: 'headless-shell',
        overwrite: true,
        logLevel: 'error',
      });
    },
    async metadata(compositionId, inputProps) {
      // the composition's own schema gives its length, as its calculateMetadata does, without a page
      const meta = getCompositionMeta(compositionId);
      if (meta) {
        try {
          const { durationInFrames, fps } = resolveComposition(meta, inputProps);
          const plan = options.fastPath === false ? null : planLayers(compositionId, inputProps);
          const reuse = plan ? planLoopReuse(plan) : null;
          return { durationInFrames, fps, ...(reuse ? { encodedFrames: reuse.encoded } : {}) };
        } catch {
          // props the schema refuses: the page reports them as the render would
        }
      }
      const { composition } = await select(compositionId, inputProps);
      return { durationInFrames: composition.durationInFrames, fps: composition.fps };
    },
    async warm() {
      // starts the browser and opens the overlay's tabs (each loads the bundle and draws one frame),
      // so the first job finds them, the bundle's code and the fonts ready: the text reaches for the
      // fallback fonts too (emoji, Arabic, Hebrew, CJK), which Chromium otherwise loads on first use
      const plan = planLayers('text-wall', {
        ...textWallMeta.defaultProps,
        text: 'Ready ✓ 🚀 مرحبا שלום 你好 こんにちは 안녕',
        background: { url: 'http://127.0.0.1:9/warm.mp4', durationInSeconds: 1 },
      });
      const png = plan ? await overlayPages.warm(plan) : null;
      // and one tiny compose through the same ffmpeg graph (a PNG in, overlay, x264, thumbnail):
      // measured, the first render after start was 1-4 s slower without it, ffmpeg's code and
      // libraries not yet in memory
      if (png) {
        const dir = await mkdtemp(join(tmpdir(), 'hookwall-warm-'));
        try {
          const overlay = orderedFrames([0]);
          overlay.put(0, png);
          overlay.end();
          const size = 64;
          await compose({
            plan: { width: size, height: size, fps: 30, durationInFrames: 60, clips: [{ kind: 'color', frames: 60, color: '#000000' }], overlayCompositionId: '', renderFrames: [0], props: {} },
            width: size, height: size, overlayFrames: [0], overlay, sourceOf: (u) => u, probe: async () => ({ hasAudio: false, colorMatrix: 'bt709' }),
            outputPath: join(dir, 'warm.mp4'), thumbnail: { outputPath: join(dir, 'warm.jpg'), frame: 0 },
            ffmpegPath: options.ffmpegPath ?? defaultMediaTool('ffmpeg'), x264Preset: options.x264Preset ?? 'veryfast', crf: 20,
          });
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
    },
    async close() {
      await overlayPages.close();
      const current = browser;
      browser = null;
      // a browser that already died (a signal to the process group) has nothing left to close
      if (current) await (await current.catch(() => null))?.close({ silent: true }).catch(() => undefined);
    },
  };
}

/** This process's children with their arguments (Linux: read from /proc; elsewhere none are known). */
async function childProcesses(): Promise<{ pid: number; args: string[] }[]> {
  const children: { pid: number; args: string[] }[] = [];
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries.filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      children.push({ pid: Number(entry), args: (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0') });
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** SIGKILLs `pids` (and the process groups they lead) and waits, up to 2 s, for them to go. */
async function killAndWait(pids: number[]): Promise<void> {
  for (const pid of pids) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // not a group leader, or gone meanwhile
      }
    }
  }
  const deadline = Date.now() + 2000;
  const isAlive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

/**
 * Kills this process's ffmpeg children that write one of `outputs`. Remotion does not end its
 * pre-stitcher when a render is cancelled, and one ffmpeg per cancelled render would pile up in a
 * long-lived worker.
 */
async function killStrayFfmpeg(outputs: string[]): Promise<void> {
  if (!outputs.length) return;
  const strays = (await childProcesses()).filter((c) => outputs.some((o) => c.args.includes(o))).map((c) => c.pid);
  await killAndWait(strays);
}

const BROWSER_LAUNCH_ATTEMPTS = 2;
const isBrowserProcess = (args: string[]) => args.some((a) => a.startsWith('--user-data-dir='));

/**
 * Opens the browser, a second time if the first did not answer in time. On a machine saturated
 * for a while (a burst of renders and other work beside them) Chromium can miss Remotion's 25 s
 * start-up deadline; Remotion then gives up on it but leaves it running, so the browser this
 * launch started is killed before the next try and after the last.
 */
export async function launchBrowser<T>(open: () => Promise<T>, attempts = BROWSER_LAUNCH_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const before = new Set((await childProcesses()).map((c) => c.pid));
    try {
      return await open();
    } catch (error) {
      const started = (await childProcesses()).filter((c) => !before.has(c.pid) && isBrowserProcess(c.args)).map((c) => c.pid);
      await killAndWait(started);
      const timedOut = error instanceof Error && /timed out .*connect to the browser/i.test(error.message);
      if (!timedOut || attempt >= attempts) throw error;
      console.warn(`Chromium did not start in time (attempt ${attempt} of ${attempts}); trying again`);
    }
  }
}
