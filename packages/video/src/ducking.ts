import type { SpeechWord } from './schemas.ts';

/**
 * Ducking: while a voice speaks, the other sounds of a video (a composite's clips, a music track)
 * are lowered so the words stay clear, and come back up in the pauses. The voice's word times are
 * known (a speech asset's words), so the lowering is computed from them rather than detected from
 * the sound: the same gain, to the sample, in the browser's full render (a volume per frame) and
 * in the fast path's ffmpeg (`duckExpression`). See docs/render-pipeline.md, "Sound".
 */
export const DUCK = {
  /** the gain under the voice: about -12 dB */
  gain: 0.25,
  /** seconds the lowering starts before a span's first word, and takes to reach `gain` */
  attack: 0.15,
  /** seconds it takes to come back up after a span's last word */
  release: 0.4,
  /** a pause shorter than this keeps the sound lowered (a span runs over it) */
  bridge: 0.7,
} as const;

/** A music track fades out over the video's last this many seconds. */
export const MUSIC_FADE_OUT = 1;

/** Times (seconds of the video) where a voice speaks: its words moved by `offsetSeconds`, joined over short pauses. */
export function speechSpans(words: readonly SpeechWord[], offsetSeconds: number): [number, number][] {
  const spans: [number, number][] = [];
  for (const word of words) {
    if (!(word.end > word.start)) continue;
    const start = word.start + offsetSeconds;
    const end = word.end + offsetSeconds;
    const last = spans.at(-1);
    if (last && start - last[1] < DUCK.bridge) last[1] = Math.max(last[1], end);
    else spans.push([start, end]);
  }
  return spans;
}

/** How far the sound is lowered at `t`: 0 (not at all) to 1 (fully, to DUCK.gain), ramped linearly at a span's edges. */
function duckDepth(spans: readonly [number, number][], t: number): number {
  let depth = 0;
  for (const [a, b] of spans) {
    const up = (t - (a - DUCK.attack)) / DUCK.attack;
    const down = (b + DUCK.release - t) / DUCK.release;
    depth = Math.max(depth, Math.min(1, Math.max(0, Math.min(up, down))));
  }
  return depth;
}

/** The gain of a ducked sound at `t` seconds of the video. */
export function duckGain(spans: readonly [number, number][], t: number): number {
  return 1 - (1 - DUCK.gain) * duckDepth(spans, t);
}

/** The gain of a music track at `t` of a video `total` seconds long: its volume, ducked, faded out at the end. */
export function musicGain(volume: number, spans: readonly [number, number][], t: number, total: number): number {
  const fade = Math.min(1, Math.max(0, (total - t) / MUSIC_FADE_OUT));
  return volume * duckGain(spans, t) * fade;
}

/** a number for an ffmpeg expression: negative ones in brackets */
const num = (n: number) => {
  const text = Number(n.toFixed(4)).toString();
  return n < 0 ? `(${text})` : text;
};

/**
 * `duckGain` as an ffmpeg expression of `t` (for the volume filter, eval=frame), for a stream whose
 * t = 0 is `offsetSeconds` into the video (a chunk's sound).
 */
export function duckExpression(spans: readonly [number, number][], offsetSeconds = 0): string {
  if (!spans.length) return '1';
  const t = offsetSeconds ? `(t+${num(offsetSeconds)})` : 't';
  const terms = spans.map(([a, b]) => `clip(min((${t}-${num(a - DUCK.attack)})/${num(DUCK.attack)},(${num(b + DUCK.release)}-${t})/${num(DUCK.release)}),0,1)`);
  const depth = terms.reduce((acc, term) => `max(${acc},${term})`);
  return `1-${num(1 - DUCK.gain)}*${depth}`;
}

/** `musicGain` as an ffmpeg expression of `t` (see duckExpression). */
export function musicExpression(volume: number, spans: readonly [number, number][], total: number, offsetSeconds = 0): string {
  const t = offsetSeconds ? `(t+${num(offsetSeconds)})` : 't';
  return `${num(volume)}*(${duckExpression(spans, offsetSeconds)})*clip((${num(total)}-${t})/${num(MUSIC_FADE_OUT)},0,1)`;
}
