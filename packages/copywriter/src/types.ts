export interface ProductContextInput {
  name: string;
  type: 'product' | 'general';
  content: string;
}

export interface GenerateTextsInput {
  context: ProductContextInput;
  /** 1..200 */
  count: number;
  tone?: string;
  /** the same seed writes the same texts (template provider) */
  seed?: number;
  /** texts already in the batch: never written again */
  avoid?: string[];
}

export interface Copywriter {
  readonly provider: 'template' | 'openai';
  /** credits per text: 0 for the template, 1 for a real model (design/billing.md) */
  readonly costPerText: number;
  generateTexts(input: GenerateTextsInput, options?: { signal?: AbortSignal }): Promise<string[]>;
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
