import type { UserRow } from '@hookwall/db';
import { EARLY_SUPPORTER_PLAN } from '@hookwall/pricing';
import type { AppDeps } from '../../core/deps.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { getAccessById, requireAdmin, type TeamAccess } from '../teams/teams.service.ts';
import { isActiveStatus, type BillingEvent } from './billing-provider.ts';
import * as repo from './billing.repository.ts';
import { localSubscriptionObject } from './local-provider.ts';
import { getBillingProvider } from './select-provider.ts';
import { effectiveStatus, hasActiveSubscription, projectSubscription, summarizeSubscription } from './subscription-summary.ts';
import { processBillingEvent } from './webhook.service.ts';

/**
 * The local test-mode provider's side of the app (no STRIPE_SECRET_KEY): its checkout page (pay or
 * cancel), its portal (cancel at period end), and time moving its subscriptions on. Each outcome is
 * a Stripe-shaped event handled by webhook.service.ts, the same code as Stripe's webhooks. Every
 * call here is 404 when Stripe is configured.
 */

async function localSessionForUser(deps: AppDeps, user: UserRow, sessionId: string) {
  if (getBillingProvider(deps).kind !== 'local') throw notFound();
  const session = await repo.findLocalCheckoutSession(deps.db, sessionId);
  if (!session) throw notFound();
  const access = await getAccessById(deps, user, session.teamId); // 404 for anyone outside the team
  return { session, access };
}

function serializeLocalSession(session: repo.LocalCheckoutSessionRow, access: TeamAccess) {
  return {
    id: session.id,
    team: { id: access.team.id, name: access.team.name, slug: access.team.slug },
    kind: session.kind as 'subscription' | 'credits',
    status: session.status as 'open' | 'paid' | 'cancelled',
    price_id: session.priceId,
    plan: session.kind === 'subscription' ? { id: EARLY_SUPPORTER_PLAN.id, name: EARLY_SUPPORTER_PLAN.name, price: EARLY_SUPPORTER_PLAN.price, period: EARLY_SUPPORTER_PLAN.period } : null,
    credits: session.kind === 'credits' ? session.pack : null,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    test_mode: true as const,
    created_at: session.createdAt.toISOString(),
  };
}

export async function getLocalCheckout(deps: AppDeps, user: UserRow, sessionId: string) {
  const { session, access } = await localSessionForUser(deps, user, sessionId);
  return serializeLocalSession(session, access);
}

/** "Pay" on the local checkout page: the same checkout.session.completed handling as Stripe's. */
export async function payLocalCheckout(deps: AppDeps, user: UserRow, sessionId: string) {
  const { session, access } = await localSessionForUser(deps, user, sessionId);
  requireAdmin(access);
  if (session.status === 'paid') return { redirect_url: session.successUrl };
  if (session.status !== 'open') throw conflict('This checkout session was cancelled.');
  if (session.kind === 'subscription' && (await hasActiveSubscription(deps, session.teamId))) {
    throw conflict('This team already has an active subscription.');
  }
  const now = new Date();
  const event: BillingEvent = {
    id: `evt_local_${session.id}`,
    type: 'checkout.session.completed',
    created: Math.floor(now.getTime() / 1000),
    data: {
      object: {
        id: `cs_local_${session.id}`,
        object: 'checkout.session',
        mode: session.kind === 'subscription' ? 'subscription' : 'payment',
        client_reference_id: String(session.teamId),
        customer: (await repo.findSubscription(deps.db, session.teamId))?.stripeCustomerId ?? null,
        payment_status: 'paid',
        status: 'complete',
        metadata: { team_id: String(session.teamId), kind: session.kind, ...(session.pack ? { pack: String(session.pack) } : {}) },
        subscription: session.kind === 'subscription' ? localSubscriptionObject(session.teamId, session.id, now) : null,
      },
    },
  };
  await processBillingEvent(deps, getBillingProvider(deps), event, async (tx) => {
    if (!(await repo.closeLocalCheckoutSession(tx, session.teamId, session.id, 'paid'))) throw conflict('This checkout session is no longer open.');
  });
  return { redirect_url: session.successUrl };
}

const unixOf = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A local subscription whose period has run out renews (invoice.paid: the new period and its
 * credits) or, set to cancel, ends (customer.subscription.deleted) through the same event handling
 * as Stripe's. Called where the outcome matters (balance, spending, the portal); the event ids are
 * per period, so concurrent callers apply it once.
 */
export async function renewLocalSubscriptionIfDue(deps: AppDeps, teamId: number) {
  const provider = getBillingProvider(deps);
  if (provider.kind !== 'local') return;
  const row = await repo.findSubscription(deps.db, teamId);
  if (!row || row.provider !== 'local' || !row.stripeSubscriptionId || !row.currentPeriodEnd || !isActiveStatus(row.status)) return;
  const projected = projectSubscription(row);
  if (projected.status === row.status && projected.currentPeriodEnd?.getTime() === row.currentPeriodEnd.getTime()) return;
  const subscriptionId = row.stripeSubscriptionId;
  const created = unixOf(new Date());
  if (!isActiveStatus(projected.status)) {
    const object = { id: subscriptionId, object: 'subscription', customer: row.stripeCustomerId, status: projected.status, metadata: { team_id: String(teamId) } };
    await processBillingEvent(deps, provider, { id: `evt_local_end_${subscriptionId}`, type: 'customer.subscription.deleted', created, data: { object } });
    return;
  }
  const start = unixOf(projected.currentPeriodStart!);
  const end = unixOf(projected.currentPeriodEnd!);
  const invoice = {
    id: `in_local_${subscriptionId}_${start}`,
    object: 'invoice',
    customer: row.stripeCustomerId,
    status: 'paid',
    amount_paid: EARLY_SUPPORTER_PLAN.price * 100, // cents, as Stripe counts
    billing_reason: 'subscription_cycle',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    lines: { object: 'list', data: [{ period: { start, end } }] },
  };
  await processBillingEvent(deps, provider, { id: `evt_local_renew_${subscriptionId}_${start}`, type: 'invoice.paid', created, data: { object: invoice } });
}

export async function cancelLocalCheckout(deps: AppDeps, user: UserRow, sessionId: string) {
  const { session, access } = await localSessionForUser(deps, user, sessionId);
  requireAdmin(access);
  if (session.status === 'paid') throw conflict('This checkout session is already paid.');
  if (session.status === 'open') await repo.closeLocalCheckoutSession(deps.db, session.teamId, session.id, 'cancelled');
  return { redirect_url: session.cancelUrl };
}

export async function getLocalPortal(deps: AppDeps, access: TeamAccess) {
  if (getBillingProvider(deps).kind !== 'local') throw notFound();
  await renewLocalSubscriptionIfDue(deps, access.team.id);
  const summary = summarizeSubscription(await repo.findSubscription(deps.db, access.team.id));
  return { team: { id: access.team.id, name: access.team.name, slug: access.team.slug }, ...summary, test_mode: true as const };
}

/** The local portal's only action: cancel at the end of the period (or undo that). */
export async function setLocalCancelAtPeriodEnd(deps: AppDeps, access: TeamAccess, cancelAtPeriodEnd: boolean) {
  requireAdmin(access);
  if (getBillingProvider(deps).kind !== 'local') throw notFound();
  await repo.inTransaction(deps.db, async (tx) => {
    const row = await repo.lockSubscription(tx, access.team.id, 'local');
    if (!isActiveStatus(effectiveStatus(row))) throw badRequest('This team has no active subscription.');
    await repo.updateSubscription(tx, access.team.id, { cancelAtPeriodEnd, syncedAt: new Date() });
  });
  return getLocalPortal(deps, access);
}
