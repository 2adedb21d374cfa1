import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../core/deps.ts';
import { LOCAL_PLAN_PRICE_ID, WebhookSignatureError, type BillingEvent, type BillingProvider } from './billing-provider.ts';
import * as repo from './billing.repository.ts';
import { projectSubscription } from './subscription-summary.ts';

const localCustomerId = (teamId: number) => `cus_local_${teamId}`;

/**
 * The embedded provider: no account anywhere, no payment taken. Checkout and portal are pages of
 * this app (/billing/checkout/{id}, /billing/portal/{teamSlug}); paying a session produces the same
 * checkout.session.completed event a Stripe checkout does, handled by the same code, and a period
 * that has run out produces invoice.paid (renewal) or customer.subscription.deleted (cancelled).
 */
export function createLocalProvider(deps: AppDeps): BillingProvider {
  const appUrl = deps.config.APP_URL;

  return {
    kind: 'local',
    planPriceId: LOCAL_PLAN_PRICE_ID,

    async ensureCustomer({ teamId }) {
      return localCustomerId(teamId);
    },

    async createSubscriptionCheckout({ teamId, userId, priceId, successUrl, cancelUrl }) {
      const session = await repo.insertLocalCheckoutSession(deps.db, {
        id: randomUUID(),
        teamId,
        kind: 'subscription',
        priceId,
        successUrl,
        cancelUrl,
        createdById: userId,
      });
      return `${appUrl}/billing/checkout/${session.id}`;
    },

    async createCreditsCheckout({ teamId, userId, pack, successUrl, cancelUrl }) {
      const session = await repo.insertLocalCheckoutSession(deps.db, {
        id: randomUUID(),
        teamId,
        kind: 'credits',
        priceId: `price_credits_${pack.pack}`,
        pack: pack.credits,
        successUrl,
        cancelUrl,
        createdById: userId,
      });
      return `${appUrl}/billing/checkout/${session.id}`;
    },

    async createPortalSession({ teamSlug, returnUrl }) {
      return `${appUrl}/billing/portal/${encodeURIComponent(teamSlug)}?return_url=${encodeURIComponent(returnUrl)}`;
    },

    // the local provider's subscriptions are the app's own rows, moved on by time (renewal, end)
    async retrieveSubscription(id) {
      const row = await repo.findSubscriptionByProviderId(deps.db, id);
      if (!row || row.provider !== 'local') return null;
      const projected = projectSubscription(row);
      return {
        id,
        customerId: row.stripeCustomerId,
        status: projected.status,
        priceId: row.priceId,
        currentPeriodStart: projected.currentPeriodStart,
        currentPeriodEnd: projected.currentPeriodEnd,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        teamId: row.teamId,
        observedAt: new Date(),
      };
    },

    verifyWebhook(): BillingEvent {
      throw new WebhookSignatureError('Webhooks are not used by the local billing provider.');
    },
  };
}

/** The Stripe-shaped subscription object a paid local checkout starts: active for one calendar month. */
export function localSubscriptionObject(teamId: number, sessionId: string, now: Date) {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return {
    id: `sub_local_${sessionId.replaceAll('-', '')}`,
    object: 'subscription',
    customer: localCustomerId(teamId),
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { team_id: String(teamId) },
    items: {
      data: [
        {
          price: { id: LOCAL_PLAN_PRICE_ID },
          current_period_start: Math.floor(now.getTime() / 1000),
          current_period_end: Math.floor(end.getTime() / 1000),
        },
      ],
    },
  };
}
