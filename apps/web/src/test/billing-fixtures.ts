import type { BillingPlans, CreditTransaction, Team } from '@/api/api';
import type { RootState } from '@/app/store';

export const activeSubscription = { status: 'active', plan: 'early_supporter', current_period_end: '2026-12-21T12:00:00Z', cancel_at_period_end: false };

export function stateWithTeam(team: Team | null): Partial<RootState> {
  return { ui: { modal: { name: null, isOpen: false, isCloseable: true }, currentTeam: team, isInitialDataFetched: true } };
}

export const plans: BillingPlans = {
  provider: 'local',
  plans: [{ id: 'early_supporter', name: 'Early Supporter', price: 50, period: 'month', stripe_price_id: 'price_early_supporter', credits_per_period: 100 }],
  credit_packs: [
    { pack: '100', credits: 100, price: 10 },
    { pack: '500', credits: 500, price: 40 },
  ],
};

export function transaction(id: number, overrides: Partial<CreditTransaction> = {}): CreditTransaction {
  return { id, team: 7, amount: 100, kind: 'grant', reason: `Plan credits ${id}`, reference: null, balance_after: 100 * id, created_by: null, created_at: '2026-11-21T12:00:00Z', ...overrides };
}

/** The team's use of its limits with nothing queued or stored (GET …/subscription/api/usage/). */
export const idleUsage = { open_renders: { used: 0, limit: 300 }, queued_video_seconds: { used: 0, limit: 7200 }, storage_bytes: { used: 0, limit: 20 * 1024 ** 3 } };
