import type { Language } from './language.ts';

export interface ProductContextInput {
  name: string;
  type: 'product' | 'general';
  content: string;
}

/** Hook formulas that work in short-form ads; every text says which one it follows. */
export const FORMULAS = ['question', 'pov', 'number', 'objection', 'before_after', 'list', 'curiosity', 'challenge', 'comparison'] as const;
export type Formula = (typeof FORMULAS)[number];

/** Tones a batch can be written in. */
export const TONES = ['playful', 'premium', 'urgent', 'educational'] as const;
export type Tone = (typeof TONES)[number];

export interface GenerateTextsInput {
  context: ProductContextInput;
  /** 1..200 */
  count: number;
  /** playful, premium, urgent or educational; a model also reads any other word */
  tone?: string;
  /** only these formulas (all when absent) */
  formulas?: readonly Formula[];
  /** the language to write in; detected from the context when absent */
  language?: Language;
  /** the same seed writes the same texts (template provider) */
  seed?: number;
  /** texts already in the batch: never written again */
  avoid?: string[];
  /**
   * texts that won (the best results of the team's ads): new texts follow their shape (opening
   * words, length, lines, ending punctuation, emoji, formulas) and never repeat them (shape.ts)
   */
  like?: string[];
}

/** One text, with the formula it follows and who wrote it. */
export interface WrittenText {
  text: string;
  formula: Formula;
  /** `template` also for a model's text that failed the quality check twice and was replaced */
  writer: 'template' | 'openai';
}

export interface Copywriter {
  readonly provider: 'template' | 'openai';
  /** credits per text: 0 for the template, 1 for a real model (docs/billing.md) */
  readonly costPerText: number;
  generateTexts(input: GenerateTextsInput, options?: { signal?: AbortSignal }): Promise<string[]>;
  /** the texts with their formulas, each one through the quality check */
  write(input: GenerateTextsInput, options?: { signal?: AbortSignal }): Promise<{ texts: WrittenText[]; language: Language }>;
}

export class CopywriterError extends Error {
  readonly code: 'timeout' | 'bad_response' | 'unavailable';
  constructor(code: 'timeout' | 'bad_response' | 'unavailable', message: string) {
    super(message);
    this.code = code;
  }
}

/** What a text wall can hold at the default size (measured in the composition's box: see the tests). */
export const TEXT_LIMITS = { maxChars: 200, maxLines: 8 } as const;
