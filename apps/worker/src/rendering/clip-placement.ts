import type { ClipFacts } from '@hookwall/media';
import { CLIP_BLUR, FILL, clipBlur, type ClipPlacement } from '@hookwall/video/layers';

/**
 * The fast path's placing of a clip in its W x H frame, as ClipFill draws it in CSS
 * (packages/video/src/components/background.tsx, placement.ts; docs/render-pipeline.md):
 *
 * - fill: scaled to cover and cropped to the frame (`object-fit: cover`);
 * - fit: scaled inside the frame (`contain`), on a still frame of the bar colour;
 * - blur: the same fitted clip over a copy of itself cover-fitted into the frame grown by the
 *   blur's margin, blurred and darkened, then cropped to the frame. The copy is blurred at a
 *   fraction of the size (about 4 px of sigma there) and scaled back up: a strong blur has no
 *   detail left to lose, and it costs next to nothing at that size.
 *
 * A clip of the frame's shape needs neither bars nor a copy: every mode places it as `fill` does.
 */
export interface PlaceClip {
  placement: ClipPlacement | undefined;
  /** the output's size (the composition's times the render scale) */
  width: number;
  height: number;
  /** the composition's width: the blur's sigma and margin are in its pixels (as the CSS's are) */
  compositionWidth: number;
  compositionHeight: number;
  facts: Pick<ClipFacts, 'colorMatrix' | 'width' | 'height'>;
  fps: number;
}

/** The blur's sigma at the reduced size it is done at. */
const LOW_SIGMA = 4;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** ffmpeg's colour for a '#rrggbb' (black for anything else). */
export function ffmpegColor(color: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(color) ? `0x${color.slice(1)}` : '0x000000';
}

/** The size `contain` gives the clip in the frame, to even pixels (as the fit's scale makes it). */
function fittedSize(clip: { width: number; height: number }, W: number, H: number): { width: number; height: number } {
  return clip.width * H >= clip.height * W ? { width: W, height: Math.round((W * clip.height) / clip.width / 2) * 2 } : { width: Math.round((H * clip.width) / clip.height / 2) * 2, height: H };
}

/** The mode the clip takes: its own, or `fill` when it already has the frame's shape (a clip whose size is not known takes its own). */
export function effectiveFit(p: Pick<PlaceClip, 'placement' | 'width' | 'height' | 'facts'>): ClipPlacement['fit'] {
  const fit = p.placement?.fit;
  if (fit !== 'fit' && fit !== 'blur') return 'fill';
  if (!p.facts.width || !p.facts.height) return fit;
  const size = fittedSize({ width: p.facts.width, height: p.facts.height }, p.width, p.height);
  return size.width === p.width && size.height === p.height ? 'fill' : fit;
}

/**
 * The filter statements that take the clip's frames at `input` (a label, `[t0]`) to the placed
 * frames at `output`, W x H, in the output's matrix (BT.709).
 */
export function placeClipFilters(p: PlaceClip, input: string, output: string): string[] {
  const { width: W, height: H } = p;
  // into the output's matrix (BT.709), as the browser converts the clip's colours
  const matrix = p.facts.colorMatrix === 'bt601' ? ':in_color_matrix=bt601:out_color_matrix=bt709' : '';
  const fit = effectiveFit(p);
  if (fit === 'fill') return [`${input}scale=${W}:${H}:force_original_aspect_ratio=increase:flags=bicubic${matrix},crop=${W}:${H},setsar=1${output}`];
  const key = output.slice(1, -1);
  // contain, to the nearest even sizes (an expression: the clip's size may not be known here)
  const wide = `gt(a,${W}/${H})`;
  const contain = `scale=w='if(${wide},${W},round(${H}*a/2)*2)':h='if(${wide},round(${W}/a/2)*2,${H})':flags=bicubic${matrix},setsar=1`;
  const centred = `overlay=x=(main_w-overlay_w)/2:y=(main_h-overlay_h)/2:shortest=1,setsar=1${output}`;
  if (fit === 'fit') {
    // one frame of the colour, converted from RGB as the browser's are (ffmpeg's own colour
    // sources and pad convert with BT.601), then repeated
    const bars = `color=c=${ffmpegColor((p.placement ?? FILL).barColor)}:s=${W}x${H}:r=${p.fps},format=rgb24,trim=end_frame=1,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p,loop=loop=-1:size=1,setpts=N/FRAME_RATE/TB,setsar=1[${key}-bars]`;
    return [`${input}${contain}[${key}-fg]`, bars, `[${key}-bars][${key}-fg]${centred}`];
  }
  const scale = W / p.compositionWidth;
  const blur = clipBlur(p.compositionWidth, p.compositionHeight);
  const sigma = blur.sigma * scale;
  const margin = Math.round(blur.margin * scale);
  const reduce = Math.max(1, sigma / LOW_SIGMA);
  const [bigW, bigH] = [W + 2 * margin, H + 2 * margin];
  const [lowW, lowH] = [even(bigW / reduce), even(bigH / reduce)];
  const keep = (1 - CLIP_BLUR.darken).toFixed(4);
  const back = [
    `scale=${lowW}:${lowH}:force_original_aspect_ratio=increase:flags=bilinear${matrix}`,
    `crop=${lowW}:${lowH}`,
    // blurred with full chroma (at 4:2:0 the chroma planes would be blurred twice as much)
    'format=yuv444p',
    `gblur=sigma=${(sigma / reduce).toFixed(3)}:steps=3`,
    // black at CLIP_BLUR.darken over it, in limited-range YUV
    `lutyuv=y='16+(val-16)*${keep}':u='128+(val-128)*${keep}':v='128+(val-128)*${keep}'`,
    `scale=${bigW}:${bigH}:flags=bilinear`,
    `crop=${W}:${H}:${margin}:${margin}`,
    'format=yuv420p',
    'setsar=1',
  ];
  return [`${input}split=2[${key}-a][${key}-b]`, `[${key}-a]${back.join(',')}[${key}-bg]`, `[${key}-b]${contain}[${key}-fg]`, `[${key}-bg][${key}-fg]${centred}`];
}
