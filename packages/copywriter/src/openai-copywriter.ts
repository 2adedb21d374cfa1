import { z } from 'zod';
import { TEXT_LIMITS, CopywriterError, type Copywriter } from './types.ts';

const answerSchema = z.object({ texts: z.array(z.string()) });

function systemPrompt(count: number) {
  return [
    'You write short text-wall ads for vertical videos (TikTok, Reels, Shorts).',
    `Write exactly ${count} different texts, each at most ${TEXT_LIMITS.maxChars} characters and ${TEXT_LIMITS.maxLines} lines.`,
    'Use varied proven formats: question, POV, list of reasons, before/after, social proof, objection handling, "stop scrolling".',
    "Use the product's name, what it does and its special features. Use line breaks for rhythm. No hashtags.",
    'Answer with JSON only: {"texts": ["...", "..."]}',
  ].join('\n');
}

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM). Asks for JSON,
 * validates it, retries once on a bad or failed answer.
 */
export function createOpenAiCopywriter(options: { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number; fetch?: typeof fetch }): Copywriter {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/chat/completions`;

  async function ask(body: object, signal?: AbortSignal): Promise<string[]> {
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
        throw new CopywriterError('bad_response', 'The model answered with something that is not JSON.');
      }
      if (!response.ok) throw new CopywriterError('bad_response', `The model answered ${response.status}.`);
      const content = (payload as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new CopywriterError('bad_response', 'The answer has no message content.');
      let parsed: unknown;
      try {
        parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
      } catch {
        throw new CopywriterError('bad_response', 'The message is not JSON.');
      }
      const result = answerSchema.safeParse(parsed);
      if (!result.success) throw new CopywriterError('bad_response', 'The JSON is not {"texts": [...]}.');
      return result.data.texts;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    provider: 'openai',
    costPerText: 1,
    async generateTexts(input, callOptions) {
      const count = Math.max(1, Math.min(200, Math.floor(input.count)));
      const body = {
        model: options.model,
        response_format: { type: 'json_object' },
        temperature: 0.9,
        messages: [
          { role: 'system', content: systemPrompt(count) },
          {
            role: 'user',
            content: `Product name: ${input.context.name}\nKind: ${input.context.type}\n${input.tone ? `Tone: ${input.tone}\n` : ''}Description:\n${input.context.content}`,
          },
        ],
      };
      const avoid = new Set((input.avoid ?? []).map((t) => t.trim().toLowerCase()));
      let lastError: unknown;
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const seen = new Set<string>();
          const texts = (await ask(body, callOptions?.signal))
            .map((t) => t.trim())
            .filter((t) => t.length > 0 && t.length <= TEXT_LIMITS.maxChars * 1.5 && t.split('\n').length <= TEXT_LIMITS.maxLines + 2)
            .filter((t) => {
              const key = t.toLowerCase();
              if (seen.has(key) || avoid.has(key)) return false;
              seen.add(key);
              return true;
            });
          if (texts.length < Math.ceil(count / 2)) throw new CopywriterError('bad_response', `The model wrote ${texts.length} usable texts of ${count}.`);
          return texts.slice(0, count);
        } catch (error) {
          lastError = error;
          if (callOptions?.signal?.aborted) break;
        }
      }
      throw lastError instanceof CopywriterError ? lastError : new CopywriterError('bad_response', String(lastError));
    },
  };
}
