import type { AppDeps } from '../../core/deps.ts';
import { AppError } from '../../core/errors.ts';
import { isActiveStatus, PLAN_KEY } from './billing-provider.ts';
import * as repo from './billing.repository.ts';

export interface SubscriptionSummary {
  has_active_subscription: boolean;
  subscription: { status: string; plan: string; current_period_end: string | null; cancel_at_period_end: boolean } | null;
}

/**
 * The status that counts now. A local subscription has no provider to end it, so one set to cancel
 * is over once its period has passed.
 */
export function effectiveStatus(row: repo.SubscriptionRow, now = new Date()) {
  const isPastPeriod = row.currentPeriodEnd !== null && row.currentPeriodEnd.getTime() <= now.getTime();
  if (row.provider === 'local' && isPastPeriod && row.cancelAtPeriodEnd && isActiveStatus(row.status)) return 'canceled';
  return row.status;
}

export function summarizeSubscription(row: repo.SubscriptionRow | null): SubscriptionSummary {
  if (!row || row.status === 'none') return { has_active_subscription: false, subscription: null };
  const status = effectiveStatus(row);
  return {
    has_active_subscription: isActiveStatus(status),
    subscription: {
      status,
      plan: row.plan ?? PLAN_KEY,
      current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: row.cancelAtPeriodEnd,
    },
  };
}

/** What a team object shows of its subscription (the teams serializer calls this for every team it returns). */
export async function getSubscriptionSummaries(deps: AppDeps, teamIds: number[]): Promise<Map<number, SubscriptionSummary>> {
  const rows = new Map((await repo.findSubscriptions(deps.db, teamIds)).map((row) => [row.teamId, row]));
  return new Map(teamIds.map((id) => [id, summarizeSubscription(rows.get(id) ?? null)]));
}

export async function hasActiveSubscription(deps: AppDeps, teamId: number) {
  return summarizeSubscription(await repo.findSubscription(deps.db, teamId)).has_active_subscription;
}

export const subscriptionRequired = () =>
  new AppError('subscription_required', 'No active subscription was found.', {
    body: { detail: 'No active subscription was found.', code: 'subscription_required' },
  });
