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

/**
 * Writes `count` texts from a product context. A real model costs a credit per text: they are
 * spent first (402 when the balance is short) and given back if the model fails.
 */
export async function writeTexts(
  deps: AppDeps,
  teamId: number,
  userId: number,
  context: { id: number; name: string; type: string; content: string },
  count: number,
  options: { tone?: string; seed?: number; formulas?: Formula[]; language?: Language } = {},
): Promise<{ texts: string[]; items: WrittenText[]; language: Language; provider: 'template' | 'openai'; creditsSpent: number }> {
  const writer = getCopywriter(deps);
  const cost = writer.costPerText * count;
  const spend = cost > 0 ? await spendCredits(deps, teamId, cost, { reason: `${count} texts written for "${context.name}"`, userId }) : null;
  try {
    const { texts: items, language } = await writer.write({
      context: { name: context.name, type: context.type === 'general' ? 'general' : 'product', content: context.content },
      count,
      tone: options.tone,
      formulas: options.formulas,
      language: options.language,
      seed: options.seed ?? Date.now() % 2 ** 31,
    });
    if (items.length === 0) throw new NothingToWrite();
    const written = items.slice(0, count);
    return { texts: written.map((t) => t.text), items: written, language, provider: writer.provider, creditsSpent: cost };
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
}
