import { speechTokens, splitWords, type SpeechWord } from './schemas.ts';

/**
 * The captions of a voiced video as a WebVTT file (stored beside its MP4: Meta and TikTok take
 * caption files at upload): the spoken words in pages of a few, each shown while it is said.
 * Plain text and pure, so the worker and tests make the same file from a text and its speech.
 */

/** A page holds at most this many characters (the usual caption line) ... */
export const MAX_CUE_CHARS = 42;
/** ... and this many words. */
export const MAX_CUE_WORDS = 6;
/** A pause this long between two words starts a new page. */
const PAUSE_SECONDS = 0.6;
/** A page stays at least this long, unless the next one starts first. */
const MIN_CUE_SECONDS = 0.5;

export interface Cue {
  start: number;
  end: number;
  text: string;
}

interface Token {
  text: string;
  /** joined to the token before with a space (false inside a Chinese or Japanese run) */
  spaced: boolean;
  /** the first word of a line of the text, or after a sentence's end: a page starts here */
  breakBefore: boolean;
}

/** The text's speech tokens, each with how it joins the one before (speechTokens, one for one). */
function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  for (const line of text.split('\n')) {
    let isFirst = true;
    for (const word of splitWords(line)) {
      speechTokens(word).forEach((t, i) => {
        const previous = out.at(-1)?.text ?? '';
        const endsSentence = /[.!?…。！？]["'”’)\]]*$/u.test(previous);
        out.push({ text: t, spaced: i === 0, breakBefore: out.length > 0 && ((isFirst && i === 0) || endsSentence) });
      });
      isFirst = false;
    }
  }
  return out;
}

/** The pages of a text read by a voice, in order, each with the time it is said. */
export function captionCues(text: string, words: readonly SpeechWord[]): Cue[] {
  const tokens = tokensOf(text);
  const cues: Cue[] = [];
  let page: { text: string; count: number; start: number; end: number } | null = null;
  const close = () => {
    if (page && page.text.trim()) cues.push({ start: page.start, end: page.end, text: page.text.trim() });
    page = null;
  };
  tokens.forEach((token, i) => {
    const word = words[i] ?? words.at(-1);
    if (!word) return;
    const current = page as { text: string; count: number; start: number; end: number } | null;
    const joined = current ? current.text + (token.spaced ? ' ' : '') + token.text : token.text;
    const isSaid = word.end > word.start;
    const paused = current && isSaid && word.start - current.end >= PAUSE_SECONDS;
    if (current && (token.breakBefore || paused || joined.length > MAX_CUE_CHARS || current.count >= MAX_CUE_WORDS)) close();
    if (!page) page = { text: token.text, count: 1, start: word.start, end: word.end };
    else {
      page.text = joined;
      page.count++;
      page.end = Math.max(page.end, word.end);
    }
  });
  close();
  // each page at least MIN_CUE_SECONDS long, but never over the next
  return cues.map((cue, i) => {
    const next = cues[i + 1]?.start ?? Infinity;
    const end = Math.min(Math.max(cue.end, cue.start + MIN_CUE_SECONDS), next);
    return { ...cue, end: Math.max(end, cue.start + 0.001) };
  });
}

/** A time as WebVTT writes it: HH:MM:SS.mmm */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** Cue text as WebVTT reads it: `&`, `<` and `>` escaped (so no `-->` or tag can appear), on one line. */
export function escapeCueText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replace(/\s+/gu, ' ');
}

/** The WebVTT file of a text read by a voice. */
export function webvtt(text: string, words: readonly SpeechWord[]): string {
  return webvttOf(captionCues(text, words));
}

/** The WebVTT file of some cues (a composite's caption pages, caption-pages.ts). */
export function webvttOf(cues: readonly Cue[]): string {
  const blocks = cues.map((cue, i) => `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${escapeCueText(cue.text)}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}${blocks.length ? '\n' : ''}`;
}
