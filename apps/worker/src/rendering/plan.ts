import type { ClipFacts } from '@hookwall/media';
import { hookProductDemoLayers, textWallLayers, type LayerPlan } from '@hookwall/video/layers';
import { compositionClipUrls, thumbnailFrame, type CompositionProps } from '@hookwall/video/render-request';
import { hookProductDemoMeta, multiTextWallMeta, textWallMeta } from '@hookwall/video/schemas';

/**
 * The plan of one render, made once, before anything runs: a plain value (no browser, no ffmpeg,
 * no I/O) that every later stage reads. See docs/render-pipeline.md.
 */
export interface RenderPlan {
  /** the composition's props, every clip's `url` the file (or HTTP(S) URL) it is read from */
  composition: CompositionProps;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  /** the fast path's layers; null when the full render draws the video (then `fullReason` says why) */
  layers: LayerPlan | null;
  fullReason?: string;
  /** the whole video's loop reuse (see planLoopReuse); null when every frame is encoded */
  loopReuse: LoopReuse | null;
  /** frame ranges (inclusive) of the render's pieces: one range renders it in one piece */
  chunks: [number, number][];
  /** the clip files the render reads */
  sources: string[];
  /** what the compose needs to know of each source, when its check already probed it (resolve-media.ts); else the compose probes it */
  clipFacts: ReadonlyMap<string, ClipFacts>;
  /** the frame the thumbnail is taken from: after the text has settled (thumbnailFrame) */
  thumbnailFrame: number;
}

export interface PlanOptions {
  /** 'full' forces the plain Remotion render (benchmarks and fidelity tests compare both); default 'auto' */
  engine?: 'auto' | 'full';
  /** a render longer than this is split into chunks of at most this length; 0 or none: one piece */
  chunkSeconds?: number;
  clipFacts?: ReadonlyMap<string, ClipFacts>;
}

function layersOf(composition: CompositionProps): LayerPlan | null {
  if (composition.compositionId === 'text-wall') return textWallLayers(composition.props);
  if (composition.compositionId === 'hook-product-demo') return hookProductDemoLayers(composition.props);
  return null;
}

function sizeOf(composition: CompositionProps) {
  switch (composition.compositionId) {
    case 'text-wall':
      return textWallMeta.calculate(composition.props);
    case 'hook-product-demo':
      return hookProductDemoMeta.calculate(composition.props);
    case 'multi-text-wall':
      return multiTextWallMeta.calculate(composition.props);
  }
}

export function planRender(composition: CompositionProps, options: PlanOptions = {}): RenderPlan {
  const size = sizeOf(composition);
  const layers = options.engine === 'full' ? null : layersOf(composition);
  const fullReason = layers ? undefined : options.engine === 'full' ? 'the full render was asked for' : 'these props need the full render';
  const loopReuse = layers ? planLoopReuse(layers) : null;
  const chunkSeconds = options.chunkSeconds ?? 0;
  // a long text wall whose loop is encoded once and copied is quicker in one piece than in chunks
  const isOnePiece = loopReuse !== null && chunkRanges(loopReuse.encoded, size.fps, chunkSeconds).length === 1;
  const chunks = isOnePiece ? [[0, size.durationInFrames - 1] as [number, number]] : chunkRanges(size.durationInFrames, size.fps, chunkSeconds);
  const sources = [...new Set(compositionClipUrls(composition))];
  return { composition, ...size, layers, fullReason, loopReuse, chunks, sources, clipFacts: options.clipFacts ?? new Map(), thumbnailFrame: thumbnailFrame(composition) };
}

/**
 * The frame ranges (inclusive) of a render split into chunks of at most `chunkSeconds`, of equal
 * length; one range when the video is not longer than a chunk or chunking is off (0).
 */
export function chunkRanges(durationInFrames: number, fps: number, chunkSeconds: number): [number, number][] {
  const chunkFrames = Math.round(chunkSeconds * fps);
  if (chunkFrames <= 0 || durationInFrames <= chunkFrames) return [[0, durationInFrames - 1]];
  const count = Math.ceil(durationInFrames / chunkFrames);
  const size = Math.ceil(durationInFrames / count);
  const ranges: [number, number][] = [];
  for (let start = 0; start < durationInFrames; start += size) ranges.push([start, Math.min(durationInFrames, start + size) - 1]);
  return ranges;
}

/**
 * A text wall over a looping clip repeats itself once its text has settled: from the overlay's last
 * change (frame L) on, frame f and frame f + P (P the clip's loop) are the same picture, the same
 * held overlay over the same frame of the clip. So only frames [0, L + P) are encoded, cut into
 * pieces at L (and at L + r, where r is what is left over after the whole loops), each piece
 * starting with a keyframe; the rest of the video is those pieces again, joined by ffmpeg's concat
 * without a second encode. A 10 s wall over a 6 s clip encodes 6.6 s of video; a 60 s one, the same.
 * The copies show the clip exactly every P frames, as Remotion's <Loop> does.
 *
 * A wall with an end card (still segments after the loop: the card's backdrop, under its own
 * overlay frames) loops the same way until the card; the card's frames are encoded whole, in the
 * same encode, right after the loop's (the `tail`), and joined last.
 */
export interface LoopReuse {
  /** frames [0, encoded) are encoded */
  encoded: number;
  /** the first frame of each encoded piece, in order (0 first) */
  starts: number[];
  /** the pieces that make up the whole video, in order, by their index in `starts` */
  sequence: number[];
  /** the overlay is still from this frame on (until the tail) */
  heldFrom: number;
  /** the clip's loop, in frames */
  period: number;
  /** the frames after the loop, from output frame `from` to the end: encoded from frame `at`, the last piece */
  tail?: { from: number; at: number };
}

export function planLoopReuse(plan: LayerPlan, frameRange?: [number, number]): LoopReuse | null {
  // a chunk is joined with others already; sound would need its own track: one encode, as before
  if (frameRange || plan.clips.length === 0) return null;
  const [clip, ...after] = plan.clips;
  if (clip!.kind !== 'clip' || !clip!.loopFrames || clip!.zoom || clip!.withAudio) return null;
  // what follows the loop must be drawn by the compose itself (no clip to decode): an end card's backdrop
  if (after.some((c) => c.kind === 'clip')) return null;
  const total = plan.durationInFrames;
  const loopEnd = clip!.frames;
  if (loopEnd + after.reduce((sum, c) => sum + c.frames, 0) !== total) return null;
  const period = clip!.loopFrames;
  const heldFrom = plan.renderFrames.filter((f) => f < loopEnd).at(-1) ?? 0;
  const loopEncoded = heldFrom + period;
  // the join is a second (short) ffmpeg run: worth it when it spares at least a second of encoding
  if (loopEnd - loopEncoded < plan.fps) return null;
  const rest = (loopEnd - loopEncoded) % period;
  const starts = [...new Set([0, heldFrom, heldFrom + rest])].filter((s) => s < loopEncoded).sort((a, b) => a - b);
  const tail = loopEnd < total ? { from: loopEnd, at: loopEncoded } : undefined;
  if (tail) starts.push(tail.at);
  const encoded = loopEncoded + (total - loopEnd);
  const end = (i: number) => starts[i + 1] ?? encoded;
  const sequence = starts.flatMap((s, i) => (s < loopEncoded ? [i] : []));
  for (let at = loopEncoded; at < loopEnd; ) {
    const i = starts.indexOf(heldFrom + ((at - loopEncoded) % period));
    if (i < 0 || at + end(i) - starts[i]! > loopEnd) return null;
    sequence.push(i);
    at += end(i) - starts[i]!;
  }
  if (tail) sequence.push(starts.length - 1);
  return { encoded, starts, sequence, heldFrom, period, ...(tail ? { tail } : {}) };
}

/** The encoded frame that shows output frame `frame`: itself, where its copy comes from, or its place in the tail. */
export function sourceFrame(reuse: LoopReuse, frame: number): number {
  if (reuse.tail && frame >= reuse.tail.from) return frame - reuse.tail.from + reuse.tail.at;
  const loopEncoded = reuse.tail?.at ?? reuse.encoded;
  return frame < loopEncoded ? frame : reuse.heldFrom + ((frame - loopEncoded) % reuse.period);
}

/**
 * The plan of the frames a loop reuse encodes, as one video of `reuse.encoded` frames: the loop's
 * clip cut where its copies begin, the tail (the end card) right after it, and the overlay's frames
 * moved with it. Without a tail, the plan itself (the encode stops after `encoded` frames).
 */
export function encodedPlan(plan: LayerPlan, reuse: LoopReuse): LayerPlan {
  const { tail } = reuse;
  if (!tail) return plan;
  const [loop, ...after] = plan.clips;
  return { ...plan, durationInFrames: reuse.encoded, clips: [{ ...loop!, frames: tail.at }, ...after], renderFrames: plan.renderFrames.map((f) => sourceFrame(reuse, f)) };
}

/** The overlay frames a range of the video needs: the one held at its start, then every change in it. */
export function overlayFramesFor(renderFrames: number[], range?: [number, number]): number[] {
  if (!range) return renderFrames;
  const [first, last] = range;
  const held = renderFrames.filter((f) => f <= first).at(-1) ?? 0;
  return [held, ...renderFrames.filter((f) => f > first && f <= last)];
}
