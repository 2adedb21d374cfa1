import { CREDIT_PACK_IDS } from '@hookwall/pricing';
import { z } from 'zod';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';

const returnUrl = z.url();

export const createCheckoutSessionRequest = named(
  'createCheckoutSessionRequest',
  z.object({
    price_id: z.string().min(1).describe('the plan card\'s stripePriceId (see GET api/plans/)'),
    success_url: returnUrl.describe("where checkout returns after paying; must be on this app's origin"),
    cancel_url: returnUrl.describe("where checkout returns when abandoned; must be on this app's origin"),
  }),
);

export const createCreditPurchaseRequest = named(
  'createCreditPurchaseRequest',
  z.object({
    pack: z.enum(CREDIT_PACK_IDS),
    success_url: returnUrl,
    cancel_url: returnUrl,
  }),
);

/** create-checkout-session, create-portal-session and credits/purchase answer the URL to send the browser to, as a JSON string. */
export const redirectUrlSchema = named('billingRedirectUrl', z.string().describe('the URL to send the browser to'));

export const creditBalanceSchema = named(
  'creditBalance',
  z.object({
    balance: z.number().int(),
    granted_this_period: z.number().int().describe('credits the plan granted for the current period'),
    period_end: z.string().nullable().describe('end of the current paid period; null without an active subscription'),
  }),
);

export const creditTransactionSchema = named(
  'creditTransaction',
  z.object({
    id: z.number().int(),
    team: z.number().int(),
    amount: z.number().int().describe('positive adds credits, negative spends them'),
    kind: z.enum(['grant', 'purchase', 'spend', 'refund', 'adjustment']),
    reason: z.string(),
    reference: z.string().nullable(),
    balance_after: z.number().int(),
    created_by: z.number().int().nullable().describe('user id, null for entries made by the billing provider'),
    created_at: z.string(),
  }),
);
export const creditTransactionPage = named('paginatedCreditTransactionList', pageSchema(creditTransactionSchema));

export const creditTransactionsQuery = paginationQuery.extend({
  ordering: z.string().optional().describe('created_at, amount, kind or id; prefix - for descending (default -created_at)'),
});

export const billingPlansSchema = named(
  'billingPlans',
  z.object({
    provider: z
      .enum(['stripe', 'local', 'none'])
      .describe("'local' is the test mode: checkout and portal are this app's own pages; 'none': billing is off (BILLING=none), every team makes videos and nothing can be bought"),
    plans: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        price: z.number(),
        period: z.string(),
        stripe_price_id: z.string(),
        credits_per_period: z.number().int(),
      }),
    ),
    credit_packs: z.array(z.object({ pack: z.enum(CREDIT_PACK_IDS), credits: z.number().int(), price: z.number().describe('US dollars, paid once') })),
  }),
);

const teamRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const localCheckoutSessionSchema = named(
  'localCheckoutSession',
  z.object({
    id: z.string(),
    team: teamRef,
    kind: z.enum(['subscription', 'credits']),
    status: z.enum(['open', 'paid', 'cancelled']),
    price_id: z.string(),
    plan: z.object({ id: z.string(), name: z.string(), price: z.number(), period: z.string() }).nullable(),
    credits: z.number().int().nullable().describe('the credit pack bought, for kind credits'),
    success_url: z.string(),
    cancel_url: z.string(),
    test_mode: z.literal(true),
    created_at: z.string(),
  }),
);

export const localCheckoutResultSchema = named(
  'localCheckoutResult',
  z.object({ redirect_url: z.string().describe('success_url after paying, cancel_url after cancelling') }),
);

const subscriptionSummary = z
  .object({ status: z.string(), plan: z.string(), current_period_end: z.string().nullable(), cancel_at_period_end: z.boolean() })
  .nullable();

export const localPortalSchema = named(
  'localBillingPortal',
  z.object({
    team: teamRef,
    has_active_subscription: z.boolean(),
    subscription: subscriptionSummary,
    test_mode: z.literal(true),
  }),
);

export const webhookReceivedSchema = named('billingWebhookReceived', z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) }));

export const slugParam = z.object({ teamSlug: z.string() });
export const sessionParam = z.object({ id: z.uuid() });
