import { speechTokens, type CaptionStyle, type SpeechWord } from './schemas.ts';

/**
 * How a text wall's own words follow its voice, frame by frame: a pure function of the frame, the
 * words' times and the caption style, shared by the composition (which draws it) and the fast
 * path's plan (which lists the frames where the drawing changes: `captionChangeFrames`), so both
 * agree to the frame. See docs/render-pipeline.md, "Voices and captions".
 */

/** Frames a word takes to pop in (`pop`). */
export const POP_FRAMES = 6;

/** A word's frames: it is spoken on frames [start, end) (start === end: nothing is said for it, an emoji). */
export interface WordFrames {
  start: number;
  end: number;
}

/** The first frame at or after `seconds` (a word said at 0.5 s at 30 fps starts on frame 15). */
export function frameAt(seconds: number, fps: number): number {
  return Math.max(0, Math.ceil(seconds * fps - 1e-6));
}

/**
 * Each token's frames, by its index in `speechTokens(text)`; a token the speech has no time for
 * (it should have one for each) is taken as said at the speech's end.
 */
export function wordFrames(words: readonly SpeechWord[], tokenCount: number, fps: number): WordFrames[] {
  const last = words.length ? frameAt(words.at(-1)!.end, fps) : 0;
  return Array.from({ length: tokenCount }, (_, i) => {
    const word = words[i];
    if (!word) return { start: last, end: last };
    const start = frameAt(word.start, fps);
    return { start, end: Math.max(start, frameAt(word.end, fps)) };
  });
}

/** How one word looks at a frame. */
export interface WordLook {
  /** 0 (not there yet, its place kept) to 1 */
  appear: number;
  /** being said now: `highlight` marks it */
  isActive: boolean;
  /** share of the word filled with the highlight colour (`karaoke`) */
  fill: number;
}

const SHOWN: WordLook = { appear: 1, isActive: false, fill: 0 };

/** A pop-in's scale and opacity over POP_FRAMES: quick, with a small overshoot (an ease-out-back). */
export function popAppear(sinceStart: number): number {
  if (sinceStart < 0) return 0;
  if (sinceStart >= POP_FRAMES) return 1;
  return (sinceStart + 1) / (POP_FRAMES + 1);
}

export function wordLook(style: CaptionStyle, word: WordFrames, frame: number): WordLook {
  switch (style) {
    case 'plain':
      return SHOWN;
    case 'highlight':
      return { appear: 1, isActive: frame >= word.start && frame < word.end, fill: 0 };
    case 'karaoke': {
      if (frame < word.start) return SHOWN;
      if (frame >= word.end) return { appear: 1, isActive: false, fill: 1 };
      return { appear: 1, isActive: true, fill: (frame - word.start + 1) / (word.end - word.start) };
    }
    case 'pop':
      return { appear: popAppear(frame - word.start), isActive: false, fill: 0 };
  }
}

/**
 * The frames where a text wall's captions change (frame 0 first): where a word starts or ends
 * (`highlight`), every frame a word fills (`karaoke`), each word's pop-in (`pop`); `plain` never
 * changes. Between them the overlay is held: the fast path draws only these.
 */
export function captionChangeFrames(style: CaptionStyle, text: string, words: readonly SpeechWord[], fps: number, durationInFrames: number): number[] {
  const frames = new Set<number>([0]);
  const timeline = wordFrames(words, speechTokens(text).length, fps);
  for (const word of timeline) {
    if (style === 'highlight') {
      frames.add(word.start);
      frames.add(word.end);
    } else if (style === 'karaoke') {
      for (let f = word.start; f <= word.end; f++) frames.add(f);
    } else if (style === 'pop') {
      for (let f = word.start; f <= word.start + POP_FRAMES; f++) frames.add(f);
    }
  }
  return [...frames].filter((f) => f >= 0 && f < durationInFrames).sort((a, b) => a - b);
}

/**
 * The frame a captioned wall's thumbnail is taken from: once its first words are said (the end of
 * the fourth, or of the last of fewer), a popped word settled, never before 1 s.
 */
export function captionsSettledFrame(style: CaptionStyle, text: string, words: readonly SpeechWord[], fps: number): number {
  if (style === 'plain' || style === 'highlight') return 0;
  const timeline = wordFrames(words, speechTokens(text).length, fps);
  const word = timeline[Math.min(3, timeline.length - 1)];
  return word ? word.end + (style === 'pop' ? POP_FRAMES : 0) : 0;
}
