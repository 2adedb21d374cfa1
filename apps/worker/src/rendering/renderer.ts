import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { defaultMediaTool, type BinariesMode } from '@hookwall/binaries';
import { probeClip } from '@hookwall/media';
import { musicPlan, voicePlan, type LayerPlan } from '@hookwall/video/layers';
import { withBrandUrls } from '@hookwall/video/render-request';
import type { Brand } from '@hookwall/video/schemas';
import { createBrowser, type RenderLog } from './browser.ts';
import { composeSound } from './compose.ts';
import { renderFast, RenderCancelledError, type FastStages } from './fast-render.ts';
import { createFullRenderer } from './full-render.ts';
import { createOverlayPages } from './overlay-pages.ts';
import type { RenderPlan } from './plan.ts';
import { warmUp } from './warm-up.ts';

export { RenderCancelledError };

/** One render of a plan (plan.ts): the whole video, or a chunk of it. */
export interface RenderOrder {
  plan: RenderPlan;
  outputPath: string;
  /** 0..1, called as frames are rendered and encoded */
  onProgress?: (progress: number) => void;
  signal?: AbortSignal;
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
  /** the thumbnail was written to `thumbnailPath` (from the plan's thumbnailFrame: after the text has settled) */
  thumbnail?: boolean;
  stages?: FastStages;
}

export interface Renderer {
  /** the fast path when the plan has layers (the full render when it trips), else the full render */
  render(order: RenderOrder): Promise<RenderResult>;
  /** one frame as a PNG (tests look at glyphs) */
  still(request: { compositionId: string; inputProps: Record<string, unknown>; frame: number; outputPath: string }): Promise<void>;
  /**
   * The whole video's sound alone, for a video rendered in chunks: 'written' (an M4A at
   * `outputPath`), 'none' (the video has no sound), or 'unplanned' (no layers: the parts' own
   * sound is joined instead).
   */
  sound(request: { plan: RenderPlan; outputPath: string; signal?: AbortSignal }): Promise<'written' | 'none' | 'unplanned'>;
  /** opens the browser and loads the bundle, so the first job does not wait for them (warm-up.ts) */
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
  /** renders at this share of the composition's size (tests render small) */
  scale?: number;
  /** a full ffmpeg (the fast path needs its overlay and zoompan filters): the system's or the shipped static build */
  ffmpegPath?: string;
  ffprobePath?: string;
  log?: RenderLog;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The engine: carries out a render plan with one kept browser (overlay-pages.ts for the fast path's
 * overlay, full-render.ts for the rest) and ffmpeg (compose.ts).
 */
export function createRenderer(options: RendererOptions): Renderer {
  const scale = options.scale ?? 1;
  const concurrency = options.concurrency ?? availableParallelism();
  const ffmpeg = { ffmpegPath: options.ffmpegPath ?? defaultMediaTool('ffmpeg'), ffprobePath: options.ffprobePath ?? defaultMediaTool('ffprobe') };
  const browser = createBrowser({ chromiumPath: options.chromiumPath, binaries: options.binaries, log: options.log });
  // the overlay's tabs, kept open with the bundle loaded across renders
  const overlayPages = createOverlayPages({ browser: () => browser.get(), bundleDir: options.bundleDir, scale, tabs: concurrency });
  const full = createFullRenderer({ browser, bundleDir: options.bundleDir, scale, concurrency });
  /** a clip's facts: known from the check of the render's media, else probed */
  /** The overlay's props with the brand's logo and font at URLs its browser loads (the clips are ffmpeg's: their paths stay). */
  const withServedBrand = async (layers: LayerPlan): Promise<LayerPlan> => {
    const brand = (layers.props as { brand?: Brand | null }).brand;
    if (!brand?.logo && !brand?.font) return layers;
    const urls = new Map<string, string>();
    for (const source of [brand.logo?.url, brand.font?.url]) if (source) urls.set(source, await full.browserUrl(source));
    return { ...layers, props: { ...layers.props, brand: withBrandUrls(brand, (u) => urls.get(u) ?? u) } };
  };
  const factsOf = (plan: RenderPlan) => (source: string) => Promise.resolve(plan.clipFacts.get(source) ?? probeClip(source, ffmpeg));

  return {
    async render(order) {
      if (order.signal?.aborted) throw new RenderCancelledError();
      await mkdir(dirname(order.outputPath), { recursive: true });
      const { plan } = order;
      const size = { width: even(plan.width * scale), height: even(plan.height * scale), fps: plan.fps, durationInFrames: order.frameRange ? order.frameRange[1] - order.frameRange[0] + 1 : plan.durationInFrames };
      let fallbackReason = plan.fullReason;
      if (plan.layers) {
        try {
          // a chunk's thumbnail would be of its own first second: the joined video's is made after the join
          const thumbnailPath = order.frameRange ? undefined : order.thumbnailPath;
          const stages = await renderFast({ ...order, ...size, layers: await withServedBrand(plan.layers), loopReuse: plan.loopReuse, thumbnailPath, thumbnailFrame: plan.thumbnailFrame }, { overlayPages, ffmpegPath: ffmpeg.ffmpegPath, probe: factsOf(plan) });
          return { ...size, engine: 'fast', stages, thumbnail: !!thumbnailPath };
        } catch (error) {
          if (error instanceof RenderCancelledError || order.signal?.aborted) throw new RenderCancelledError();
          // anything the fast path trips on, the full render can still draw
          fallbackReason = error instanceof Error ? error.message.slice(0, 500) : String(error);
        }
      }
      await full.render({ composition: plan.composition, outputPath: order.outputPath, frameRange: order.frameRange, signal: order.signal, onProgress: order.onProgress });
      return { ...size, engine: 'remotion', fallbackReason };
    },
    async sound({ plan, outputPath, signal }) {
      // a text wall the full render draws (no clip: its gradient) has no sound but its voice and music
      const c = plan.composition;
      const voiced = c.compositionId === 'text-wall' && (c.props.speech || c.props.music) ? { clips: [], fps: plan.fps, durationInFrames: plan.durationInFrames, voice: voicePlan(c.props.speech, 0, plan.fps), music: musicPlan(c.props.music) } : null;
      const layers = plan.layers ?? voiced;
      if (!layers) return 'unplanned';
      const written = await composeSound({ plan: layers, probe: factsOf(plan), outputPath, ffmpegPath: ffmpeg.ffmpegPath, signal });
      return written ? 'written' : 'none';
    },
    async still(request) {
      await mkdir(dirname(request.outputPath), { recursive: true });
      await full.still(request);
    },
    warm: () => warmUp(overlayPages, ffmpeg.ffmpegPath),
    async close() {
      await overlayPages.close();
      await full.close();
      await browser.close();
    },
  };
}
