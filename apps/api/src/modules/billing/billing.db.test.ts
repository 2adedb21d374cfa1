import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../core/error-handler.ts';
import { as, createTestApp, registerUser, userWithTeam, type TestApp } from '../../test/harness.ts';
import * as repo from './billing.repository.ts';
import { refundCredits, spendCredits } from './billing.service.ts';
import { requireActiveSubscription } from './subscription-guard.ts';

const APP = 'http://localhost:3000';
const returnUrls = { success_url: `${APP}/settings/subscription?checkout=success`, cancel_url: `${APP}/settings/subscription?checkout=cancel` };

let t: TestApp;
beforeAll(async () => {
  // no built web app: these tests are about the API only
  t = await createTestApp({ WEB_DIST_DIR: '/nonexistent-web-dist' });
});
afterAll(async () => {
  await t?.close();
});

async function teamView(user: { access: string }, teamId: number) {
  const res = await as(t.app, user)({ method: 'GET', url: `/teams/api/teams/${teamId}/` });
  expect(res.statusCode).toBe(200);
  return res.json() as { has_active_subscription: boolean; subscription: null | { status: string; plan: string; current_period_end: string; cancel_at_period_end: boolean } };
}

/** Sets a team's balance with an adjustment entry, as an operator would. */
async function adjust(teamId: number, amount: number) {
  await repo.inTransaction(t.deps.db, async (tx) => {
    const balance = await repo.lockBalance(tx, teamId);
    await repo.appendTransaction(tx, teamId, { amount, kind: 'adjustment', reason: 'test', reference: null, balanceAfter: balance + amount, createdById: null });
  });
}

async function startCheckout(user: { access: string }, slug: string) {
  const res = await as(t.app, user)({
    method: 'POST',
    url: `/a/${slug}/subscription/stripe/api/create-checkout-session/`,
    payload: { price_id: 'price_early_supporter', ...returnUrls },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const url = res.json() as string;
  expect(url).toMatch(new RegExp(`^${APP}/billing/checkout/[0-9a-f-]{36}$`));
  return url.split('/').pop()!;
}

describe('local provider (the embedded default)', () => {
  it('checkout → pay activates the subscription and grants the period credits, once', async () => {
    const { user, team } = await userWithTeam(t.app, 'Local Pay');
    expect(await teamView(user, team.id)).toMatchObject({ has_active_subscription: false, subscription: null });

    const plans = await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/plans/` });
    expect(plans.json()).toMatchObject({ provider: 'local', plans: [{ name: 'Early Supporter', price: 50, period: 'month', stripe_price_id: 'price_early_supporter' }] });

    const sessionId = await startCheckout(user, team.slug);
    const session = await as(t.app, user)({ method: 'GET', url: `/subscription/local/api/checkout/${sessionId}/` });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ id: sessionId, kind: 'subscription', status: 'open', test_mode: true, team: { slug: team.slug }, plan: { price: 50 } });

    const pay = await as(t.app, user)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/pay/` });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json()).toEqual({ redirect_url: returnUrls.success_url });

    const view = await teamView(user, team.id);
    expect(view.has_active_subscription).toBe(true);
    expect(view.subscription).toMatchObject({ status: 'active', plan: 'early_supporter', cancel_at_period_end: false });
    const periodEnd = new Date(view.subscription!.current_period_end).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 86_400_000);

    const balance = await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` });
    expect(balance.json()).toEqual({ balance: 100, granted_this_period: 100, period_end: view.subscription!.current_period_end });

    // paying twice (a double click) changes nothing
    const again = await as(t.app, user)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/pay/` });
    expect(again.json()).toEqual({ redirect_url: returnUrls.success_url });
    const ledger = await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/transactions/` });
    expect(ledger.json()).toMatchObject({ count: 1, results: [{ kind: 'grant', amount: 100, balance_after: 100, team: team.id }] });

    // a second subscription is refused while one is active
    const second = await as(t.app, user)({
      method: 'POST',
      url: `/a/${team.slug}/subscription/stripe/api/create-checkout-session/`,
      payload: { price_id: 'price_early_supporter', ...returnUrls },
    });
    expect(second.statusCode).toBe(409);
  });

  it('cancelling a checkout changes nothing and cannot be paid afterwards', async () => {
    const { user, team } = await userWithTeam(t.app, 'Local Cancel');
    const sessionId = await startCheckout(user, team.slug);
    const cancel = await as(t.app, user)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/cancel/` });
    expect(cancel.json()).toEqual({ redirect_url: returnUrls.cancel_url });
    const pay = await as(t.app, user)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/pay/` });
    expect(pay.statusCode).toBe(409);
    expect((await teamView(user, team.id)).has_active_subscription).toBe(false);
  });

  it('credit packs are bought through checkout in payment mode; the ledger lists newest first', async () => {
    const { user, team } = await userWithTeam(t.app, 'Local Credits');
    const res = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/api/credits/purchase/`, payload: { pack: '500', ...returnUrls } });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = (res.json() as string).split('/').pop()!;
    const session = await as(t.app, user)({ method: 'GET', url: `/subscription/local/api/checkout/${sessionId}/` });
    expect(session.json()).toMatchObject({ kind: 'credits', credits: 500, plan: null });
    await as(t.app, user)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/pay/` });
    await spendCredits(t.deps, team.id, 3, { reason: 'one text', userId: user.id });

    const balance = await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` });
    expect(balance.json()).toEqual({ balance: 497, granted_this_period: 0, period_end: null });
    const list = await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credit-transactions/?page_size=1` });
    const page = list.json();
    expect(page).toMatchObject({ count: 2, previous: null, results: [{ kind: 'spend', amount: -3, balance_after: 497, created_by: user.id }] });
    expect(page.next).toMatch(/page=2/);
    const ascending = await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credit-transactions/?ordering=created_at` });
    expect(ascending.json().results.map((r: { kind: string }) => r.kind)).toEqual(['purchase', 'spend']);
    const bad = await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credit-transactions/?ordering=secret` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('ordering');
    const pastEnd = await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credit-transactions/?page=9` });
    expect(pastEnd.statusCode).toBe(404);
  });

  it('the local portal cancels at period end; access lasts until then', async () => {
    const { user, team } = await userWithTeam(t.app, 'Local Portal');
    const noCustomer = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/stripe/api/create-portal-session/` });
    expect(noCustomer.statusCode).toBe(400);

    const sessionId = await startCheckout(user, team.slug);
    await as(t.app, user)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/pay/` });
    const portal = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/stripe/api/create-portal-session/` });
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toBe(`${APP}/billing/portal/${team.slug}?return_url=${encodeURIComponent(`${APP}/settings/subscription`)}`);

    const cancel = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/local/api/portal/cancel/` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ has_active_subscription: true, subscription: { status: 'active', cancel_at_period_end: true }, test_mode: true });
    expect((await teamView(user, team.id)).subscription).toMatchObject({ cancel_at_period_end: true });
    const resume = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/local/api/portal/resume/` });
    expect(resume.json()).toMatchObject({ subscription: { cancel_at_period_end: false } });
  });

  it('a local period that has run out renews with its credits once, or ends when cancelled', async () => {
    const { user, team } = await userWithTeam(t.app, 'Local Renewal');
    const sessionId = await startCheckout(user, team.slug);
    await as(t.app, user)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/pay/` });
    // move the paid period 40 days into the past, as if the app had been off for a while
    const day = 86_400_000;
    await repo.updateSubscription(t.deps.db, team.id, { currentPeriodStart: new Date(Date.now() - 40 * day), currentPeriodEnd: new Date(Date.now() - 10 * day) });

    const view = await teamView(user, team.id);
    expect(view).toMatchObject({ has_active_subscription: true, subscription: { status: 'active' } });
    expect(new Date(view.subscription!.current_period_end).getTime()).toBeGreaterThan(Date.now());

    const balanceUrl = `/a/${team.slug}/subscription/api/credits/balance/`;
    const [first, second] = await Promise.all([as(t.app, user)({ method: 'GET', url: balanceUrl }), as(t.app, user)({ method: 'GET', url: balanceUrl })]);
    expect(first.json()).toMatchObject({ balance: 200, granted_this_period: 100 });
    expect(second.json()).toMatchObject({ balance: 200 });
    expect(new Date(first.json().period_end).getTime()).toBe(new Date(view.subscription!.current_period_end).getTime());

    // cancelled and past its end: the subscription is over, the credits stay
    await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/local/api/portal/cancel/` });
    await repo.updateSubscription(t.deps.db, team.id, { currentPeriodEnd: new Date(Date.now() - day) });
    expect(await teamView(user, team.id)).toMatchObject({ has_active_subscription: false, subscription: { status: 'canceled' } });
    expect((await as(t.app, user)({ method: 'GET', url: balanceUrl })).json()).toMatchObject({ balance: 200, period_end: null });
    expect((await repo.findSubscription(t.deps.db, team.id))?.status).toBe('canceled');
    // and the team can subscribe again
    const again = await startCheckout(user, team.slug);
    await as(t.app, user)({ method: 'POST', url: `/subscription/local/api/checkout/${again}/pay/` });
    expect(await teamView(user, team.id)).toMatchObject({ has_active_subscription: true, subscription: { status: 'active', cancel_at_period_end: false } });
  });
});

describe('permissions and validation', () => {
  it('read-only members cannot start checkouts; outsiders see 404; anonymous callers 401', async () => {
    const { user: admin, team } = await userWithTeam(t.app, 'Perm Team');
    const email = `member-${Date.now()}@example.com`;
    const invite = await as(t.app, admin)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email, role: 'member' } });
    expect(invite.statusCode, invite.body).toBe(201);
    const member = await registerUser(t.app, { email, invitation_id: invite.json().id });
    const payload = { price_id: 'price_early_supporter', ...returnUrls };
    const url = `/a/${team.slug}/subscription/stripe/api/create-checkout-session/`;

    const asMember = await as(t.app, member)({ method: 'POST', url, payload });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ code: 'permission_denied' });
    expect((await as(t.app, member)({ method: 'POST', url: `/a/${team.slug}/subscription/stripe/api/create-portal-session/` })).statusCode).toBe(403);
    expect((await as(t.app, member)({ method: 'POST', url: `/a/${team.slug}/subscription/api/credits/purchase/`, payload: { pack: '100', ...returnUrls } })).statusCode).toBe(403);
    // reading is fine
    expect((await as(t.app, member)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` })).statusCode).toBe(200);

    const { user: outsider, team: otherTeam } = await userWithTeam(t.app, 'Other Team');
    expect((await as(t.app, outsider)({ method: 'POST', url, payload })).statusCode).toBe(404);
    expect((await as(t.app, outsider)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` })).statusCode).toBe(404);
    const anonymous = await as(t.app, null)({ method: 'POST', url, payload });
    expect(anonymous.statusCode).toBe(401);

    // another team's local checkout session is invisible
    const sessionId = await startCheckout(admin, team.slug);
    expect((await as(t.app, outsider)({ method: 'GET', url: `/subscription/local/api/checkout/${sessionId}/` })).statusCode).toBe(404);
    expect((await as(t.app, outsider)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/pay/` })).statusCode).toBe(404);
    // and a read-only member cannot pay it
    expect((await as(t.app, member)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/pay/` })).statusCode).toBe(403);
    expect((await as(t.app, member)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/cancel/` })).statusCode).toBe(403);
    expect((await as(t.app, member)({ method: 'GET', url: `/subscription/local/api/checkout/${sessionId}/` })).statusCode).toBe(200);
    expect((await as(t.app, null)({ method: 'GET', url: `/subscription/local/api/checkout/${sessionId}/` })).statusCode).toBe(401);
    expect(otherTeam.slug).not.toBe(team.slug);
  });

  it('return URLs must be on the app origin; the price must be the plan', async () => {
    const { user, team } = await userWithTeam(t.app, 'Validation Team');
    const url = `/a/${team.slug}/subscription/stripe/api/create-checkout-session/`;
    const evil = await as(t.app, user)({ method: 'POST', url, payload: { price_id: 'price_early_supporter', success_url: 'https://evil.example/x', cancel_url: returnUrls.cancel_url } });
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toHaveProperty('success_url');
    const lookalike = await as(t.app, user)({ method: 'POST', url, payload: { price_id: 'price_early_supporter', success_url: returnUrls.success_url, cancel_url: 'http://localhost:3000.evil.example/' } });
    expect(lookalike.statusCode).toBe(400);
    expect(lookalike.json()).toHaveProperty('cancel_url');
    const price = await as(t.app, user)({ method: 'POST', url, payload: { price_id: 'price_other', ...returnUrls } });
    expect(price.statusCode).toBe(400);
    expect(price.json()).toHaveProperty('price_id');
    const pack = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/subscription/api/credits/purchase/`, payload: { pack: '42', ...returnUrls } });
    expect(pack.statusCode).toBe(400);
    expect(pack.json()).toHaveProperty('pack');
  });

  it('the Stripe webhook does not exist without Stripe', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/subscription/stripe/webhook/', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(res.statusCode).toBe(404);
  });

  it('the OpenAPI document names the request bodies as the original API did', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json();
    expect(doc.components.schemas).toHaveProperty('createCheckoutSessionRequest');
    expect(doc.components.schemas).toHaveProperty('createCreditPurchaseRequest');
    expect(doc.components.schemas.createCreditPurchaseRequest.properties.pack.enum).toEqual(['100', '500']);
    expect(doc.paths).toHaveProperty('/a/{teamSlug}/subscription/api/credits/balance/');
    expect(doc.paths).toHaveProperty('/subscription/local/api/checkout/{id}/pay/');
  });
});

describe('gating', () => {
  it('requireActiveSubscription answers 402 with the contract body, and lets subscribed teams through', async () => {
    const { user, team } = await userWithTeam(t.app, 'Gated Team');
    const probe = Fastify({ logger: false });
    probe.decorate('deps', t.deps);
    probe.decorateRequest('teamAccess', null);
    registerErrorHandling(probe);
    probe.post('/make-video/', {
      preHandler: [
        async (request) => {
          request.teamAccess = { team: { id: team.id, name: team.name, slug: team.slug, createdAt: new Date() }, membership: {} as never, isAdmin: true };
        },
        requireActiveSubscription,
      ],
    }, async () => ({ ok: true }));
    await probe.ready();

    const refused = await probe.inject({ method: 'POST', url: '/make-video/' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ detail: 'No active subscription was found.', code: 'subscription_required' });

    const sessionId = await startCheckout(user, team.slug);
    await as(t.app, user)({ method: 'POST', url: `/subscription/local/api/checkout/${sessionId}/pay/` });
    expect((await probe.inject({ method: 'POST', url: '/make-video/' })).statusCode).toBe(200);
    await probe.close();
  });
});

describe('credits', () => {
  it('50 parallel spends against a balance of 10: exactly 10 succeed and the balance ends at 0', async () => {
    const { team } = await userWithTeam(t.app, 'Spend Race');
    await adjust(team.id, 10);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => spendCredits(t.deps, team.id, 1, { reason: `text ${i}` })));
    const spent = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(spent).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 402, body: { code: 'insufficient_credits' } });
    expect(await repo.readBalance(t.deps.db, team.id)).toBe(0);
    const ledger = await repo.pageTransactions(t.deps.db, team.id, { field: 'id', isDescending: false }, 100, 0);
    expect(ledger.rows.filter((r) => r.kind === 'spend')).toHaveLength(10);
    expect(ledger.rows.every((r) => r.balanceAfter >= 0)).toBe(true);
    expect(new Set(ledger.rows.filter((r) => r.kind === 'spend').map((r) => r.balanceAfter))).toEqual(new Set([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]));
  });

  it('a spend is refunded once; a repeated spend reference spends once', async () => {
    const { team } = await userWithTeam(t.app, 'Refund Team');
    await adjust(team.id, 5);
    const spend = await spendCredits(t.deps, team.id, 2, { reason: 'generation', reference: `gen:${team.id}:1` });
    const same = await spendCredits(t.deps, team.id, 2, { reason: 'generation', reference: `gen:${team.id}:1` });
    expect(same.id).toBe(spend.id);
    expect(await repo.readBalance(t.deps.db, team.id)).toBe(3);
    const [first, second] = await Promise.all([
      refundCredits(t.deps, team.id, spend.id, { reason: 'generation failed' }),
      refundCredits(t.deps, team.id, spend.id, { reason: 'generation failed' }),
    ]);
    expect(first.id).toBe(second.id);
    expect(first).toMatchObject({ kind: 'refund', amount: 2, balanceAfter: 5 });
    expect(await repo.readBalance(t.deps.db, team.id)).toBe(5);
    // another team cannot refund this team's spend
    const { team: other } = await userWithTeam(t.app, 'Refund Other');
    await expect(refundCredits(t.deps, other.id, spend.id, { reason: 'x' })).rejects.toMatchObject({ status: 404 });
  });
});
