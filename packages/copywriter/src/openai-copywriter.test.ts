import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CopywriterError, createOpenAiCopywriter } from './index.ts';

const context = { name: 'Glow Serum', type: 'product' as const, content: 'Gives dull skin a glow.\nWhat makes it special:\n- Vitamin C' };

interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; response_format: { type: string } };
}

/** A local server speaking the chat-completions protocol; `answers` are served in turn. */
async function fakeModel(answers: ((res: ServerResponse) => void)[]) {
  const seen: Seen[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    seen.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, body: JSON.parse(raw) });
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    answer(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  servers.push(server);
  return { url, seen };
}
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const completion = (content: string) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
};
const texts = (list: string[]) => completion(JSON.stringify({ texts: list }));

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
