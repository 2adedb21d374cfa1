import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, GLOW_SERUM, GLOW_SERUM_HOOKS, startFakeModel, textsAnswer, type FakeModel } from '@hookwall/copywriter/testing';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam } from './videos.test-helpers.ts';

/** An OpenAI-compatible endpoint on this machine, speaking the real chat-completions protocol. */
let model: FakeModel;
let t: TestApp;
let admin: TestUser;
let team: { slug: string };

const GOOD = GLOW_SERUM_HOOKS;
const THREE = GOOD.slice(0, 3);
const GLOW = GLOW_SERUM.content;

beforeAll(async () => {
  model = await startFakeModel([completion(JSON.stringify({ texts: THREE }))]);
  t = await createTestApp({ OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'sk-test' });
  ({ user: admin, team } = await userWithTeam(t.app, 'Copy Team'));
  await subscribeTeam(t.app, admin, team.slug);
});
afterAll(async () => {
  await t?.close();
  await model?.close();
});

const call = () => as(t.app, admin);
const balance = async () => (await call()({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` })).json().balance as number;
const ledger = async () => {
  const body = (await call()({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/transactions/` })).json();
  return (body.results ?? body) as { kind: string; amount: number; reason: string }[];
};
const newContext = async (name: string) => (await call()({ method: 'POST', url: '/api/contexts/', payload: { name, type: 'product', content: GLOW } })).json() as { id: number };

describe('generate_texts with a real model (openai provider)', () => {
  it('spends a credit per text, and gives them back when the model fails', async () => {
    const context = await newContext('Glow Serum');
    const before = await balance();
    model.answerWith([completion(JSON.stringify({ texts: THREE }))]);
    const res = await call()({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'openai', credits_spent: 3, texts: THREE.map((g) => g.text), items: THREE, language: 'en' });
    expect(await balance()).toBe(before - 3);

    model.answerWith([completion('not json')]);
    const asked = model.seen.length;
    const refundsBefore = (await ledger()).filter((r) => r.kind === 'refund').length;
    const failed = await call()({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 3 } });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({ code: 'copywriter_failed' });
    expect(model.seen.length - asked).toBe(2);
    expect(await balance()).toBe(before - 3);
    expect((await ledger()).filter((r) => r.kind === 'refund')).toHaveLength(refundsBefore + 1);
  });

  it('charges the texts the model wrote: 5 of 10 asked costs 5 credits (the rest written offline, free)', async () => {
    const context = await newContext('Glow Serum');
    const before = await balance();
    model.answerWith([textsAnswer(GOOD.map((g) => g.text))]);
    const res = await call()({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'openai', credits_spent: 5 });
    expect(res.json().texts.slice(0, 5)).toEqual(GOOD.map((g) => g.text));
    expect(await balance()).toBe(before - 5);
    // the ledger says why: ten paid for up front, five given back
    const [refund, spend] = await ledger();
    expect(spend).toMatchObject({ kind: 'spend', amount: -10 });
    expect(refund).toMatchObject({ kind: 'refund', amount: 5, reason: 'The copywriter wrote 5 of 10 texts; the rest returned.' });
  });

  it('402 when the balance cannot pay for the texts, and nothing is spent', async () => {
    const context = await newContext('Mug');
    const before = await balance();
    const res = await call()({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 200 } });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'insufficient_credits' });
    expect(await balance()).toBe(before);
  });
});

describe('bulk_create from a context with a real model', () => {
  const videosOf = async (jobId: string) => {
    const status = await call()({ method: 'GET', url: `/api/text-wall-videos/bulk-job-status/${jobId}/` });
    return status.json() as { total: number };
  };

  it('charges the texts the model wrote that became videos: count 10 with 5 written by the model costs 5 credits', async () => {
    const context = await newContext('Glow Serum');
    const before = await balance();
    model.answerWith([textsAnswer(GOOD.map((g) => g.text))]);
    const res = await call()({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { context_id: context.id, count: 10, duration_seconds: 5 } });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    // the model's five, and what the offline copywriter could add from this short description
    expect(body.total).toBeGreaterThanOrEqual(5);
    expect(body.video_ids).toHaveLength(body.total);
    expect((await videosOf(body.job_id)).total).toBe(body.total);
    expect(await balance()).toBe(before - 5);
  });

  it('a request refused for another reason asks the model nothing and spends nothing', async () => {
    const context = await newContext('Refused Serum');
    const before = await balance();
    const asked = model.seen.length;
    const res = await call()({
      method: 'POST',
      url: '/api/text-wall-videos/bulk_create/',
      payload: { context_id: context.id, count: 3, background_video_ids: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('background_video_ids');
    expect(model.seen.length).toBe(asked);
    expect(await balance()).toBe(before);
  });
});
