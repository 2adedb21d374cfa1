import { createOpenAiCopywriter, createTemplateCopywriter, CopywriterError, type Copywriter, type Formula, type Language, type WrittenText } from '@hookwall/copywriter';
import type { AppDeps } from '../../core/deps.ts';
import { AppError } from '../../core/errors.ts';
import { refundCredits, spendCredits } from '../billing/billing.service.ts';

let cached: { key: string; writer: Copywriter } | null = null;

/** The configured copywriter: `openai` when OPENAI_BASE_URL (or OPENAI_API_KEY) is set, else the free offline template. */
export function getCopywriter(deps: AppDeps): Copywriter {
  const { COPYWRITER, OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL, OPENAI_TIMEOUT_MS } = deps.config;
  const key = `${COPYWRITER}|${OPENAI_BASE_URL}|${OPENAI_MODEL}|${OPENAI_API_KEY ? 'k' : ''}`;
  if (cached?.key === key) return cached.writer;
  const writer =
    COPYWRITER === 'openai'
      ? createOpenAiCopywriter({ baseUrl: OPENAI_BASE_URL ?? 'https://api.openai.com/v1', apiKey: OPENAI_API_KEY, model: OPENAI_MODEL, timeoutMs: OPENAI_TIMEOUT_MS })
      : createTemplateCopywriter();
  cached = { key, writer };
  return writer;
}

/** The copywriter found nothing in the context to write a passing text from. */
class NothingToWrite extends Error {}

const failed = (reason: string) =>
  new AppError('bad_request', reason, { body: { detail: reason, code: 'copywriter_failed' } });

export interface WrittenTexts {
  texts: string[];
  /** each text with its formula and who wrote it (a model's text that failed the check is replaced offline) */
  items: WrittenText[];
  language: Language;
  provider: 'template' | 'openai';
  /**
   * Charges the texts that were used (`used`: some of `items`) that a model wrote, and gives back
   * what the others took, once; returns the credits charged. Call it when the texts have been put to
   * use (or not: `settle([])` gives everything back).
   */
  settle(used: WrittenText[]): Promise<number>;
}

/**
 * Writes `count` texts from a product context. A real model costs a credit per text it wrote that
 * is used: the texts asked for are paid first (402 when the balance is short), and what the model
 * did not write (or wrote and the quality check replaced offline), or the caller did not use, is
 * given back by `settle`; everything is given back if the model fails. With `BILLING=none` nothing
 * is charged.
 */
export async function writeTexts(
  deps: AppDeps,
  teamId: number,
  userId: number,
  context: { id: number; name: string; type: string; content: string },
  count: number,
  options: { tone?: string; seed?: number; formulas?: Formula[]; language?: Language; like?: string[] } = {},
): Promise<WrittenTexts> {
  const writer = getCopywriter(deps);
  const price = deps.config.BILLING === 'none' ? 0 : writer.costPerText;
  const cost = price * count;
  const spend = cost > 0 ? await spendCredits(deps, teamId, cost, { reason: `${count} texts asked of the copywriter for "${context.name}"`, userId }) : null;
  let items: WrittenText[];
  let language: Language;
  try {
    const result = await writer.write({
      context: { name: context.name, type: context.type === 'general' ? 'general' : 'product', content: context.content },
      count,
      tone: options.tone,
      formulas: options.formulas,
      language: options.language,
      like: options.like,
      seed: options.seed ?? Date.now() % 2 ** 31,
    });
    if (result.texts.length === 0) throw new NothingToWrite();
    items = result.texts.slice(0, count);
    language = result.language;
  } catch (error: unknown) {
    if (spend) await refundCredits(deps, teamId, spend.id, { reason: 'The copywriter failed; credits returned.', userId });
    if (error instanceof NothingToWrite) {
      throw failed(
        options.formulas?.length
          ? 'This product context gives nothing to write these formulas from. Choose other formulas, or say more about the product (what it does, the problem it removes, its numbers).'
          : 'This product context gives nothing to write from. Say what the product does and what makes it special, in English, French, Spanish, German, Portuguese or Italian.',
      );
    }
    if (error instanceof CopywriterError) {
      throw failed(
        error.code === 'timeout'
          ? 'The copywriter took too long to answer. Your credits were returned; please try again.'
          : 'The copywriter could not write the texts. Your credits were returned; please try again.',
      );
    }
    throw error;
  }
  const byModel = items.filter((item) => item.writer === 'openai').length;
  let charged: Promise<number> | null = null;
  const settle = (used: WrittenText[]) => {
    charged ??= (async () => {
      const kept = Math.min(used.filter((item) => item.writer === 'openai').length, count);
      if (!spend || kept === count) return kept * price;
      const reason =
        kept === 0
          ? 'No text the copywriter wrote was used; credits returned.'
          : kept < byModel
            ? `${kept} of the ${byModel} texts written were used; the rest returned.`
            : `The copywriter wrote ${byModel} of ${count} texts; the rest returned.`;
      await refundCredits(deps, teamId, spend.id, { reason, userId, amount: (count - kept) * price });
      return kept * price;
    })();
    return charged;
  };
  return { texts: items.map((item) => item.text), items, language, provider: writer.provider, settle };
}
