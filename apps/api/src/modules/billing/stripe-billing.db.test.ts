import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingWebhookEvents } from '@hookwall/db';
import { eq } from 'drizzle-orm';
import { as, createTestApp, userWithTeam, type TestApp } from '../../test/harness.ts';
import { fakeSubscription, startFakeStripe, type FakeStripe } from './fake-stripe-server.ts';

const APP = 'http://localhost:3000';
const WEBHOOK_SECRET = 'whsec_test_secret';
const PLAN_PRICE = 'price_test_plan';
const returnUrls = { success_url: `${APP}/settings/subscription?checkout=success`, cancel_url: `${APP}/settings/subscription?checkout=cancel` };
const DAY = 86_400;

let t: TestApp;
let fake: FakeStripe;
const signer = new Stripe('sk_test_signer_only');
let eventCounter = 0;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    WEB_DIST_DIR: '/nonexistent-web-dist',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_EARLY_SUPPORTER: PLAN_PRICE,
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

function stripeEvent(type: string, object: Record<string, unknown>, created = now()) {
  return { id: `evt_test_${++eventCounter}_${Date.now()}`, object: 'event', api_version: '2026-10-28.endive', created, type, livemode: false, pending_webhooks: 1, data: { object } };
}

async function deliver(event: object, options: { secret?: string; timestamp?: number; tamper?: (payload: string) => string } = {}) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return t.app.inject({
    method: 'POST',
    url: '/subscription/stripe/webhook/',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload: options.tamper ? options.tamper(payload) : payload,
  });
}

async function state(user: { access: string }, team: { id: number; slug: string }) {
  const view = (await as(t.app, user)({ method: 'GET', url: `/teams/api/teams/${team.id}/` })).json();
  const balance = (await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` })).json();
  return { active: view.has_active_subscription as boolean, subscription: view.subscription, ...balance } as {
    active: boolean;
    subscription: null | { status: string; current_period_end: string; cancel_at_period_end: boolean };
    balance: number;
    granted_this_period: number;
  };
}

/** A team whose admin went through create-checkout-session, with its fake Stripe customer. */
async function teamAtCheckout(name: string) {
  const { user, team } = await userWithTeam(t.app, name);
  const res = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/stripe/api/create-checkout-session/`, payload: { price_id: PLAN_PRICE, ...returnUrls } });
  expect(res.statusCode, res.body).toBe(200);
  // the customer the app created for this team is the one its Checkout session names
  const sessionRequest = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
  expect(sessionRequest.params.get('client_reference_id')).toBe(String(team.id));
  return { user, team, customer: sessionRequest.params.get('customer')!, checkoutUrl: res.json() as string };
}

/** Activates a team the way Stripe does: the subscription exists, then checkout.session.completed arrives. */
async function subscribe(name: string) {
  const at = await teamAtCheckout(name);
  const subscriptionId = `sub_${at.team.id}_${Date.now()}`;
  const periodStart = now() - 60;
  const subscription = fakeSubscription({ id: subscriptionId, customer: at.customer, teamId: at.team.id, status: 'active', priceId: PLAN_PRICE, periodStart, periodEnd: periodStart + 30 * DAY });
  fake.subscriptions.set(subscriptionId, subscription);
  const completed = stripeEvent('checkout.session.completed', {
    id: `cs_test_${subscriptionId}`,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: String(at.team.id),
    customer: at.customer,
    subscription: subscriptionId,
    payment_status: 'paid',
    status: 'complete',
    metadata: { team_id: String(at.team.id), kind: 'subscription' },
  });
  const res = await deliver(completed);
  expect(res.statusCode, res.body).toBe(200);
  return { ...at, subscriptionId, periodStart, subscription, completed };
}

function invoice(fields: { subscriptionId: string; customer: string; periodStart: number; amountPaid?: number; status?: string }) {
  return {
    id: `in_${fields.subscriptionId}_${fields.periodStart}`,
    object: 'invoice',
    customer: fields.customer,
    status: fields.status ?? 'paid',
    amount_paid: fields.amountPaid ?? 5000,
    billing_reason: 'subscription_cycle',
    parent: { type: 'subscription_details', subscription_details: { subscription: fields.subscriptionId, metadata: {} } },
    lines: { object: 'list', data: [{ id: `il_${fields.periodStart}`, object: 'line_item', amount: 5000, period: { start: fields.periodStart, end: fields.periodStart + 30 * DAY } }] },
  };
}

describe('Stripe checkout and portal (SDK against a local fake)', () => {
  it('create-checkout-session makes one customer per team and a subscription-mode Checkout session', async () => {
    const { user, team, checkoutUrl, customer } = await teamAtCheckout('Stripe Checkout');
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_fake_/);
    const session = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(Object.fromEntries(session.params)).toMatchObject({
      mode: 'subscription',
      customer,
      client_reference_id: String(team.id),
      'line_items[0][price]': PLAN_PRICE,
      'line_items[0][quantity]': '1',
      success_url: returnUrls.success_url,
      cancel_url: returnUrls.cancel_url,
      'subscription_data[metadata][team_id]': String(team.id),
    });
    // a second attempt reuses the customer
    const again = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/stripe/api/create-checkout-session/`, payload: { price_id: PLAN_PRICE, ...returnUrls } });
    expect(again.statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.path === '/v1/customers' && r.params.get('metadata[team_id]') === String(team.id))).toHaveLength(1);
    // the local provider's pages do not exist with Stripe on
    expect((await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/local/api/portal/` })).statusCode).toBe(404);
    const plans = (await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/plans/` })).json();
    expect(plans).toMatchObject({ provider: 'stripe', plans: [{ stripe_price_id: PLAN_PRICE }] });
  });

  it('the portal needs a customer (400), then answers Stripe\'s portal URL', async () => {
    const { user, team } = await userWithTeam(t.app, 'Stripe Portal');
    const before = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/stripe/api/create-portal-session/` });
    expect(before.statusCode).toBe(400);
    await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/stripe/api/create-checkout-session/`, payload: { price_id: PLAN_PRICE, ...returnUrls } });
    const after = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/stripe/api/create-portal-session/` });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.requests.at(-1)!.params.get('return_url')).toBe(`${APP}/settings/subscription`);
  });

  it('credit packs: a payment-mode Checkout; the completed session adds the pack once', async () => {
    const { user, team, customer } = await teamAtCheckout('Stripe Credits');
    const res = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/api/credits/purchase/`, payload: { pack: '100', ...returnUrls } });
    expect(res.statusCode, res.body).toBe(200);
    const session = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(Object.fromEntries(session.params)).toMatchObject({ mode: 'payment', 'line_items[0][price]': 'price_test_100', 'metadata[pack]': '100', 'metadata[kind]': 'credits' });

    const completed = stripeEvent('checkout.session.completed', {
      id: 'cs_test_pack_1_' + team.id,
      object: 'checkout.session',
      mode: 'payment',
      client_reference_id: String(team.id),
      customer,
      payment_status: 'paid',
      metadata: { team_id: String(team.id), kind: 'credits', pack: '100' },
    });
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await state(user, team)).toMatchObject({ active: false, balance: 100 });
  });
});

describe('Stripe webhooks', () => {
  it('a valid checkout.session.completed activates the team and grants the period credits', async () => {
    const { user, team, periodStart } = await subscribe('Webhook Activate');
    const s = await state(user, team);
    expect(s).toMatchObject({ active: true, balance: 100, granted_this_period: 100, subscription: { status: 'active', cancel_at_period_end: false } });
    expect(new Date(s.subscription!.current_period_end).getTime() / 1000).toBe(periodStart + 30 * DAY);
  });

  it('a bad signature is 400 and changes nothing', async () => {
    const at = await teamAtCheckout('Webhook Bad Signature');
    const subscriptionId = `sub_bad_${at.team.id}`;
    fake.subscriptions.set(subscriptionId, fakeSubscription({ id: subscriptionId, customer: at.customer, teamId: at.team.id, status: 'active', priceId: PLAN_PRICE, periodStart: now(), periodEnd: now() + 30 * DAY }));
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_test_bad', object: 'checkout.session', mode: 'subscription', client_reference_id: String(at.team.id), customer: at.customer, subscription: subscriptionId, payment_status: 'paid', metadata: {},
    });
    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({ detail: 'Invalid webhook signature.' });
    const tampered = await deliver(event, { tamper: (p) => p.replace('"paid"', '"paid" ') });
    expect(tampered.statusCode).toBe(400);
    const tooOld = await deliver(event, { timestamp: now() - 301 });
    expect(tooOld.statusCode).toBe(400);
    const fromTheFuture = await deliver(event, { timestamp: now() + 301 });
    expect(fromTheFuture.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/subscription/stripe/webhook/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(400);
    // a re-serialised body (what a JSON parser in front of the check would produce) does not verify either
    const reformatted = await deliver(event, { tamper: (p) => JSON.stringify(JSON.parse(p), null, 2) });
    expect(reformatted.statusCode).toBe(400);

    expect(await state(at.user, at.team)).toMatchObject({ active: false, balance: 0, subscription: null });
    expect(await t.deps.db.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.id, event.id))).toHaveLength(0);

    // the same event, correctly signed within the tolerance (a little clock skew either way), applies
    expect((await deliver(event, { timestamp: now() + 200 })).statusCode).toBe(200);
    expect(await state(at.user, at.team)).toMatchObject({ active: true, balance: 100 });
  });

  it('the same event delivered twice grants credits once; each paid period grants once', async () => {
    const { user, team, subscriptionId, customer, periodStart } = await subscribe('Webhook Idempotent');
    // Stripe also sends invoice.paid for the first period: already granted by the checkout
    const firstInvoice = stripeEvent('invoice.paid', invoice({ subscriptionId, customer, periodStart }));
    expect((await deliver(firstInvoice)).json()).toMatchObject({ outcome: 'applied' });
    expect(await state(user, team)).toMatchObject({ balance: 100 });

    // the next period
    const nextStart = periodStart + 30 * DAY;
    fake.subscriptions.set(subscriptionId, fakeSubscription({ id: subscriptionId, customer, teamId: team.id, status: 'active', priceId: PLAN_PRICE, periodStart: nextStart, periodEnd: nextStart + 30 * DAY }));
    const renewal = stripeEvent('invoice.paid', invoice({ subscriptionId, customer, periodStart: nextStart }));
    const [a, b] = await Promise.all([deliver(renewal), deliver(renewal)]);
    expect([a.json().outcome, b.json().outcome].sort()).toEqual(['applied', 'duplicate']);
    expect((await deliver(renewal)).json()).toMatchObject({ outcome: 'duplicate' });
    const s = await state(user, team);
    expect(s).toMatchObject({ balance: 200, granted_this_period: 100 });
    expect(new Date(s.subscription!.current_period_end).getTime() / 1000).toBe(nextStart + 30 * DAY);
    const ledger = (await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credit-transactions/` })).json();
    expect(ledger.results.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([['grant', 100], ['grant', 100]]);
  });

  it('invoice.payment_failed keeps access while past_due; customer.subscription.deleted ends it', async () => {
    const { user, team, subscriptionId, customer, periodStart } = await subscribe('Webhook Past Due');
    const pastDue = fakeSubscription({ id: subscriptionId, customer, teamId: team.id, status: 'past_due', priceId: PLAN_PRICE, periodStart, periodEnd: periodStart + 30 * DAY });
    fake.subscriptions.set(subscriptionId, pastDue);
    expect((await deliver(stripeEvent('invoice.payment_failed', invoice({ subscriptionId, customer, periodStart, amountPaid: 0, status: 'open' })))).statusCode).toBe(200);
    expect(await state(user, team)).toMatchObject({ active: true, subscription: { status: 'past_due' }, balance: 100 });

    const canceled = fakeSubscription({ id: subscriptionId, customer, teamId: team.id, status: 'canceled', priceId: PLAN_PRICE, periodStart, periodEnd: periodStart + 30 * DAY });
    fake.subscriptions.set(subscriptionId, canceled);
    expect((await deliver(stripeEvent('customer.subscription.deleted', canceled))).statusCode).toBe(200);
    const s = await state(user, team);
    expect(s).toMatchObject({ active: false, subscription: { status: 'canceled' }, period_end: null });
    // credits bought or granted stay; only access ends
    expect(s.balance).toBe(100);
  });

  it('events arriving out of order end in the right state (re-reading the subscription from Stripe)', async () => {
    const { user, team, subscriptionId, customer, periodStart } = await subscribe('Webhook Reorder');
    const canceled = fakeSubscription({ id: subscriptionId, customer, teamId: team.id, status: 'canceled', priceId: PLAN_PRICE, periodStart, periodEnd: periodStart + 30 * DAY });
    const stillActive = fakeSubscription({ id: subscriptionId, customer, teamId: team.id, status: 'active', priceId: PLAN_PRICE, periodStart, periodEnd: periodStart + 30 * DAY, cancelAtPeriodEnd: true });
    fake.subscriptions.set(subscriptionId, canceled);
    // Stripe's truth is "canceled"; the deletion arrives before the earlier update
    await deliver(stripeEvent('customer.subscription.deleted', canceled, now()));
    await deliver(stripeEvent('customer.subscription.updated', stillActive, now() - 120));
    expect(await state(user, team)).toMatchObject({ active: false, subscription: { status: 'canceled' } });
  });

  it('events arriving out of order end in the right state (event objects compared by time when Stripe cannot be read)', async () => {
    const { user, team } = await userWithTeam(t.app, 'Webhook Reorder Offline');
    const subscriptionId = `sub_unreadable_${team.id}`; // the fake answers 404 for it
    const customer = `cus_unreadable_${team.id}`;
    const t0 = now() - 600;
    const base = { id: subscriptionId, customer, teamId: team.id, priceId: PLAN_PRICE, periodStart: t0, periodEnd: t0 + 30 * DAY };
    const created = stripeEvent('customer.subscription.created', fakeSubscription({ ...base, status: 'incomplete' }), t0);
    const activated = stripeEvent('customer.subscription.updated', fakeSubscription({ ...base, status: 'active' }), t0 + 5);
    const deleted = stripeEvent('customer.subscription.deleted', fakeSubscription({ ...base, status: 'canceled' }), t0 + 50);
    const lateUpdate = stripeEvent('customer.subscription.updated', fakeSubscription({ ...base, status: 'active', cancelAtPeriodEnd: true }), t0 + 40);

    await deliver(activated);
    await deliver(created); // older: ignored
    expect(await state(user, team)).toMatchObject({ active: true, subscription: { status: 'active' } });
    await deliver(deleted);
    await deliver(lateUpdate); // older than the deletion: ignored
    expect(await state(user, team)).toMatchObject({ active: false, subscription: { status: 'canceled' } });
  });

  it('events of unknown teams and types are acknowledged and ignored', async () => {
    const stray = stripeEvent('customer.subscription.updated', fakeSubscription({ id: 'sub_nobody', customer: 'cus_nobody', teamId: 999_999, status: 'active', priceId: PLAN_PRICE, periodStart: now(), periodEnd: now() + DAY }));
    expect((await deliver(stray)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await deliver(stripeEvent('charge.succeeded', { id: 'ch_1', object: 'charge' }))).json()).toEqual({ received: true, outcome: 'ignored' });
  });
});
