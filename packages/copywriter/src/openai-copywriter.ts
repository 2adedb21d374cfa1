import { z } from 'zod';
import type { Language } from './language.ts';
import { readProduct, type Product } from './product-context.ts';
import { checkBatch, MAX_COPIED_RUN, MAX_EMOJI, MAX_WORDS } from './quality.ts';
import { guessFormulaOf } from './formula-guess.ts';
import { repeatsExample } from './shape.ts';
import { createTemplateCopywriter } from './template-copywriter.ts';
import { normalise } from './text.ts';
import { CopywriterError, FORMULAS, TEXT_LIMITS, type Copywriter, type Formula, type GenerateTextsInput, type WrittenText } from './types.ts';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'French', es: 'Spanish', de: 'German', pt: 'Brazilian Portuguese', it: 'Italian' };

const FORMULA_GUIDE: Record<Formula, string> = {
  question: 'a question the viewer answers in their head, about the problem or the wish',
  pov: '"POV: …", the moment of using the product, in the second person',
  number: 'leads with a number or stat from the facts',
  objection: 'names a doubt a buyer has and answers it with a fact',
  before_after: 'a real "before" (the problem below, never an invented one), then the "after"',
  list: 'three short facts or benefits, one a line',
  curiosity: 'opens a gap the viewer wants closed, then closes it with a fact',
  challenge: 'dares the viewer, or the product they use now',
  comparison: 'this product against the usual way, the problem or other products',
};

/** The JSON schema of the answer, for `response_format: {type: "json_schema"}` (structured outputs). */
export const ANSWER_SCHEMA = {
  type: 'object',
  properties: {
    texts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { text: { type: 'string' }, formula: { type: 'string', enum: [...FORMULAS] } },
        required: ['text', 'formula'],
        additionalProperties: false,
      },
    },
  },
  required: ['texts'],
  additionalProperties: false,
} as const;

const answerSchema = z.object({
  texts: z.array(z.union([z.string(), z.object({ text: z.string(), formula: z.string().optional() })])),
});

/** A model's text without a formula (an older server ignoring the schema): the formula its shape says. */
export const guessFormula = guessFormulaOf;

function systemPrompt(product: Product, count: number, input: GenerateTextsInput): string {
  const formulas = input.formulas?.length ? input.formulas : FORMULAS;
  const lang = product.languageKnown ? LANGUAGE_NAMES[product.language] : 'the language of the description';
  return [
    'You write hooks for short vertical video ads (TikTok, Reels, Shorts). Each text is the whole ad, shown as a text wall the viewer reads in two seconds; write it the way a good performance marketer would.',
    `Write exactly ${count} different texts in ${lang}, written natively (not translated), whatever languages the description mixes.`,
    'Each text follows one of these formulas; say which in "formula":',
    ...formulas.map((f) => `- ${f}: ${FORMULA_GUIDE[f]}`),
    input.tone ? `Tone: ${input.tone}.` : 'Vary the tone from text to text.',
    'Rules; a text that breaks one is rejected:',
    `- at most ${MAX_WORDS} words, ${TEXT_LIMITS.maxChars} characters and ${TEXT_LIMITS.maxLines} lines; line breaks give it rhythm`,
    '- every text names at least one fact or benefit of this product from the facts below; nothing invented (no reviews, prices or claims that are not there)',
    '- whole sentences: never cut a phrase, never end with "…" or "..."',
    `- never copy more than ${MAX_COPIED_RUN} words in a row from the description: say it in new words`,
    `- the product's name exactly as written, "${product.name}", at most once per text (or not at all)`,
    `- sentence case (no Title Case, no words in capitals) and correct punctuation${product.language === 'fr' ? ' (French: a space before ? ! : ;)' : product.language === 'es' ? ' (Spanish: ¿…? and ¡…!)' : ''}`,
    `- at most ${MAX_EMOJI} emoji, only where they fit the words; no hashtags, no links`,
    '- every text opens with different words from the others',
    ...(input.like?.length
      ? [
          'These texts won in the ads (they had the best results). Write new ones like them: the same kind of opening words, about the same length and number of lines, the same punctuation at the end, emoji only if they have some, the same formulas. Never repeat them or four of their words in a row; say it in new words:',
          ...input.like.slice(0, 20).map((t) => `- ${JSON.stringify(t)}`),
        ]
      : []),
    'Answer with JSON only: {"texts": [{"text": "…", "formula": "question"}]}',
  ].join('\n');
}

function factSheet(product: Product, content: string): string {
  const list = (items: string[]) => items.map((i) => `- ${i}`).join('\n');
  const parts = [
    `Product name: ${product.name}`,
    product.languageKnown ? `Language of the ads: ${LANGUAGE_NAMES[product.language]} (${product.language})` : 'Language of the ads: the description\'s own',
    product.category ? `What it is: ${product.category.article ? `${product.category.article} ` : ''}${product.category.text}` : '',
    product.audience ? `For: ${product.audience}` : '',
    product.problems.length ? `The problem it removes (the real "before"):\n${list(product.problems.map((p) => p.verbal ?? p.np ?? ''))}` : '',
    product.verbPhrases.length ? `What it does:\n${list(product.verbPhrases.map((v) => v.text))}` : '',
    product.lines.length ? `Facts and features:\n${list(product.lines.slice(0, 20))}` : '',
    product.facts.length ? `Numbers:\n${list(product.facts.map((f) => `${f.value} (${f.line})`))}` : '',
    product.objections.length ? `Doubts it answers:\n${list(product.objections.map((o) => `${o.question} → ${o.answer}`))}` : '',
    `Description as the user wrote it (for context; do not copy it):\n${content.slice(0, 4000)}`,
  ];
  return parts.filter(Boolean).join('\n\n');
}

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM). The prompt is built from
 * the facts the offline copywriter reads; the answer is structured output (a JSON schema). A failed
 * call is retried once; texts that fail the quality check are asked again once with the reasons,
 * and what still fails is replaced by an offline text.
 */
export function createOpenAiCopywriter(options: { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number; fetch?: typeof fetch; maxRetryAfterMs?: number }): Copywriter {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/chat/completions`;
  const offline = createTemplateCopywriter();
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;

  async function ask(body: Record<string, unknown>, signal?: AbortSignal): Promise<{ text: string; formula?: string }[]> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new CopywriterError('timeout', 'The model did not answer in time.')), options.timeoutMs ?? 30_000);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify(body),
          signal: controller.signal,
        });
      } catch (error) {
        if (controller.signal.aborted && controller.signal.reason instanceof CopywriterError) throw controller.signal.reason;
        throw new CopywriterError('unavailable', `The model could not be reached: ${(error as Error).message}`);
      }
      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        if (controller.signal.aborted && controller.signal.reason instanceof CopywriterError) throw controller.signal.reason;
        throw new CopywriterError('bad_response', `The model answered ${response.status} with something that is not JSON.`);
      }
      const apiError = (payload as { error?: { message?: unknown } })?.error?.message;
      if (response.status === 429) throw new RateLimited(retryAfterMs(response), typeof apiError === 'string' ? apiError : 'rate limited');
      if (!response.ok) throw new HttpError(response.status, typeof apiError === 'string' ? apiError : '');
      const choice = (payload as { choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[] })?.choices?.[0];
      if (typeof choice?.message?.refusal === 'string' && choice.message.refusal) throw new CopywriterError('bad_response', `The model refused: ${choice.message.refusal}`);
      const content = choice?.message?.content;
      if (typeof content !== 'string') throw new CopywriterError('bad_response', 'The answer has no message content.');
      let parsed: unknown;
      try {
        parsed = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
      } catch {
        throw new CopywriterError('bad_response', choice?.finish_reason === 'length' ? 'The answer was cut off before its JSON ended.' : 'The message is not JSON.');
      }
      const result = answerSchema.safeParse(parsed);
      if (!result.success) throw new CopywriterError('bad_response', 'The JSON is not {"texts": [...]}.');
      return result.data.texts.map((t) => (typeof t === 'string' ? { text: t } : t));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** One call, retried once: after a rate limit (waiting what the server asks), a bad answer, or a server that does not know json_schema. */
  async function askWithRetry(body: Record<string, unknown>, signal?: AbortSignal) {
    let lastError: unknown;
    let current = body;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return await ask(current, signal);
      } catch (error) {
        lastError = error;
        if (signal?.aborted) break;
        if (error instanceof RateLimited) {
          if (attempt === 0 && error.waitMs <= maxRetryAfterMs) await sleep(error.waitMs, signal);
          else break;
        } else if (error instanceof HttpError && error.status === 400 && /response_format|json_schema|schema/iu.test(error.detail)) {
          // an older OpenAI-compatible server: plain JSON mode, the shape in the prompt
          current = { ...body, response_format: { type: 'json_object' } };
        }
      }
    }
    if (lastError instanceof RateLimited) throw new CopywriterError('unavailable', `The model is rate limited: ${lastError.message}`);
    if (lastError instanceof HttpError) throw new CopywriterError('bad_response', `The model answered ${lastError.status}${lastError.detail ? `: ${lastError.detail}` : ''}.`);
    throw lastError instanceof CopywriterError ? lastError : new CopywriterError('bad_response', String(lastError));
  }

  async function write(input: GenerateTextsInput, callOptions?: { signal?: AbortSignal }): Promise<{ texts: WrittenText[]; language: Language }> {
    const count = Math.max(1, Math.min(200, Math.floor(input.count)));
    const product = readProduct(input.context, { language: input.language });
    const allowed = new Set<Formula>(input.formulas?.length ? input.formulas : FORMULAS);
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt(product, count, input) },
      { role: 'user', content: factSheet(product, input.context.content) },
    ];
    const body = (msgs: ChatMessage[]) => ({
      model: options.model,
      temperature: 0.9,
      response_format: { type: 'json_schema', json_schema: { name: 'hooks', strict: true, schema: ANSWER_SCHEMA } },
      messages: msgs,
    });
    const kept: WrittenText[] = [];
    const keep = (items: { text: string; formula?: string }[]): { text: string; problems: string[] }[] => {
      const candidates = items.map((i) => ({ text: i.text.replace(/\r\n?/g, '\n').trim(), formula: i.formula }));
      const rejected: { text: string; problems: string[] }[] = [];
      for (const c of candidates) {
        const formula = (FORMULAS as readonly string[]).includes(c.formula ?? '') ? (c.formula as Formula) : guessFormula(c.text);
        const problems = checkBatch([...kept.map((k) => k.text), c.text], product, input.avoid).at(-1)!.problems;
        if (input.like?.length && repeatsExample(c.text, input.like)) problems.push('It repeats a winning text: write a new one in other words.');
        if (!allowed.has(formula)) problems.push(`It follows the ${formula} formula; write only ${[...allowed].join(', ')}.`);
        if (problems.length === 0 && kept.length < count) kept.push({ text: c.text, formula, writer: 'openai' });
        else if (problems.length > 0) rejected.push({ text: c.text, problems });
      }
      return rejected;
    };

    const first = await askWithRetry(body(messages), callOptions?.signal);
    const rejected = keep(first);
    if (kept.length < count && !callOptions?.signal?.aborted) {
      // once more, with the reasons: the model fixes what it can
      const reasons = rejected.slice(0, 20).map((r, i) => `${i + 1}. "${r.text}": ${r.problems.join(' ')}`);
      const retry: ChatMessage[] = [
        ...messages,
        { role: 'assistant', content: JSON.stringify({ texts: first }) },
        {
          role: 'user',
          content: [
            reasons.length ? `These texts failed the checks:\n${reasons.join('\n')}` : `You wrote ${first.length} texts; ${count} are needed.`,
            `Write ${count - kept.length} new texts that pass every rule, opening differently from these kept ones: ${JSON.stringify(kept.map((k) => k.text))}.`,
          ].join('\n\n'),
        },
      ];
      try {
        keep(await askWithRetry(body(retry), callOptions?.signal));
      } catch (error) {
        if (callOptions?.signal?.aborted) throw error;
        // what the first answer gave stays; offline texts fill the rest
      }
    }
    if (kept.length < count) {
      // the kept texts go last in `avoid`: the offline texts open differently from them too
      const fill = await offline.write({ ...input, count: count - kept.length, avoid: [...(input.avoid ?? []), ...kept.map((k) => k.text)] });
      const seen = new Set(kept.map((k) => normalise(k.text)));
      for (const t of fill.texts) if (!seen.has(normalise(t.text))) kept.push(t);
    }
    return { texts: kept.slice(0, count), language: product.language };
  }

  return {
    provider: 'openai',
    costPerText: 1,
    write,
    async generateTexts(input, callOptions) {
      return (await write(input, callOptions)).texts.map((t) => t.text);
    },
  };
}

class RateLimited extends Error {
  constructor(
    readonly waitMs: number,
    message: string,
  ) {
    super(message);
  }
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Retry-After in seconds or as a date; OpenAI's x-ratelimit-reset-requests ("1s", "250ms"). */
function retryAfterMs(response: Response): number {
  const header = response.headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  const reset = /^(\d+(?:\.\d+)?)(ms|s)$/u.exec(response.headers.get('x-ratelimit-reset-requests') ?? '');
  if (reset) return Number(reset[1]) * (reset[2] === 's' ? 1000 : 1);
  return 1000;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

