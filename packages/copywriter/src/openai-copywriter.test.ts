import { afterEach, describe, expect, it } from 'vitest';
import { completion, startFakeModel, textsAnswer, type FakeModel, type ModelAnswer } from './fake-model.ts';
import { CopywriterError, createOpenAiCopywriter } from './index.ts';

const context = { name: 'Glow Serum', type: 'product' as const, content: 'Gives dull skin a glow.\nWhat makes it special:\n- Vitamin C' };

/** A local server speaking the chat-completions protocol; `answers` are served in turn. */
async function fakeModel(answers: ModelAnswer[]) {
  const model = await startFakeModel(answers);
  models.push(model);
  return model;
}
const models: FakeModel[] = [];
afterEach(async () => {
  for (const model of models.splice(0)) await model.close();
});
const texts = textsAnswer;

describe('openai copywriter', () => {
  it('asks for JSON with the context and returns the texts, duplicates removed', async () => {
    const model = await fakeModel([texts(['Glow in 7 days ✨', 'glow in 7 days ✨', 'POV: Vitamin C did this', 'Stop scrolling'])]);
    const writer = createOpenAiCopywriter({ baseUrl: model.url, apiKey: 'sk-test', model: 'gpt-test' });
    expect(writer.costPerText).toBe(1);
    expect(await writer.generateTexts({ context, count: 3 })).toEqual(['Glow in 7 days ✨', 'POV: Vitamin C did this', 'Stop scrolling']);
    const [request] = model.seen;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions', auth: 'Bearer sk-test' });
    expect(request!.body.model).toBe('gpt-test');
    expect(request!.body.response_format).toEqual({ type: 'json_object' });
    expect(request!.body.messages.at(-1)!.content).toContain('Glow Serum');
  });

  it('retries once after a malformed answer', async () => {
    const model = await fakeModel([completion('Sure! Here are your texts: 1. …'), texts(['One', 'Two'])]);
    const writer = createOpenAiCopywriter({ baseUrl: model.url, model: 'm' });
    expect(await writer.generateTexts({ context, count: 2 })).toEqual(['One', 'Two']);
    expect(model.seen).toHaveLength(2);
    expect(model.seen[0]!.auth).toBeUndefined();
  });

  it('gives up after two bad answers (wrong shape, server error) with bad_response', async () => {
    const model = await fakeModel([completion(JSON.stringify({ lines: ['x'] })), (res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}')]);
    const error = await createOpenAiCopywriter({ baseUrl: model.url, model: 'm' }).generateTexts({ context, count: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CopywriterError);
    expect((error as CopywriterError).code).toBe('bad_response');
    expect(model.seen).toHaveLength(2);
  });

  it('times out on a model that never answers', async () => {
    const model = await fakeModel([() => undefined]);
    const started = Date.now();
    const error = await createOpenAiCopywriter({ baseUrl: model.url, model: 'm', timeoutMs: 300 }).generateTexts({ context, count: 2 }).catch((e: unknown) => e);
    expect((error as CopywriterError).code).toBe('timeout');
    expect(model.seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports an endpoint that cannot be reached as unavailable', async () => {
    const error = await createOpenAiCopywriter({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000 }).generateTexts({ context, count: 1 }).catch((e: unknown) => e);
    expect((error as CopywriterError).code).toBe('unavailable');
  });
});
