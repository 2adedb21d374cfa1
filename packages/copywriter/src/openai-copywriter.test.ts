import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES } from './fixtures/descriptions.ts';
import { ANSWER_SCHEMA, checkBatch, CopywriterError, createOpenAiCopywriter, FORMULAS, readProduct } from './index.ts';

const tidewater = FIXTURES.find((f) => f.id === 'en-tidewater')!;
const context = { name: tidewater.name, type: 'product' as const, content: tidewater.content };
const creme = FIXTURES.find((f) => f.id === 'fr-creme-nuit')!;

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  temperature?: number;
}
interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  body: ChatRequest;
}
type Answer = (res: ServerResponse, req: ChatRequest) => void;

/**
 * A local server speaking the chat-completions wire protocol: it checks the request as the real
 * API does (model, messages, a valid response_format) and serves `answers` in turn.
 */
async function fakeModel(answers: Answer[], options: { jsonSchema?: boolean } = {}) {
  const seen: Seen[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as ChatRequest;
    seen.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, body });
    const invalid = (message: string, param: string) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param, code: null } }));
    };
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return invalid('Unknown request URL.', 'url');
    if (!body.model || !Array.isArray(body.messages) || body.messages.some((m) => !['system', 'user', 'assistant'].includes(m.role) || typeof m.content !== 'string')) return invalid('Invalid messages.', 'messages');
    const format = body.response_format;
    if (format?.type === 'json_schema') {
      if (options.jsonSchema === false) return invalid("Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", 'response_format');
      const schema = format.json_schema;
      if (!schema || !/^[a-zA-Z0-9_-]{1,64}$/.test(schema.name) || typeof schema.schema !== 'object') return invalid("Invalid 'response_format.json_schema'.", 'response_format');
    } else if (format?.type !== 'json_object') return invalid("Invalid 'response_format'.", 'response_format');
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    answer(res, body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

function completion(message: { content: string | null; refusal?: string | null }, finishReason = 'stop'): Answer {
  return (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_test' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'gpt-test',
        choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, logprobs: null, finish_reason: finishReason }],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      }),
    );
  };
}
const hooks = (list: { text: string; formula: string }[]) => completion({ content: JSON.stringify({ texts: list }) });
const rateLimited =
  (retryAfter: string): Answer =>
  (res) => {
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter, 'x-ratelimit-reset-requests': '1s' });
    res.end(JSON.stringify({ error: { message: 'Rate limit reached for gpt-test on requests per min (RPM): Limit 3, Used 3, Requested 1.', type: 'requests', param: null, code: 'rate_limit_exceeded' } }));
  };

const GOOD = [
  { text: 'Still buying single-use plastic bottles?\nTidewater Bottle 🌊 keeps your water ice-cold all day.', formula: 'question' },
  { text: 'POV: your drinks are still ice-cold 24 hours later 🧊', formula: 'pov' },
  { text: 'Will it last?\nLifetime warranty.', formula: 'objection' },
];

describe('openai copywriter', () => {
  it('gets the winning texts as examples, and a text that repeats one is asked again', async () => {
    const winners = ['Still buying plastic bottles? 🌊'];
    const model = await fakeModel([hooks([{ text: 'Still buying plastic bottles? 🌊', formula: 'question' }, ...GOOD.slice(1)]), hooks([GOOD[0]!])]);
    const writer = createOpenAiCopywriter({ baseUrl: model.url, apiKey: 'sk-test', model: 'gpt-test' });
    const { texts } = await writer.write({ context, count: 3, like: winners });
    expect(texts.map((t) => t.text)).not.toContain(winners[0]);
    expect(texts.filter((t) => t.writer === 'openai').map((t) => t.text).sort()).toEqual(GOOD.map((g) => g.text).sort());
    const system = model.seen[0]!.body.messages[0]!.content;
    expect(system).toMatch(/These texts won in the ads/);
    expect(system).toContain(JSON.stringify(winners[0]));
    // the retry says why the first answer's copy was refused
    expect(model.seen[1]!.body.messages.at(-1)!.content).toMatch(/It repeats a winning text/);
  });

  it('asks for structured output with a prompt built from the description’s facts, and answers each text with its formula', async () => {
    const model = await fakeModel([hooks(GOOD)]);
    const writer = createOpenAiCopywriter({ baseUrl: model.url, apiKey: 'sk-test', model: 'gpt-test' });
    expect(writer.costPerText).toBe(1);
    const { texts, language } = await writer.write({ context, count: 3, tone: 'playful' });
    expect(language).toBe('en');
    expect(texts).toEqual(GOOD.map((g) => ({ ...g, writer: 'openai' })));
    const [request] = model.seen;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions', auth: 'Bearer sk-test' });
    expect(request!.body.model).toBe('gpt-test');
    expect(request!.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'hooks', strict: true, schema: ANSWER_SCHEMA } });
    const [system, user] = request!.body.messages;
    expect(system!.content).toMatch(/exactly 3 different texts in English/);
    expect(system!.content).toMatch(/Tone: playful/);
    for (const formula of FORMULAS) expect(system!.content).toContain(`- ${formula}:`);
    // the same facts the offline copywriter reads
    expect(user!.content).toMatch(/What it is: a water bottle/);
    expect(user!.content).toMatch(/For: commuters, hikers and gym-goers/);
    expect(user!.content).toMatch(/buying single-use plastic bottles/);
    expect(user!.content).toMatch(/keeps drinks ice-cold for 24 hours/);
    expect(user!.content).toMatch(/Will it last\? → Lifetime warranty/);
  });

  it('asks in the product’s language, and only for the formulas wanted', async () => {
    const model = await fakeModel([hooks([{ text: 'Marre des tiraillements du matin ?\nCrème Nuit Camélia répare votre peau la nuit.', formula: 'question' }])]);
    const writer = createOpenAiCopywriter({ baseUrl: model.url, model: 'm' });
    const { texts, language } = await writer.write({ context: { name: creme.name, type: 'product', content: creme.content }, count: 1, formulas: ['question'] });
    expect(language).toBe('fr');
    expect(texts[0]).toMatchObject({ formula: 'question', writer: 'openai' });
    const system = model.seen[0]!.body.messages[0]!.content;
    expect(system).toMatch(/in French/);
    expect(system).toMatch(/a space before \? ! : ;/);
    expect(system).toContain('- question:');
    expect(system).not.toContain('- pov:');
  });

  it('retries once with the reasons, then replaces what still fails with offline texts: the user never sees a broken hook', async () => {
    const broken = [
      GOOD[0]!,
      { text: 'Did you know Tidewater Bottle 🌊 tidewater is a reusable, double-wall insulated stainless…', formula: 'question' },
      { text: 'It keeps drinks ice-cold for 24 hours and hot for 12, so you stop buying.', formula: 'number' },
      { text: 'Stop scrolling.', formula: 'curiosity' },
    ];
    const fixed = [
      { text: 'Still buying single-use plastic bottles?\nThis is different.', formula: 'question' }, // opens like a kept text
      { text: 'Bet your water bottle can’t do this:\nIce-cold for 24 hours.', formula: 'challenge' },
    ];
    const model = await fakeModel([hooks(broken), hooks(fixed)]);
    const { texts } = await createOpenAiCopywriter({ baseUrl: model.url, model: 'm' }).write({ context, count: 4, seed: 3 });
    expect(model.seen).toHaveLength(2);
    const retry = model.seen[1]!.body.messages;
    expect(retry.at(-2)).toMatchObject({ role: 'assistant' });
    const reasons = retry.at(-1)!.content;
    expect(reasons).toMatch(/ellipsis/);
    expect(reasons).toMatch(/names the product twice/);
    expect(reasons).toMatch(/copies more than 8 words/);
    expect(reasons).toMatch(/says nothing this product does/);
    expect(texts).toHaveLength(4);
    expect(texts.slice(0, 2).map((t) => t.writer)).toEqual(['openai', 'openai']);
    expect(texts[1]!.text).toMatch(/^Bet your water bottle/);
    expect(texts.slice(2).map((t) => t.writer)).toEqual(['template', 'template']);
    for (const r of checkBatch(texts.map((t) => t.text), readProduct(context))) expect(r.problems, r.text).toEqual([]);
  });

  it('takes a plain list of strings from a server that ignores the schema, and names their formulas', async () => {
    const model = await fakeModel([completion({ content: '```json\n' + JSON.stringify({ texts: ['POV: your drinks are still ice-cold 24 hours later.', 'Before: single-use plastic bottles.\nAfter: Tidewater Bottle 🌊'] }) + '\n```' })]);
    const { texts } = await createOpenAiCopywriter({ baseUrl: model.url, model: 'm' }).write({ context, count: 2 });
    expect(texts.map((t) => t.formula)).toEqual(['pov', 'before_after']);
  });

  it('falls back to JSON mode when the server does not know json_schema', async () => {
    const model = await fakeModel([hooks(GOOD)], { jsonSchema: false });
    const { texts } = await createOpenAiCopywriter({ baseUrl: model.url, model: 'm' }).write({ context, count: 3 });
    expect(texts).toHaveLength(3);
    expect(model.seen.map((s) => s.body.response_format.type)).toEqual(['json_schema', 'json_object']);
  });

  it('retries once after a refusal or truncated JSON; gives up after two with bad_response', async () => {
    const truncated = completion({ content: JSON.stringify({ texts: GOOD }).slice(0, 40) }, 'length');
    const refusal = completion({ content: null, refusal: "I'm sorry, but I can't help with that request." });
    const recovered = await fakeModel([truncated, hooks(GOOD)]);
    expect(await createOpenAiCopywriter({ baseUrl: recovered.url, model: 'm' }).generateTexts({ context, count: 3 })).toEqual(GOOD.map((g) => g.text));
    expect(recovered.seen).toHaveLength(2);

    const refusing = await fakeModel([refusal, truncated]);
    const error = await createOpenAiCopywriter({ baseUrl: refusing.url, model: 'm' }).write({ context, count: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CopywriterError);
    expect((error as CopywriterError).code).toBe('bad_response');
    expect((error as CopywriterError).message).toMatch(/cut off/);
    expect(refusing.seen).toHaveLength(2);

    const refusedTwice = await fakeModel([refusal]);
    const refused = await createOpenAiCopywriter({ baseUrl: refusedTwice.url, model: 'm' }).write({ context, count: 3 }).catch((e: unknown) => e);
    expect((refused as CopywriterError).message).toMatch(/refused: I'm sorry/);
  });

  it('waits what a 429 asks and tries again; a second 429 is reported as unavailable', async () => {
    const once = await fakeModel([rateLimited('0'), hooks(GOOD)]);
    expect(await createOpenAiCopywriter({ baseUrl: once.url, model: 'm' }).generateTexts({ context, count: 3 })).toHaveLength(3);
    expect(once.seen).toHaveLength(2);

    const always = await fakeModel([rateLimited('0')]);
    const error = await createOpenAiCopywriter({ baseUrl: always.url, model: 'm' }).write({ context, count: 3 }).catch((e: unknown) => e);
    expect((error as CopywriterError).code).toBe('unavailable');
    expect((error as CopywriterError).message).toMatch(/rate limited: Rate limit reached/);
    expect(always.seen).toHaveLength(2);

    // a wait longer than the copywriter accepts is not waited for
    const long = await fakeModel([rateLimited('3600')]);
    const tooLong = await createOpenAiCopywriter({ baseUrl: long.url, model: 'm', maxRetryAfterMs: 1000 }).write({ context, count: 3 }).catch((e: unknown) => e);
    expect((tooLong as CopywriterError).code).toBe('unavailable');
    expect(long.seen).toHaveLength(1);
  });

  it('gives up after two server errors with bad_response', async () => {
    const model = await fakeModel([(res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom","type":"server_error"}}')]);
    const error = await createOpenAiCopywriter({ baseUrl: model.url, model: 'm' }).write({ context, count: 2 }).catch((e: unknown) => e);
    expect((error as CopywriterError).code).toBe('bad_response');
    expect((error as CopywriterError).message).toMatch(/500: boom/);
    expect(model.seen).toHaveLength(2);
  });

  it('times out on a model that never answers', async () => {
    const model = await fakeModel([() => undefined]);
    const error = await createOpenAiCopywriter({ baseUrl: model.url, model: 'm', timeoutMs: 300 }).generateTexts({ context, count: 2 }).catch((e: unknown) => e);
    expect((error as CopywriterError).code).toBe('timeout');
    expect(model.seen).toHaveLength(2);
  });

  it('reports an endpoint that cannot be reached as unavailable', async () => {
    const error = await createOpenAiCopywriter({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000 }).generateTexts({ context, count: 1 }).catch((e: unknown) => e);
    expect((error as CopywriterError).code).toBe('unavailable');
  });
});
