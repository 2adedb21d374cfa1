import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, GLOW_SERUM, GLOW_SERUM_HOOKS, startFakeModel, type FakeModel } from '@hookwall/copywriter/testing';
import { as, createTestApp, userWithTeam, type TestApp } from '../../test/harness.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe-server.ts';

const APP = 'http://localhost:3000';
const returnUrls = { success_url: `${APP}/settings/subscription`, cancel_url: `${APP}/settings/subscription` };

/** What a team that never subscribed meets under each mode: the team object, making a video, the plans, a checkout, the health check. */
async function firstLook(t: TestApp) {
  const { user, team } = await userWithTeam(t.app, 'Mode Team');
  const call = as(t.app, user);
  const view = (await call({ method: 'GET', url: `/teams/api/teams/${team.id}/` })).json();
  const wall = await call({ method: 'POST', url: '/api/text-wall-videos/', headers: { 'x-team-slug': team.slug }, payload: { text: 'Made without a plan', duration_seconds: 5 } });
  const bulk = await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', headers: { 'x-team-slug': team.slug }, payload: { texts: ['One', 'Two'], duration_seconds: 5 } });
  const plans = (await call({ method: 'GET', url: `/a/${team.slug}/subscription/api/plans/` })).json();
  const checkout = await call({ method: 'POST', url: `/a/${team.slug}/subscription/stripe/api/create-checkout-session/`, payload: { price_id: plans.plans[0].stripe_price_id || 'price_early_supporter', ...returnUrls } });
  const health = (await t.app.inject({ method: 'GET', url: '/api/health/' })).json();
  return { user, team, call, view, wall, bulk, plans, checkout, health };
}

describe('BILLING=none: an internal installation, nothing is sold and nothing gated', () => {
  let t: TestApp;
  let model: FakeModel;
  beforeAll(async () => {
    model = await startFakeModel([completion(JSON.stringify({ texts: GLOW_SERUM_HOOKS.slice(0, 3) }))]);
    t = await createTestApp({ BILLING: 'none', OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'sk-test' });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('a team without a subscription makes text walls; every paying call says billing is off', async () => {
    const { team, call, view, wall, bulk, plans, checkout, health } = await firstLook(t);
    expect(view).toMatchObject({ has_active_subscription: true, subscription: null });
    expect(wall.statusCode, wall.body).toBe(201);
    expect(bulk.statusCode, bulk.body).toBe(202);
    expect(bulk.json().total).toBe(2);
    expect(plans.provider).toBe('none');
    expect(health.billing).toEqual({ mode: 'none' });

    const off = { detail: 'Billing is off on this installation: every team can make videos without a subscription.', code: 'billing_off' };
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toEqual(off);
    const purchase = await call({ method: 'POST', url: `/a/${team.slug}/subscription/api/credits/purchase/`, payload: { pack: '100', ...returnUrls } });
    expect([purchase.statusCode, purchase.json()]).toEqual([400, off]);
    const portal = await call({ method: 'POST', url: `/a/${team.slug}/subscription/stripe/api/create-portal-session/` });
    expect([portal.statusCode, portal.json()]).toEqual([400, off]);
    // the test checkout's pages and Stripe's webhook do not exist here
    expect((await call({ method: 'GET', url: `/a/${team.slug}/subscription/local/api/portal/` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/subscription/stripe/webhook/', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(404);
  });

  it('texts a model writes cost no credits (none can be bought)', async () => {
    const { team, call } = await firstLook(t);
    const context = (await call({ method: 'POST', url: '/api/contexts/', headers: { 'x-team-slug': team.slug }, payload: { ...GLOW_SERUM, type: 'product' } })).json();
    const res = await call({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', headers: { 'x-team-slug': team.slug }, payload: { context_id: context.id, count: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'openai', credits_spent: 0 });
    expect((await call({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` })).json().balance).toBe(0);
    expect((await call({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/transactions/` })).json().count).toBe(0);
  });
});

describe('BILLING=local (the default outside production without Stripe keys): the test checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BILLING: 'local' });
  });
  afterAll(() => t?.close());

  it('a team without a subscription may not make videos, and subscribes through the local checkout', async () => {
    const { view, wall, bulk, plans, checkout, health } = await firstLook(t);
    expect(view).toMatchObject({ has_active_subscription: false, subscription: null });
    expect([wall.statusCode, wall.json().code]).toEqual([402, 'subscription_required']);
    expect([bulk.statusCode, bulk.json().code]).toEqual([402, 'subscription_required']);
    expect(plans.provider).toBe('local');
    expect(health.billing).toEqual({ mode: 'local' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json()).toMatch(/^http:\/\/localhost:3000\/billing\/checkout\/[0-9a-f-]{36}$/);
  });
});

describe('BILLING=stripe: Stripe', () => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_PRICE_EARLY_SUPPORTER: 'price_test_plan',
      STRIPE_PRICE_CREDITS_100: 'price_test_100',
      STRIPE_PRICE_CREDITS_500: 'price_test_500',
      STRIPE_API_HOST: fake.host,
      STRIPE_API_PORT: fake.port,
      STRIPE_API_PROTOCOL: 'http',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a team without a subscription may not make videos, and checks out at Stripe', async () => {
    const { view, wall, plans, checkout, health, call, team } = await firstLook(t);
    expect(view).toMatchObject({ has_active_subscription: false });
    expect(wall.statusCode).toBe(402);
    expect(plans).toMatchObject({ provider: 'stripe', plans: [{ stripe_price_id: 'price_test_plan' }] });
    expect(health.billing).toEqual({ mode: 'stripe' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json()).not.toMatch(/\/billing\/checkout\//);
    // the local test checkout does not exist next to Stripe
    expect((await call({ method: 'GET', url: `/a/${team.slug}/subscription/local/api/portal/` })).statusCode).toBe(404);
  });
});
