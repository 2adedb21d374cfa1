import { rm } from 'node:fs/promises';
import type { ClipFacts } from '@hookwall/media';
import type { LayerPlan } from '@hookwall/video/layers';
import { compose } from './compose.ts';
import { orderedFrames } from './frame-queue.ts';
import { OverlayCancelledError, type OverlayPages } from './overlay-pages.ts';
import { overlayFramesFor, type LoopReuse } from './plan.ts';

export class RenderCancelledError extends Error {
  constructor() {
    super('The render was cancelled.');
  }
}

export interface FastRender {
  layers: LayerPlan;
  /** the whole video's loop reuse (a chunk has none) */
  loopReuse: LoopReuse | null;
  width: number;
  height: number;
  outputPath: string;
  frameRange?: [number, number];
  /** where the thumbnail is written from the encode itself (a chunk's would be of its own first second: none) */
  thumbnailPath?: string;
  /** the frame the thumbnail is taken from (the plan's thumbnailFrame) */
  thumbnailFrame: number;
  signal?: AbortSignal;
  onProgress?: (progress: number) => void;
}

/** The fast path's two stages, in ms: until Chromium rendered the last overlay frame (ffmpeg encoding beside it), then the rest of the encode. */
export interface FastStages {
  overlayMs: number;
  composeMs: number;
  overlayFrames: number;
}

/** The share of the progress bar the overlay's frames take; the encode takes the rest. */
const OVERLAY_SHARE = 0.3;

/**
 * The layered fast path: only the overlay frames that change are rendered in Chromium
 * (transparent PNGs, overlay-pages.ts), and ffmpeg, started at once, draws the clips under them and
 * encodes as the frames arrive (compose.ts; no file between the two).
 */
export async function renderFast(job: FastRender, deps: { overlayPages: OverlayPages; ffmpegPath: string; probe: (source: string) => Promise<ClipFacts> }): Promise<FastStages> {
  const t0 = performance.now();
  const { layers } = job;
  const frames = overlayFramesFor(layers.renderFrames, job.frameRange);
  const overlay = orderedFrames(frames);
  // the tabs stop with the request, or when ffmpeg failed
  const overlayAbort = new AbortController();
  // ffmpeg stops with the request, or when the browser could not render the overlay
  const composeAbort = new AbortController();
  const onAbort = () => {
    overlayAbort.abort();
    composeAbort.abort();
  };
  job.signal?.addEventListener('abort', onAbort, { once: true });
  let rendered = 0;
  let encoded = 0;
  const report = () => job.onProgress?.(OVERLAY_SHARE * (rendered / frames.length) + (1 - OVERLAY_SHARE) * encoded);
  const composing = compose({
    plan: layers,
    loopReuse: job.frameRange ? null : job.loopReuse,
    width: job.width,
    height: job.height,
    overlayFrames: frames,
    overlay,
    frameRange: job.frameRange,
    probe: deps.probe,
    outputPath: job.outputPath,
    thumbnail: job.thumbnailPath ? { outputPath: job.thumbnailPath, frame: job.thumbnailFrame } : undefined,
    ffmpegPath: deps.ffmpegPath,
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
  try {
    try {
      await deps.overlayPages.render(layers, frames, {
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
    const overlayMs = performance.now() - t0;
    await composing;
    if (job.signal?.aborted) throw new RenderCancelledError();
    return { overlayMs: Math.round(overlayMs), composeMs: Math.round(performance.now() - t0 - overlayMs), overlayFrames: frames.length };
  } catch (error) {
    // ffmpeg has ended (or been stopped) before its output is removed
    await composing.catch(() => undefined);
    await rm(job.outputPath, { force: true });
    if (job.thumbnailPath) await rm(job.thumbnailPath, { force: true });
    if (job.signal?.aborted) throw new RenderCancelledError();
    // the overlay stopped because ffmpeg failed (an unreadable clip): that failure is what happened
    if (error instanceof OverlayCancelledError && composeError !== undefined) throw composeError;
    throw error;
  } finally {
    job.signal?.removeEventListener('abort', onAbort);
  }
}
