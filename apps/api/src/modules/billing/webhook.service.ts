import { EARLY_SUPPORTER_PLAN, findCreditPack } from '@hookwall/pricing';
import type { AppDeps } from '../../core/deps.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import {
  idOf,
  isActiveStatus,
  isTerminalStatus,
  PLAN_KEY,
  snapshotFromSubscription,
  teamIdOf,
  type BillingEvent,
  type BillingProvider,
  type SubscriptionSnapshot,
} from './billing-provider.ts';
import * as repo from './billing.repository.ts';
import { grantCreditsInTransaction, periodGrantReference, type CreditGrant } from './credit-ledger.ts';
import { getBillingProvider } from './select-provider.ts';

/**
 * Provider events (Stripe's webhooks, and the same events the local provider makes) turned into
 * changes: plan the effects outside the transaction (provider calls may be slow), then record the
 * event and apply its effects in one transaction, so a redelivery changes nothing.
 */

type Loose = Record<string, unknown>;

const CREDITS_PER_PERIOD = EARLY_SUPPORTER_PLAN.creditsPerPeriod;

/** What an event will do, worked out before the transaction (provider calls stay outside it). */
interface EventEffects {
  teamId: number | null;
  customerId?: string | null;
  snapshot?: SubscriptionSnapshot | null;
  /** only when nothing better is known: mark a live subscription past_due */
  markPastDue?: { subscriptionId: string; observedAt: Date };
  credits?: CreditGrant;
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
          ? { amount: CREDITS_PER_PERIOD, kind: 'grant' as const, reason: 'Subscription period credits', reference: periodGrantReference(snapshot.id, snapshot.currentPeriodStart) }
          : undefined;
      return { teamId, customerId, snapshot, credits };
    }
    if (object.mode === 'payment' && metadata.kind === 'credits') {
      const pack = findCreditPack(Number(metadata.pack));
      if (!isPaid || !pack) return { teamId, customerId };
      return { teamId, customerId, credits: { amount: pack.credits, kind: 'purchase', reason: `Credit pack of ${pack.credits}`, reference: `purchase:${String(object.id)}` } };
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
        ? { amount: CREDITS_PER_PERIOD, kind: 'grant' as const, reason: 'Subscription period credits', reference: periodGrantReference(subscriptionId, periodStart) }
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
  if (effects.credits) await grantCreditsInTransaction(tx, teamId, effects.credits);
}

type EventOutcome = 'applied' | 'duplicate' | 'ignored';

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
