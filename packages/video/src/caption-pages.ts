import { captionChangeFrames, frameAt } from './captions.ts';
import { FPS, hookProductDemoSegments, hookProductDemoSpeechStart, type CaptionStyle, type HookProductDemoProps, type SpeechWord } from './schemas.ts';

/**
 * Captions of speech that is not the video's text (a composite's voice-over, what its hook clip
 * says): shown a page of a few words at a time, each page from its first word until the next page
 * (or a moment after its last word), its words following the voice in the caption style as a
 * text wall's do (captions.ts). Pure, shared by the composition and the fast path's plan.
 */

/** At most this many words a page, */
export const PAGE_WORDS = 4;
/** and about this many characters (a longer word still gets a page of its own). */
export const PAGE_CHARS = 24;
/** A pause this long (seconds) starts a new page. */
export const PAGE_PAUSE = 0.6;
/** A page stays this long (seconds) after its last word when nothing follows at once. */
export const PAGE_HOLD = 0.5;

export interface CaptionPage {
  /** the page's words, joined by spaces (what is drawn) */
  text: string;
  /** its words, timed in seconds of the video */
  words: SpeechWord[];
  /** the frames it shows on: [from, to) */
  from: number;
  to: number;
}

const endsSentence = (word: string) => /[.!?…。！？]["»”')\]]*$/u.test(word);

/** `words` (seconds from `offsetSeconds` of the video) cut into pages that end by `endFrame`. */
export function captionPages(words: readonly SpeechWord[], offsetSeconds: number, fps: number, endFrame: number): CaptionPage[] {
  const groups: SpeechWord[][] = [];
  let current: SpeechWord[] = [];
  for (const word of words) {
    const text = word.text.trim();
    if (!text) continue;
    const timed = { text, start: word.start + offsetSeconds, end: Math.max(word.start, word.end) + offsetSeconds };
    const last = current.at(-1);
    const chars = current.reduce((n, w) => n + w.text.length + 1, 0) + text.length;
    if (last && (current.length >= PAGE_WORDS || chars > PAGE_CHARS || timed.start - last.end > PAGE_PAUSE || endsSentence(last.text))) {
      groups.push(current);
      current = [];
    }
    current.push(timed);
  }
  if (current.length) groups.push(current);
  const pages: CaptionPage[] = [];
  groups.forEach((group, i) => {
    const from = frameAt(group[0]!.start, fps);
    const next = groups[i + 1];
    const to = Math.min(endFrame, next ? frameAt(next[0]!.start, fps) : Infinity, frameAt(group.at(-1)!.end + PAGE_HOLD, fps));
    if (to > from) pages.push({ text: group.map((w) => w.text).join(' '), words: group, from, to });
  });
  return pages;
}

/** The frames where pages change (each page's first and the one after its last) and where their words do. */
export function pageChangeFrames(style: CaptionStyle, pages: readonly CaptionPage[], fps: number): number[] {
  const frames: number[] = [];
  for (const page of pages) {
    frames.push(page.from, page.to);
    for (const f of captionChangeFrames(style, page.text, page.words, fps, page.to)) if (f > page.from) frames.push(f);
  }
  return frames;
}

/**
 * A composite's caption pages: what its hook clip says (its transcript's words) over the hook, and
 * its voice-over from where it starts. A voice-over read from the hook's start leaves the hook's
 * own words uncaptioned (the hook's sound is lowered under it).
 */
export function hookProductDemoCaptionPages(props: HookProductDemoProps): CaptionPage[] {
  if (!props.captions) return [];
  const s = hookProductDemoSegments(props);
  const pages: CaptionPage[] = [];
  const voiceFromHook = props.speech !== null && props.speechStart === 'hook';
  if (props.hookWords.length && props.hook && !voiceFromHook) pages.push(...captionPages(props.hookWords, 0, FPS, s.hook));
  if (props.speech) pages.push(...captionPages(props.speech.words, hookProductDemoSpeechStart(props) / FPS, FPS, s.hook + s.demo));
  return pages;
}
