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

/**
 * Writes `count` texts from a product context. A real model costs a credit per text: they are
 * spent first (402 when the balance is short) and given back if the model fails. Answers the
 * spend (null when nothing was spent), so a caller that then cannot use the texts gives it back.
 */
export async function writeTexts(
  deps: AppDeps,
  teamId: number,
  userId: number,
  context: { id: number; name: string; type: string; content: string },
  count: number,
  options: { tone?: string; seed?: number } = {},
): Promise<{ texts: string[]; provider: 'template' | 'openai'; creditsSpent: number; spend: { id: number } | null }> {
  const writer = getCopywriter(deps);
  const cost = writer.costPerText * count;
  const spend = cost > 0 ? await spendCredits(deps, teamId, cost, { reason: `${count} texts written for "${context.name}"`, userId }) : null;
  try {
    const texts = await writer.generateTexts({
      context: { name: context.name, type: context.type === 'general' ? 'general' : 'product', content: context.content },
      count,
      tone: options.tone,
      seed: options.seed ?? Date.now() % 2 ** 31,
    });
    if (texts.length === 0) throw new CopywriterError('bad_response', 'The copywriter wrote nothing.');
    return { texts: texts.slice(0, count), provider: writer.provider, creditsSpent: cost, spend: spend ? { id: spend.id } : null };
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
}
