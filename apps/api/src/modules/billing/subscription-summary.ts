import type { AppDeps } from '../../core/deps.ts';

export interface SubscriptionSummary {
  has_active_subscription: boolean;
  subscription: { status: string; plan: string; current_period_end: string | null; cancel_at_period_end: boolean } | null;
}

/** What a team object shows of its subscription. The billing module fills this in. */
export async function getSubscriptionSummaries(_deps: AppDeps, teamIds: number[]): Promise<Map<number, SubscriptionSummary>> {
  return new Map(teamIds.map((id) => [id, { has_active_subscription: false, subscription: null }]));
}
