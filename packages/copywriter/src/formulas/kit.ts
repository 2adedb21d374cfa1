import type { Category, Fact, Objection, Problem, Product, State, VerbPhrase } from '../product-context.ts';
import { capitalize } from '../text.ts';
import type { Formula, Tone } from '../types.ts';

/** One choice of everything a formula may use; a template takes what it needs or declines. */
export interface Kit {
  product: Product;
  /** as the user wrote it */
  name: string;
  /** a verb phrase that agrees with the name (or the category) as its subject */
  vp?: VerbPhrase;
  /** a line about the product, sentence case, no full stop: "Leak-proof lid" */
  line?: string;
  /** another line, for formulas that name two things */
  line2?: string;
  /** three short lines for a list */
  list?: [string, string, string];
  fact?: Fact;
  /** three short lines with numbers in them */
  numbers?: [string, string, string];
  problem?: Problem;
  objection?: Objection;
  state?: State;
  /** "you get your weekend back" */
  you?: string;
  audience?: string;
  category?: Category;
}

export interface Template {
  /** stable, for variety across a batch: "en.question.still" */
  id: string;
  formula: Formula;
  tones: readonly Tone[];
  /** the text, or nothing when the kit lacks what it needs */
  write: (k: Kit) => string | false | null | undefined;
}

export const ALL: readonly Tone[] = ['playful', 'premium', 'urgent', 'educational'];

export const cap = capitalize;

/** Lower case for the inside of a sentence, unless the first word is a name, a place or an acronym. */
export function low(k: Kit, text: string): string {
  const word = /^[\p{L}][\p{L}\p{N}'’-]*/u.exec(text)?.[0];
  if (!word) return text;
  // German: only a verb phrase turns lower case ("wiegt nur 900 g"); nouns keep their capital
  if (k.product.language === 'de') return k.product.verbPhrases.some((v) => v.text.toLowerCase() === text.toLowerCase()) ? text[0]!.toLowerCase() + text.slice(1) : text;
  if (/^\p{Lu}{2,}|\p{Lu}.*\p{Lu}/u.test(word) || /^\p{Ll}/u.test(word)) return text;
  if (k.product.properNouns.has(word.toLowerCase()) && !k.product.lexicon.functionWords.has(word.toLowerCase()) && !k.product.lexicon.verbs.has(word.toLowerCase())) return text;
  return text[0]!.toLowerCase() + text.slice(1);
}

export const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** "for 24 hours" → "24 hours" (the time a state lasts), else undefined */
export function lastingFor(tail: string, prep: RegExp): string | undefined {
  const m = new RegExp(`^(?:${prep.source})\\s+(?:up to\\s+|até\\s+|jusqu['’]à\\s+|hasta\\s+|fino a\\s+|bis zu\\s+)?([\\d.,]+\\s*\\p{L}+)$`, 'iu').exec(tail.trim());
  return m?.[1];
}
