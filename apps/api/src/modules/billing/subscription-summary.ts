import type { AppDeps } from '../../core/deps.ts';
import { AppError } from '../../core/errors.ts';
import { isActiveStatus, PLAN_KEY } from './billing-provider.ts';
import * as repo from './billing.repository.ts';

export interface SubscriptionSummary {
  has_active_subscription: boolean;
  subscription: { status: string; plan: string; current_period_end: string | null; cancel_at_period_end: boolean } | null;
}

/** A local subscription's state at `now`: nobody else renews or ends it, so time does. */
export interface ProjectedState {
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
}

const addMonth = (date: Date) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

/**
 * The state that counts now. A Stripe subscription is what Stripe last said. A local one renews
 * month by month on its own, or, set to cancel, is over once its period has passed.
 */
export function projectSubscription(row: repo.SubscriptionRow, now = new Date()): ProjectedState {
  const stored = { status: row.status, currentPeriodStart: row.currentPeriodStart, currentPeriodEnd: row.currentPeriodEnd };
  if (row.provider !== 'local' || !isActiveStatus(row.status) || !row.currentPeriodStart || !row.currentPeriodEnd) return stored;
  if (row.currentPeriodEnd.getTime() > now.getTime()) return stored;
  if (row.cancelAtPeriodEnd) return { ...stored, status: 'canceled' };
  let start = row.currentPeriodEnd;
  let end = addMonth(start);
  while (end.getTime() <= now.getTime()) {
    start = end;
    end = addMonth(start);
  }
  return { status: row.status, currentPeriodStart: start, currentPeriodEnd: end };
}

export const effectiveStatus = (row: repo.SubscriptionRow, now = new Date()) => projectSubscription(row, now).status;

export function summarizeSubscription(row: repo.SubscriptionRow | null): SubscriptionSummary {
  if (!row || row.status === 'none') return { has_active_subscription: false, subscription: null };
  const projected = projectSubscription(row);
  return {
    has_active_subscription: isActiveStatus(projected.status),
    subscription: {
      status: projected.status,
      plan: row.plan ?? PLAN_KEY,
      current_period_end: projected.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: row.cancelAtPeriodEnd,
    },
  };
}

/** Under BILLING=none nothing is gated by a subscription: every team counts as having one. */
const isBillingOff = (deps: AppDeps) => deps.config.BILLING === 'none';

/** What a team object shows of its subscription (the teams serializer calls this for every team it returns). */
export async function getSubscriptionSummaries(deps: AppDeps, teamIds: number[]): Promise<Map<number, SubscriptionSummary>> {
  const rows = new Map((await repo.findSubscriptions(deps.db, teamIds)).map((row) => [row.teamId, row]));
  return new Map(
    teamIds.map((id) => {
      const summary = summarizeSubscription(rows.get(id) ?? null);
      return [id, isBillingOff(deps) ? { ...summary, has_active_subscription: true } : summary];
    }),
  );
}

export async function hasActiveSubscription(deps: AppDeps, teamId: number) {
  if (isBillingOff(deps)) return true;
  return summarizeSubscription(await repo.findSubscription(deps.db, teamId)).has_active_subscription;
}

export const subscriptionRequired = () =>
  new AppError('subscription_required', 'No active subscription was found.', {
    body: { detail: 'No active subscription was found.', code: 'subscription_required' },
  });
