import { createOpenAiCopywriter, createTemplateCopywriter, CopywriterError, type Copywriter } from '@hookwall/copywriter';
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

const failed = (reason: string) =>
  new AppError('bad_request', reason, { body: { detail: reason, code: 'copywriter_failed' } });

export interface WrittenTexts {
  texts: string[];
  provider: 'template' | 'openai';
  /**
   * Charges the texts that were used (`used`, at most the texts written) and gives back what the
   * others took, once; returns the credits charged. Call it when the texts have been put to use (or
   * not: `settle(0)` gives everything back).
   */
  settle(used: number): Promise<number>;
}

/**
 * Writes `count` texts from a product context. A real model costs a credit per text used: the
 * texts asked for are paid first (402 when the balance is short), and what the model did not write,
 * or the caller did not use, is given back by `settle`; everything is given back if the model fails.
 * With `BILLING=none` nothing is charged.
 */
export async function writeTexts(
  deps: AppDeps,
  teamId: number,
  userId: number,
  context: { id: number; name: string; type: string; content: string },
  count: number,
  options: { tone?: string; seed?: number } = {},
): Promise<WrittenTexts> {
  const writer = getCopywriter(deps);
  const price = deps.config.BILLING === 'none' ? 0 : writer.costPerText;
  const cost = price * count;
  const spend = cost > 0 ? await spendCredits(deps, teamId, cost, { reason: `${count} texts asked of the copywriter for "${context.name}"`, userId }) : null;
  let texts: string[];
  try {
    texts = await writer.generateTexts({
      context: { name: context.name, type: context.type === 'general' ? 'general' : 'product', content: context.content },
      count,
      tone: options.tone,
      seed: options.seed ?? Date.now() % 2 ** 31,
    });
    if (texts.length === 0) throw new CopywriterError('bad_response', 'The copywriter wrote nothing.');
    texts = texts.slice(0, count);
  } catch (error: unknown) {
    if (spend) await refundCredits(deps, teamId, spend.id, { reason: 'The copywriter failed; credits returned.', userId });
    if (error instanceof CopywriterError) {
      throw failed(
        error.code === 'timeout'
          ? 'The copywriter took too long to answer. Your credits were returned; please try again.'
          : 'The copywriter could not write the texts. Your credits were returned; please try again.',
      );
    }
    throw error;
  }
  let charged: Promise<number> | null = null;
  const settle = (used: number) => {
    charged ??= (async () => {
      const kept = Math.max(0, Math.min(used, texts.length, count));
      if (!spend || kept === count) return kept * price;
      const reason =
        kept === 0
          ? 'No text was used; credits returned.'
          : kept < texts.length
            ? `${kept} of the ${texts.length} texts written were used; the rest returned.`
            : `The copywriter wrote ${texts.length} of ${count} texts; the rest returned.`;
      await refundCredits(deps, teamId, spend.id, { reason, userId, amount: (count - kept) * price });
      return kept * price;
    })();
    return charged;
  };
  return { texts, provider: writer.provider, settle };
}
