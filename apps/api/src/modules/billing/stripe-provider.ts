import Stripe from 'stripe';
import type { Config } from '@hookwall/config';
import type { CreditPackId } from '@hookwall/pricing';
import { billingEventSchema, looseObject, snapshotFromSubscription, WebhookSignatureError, type BillingEvent, type BillingProvider } from './billing-provider.ts';

/** Stripe signs each delivery with its time; older or newer than this (seconds) is refused. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a Stripe-Signature header, read the way the SDK reads it (the last one wins). */
function signatureTimestamp(header: string): number | null {
  let timestamp: number | null = null;
  for (const part of header.split(',')) {
    const [key, value] = part.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp !== null && Number.isFinite(timestamp) ? timestamp : null;
}

/**
 * Verifies a webhook the way Stripe documents it, plus what the SDK leaves out: the SDK only
 * refuses signatures that are too old (and skips the check entirely for a tolerance of 0), so a
 * timestamp too far in the future is refused here.
 */
function verifyStripeWebhook(
  stripe: Stripe,
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now = Date.now(),
): BillingEvent {
  if (!header) throw new WebhookSignatureError('No Stripe-Signature header.');
  const timestamp = signatureTimestamp(header);
  if (timestamp === null) throw new WebhookSignatureError('No timestamp in the Stripe-Signature header.');
  if (timestamp - Math.floor(now / 1000) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError('Timestamp outside the tolerance zone.');
  try {
    // the SDK's event types have no index signature; the handlers read each object loosely anyway
    // (fields moved between API versions), so the verified event is checked against that shape
    return billingEventSchema.parse(stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now));
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature.');
  }
}

function createStripeClient(config: Config) {
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    host: config.STRIPE_API_HOST,
    port: config.STRIPE_API_PORT,
    protocol: config.STRIPE_API_PROTOCOL,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Hookwall' },
  });
}

export function createStripeProvider(config: Config): BillingProvider {
  const stripe = createStripeClient(config);
  const packPrices: Record<CreditPackId, string> = { 100: config.STRIPE_PRICE_CREDITS_100!, 500: config.STRIPE_PRICE_CREDITS_500! };

  return {
    kind: 'stripe',
    planPriceId: config.STRIPE_PRICE_EARLY_SUPPORTER!,

    async ensureCustomer({ teamId, userId, teamName, email }) {
      // a retried first checkout gets the same customer back; the key names the caller too, because
      // Stripe refuses a key reused with other parameters (another admin's email)
      const customer = await stripe.customers.create(
        { name: teamName, email, metadata: { team_id: String(teamId) } },
        { idempotencyKey: `hookwall-team-${teamId}-customer-by-${userId}` },
      );
      return customer.id;
    },

    async createSubscriptionCheckout({ teamId, customerId, priceId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: String(teamId),
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { team_id: String(teamId), kind: 'subscription' },
        subscription_data: { metadata: { team_id: String(teamId) } },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },

    async createCreditsCheckout({ teamId, customerId, pack, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer: customerId,
        client_reference_id: String(teamId),
        line_items: [{ price: packPrices[pack.pack], quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { team_id: String(teamId), kind: 'credits', pack: pack.pack },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    async retrieveSubscription(id) {
      try {
        const subscription = await stripe.subscriptions.retrieve(id);
        return snapshotFromSubscription(looseObject(subscription), new Date());
      } catch (error) {
        // gone or unreadable: the caller falls back on the event's own object and its timestamp
        if (error instanceof Stripe.errors.StripeError) return null;
        throw error;
      }
    },

    verifyWebhook(rawBody, header) {
      return verifyStripeWebhook(stripe, rawBody, header, config.STRIPE_WEBHOOK_SECRET!);
    },
  };
}
