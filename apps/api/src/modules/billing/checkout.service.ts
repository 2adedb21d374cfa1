import type { UserRow } from '@hookwall/db';
import { CREDIT_PACKS, EARLY_SUPPORTER_PLAN, creditPack, type CreditPackId } from '@hookwall/pricing';
import type { AppDeps } from '../../core/deps.ts';
import { badRequest, conflict, fieldError } from '../../core/errors.ts';
import { requireAdmin, type TeamAccess } from '../teams/teams.service.ts';
import type { BillingProvider } from './billing-provider.ts';
import * as repo from './billing.repository.ts';
import { billingOff } from './none-provider.ts';
import { getBillingProvider } from './select-provider.ts';
import { hasActiveSubscription } from './subscription-summary.ts';

/** Sending a team admin to pay: the plan's checkout, a credit pack's checkout, the billing portal. */

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
  if (provider.kind === 'none') throw billingOff();
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
  input: { pack: CreditPackId; success_url: string; cancel_url: string },
) {
  requireAdmin(access);
  const provider = getBillingProvider(deps);
  if (provider.kind === 'none') throw billingOff();
  requireOwnOrigin(deps, { success_url: input.success_url, cancel_url: input.cancel_url });
  const customerId = await ensureCustomer(deps, provider, access, user);
  return provider.createCreditsCheckout({
    teamId: access.team.id,
    customerId,
    userId: user.id,
    pack: creditPack(input.pack),
    successUrl: input.success_url,
    cancelUrl: input.cancel_url,
  });
}

export async function createPortalSession(deps: AppDeps, access: TeamAccess) {
  requireAdmin(access);
  if (getBillingProvider(deps).kind === 'none') throw billingOff();
  const row = await repo.findSubscription(deps.db, access.team.id);
  if (!row?.stripeCustomerId) throw badRequest('This team has no billing account yet. Subscribe first.');
  return getBillingProvider(deps).createPortalSession({
    customerId: row.stripeCustomerId,
    teamSlug: access.team.slug,
    returnUrl: `${deps.config.APP_URL}/settings/subscription`,
  });
}

/** The plan and the credit packs (from @hookwall/pricing) with this deployment's plan price id. */
export function describePlans(deps: AppDeps) {
  const provider = getBillingProvider(deps);
  return {
    provider: provider.kind,
    plans: [
      {
        id: EARLY_SUPPORTER_PLAN.id,
        name: EARLY_SUPPORTER_PLAN.name,
        price: EARLY_SUPPORTER_PLAN.price,
        period: EARLY_SUPPORTER_PLAN.period,
        stripe_price_id: provider.planPriceId,
        credits_per_period: EARLY_SUPPORTER_PLAN.creditsPerPeriod,
      },
    ],
    credit_packs: CREDIT_PACKS.map(({ pack, credits, price }) => ({ pack, credits, price })),
  };
}
