import { speechTokens } from '@hookwall/video/schemas';

/** Pictographs (emoji and their joiners, variation selectors, skin tones): shown, never read aloud. */
const PICTOGRAPH = /[\p{Extended_Pictographic}\u200d\ufe0f\u{1f3fb}-\u{1f3ff}\u20e3]/gu;

export interface TextToken {
  text: string;
  /** code point offsets in the text, [start, end) */
  start: number;
  end: number;
  /** something is said for it (letters or digits once pictographs are set aside) */
  spoken: boolean;
}

/** `speechTokens(text)` with where each one sits in the text (code points). */
export function locateTokens(text: string): TextToken[] {
  const tokens = speechTokens(text);
  const out: TextToken[] = [];
  let cursor = 0; // UTF-16 index
  for (const token of tokens) {
    const at = text.indexOf(token, cursor);
    const from = at < 0 ? cursor : at;
    const start = codePoints(text.slice(0, from));
    out.push({ text: token, start, end: start + codePoints(token), spoken: isSpoken(token) });
    cursor = from + token.length;
  }
  return out;
}

export function isSpoken(token: string): boolean {
  return /[\p{L}\p{N}]/u.test(token.replace(PICTOGRAPH, ''));
}

/**
 * The text an engine reads: pictographs replaced by spaces, one per code point, so offsets hold;
 * so are `<`, `>`, `&`, `[` and `]`, which eSpeak NG would read as SSML markup or `[[phonemes]]`
 * (the wall shows them as typed; the voice reads the words around them).
 */
export function readableText(text: string): string {
  return text.replace(PICTOGRAPH, (m) => ' '.repeat(codePoints(m))).replace(/[<>&[\]]/g, ' ');
}

function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * Makes word times well formed: one per token, starts never before the previous word's end, ends
 * never before their start, all within [0, duration]; a token with no time (or nothing said) gets
 * the previous word's end as a zero-length time.
 */
export function settleTimes(tokens: TextToken[], times: ({ start: number; end: number } | undefined)[], duration: number): { text: string; start: number; end: number }[] {
  let previousEnd = 0;
  return tokens.map((token, i) => {
    const time = token.spoken ? times[i] : undefined;
    if (!time) return { text: token.text, start: previousEnd, end: previousEnd };
    const start = round(Math.min(duration, Math.max(previousEnd, time.start)));
    const end = round(Math.min(duration, Math.max(start, time.end)));
    previousEnd = end;
    return { text: token.text, start, end };
  });
}

const round = (s: number) => Math.round(s * 1000) / 1000;
