import { guessFormulaOf } from './formula-guess.ts';
import { emojiIn, endsWithEmoji, normalise, stripEmoji, tokens, wordCount } from './text.ts';
import type { Formula } from './types.ts';

/**
 * The shape of texts that won (`like` of GenerateTextsInput): how they open, how long they are,
 * how they end, whether they carry emoji, how many lines, which formulas. New texts "like them"
 * are written to keep that shape in other words: the offline copywriter ranks its drafts by it
 * and adjusts their ending and emoji; a model gets the winners as examples.
 */
export interface Shape {
  /** the first word of each example, lower case */
  openings: Set<string>;
  /** the median count of words */
  words: number;
  /** how most end: '?', '!', '.', an emoji, or a word */
  ending: Ending;
  /** the share of examples with an emoji */
  emojiShare: number;
  /** the median count of lines */
  lines: number;
  formulas: Set<Formula>;
}

export type Ending = '?' | '!' | '.' | 'emoji' | 'word';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : 0;
};

export function endingOf(text: string): Ending {
  const t = text.trim();
  if (endsWithEmoji(t)) return 'emoji';
  const last = stripEmoji(t).trim().slice(-1);
  return last === '?' || last === '!' || last === '.' ? last : 'word';
}

const openingWord = (text: string) => tokens(text)[0] ?? '';
const lineCount = (text: string) => text.split('\n').filter((l) => l.trim()).length;

export function shapeOf(examples: readonly string[]): Shape {
  const endings = new Map<Ending, number>();
  for (const e of examples) endings.set(endingOf(e), (endings.get(endingOf(e)) ?? 0) + 1);
  const ending = [...endings].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'word';
  return {
    openings: new Set(examples.map(openingWord).filter(Boolean)),
    words: median(examples.map(wordCount)),
    ending,
    emojiShare: examples.length ? examples.filter((e) => emojiIn(e).length > 0).length / examples.length : 0,
    lines: median(examples.map(lineCount)),
    formulas: new Set(examples.map(guessFormulaOf)),
  };
}

/** How far a text is from the shape: 0 is the same shape; each difference adds to it. */
export function shapeDistance(text: string, shape: Shape, formula?: Formula): number {
  const words = wordCount(text);
  let d = Math.abs(words - shape.words) / Math.max(shape.words, 1);
  if (endingOf(text) !== shape.ending) d += 0.6;
  d += Math.abs((emojiIn(text).length > 0 ? 1 : 0) - shape.emojiShare) * 0.6;
  if (lineCount(text) !== shape.lines) d += 0.3;
  if (shape.openings.has(openingWord(text))) d -= 0.8;
  if (formula && shape.formulas.size && !shape.formulas.has(formula)) d += 0.4;
  return d;
}

/** Three words in a row of an example, or the whole of one: a new text must not say the winner again. */
export function repeatsExample(text: string, examples: readonly string[]): boolean {
  const key = normalise(stripEmoji(text));
  const words = tokens(text);
  for (const example of examples) {
    if (normalise(stripEmoji(example)) === key) return true;
    const run = tokens(example);
    const joined = ` ${words.join(' ')} `;
    for (let i = 0; i + 4 <= run.length; i++) if (joined.includes(` ${run.slice(i, i + 4).join(' ')} `)) return true;
  }
  return false;
}
