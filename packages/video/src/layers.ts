import { createContext, useContext } from 'react';
import {
  entranceFrames,
  hookProductDemoMeta,
  hookProductDemoSegments,
  hookProductDemoSpeechStart,
  textWallMeta,
  textWallSegments,
  type HookProductDemoProps,
  safeArea,
  type Aspect,
  type Brand,
  type Music,
  type Speech,
  type TextWallProps,
} from './schemas.ts';
import { speechSpans } from './ducking.ts';
import { hookProductDemoCaptionPages, pageChangeFrames } from './caption-pages.ts';
export { hookProductDemoCaptionPages } from './caption-pages.ts';
import { placementOf, type ClipPlacement } from './placement.ts';
import { captionChangeFrames } from './captions.ts';

export { CLIP_BLUR, clipBlur, FILL, placementOf, type ClipPlacement } from './placement.ts';
export { DUCK, duckExpression, duckGain, MUSIC_FADE_OUT, musicExpression, musicGain, speechSpans } from './ducking.ts';

/**
 * The fast path's view of a composition: clips under an overlay that is still most of the time.
 *
 * A composition is drawn as two layers. The clip track is a row of segments that together span
 * the video: a clip (placed as the style says, looped or held on its last frame, optionally zooming in) or a
 * plain colour; ffmpeg decodes and scales it. The overlay is everything else (dim, text, caption,
 * end card) drawn by the same React components in Chromium on a transparent page, with the clips
 * left out. The overlay only changes on the frames listed in `renderFrames`; every other frame is
 * the last rendered one held. The worker renders those few frames, composes both layers with
 * ffmpeg and encodes once.
 */
export interface ClipSegment {
  kind: 'clip';
  /** the URL in the props (the worker maps it to a file or URL ffmpeg can read) */
  url: string;
  frames: number;
  /** loop the clip every `loopFrames` frames (Remotion's <Loop>); else hold its last frame */
  loopFrames: number | null;
  /** a slow push-in: scale goes from 1 to `to` over `over` frames, then stays */
  zoom: { to: number; over: number } | null;
  /** the clip's sound is part of the video */
  withAudio: boolean;
  /** how a clip of another shape is placed (placement.ts); none: cropped to cover (`fill`) */
  placement?: ClipPlacement;
}

export interface ColorSegment {
  kind: 'color';
  frames: number;
  color: string;
}

/**
 * A still radial gradient (CSS `radial-gradient(circle at cx cy, from 0%, to stop)`, its radius
 * the farthest corner), faded in from black over its first `fadeInFrames`: the end card's backdrop,
 * drawn once by the worker rather than in every frame by the browser.
 */
export interface RadialSegment {
  kind: 'radial';
  frames: number;
  from: string;
  to: string;
  /** where `to` is reached, as a share of the radius */
  stop: number;
  /** the centre, as shares of the width and the height */
  cx: number;
  cy: number;
  fadeInFrames: number;
}

export interface LayerPlan {
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  clips: (ClipSegment | ColorSegment | RadialSegment)[];
  /** the composition that draws the overlay alone */
  overlayCompositionId: string;
  /** sorted frames where the overlay differs from the frame before (always starts with 0) */
  renderFrames: number[];
  /** the props as the composition reads them (parsed, defaults filled): what the overlay is rendered with */
  props: Record<string, unknown>;
  /**
   * a voice (its audio file, by the URL in the props) played from `startSeconds` (0: the first
   * frame) until its end or the video's: mixed with the clips' own sound into the video's one
   * track, which is lowered under it where it speaks (`spans`, seconds of the video: ducking.ts)
   */
  voice?: VoicePlan | null;
  /** a music track (by the URL in the props) looped under the whole video at `volume`, ducked under the voice */
  music?: { url: string; volume: number } | null;
}

export interface VoicePlan {
  url: string;
  startSeconds?: number;
  spans?: [number, number][];
}

/** A voice's part of a plan: its audio, where it starts and where it speaks. */
export function voicePlan(speech: Speech | null, startFrame: number, fps: number): VoicePlan | null {
  if (!speech) return null;
  const startSeconds = startFrame / fps;
  return { url: speech.audio.url, startSeconds, spans: speechSpans(speech.words, startSeconds) };
}

export function musicPlan(music: Music | null): LayerPlan['music'] {
  return music ? { url: music.audio.url, volume: music.volume } : null;
}

/** Which layers the components draw: everything (preview, full render) or only the overlay. */
export type RenderLayer = 'all' | 'overlay';
export const RenderLayerContext = createContext<RenderLayer>('all');
export function useRenderLayer(): RenderLayer {
  return useContext(RenderLayerContext);
}

export const OVERLAY_SUFFIX = '-overlay';
/** compositions the fast path can draw; others always take the full render */
export const LAYERED_COMPOSITIONS = ['text-wall', 'hook-product-demo'] as const;

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let f = from; f < to; f++) out.push(f);
  return out;
}

/** Frames [from, from + length] (the entrance and the first settled frame) within [0, end). */
function entrance(from: number, length: number, end: number): number[] {
  return range(from, Math.min(end, from + length + 1));
}

function uniqueSorted(frames: number[]): number[] {
  return [...new Set(frames)].sort((a, b) => a - b);
}

export function textWallLayers(props: TextWallProps): LayerPlan | null {
  // the brand gradient moves on every frame: the full render draws it
  if (!props.background) return null;
  const size = textWallMeta.calculate(props);
  const s = textWallSegments(props);
  const loopFrames = Math.max(1, Math.floor(props.background.durationInSeconds * size.fps));
  // with captions the words follow the voice (captions.ts) instead of the style's entrance
  const frames =
    props.speech && props.captions
      ? captionChangeFrames(props.captions.style, props.text, props.speech.words, size.fps, s.wall)
      : [0, ...entrance(0, entranceFrames(props.style, props.text), s.wall)];
  // the kit's logo fades in, then is still until the end card
  if (props.brand?.logo) frames.push(...entrance(0, LOGO_ENTRANCE, s.wall));
  const clips: LayerPlan['clips'] = [
    // the background's own sound is not the wall's (its clip plays muted, as in the preview)
    { kind: 'clip', url: props.background.url, frames: s.wall, loopFrames, zoom: null, withAudio: false, placement: placementOf(props.style) },
  ];
  if (props.endCard && s.end > 0) {
    // the end card (the composite's): its backdrop is drawn by the worker, its text alone is the
    // overlay, which changes only over its entrance; the wall's text and logo end with the wall
    frames.push(...entrance(s.wall, END_CARD_ENTRANCE, size.durationInFrames));
    clips.push({ kind: 'radial', frames: s.end, ...END_CARD_BACKDROP, from: props.endCard.color, fadeInFrames: END_CARD_FADE });
  }
  return {
    ...size,
    clips,
    overlayCompositionId: `text-wall${OVERLAY_SUFFIX}`,
    renderFrames: uniqueSorted(frames),
    props,
    voice: voicePlan(props.speech, 0, size.fps),
    music: musicPlan(props.music),
  };
}

/** The caption bar's spring starts at frame 8 and lasts 16 frames (hook-product-demo.tsx). */
export const CAPTION_ENTRANCE = { delay: 8, frames: 16 };
/** A brand kit's logo fades in over its first 8 frames (components/brand.tsx), then is still. */
export const LOGO_ENTRANCE = 8;
/** The logo's box: `logoScale` of the frame's width (at most half the safe area's, a fifth of the frame's height), in its corner. */
export function logoBox(brand: Brand, aspect: Aspect, width: number, height: number) {
  if (!brand.logo || brand.logoPosition === 'none') return null;
  const area = safeArea(aspect);
  const ratio = brand.logo.width / brand.logo.height;
  let w = Math.min(width * brand.logoScale, area.width / 2);
  let h = w / ratio;
  if (h > height / 5) {
    h = height / 5;
    w = h * ratio;
  }
  const [vertical, horizontal] = brand.logoPosition.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const left = horizontal === 'left' ? area.left : width - area.right - w;
  const top = vertical === 'top' ? area.top : height - area.bottom - h;
  return { left: Math.round(left), top: Math.round(top), width: Math.round(w), height: Math.round(h) };
}

/** The end card pops in over 18 frames: from its 18th on it is still (components/end-card.tsx). */
export const END_CARD_ENTRANCE = 18;
/** The end card fades in from black over its first 8 frames. */
export const END_CARD_FADE = 8;
/** The end card's backdrop: the brand colour at the centre, fading to near black at 75% of the radius. */
export const END_CARD_BACKDROP = { to: '#0b0b12', stop: 0.75, cx: 0.5, cy: 0.4 };
/** Scenes push in from 1 to 1.06 over 300 frames. */
export const SCENE_ZOOM = { to: 1.06, over: 300 };

export function hookProductDemoLayers(props: HookProductDemoProps): LayerPlan | null {
  // placeholders (no clip) are animated gradients: the full render draws them
  if (!props.hook || !props.demo) return null;
  const size = hookProductDemoMeta.calculate(props);
  const s = hookProductDemoSegments(props);
  const total = size.durationInFrames;
  const frames = [0, s.hook];
  if (props.hookText) frames.push(...entrance(0, entranceFrames(props.style, props.hookText), s.hook));
  if (props.demoText) frames.push(...entrance(s.hook, entranceFrames(props.style, props.demoText), s.hook + s.demo));
  if (props.captionText) frames.push(...entrance(CAPTION_ENTRANCE.delay, CAPTION_ENTRANCE.frames, s.hook + s.demo));
  if (s.end > 0) frames.push(...entrance(s.hook + s.demo, END_CARD_ENTRANCE, total));
  if (props.captions) frames.push(...pageChangeFrames(props.captions.style, hookProductDemoCaptionPages(props), size.fps));
  // the kit's logo fades in, then is still until the end card
  if (props.brand?.logo) frames.push(...entrance(0, LOGO_ENTRANCE, s.hook + s.demo + 1));
  const clips: LayerPlan['clips'] = [
    { kind: 'clip', url: props.hook.url, frames: s.hook, loopFrames: null, zoom: SCENE_ZOOM, withAudio: true, placement: placementOf(props.style) },
    { kind: 'clip', url: props.demo.url, frames: s.demo, loopFrames: null, zoom: SCENE_ZOOM, withAudio: true, placement: placementOf(props.style) },
  ];
  // the end card's backdrop: its text alone is the overlay (hook-product-demo.tsx)
  if (s.end > 0) clips.push({ kind: 'radial', frames: s.end, ...END_CARD_BACKDROP, from: props.brandColor, fadeInFrames: END_CARD_FADE });
  return {
    ...size,
    clips,
    overlayCompositionId: `hook-product-demo${OVERLAY_SUFFIX}`,
    renderFrames: uniqueSorted(frames.filter((f) => f < total)),
    props,
    voice: voicePlan(props.speech, hookProductDemoSpeechStart(props), size.fps),
    music: musicPlan(props.music),
  };
}

/** The layers of a composition's (parsed) props, or null when only the full render can draw them. */
export function planLayers(compositionId: string, props: unknown): LayerPlan | null {
  if (compositionId === 'text-wall') return textWallLayers(textWallMeta.schema.parse(props));
  if (compositionId === 'hook-product-demo') return hookProductDemoLayers(hookProductDemoMeta.schema.parse(props));
  return null;
}
