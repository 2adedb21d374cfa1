import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam } from './videos.test-helpers.ts';

/** Hooks that pass the quality check for the Glow Serum context below. */
const GOOD = [
  { text: 'Dull skin?\nGlow Serum gives it a glow in 7 days ✨', formula: 'question' },
  { text: 'POV: your skin glows after a week of vitamin C.', formula: 'pov' },
  { text: 'Vegan, cruelty free, vitamin C.\nThat’s Glow Serum.', formula: 'list' },
];
const GLOW = 'Gives dull skin a visible glow in 7 days.\nWhat makes it special:\n- Vitamin C from real oranges\n- Vegan and cruelty free';

/** A chat-completions endpoint: answers with `next` (set per test). */
let next: 'good' | 'bad' = 'good';
let requests = 0;
let server: Server;
let t: TestApp;
let admin: TestUser;
let team: { slug: string };

beforeAll(async () => {
  server = createServer(async (req, res) => {
    for await (const _ of req) void _;
    requests++;
    const content = next === 'good' ? JSON.stringify({ texts: GOOD }) : 'not json';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t = await createTestApp({ OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, OPENAI_API_KEY: 'sk-test' });
  ({ user: admin, team } = await userWithTeam(t.app, 'Copy Team'));
  await subscribeTeam(t.app, admin, team.slug);
});
afterAll(async () => {
  await t?.close();
  server?.close();
});

const balance = async () => (await as(t.app, admin)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` })).json().balance as number;

describe('generate_texts with a real model (openai provider)', () => {
  it('spends a credit per text, and gives them back when the model fails', async () => {
    const context = (await as(t.app, admin)({ method: 'POST', url: '/api/contexts/', payload: { name: 'Glow Serum', type: 'product', content: GLOW } })).json();
    const before = await balance();
    next = 'good';
    const res = await as(t.app, admin)({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'openai', credits_spent: 3, texts: GOOD.map((g) => g.text), items: GOOD, language: 'en' });
    expect(await balance()).toBe(before - 3);

    next = 'bad';
    requests = 0;
    const failed = await as(t.app, admin)({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 3 } });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({ code: 'copywriter_failed' });
    expect(requests).toBe(2);
    expect(await balance()).toBe(before - 3);
    const ledger = (await as(t.app, admin)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/transactions/` })).json();
    const kinds = (ledger.results ?? ledger).map((r: { kind: string }) => r.kind);
    expect(kinds.filter((k: string) => k === 'refund')).toHaveLength(1);
  });

  it('402 when the balance cannot pay for the texts, and nothing is spent', async () => {
    const context = (await as(t.app, admin)({ method: 'POST', url: '/api/contexts/', payload: { name: 'Mug', type: 'product', content: 'Hot.' } })).json();
    const before = await balance();
    const res = await as(t.app, admin)({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 200 } });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'insufficient_credits' });
    expect(await balance()).toBe(before);
  });
});
