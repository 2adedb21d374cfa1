import type { AppDeps } from '../../core/deps.ts';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../core/errors.ts';
import type { PageRequest } from '../../core/pagination.ts';
import type { UserRow } from '@hookwall/db';
import { getAccessById, requireAdmin, type TeamAccess } from '../teams/teams.service.ts';
import {
  CREDITS_PER_PERIOD,
  idOf,
  isActiveStatus,
  isTerminalStatus,
  PLAN_KEY,
  snapshotFromSubscription,
  teamIdOf,
  type BillingEvent,
  type BillingProvider,
  type CreditPack,
  type SubscriptionSnapshot,
} from './billing-provider.ts';
import * as repo from './billing.repository.ts';
import { localSubscriptionObject } from './local-provider.ts';
import { getBillingProvider } from './select-provider.ts';
import {
  effectiveStatus,
  getSubscriptionSummaries,
  hasActiveSubscription,
  projectSubscription,
  subscriptionRequired,
  summarizeSubscription,
} from './subscription-summary.ts';

type Loose = Record<string, unknown>;

// --- subscription state ---

export { effectiveStatus, getSubscriptionSummaries, hasActiveSubscription, summarizeSubscription, subscriptionRequired };

// --- checkout and portal ---

/** success/cancel/return URLs must point back at this app: no open redirect through Stripe or the local pages. */
function requireOwnOrigin(deps: AppDeps, fields: Record<string, string>) {
  const origin = new URL(deps.config.APP_URL).origin;
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(fields)) {
    let isOwn = false;
    try {
      isOwn = new URL(value).origin === origin;
    } catch {
      isOwn = false;
    }
    if (!isOwn) errors[field] = `Enter a URL on this app (${origin}).`;
  }
  if (Object.keys(errors).length > 0) throw fieldError(errors);
}

/** The team's provider customer, created and remembered on first use. */
async function ensureCustomer(deps: AppDeps, provider: BillingProvider, access: TeamAccess, user: UserRow) {
  const existing = await repo.findSubscription(deps.db, access.team.id);
  if (existing?.stripeCustomerId) return existing.stripeCustomerId;
  const customerId = await provider.ensureCustomer({ teamId: access.team.id, userId: user.id, teamName: access.team.name, email: user.email });
  return repo.inTransaction(deps.db, async (tx) => {
    const row = await repo.lockSubscription(tx, access.team.id, provider.kind);
    if (row.stripeCustomerId) return row.stripeCustomerId;
    await repo.updateSubscription(tx, access.team.id, { stripeCustomerId: customerId, provider: provider.kind });
    return customerId;
  });
}

export async function createCheckoutSession(
  deps: AppDeps,
  access: TeamAccess,
  user: UserRow,
  input: { price_id: string; success_url: string; cancel_url: string },
) {
  requireAdmin(access);
  const provider = getBillingProvider(deps);
  if (input.price_id !== provider.planPriceId) throw fieldError({ price_id: 'Unknown price.' });
  requireOwnOrigin(deps, { success_url: input.success_url, cancel_url: input.cancel_url });
  if (await hasActiveSubscription(deps, access.team.id)) {
    throw conflict('This team already has an active subscription. Manage it from the billing portal.');
  }
  const customerId = await ensureCustomer(deps, provider, access, user);
  return provider.createSubscriptionCheckout({
    teamId: access.team.id,
    customerId,
    userId: user.id,
    priceId: input.price_id,
    successUrl: input.success_url,
    cancelUrl: input.cancel_url,
  });
}

export async function createCreditPurchase(
  deps: AppDeps,
  access: TeamAccess,
  user: UserRow,
  input: { pack: '100' | '500'; success_url: string; cancel_url: string },
) {
  requireAdmin(access);
  requireOwnOrigin(deps, { success_url: input.success_url, cancel_url: input.cancel_url });
  const provider = getBillingProvider(deps);
  const customerId = await ensureCustomer(deps, provider, access, user);
  return provider.createCreditsCheckout({
    teamId: access.team.id,
    customerId,
    userId: user.id,
    pack: Number(input.pack) as CreditPack,
    successUrl: input.success_url,
    cancelUrl: input.cancel_url,
  });
}

export async function createPortalSession(deps: AppDeps, access: TeamAccess) {
  requireAdmin(access);
  const row = await repo.findSubscription(deps.db, access.team.id);
  if (!row?.stripeCustomerId) throw badRequest('This team has no billing account yet. Subscribe first.');
  return getBillingProvider(deps).createPortalSession({
    customerId: row.stripeCustomerId,
    teamSlug: access.team.slug,
    returnUrl: `${deps.config.APP_URL}/settings/subscription`,
  });
}

export function describePlans(deps: AppDeps) {
  const provider = getBillingProvider(deps);
  return {
    provider: provider.kind,
    plans: [
      {
        id: PLAN_KEY,
        name: 'Early Supporter',
        price: 50,
        period: 'month',
        stripe_price_id: provider.planPriceId,
        credits_per_period: CREDITS_PER_PERIOD,
      },
    ],
    credit_packs: [
      { pack: '100' as const, credits: 100 },
      { pack: '500' as const, credits: 500 },
    ],
  };
}

// --- credits ---

export type CreditKind = 'grant' | 'purchase' | 'spend' | 'refund' | 'adjustment';

const grantReference = (subscriptionId: string, periodStart: Date) => `grant:${subscriptionId}:${Math.floor(periodStart.getTime() / 1000)}`;

export function serializeTransaction(row: repo.CreditTransactionRow) {
  return {
    id: row.id,
    team: row.teamId,
    amount: row.amount,
    kind: row.kind as CreditKind,
    reason: row.reason,
    reference: row.reference,
    balance_after: row.balanceAfter,
    created_by: row.createdById,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getCreditBalance(deps: AppDeps, access: TeamAccess) {
  const teamId = access.team.id;
  await renewLocalSubscriptionIfDue(deps, teamId);
  const [balance, subscription] = await Promise.all([repo.readBalance(deps.db, teamId), repo.findSubscription(deps.db, teamId)]);
  let grantedThisPeriod = 0;
  if (subscription?.stripeSubscriptionId && subscription.currentPeriodStart) {
    const grant = await repo.findTransactionByReference(deps.db, teamId, grantReference(subscription.stripeSubscriptionId, subscription.currentPeriodStart));
    grantedThisPeriod = grant?.amount ?? 0;
  }
  const isActive = subscription ? summarizeSubscription(subscription).has_active_subscription : false;
  return {
    balance,
    granted_this_period: grantedThisPeriod,
    period_end: isActive ? (subscription?.currentPeriodEnd?.toISOString() ?? null) : null,
  };
}

export async function listCreditTransactions(
  deps: AppDeps,
  access: TeamAccess,
  ordering: { field: repo.TransactionOrdering; isDescending: boolean },
  page: PageRequest,
) {
  const { count, rows } = await repo.pageTransactions(deps.db, access.team.id, ordering, page.pageSize, page.offset);
  return { count, rows: rows.map(serializeTransaction) };
}

/** Adds credits once per reference; call inside the transaction of the event that earns them. */
async function addCredits(
  tx: repo.Executor,
  teamId: number,
  entry: { amount: number; kind: 'grant' | 'purchase' | 'adjustment'; reason: string; reference: string; createdById?: number | null },
) {
  const balance = await repo.lockBalance(tx, teamId);
  if (await repo.findTransactionByReference(tx, teamId, entry.reference)) return null;
  return repo.appendTransaction(tx, teamId, {
    amount: entry.amount,
    kind: entry.kind,
    reason: entry.reason,
    reference: entry.reference,
    balanceAfter: balance + entry.amount,
    createdById: entry.createdById ?? null,
  });
}

export const insufficientCredits = (balance: number) =>
  new AppError('subscription_required', 'Not enough credits.', {
    body: { detail: 'Not enough credits.', code: 'insufficient_credits', balance },
  });

/**
 * Spends credits for one piece of paid work (e.g. one AI-written text). The team's balance row is
 * locked for the transaction, so concurrent spends queue and the balance never goes below zero.
 * With a `reference`, spending again under the same reference returns the first spend.
 * Throws 402 `insufficient_credits` when the balance is too low.
 */
export async function spendCredits(
  deps: AppDeps,
  teamId: number,
  amount: number,
  options: { reason: string; reference?: string; userId?: number | null },
): Promise<repo.CreditTransactionRow> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`spendCredits: amount must be a positive integer, got ${amount}`);
  await renewLocalSubscriptionIfDue(deps, teamId);
  return repo.inTransaction(deps.db, async (tx) => {
    const balance = await repo.lockBalance(tx, teamId);
    if (options.reference) {
      const existing = await repo.findTransactionByReference(tx, teamId, options.reference);
      if (existing) return existing;
    }
    if (balance < amount) throw insufficientCredits(balance);
    return repo.appendTransaction(tx, teamId, {
      amount: -amount,
      kind: 'spend',
      reason: options.reason,
      reference: options.reference ?? null,
      balanceAfter: balance - amount,
      createdById: options.userId ?? null,
    });
  });
}

/** Gives back what a spend took (a failed generation). At most once per spend; a second call returns the first refund. */
export async function refundCredits(
  deps: AppDeps,
  teamId: number,
  spendTransactionId: number,
  options: { reason: string; userId?: number | null },
): Promise<repo.CreditTransactionRow> {
  return repo.inTransaction(deps.db, async (tx) => {
    const balance = await repo.lockBalance(tx, teamId);
    const spend = await repo.findTransaction(tx, teamId, spendTransactionId);
    if (!spend || spend.kind !== 'spend') throw notFound();
    const previous = await repo.findRefundOfSpend(tx, teamId, spend.id);
    if (previous) return (await repo.findTransaction(tx, teamId, previous.refundTransactionId))!;
    const amount = -spend.amount;
    const refund = await repo.appendTransaction(tx, teamId, {
      amount,
      kind: 'refund',
      reason: options.reason,
      reference: `refund:${spend.id}`,
      balanceAfter: balance + amount,
      createdById: options.userId ?? null,
    });
    await repo.insertRefund(tx, teamId, { spendTransactionId: spend.id, refundTransactionId: refund.id, amount, reason: options.reason });
    return refund;
  });
}

// --- events (Stripe webhooks and the local provider's checkout) ---

/** What an event will do, worked out before the transaction (provider calls stay outside it). */
interface EventEffects {
  teamId: number | null;
  customerId?: string | null;
  snapshot?: SubscriptionSnapshot | null;
  /** only when nothing better is known: mark a live subscription past_due */
  markPastDue?: { subscriptionId: string; observedAt: Date };
  credits?: { amount: number; kind: 'grant' | 'purchase'; reason: string; reference: string };
}

async function resolveTeamId(deps: AppDeps, candidates: (number | null)[], ids: { subscriptionId?: string | null; customerId?: string | null }) {
  const fromEvent = candidates.find((id): id is number => id !== null);
  if (fromEvent !== undefined) return (await repo.teamExists(deps.db, fromEvent)) ? fromEvent : null;
  return repo.findTeamIdByStripeIds(deps.db, ids);
}

/** The subscription as the provider has it now, else as the event's object shows it at the event's time. */
async function freshSnapshot(provider: BillingProvider, subscriptionId: string, eventObject: Loose | null, eventTime: Date) {
  const fresh = await provider.retrieveSubscription(subscriptionId);
  if (fresh) return fresh;
  return eventObject ? snapshotFromSubscription(eventObject, eventTime) : null;
}

function firstLinePeriodStart(invoice: Loose): Date | null {
  const lines = ((invoice.lines as Loose | undefined)?.data as Loose[] | undefined) ?? [];
  const start = (lines[0]?.period as Loose | undefined)?.start;
  return typeof start === 'number' ? new Date(start * 1000) : null;
}

/** The subscription an invoice bills: `parent.subscription_details.subscription` now, `subscription` before 2025-03-31. */
function invoiceSubscriptionId(invoice: Loose): string | null {
  const details = ((invoice.parent as Loose | undefined)?.subscription_details as Loose | undefined) ?? null;
  return idOf(details?.subscription) ?? idOf(invoice.subscription);
}

async function planEffects(deps: AppDeps, provider: BillingProvider, event: BillingEvent): Promise<EventEffects | null> {
  const object = event.data.object;
  const eventTime = new Date(event.created * 1000);

  // async_payment_succeeded is the same completion for payment methods that settle later
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const metadata = (object.metadata as Loose | undefined) ?? {};
    const customerId = idOf(object.customer);
    const teamId = await resolveTeamId(deps, [teamIdOf({ team_id: object.client_reference_id }), teamIdOf(metadata)], { customerId });
    const isPaid = object.payment_status === 'paid';
    if (object.mode === 'subscription') {
      const subscriptionId = idOf(object.subscription);
      if (!subscriptionId) return { teamId, customerId };
      const expanded = typeof object.subscription === 'object' ? (object.subscription as Loose) : null;
      const snapshot = expanded ? snapshotFromSubscription(expanded, eventTime) : await provider.retrieveSubscription(subscriptionId);
      // without the subscription there is nothing safe to record yet: fail, and Stripe delivers again
      if (!snapshot) throw new Error(`subscription ${subscriptionId} of checkout ${String(object.id)} could not be read`);
      const credits =
        isPaid && snapshot.currentPeriodStart
          ? { amount: CREDITS_PER_PERIOD, kind: 'grant' as const, reason: 'Subscription period credits', reference: grantReference(snapshot.id, snapshot.currentPeriodStart) }
          : undefined;
      return { teamId, customerId, snapshot, credits };
    }
    if (object.mode === 'payment' && metadata.kind === 'credits') {
      const pack = Number(metadata.pack);
      if (!isPaid || (pack !== 100 && pack !== 500)) return { teamId, customerId };
      return { teamId, customerId, credits: { amount: pack, kind: 'purchase', reason: `Credit pack of ${pack}`, reference: `purchase:${String(object.id)}` } };
    }
    return { teamId, customerId };
  }

  if (event.type.startsWith('customer.subscription.')) {
    if (!['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'].includes(event.type)) return null;
    const subscriptionId = String(object.id);
    const customerId = idOf(object.customer);
    const teamId = await resolveTeamId(deps, [teamIdOf(object.metadata)], { subscriptionId, customerId });
    return { teamId, customerId, snapshot: await freshSnapshot(provider, subscriptionId, object, eventTime) };
  }

  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const subscriptionId = invoiceSubscriptionId(object);
    if (!subscriptionId) return null; // a one-off invoice: nothing to do with the plan
    const customerId = idOf(object.customer);
    const snapshot = await provider.retrieveSubscription(subscriptionId);
    const teamId = await resolveTeamId(deps, [snapshot?.teamId ?? null], { subscriptionId, customerId });
    if (event.type === 'invoice.payment_failed') {
      return { teamId, customerId, snapshot, markPastDue: snapshot ? undefined : { subscriptionId, observedAt: eventTime } };
    }
    const periodStart = firstLinePeriodStart(object) ?? snapshot?.currentPeriodStart ?? null;
    // a paid period earns its credits; a zero invoice (a trial) does not
    const amountPaid = typeof object.amount_paid === 'number' ? object.amount_paid : 0;
    const credits =
      periodStart && amountPaid > 0
        ? { amount: CREDITS_PER_PERIOD, kind: 'grant' as const, reason: 'Subscription period credits', reference: grantReference(subscriptionId, periodStart) }
        : undefined;
    return { teamId, customerId, snapshot, credits };
  }
  return null;
}

/**
 * Whether a snapshot may replace what is stored. Events arrive in any order, so an older view never
 * overwrites a newer one, a subscription that ended never comes back to life, and a stale event of
 * an old subscription never replaces the team's live one.
 */
function shouldApply(row: repo.SubscriptionRow, snapshot: SubscriptionSnapshot) {
  if (row.stripeSubscriptionId && row.stripeSubscriptionId !== snapshot.id) {
    return !(isActiveStatus(row.status) && !isActiveStatus(snapshot.status));
  }
  if (row.syncedAt && snapshot.observedAt.getTime() < row.syncedAt.getTime()) return false;
  if (row.stripeSubscriptionId === snapshot.id && isTerminalStatus(row.status) && !isTerminalStatus(snapshot.status)) return false;
  return true;
}

async function applyEffects(tx: repo.Executor, provider: BillingProvider, effects: EventEffects) {
  const teamId = effects.teamId!;
  const row = await repo.lockSubscription(tx, teamId, provider.kind);
  if (effects.customerId && !row.stripeCustomerId) {
    await repo.updateSubscription(tx, teamId, { stripeCustomerId: effects.customerId });
  }
  const snapshot = effects.snapshot;
  if (snapshot && shouldApply(row, snapshot)) {
    await repo.updateSubscription(tx, teamId, {
      provider: provider.kind,
      status: snapshot.status,
      plan: PLAN_KEY,
      priceId: snapshot.priceId,
      currentPeriodStart: snapshot.currentPeriodStart,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      stripeSubscriptionId: snapshot.id,
      ...(snapshot.customerId ? { stripeCustomerId: snapshot.customerId } : {}),
      syncedAt: snapshot.observedAt,
    });
  }
  const pastDue = effects.markPastDue;
  if (pastDue && row.stripeSubscriptionId === pastDue.subscriptionId && row.status === 'active' && (!row.syncedAt || row.syncedAt <= pastDue.observedAt)) {
    await repo.updateSubscription(tx, teamId, { status: 'past_due', syncedAt: pastDue.observedAt });
  }
  if (effects.credits) await addCredits(tx, teamId, effects.credits);
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one provider event. The event id is recorded in the same transaction as its effects, so a
 * redelivery changes nothing; `alsoInTransaction` lets the local checkout close its session atomically.
 */
export async function processBillingEvent(
  deps: AppDeps,
  provider: BillingProvider,
  event: BillingEvent,
  alsoInTransaction?: (tx: repo.Executor) => Promise<void>,
): Promise<EventOutcome> {
  const effects = await planEffects(deps, provider, event);
  return repo.inTransaction(deps.db, async (tx) => {
    const isNew = await repo.recordWebhookEvent(tx, { id: event.id, type: event.type, createdAt: new Date(event.created * 1000) });
    if (!isNew) return 'duplicate';
    if (alsoInTransaction) await alsoInTransaction(tx);
    if (!effects || effects.teamId === null) return 'ignored';
    await applyEffects(tx, provider, effects);
    return 'applied';
  });
}

export class InvalidWebhookError extends Error {}

export async function handleStripeWebhook(deps: AppDeps, rawBody: unknown, signature: string | undefined) {
  const provider = getBillingProvider(deps);
  if (provider.kind !== 'stripe') throw notFound();
  if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) throw badRequest('Invalid webhook payload.');
  let event: BillingEvent;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch {
    throw badRequest('Invalid webhook signature.');
  }
  return processBillingEvent(deps, provider, event);
}

// --- the local provider's checkout and portal ---

async function localSessionForUser(deps: AppDeps, user: UserRow, sessionId: string) {
  if (getBillingProvider(deps).kind !== 'local') throw notFound();
  const session = await repo.findLocalCheckoutSession(deps.db, sessionId);
  if (!session) throw notFound();
  const access = await getAccessById(deps, user, session.teamId); // 404 for anyone outside the team
  return { session, access };
}

export function serializeLocalSession(session: repo.LocalCheckoutSessionRow, access: TeamAccess) {
  return {
    id: session.id,
    team: { id: access.team.id, name: access.team.name, slug: access.team.slug },
    kind: session.kind as 'subscription' | 'credits',
    status: session.status as 'open' | 'paid' | 'cancelled',
    price_id: session.priceId,
    plan: session.kind === 'subscription' ? { id: PLAN_KEY, name: 'Early Supporter', price: 50, period: 'month' } : null,
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
    amount_paid: 5000,
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
