import type { ClipFit } from './schemas.ts';

/**
 * How a clip is placed in the frame (`style.clipFit`, see clipFitSchema), drawn the same way by the
 * components (CSS: the preview and the full render) and by the fast path (ffmpeg,
 * apps/worker/src/rendering/clip-placement.ts); docs/render-pipeline.md ("Placing a clip").
 */
export interface ClipPlacement {
  fit: ClipFit;
  /** the bars' colour for `fit` */
  barColor: string;
}

export const FILL: ClipPlacement = { fit: 'fill', barColor: '#000000' };

/**
 * The blurred copy behind a `blur` clip: cover-fitted into the frame grown by `margin` on every
 * side (so the blur's faded edges fall outside the frame), blurred by a Gaussian of `sigma`
 * pixels, then darkened by `darken` (black at that opacity over it).
 */
export const CLIP_BLUR = { sigmaShare: 0.04, marginSigmas: 3, darken: 0.3 } as const;

/** The blur's sigma and margin, in pixels of a frame of this size (the composition's). */
export function clipBlur(width: number, height: number): { sigma: number; margin: number } {
  const sigma = Math.round(Math.min(width, height) * CLIP_BLUR.sigmaShare);
  return { sigma, margin: sigma * CLIP_BLUR.marginSigmas };
}

/** A style's placement of its clips. */
export function placementOf(style: { clipFit: ClipFit; barColor: string }): ClipPlacement {
  return { fit: style.clipFit, barColor: style.barColor };
}
