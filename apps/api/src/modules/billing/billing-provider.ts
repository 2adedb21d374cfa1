import { z } from 'zod';
import { EARLY_SUPPORTER_PLAN, type CreditPack } from '@hookwall/pricing';

/** What the app knows of a provider's subscription at one moment. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string | null;
  status: string;
  priceId: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** the team id the subscription was created for (metadata), when it says */
  teamId: number | null;
  /** when this state was true: the time it was read from the provider, or the event's creation time */
  observedAt: Date;
}

/** A provider event, already verified: Stripe's shape (the local provider builds the same shape). */
export const billingEventSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  created: z.number(),
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});
export type BillingEvent = z.infer<typeof billingEventSchema>;

export interface CheckoutInput {
  teamId: number;
  customerId: string;
  userId: number;
  successUrl: string;
  cancelUrl: string;
}

export interface BillingProvider {
  /** `none`: BILLING=none, nothing is sold (none-provider.ts) */
  readonly kind: 'stripe' | 'local' | 'none';
  /** the Early Supporter plan's price id that create-checkout-session accepts */
  readonly planPriceId: string;
  /** the team's customer at the provider, created when the team has none yet */
  ensureCustomer(input: { teamId: number; userId: number; teamName: string; email: string }): Promise<string>;
  createSubscriptionCheckout(input: CheckoutInput & { priceId: string }): Promise<string>;
  createCreditsCheckout(input: CheckoutInput & { pack: CreditPack }): Promise<string>;
  createPortalSession(input: { customerId: string; teamSlug: string; returnUrl: string }): Promise<string>;
  /** the subscription as the provider has it now; null when the provider cannot say (the event's own object is used then) */
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  /** verifies a webhook's signature over the raw body and returns the event; throws when it does not verify */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): BillingEvent;
}

export class WebhookSignatureError extends Error {}

export const PLAN_KEY = EARLY_SUPPORTER_PLAN.id;
export const LOCAL_PLAN_PRICE_ID = 'price_early_supporter';

/** The statuses that keep a team's access (past_due is Stripe's grace period while it retries the card). */
const ACTIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;
export const isActiveStatus = (status: string) => (ACTIVE_STATUSES as readonly string[]).includes(status);
/** Statuses a subscription never leaves. */
const TERMINAL_STATUSES = ['canceled', 'incomplete_expired'] as const;
export const isTerminalStatus = (status: string) => (TERMINAL_STATUSES as readonly string[]).includes(status);

// --- reading Stripe-shaped objects (also what the local provider produces) ---

type Loose = Record<string, unknown>;
/** A typed SDK object as the loose shape these readers take (a shallow copy; SDK types have no index signature). */
export const looseObject = (value: object): Loose => ({ ...value });
const asObject = (value: unknown): Loose | null => (value && typeof value === 'object' ? (value as Loose) : null);
/** an id field that may be expanded into its object */
export const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof asObject(value)?.id === 'string' ? (asObject(value)!.id as string) : null;
const dateOf = (seconds: unknown) => (typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null);
export const teamIdOf = (metadata: unknown): number | null => {
  const raw = asObject(metadata)?.team_id;
  const id = typeof raw === 'string' ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * A Stripe subscription object as a snapshot. Since API version 2025-03-31 the period lives on the
 * subscription items; older versions had it on the subscription itself: both are read.
 */
export function snapshotFromSubscription(subscription: Loose, observedAt: Date): SubscriptionSnapshot {
  const items = (asObject(subscription.items)?.data as Loose[] | undefined) ?? [];
  const item = items[0] ?? {};
  const price = asObject(item.price);
  const cancelAt = subscription.cancel_at;
  const status = String(subscription.status ?? 'incomplete');
  return {
    id: String(subscription.id),
    customerId: idOf(subscription.customer),
    status,
    priceId: typeof price?.id === 'string' ? price.id : null,
    currentPeriodStart: dateOf(item.current_period_start ?? subscription.current_period_start),
    currentPeriodEnd: dateOf(item.current_period_end ?? subscription.current_period_end),
    // the portal may cancel with cancel_at (a date) rather than the flag; either means "ends, not renews"
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true || (typeof cancelAt === 'number' && !isTerminalStatus(status)),
    teamId: teamIdOf(subscription.metadata),
    observedAt,
  };
}
