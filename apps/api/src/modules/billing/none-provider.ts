import { AppError } from '../../core/errors.ts';
import { WebhookSignatureError, type BillingProvider } from './billing-provider.ts';

export const BILLING_OFF_DETAIL = 'Billing is off on this installation: every team can make videos without a subscription.';

/** 400 `billing_off`: a checkout, a portal or a credit purchase under BILLING=none. */
export const billingOff = () => new AppError('bad_request', BILLING_OFF_DETAIL, { body: { detail: BILLING_OFF_DETAIL, code: 'billing_off' } });

/**
 * BILLING=none, an internal installation: nothing is sold and nothing is gated (every team counts
 * as subscribed, see subscription-summary.ts, and written texts cost no credits). Every paying
 * call is refused with `billing_off`; the local pages and the Stripe webhook answer 404, as they do
 * for any provider that is not theirs.
 */
export function createNoneProvider(): BillingProvider {
  const off = async (): Promise<never> => {
    throw billingOff();
  };
  return {
    kind: 'none',
    planPriceId: '',
    ensureCustomer: off,
    createSubscriptionCheckout: off,
    createCreditsCheckout: off,
    createPortalSession: off,
    retrieveSubscription: async () => null,
    verifyWebhook() {
      throw new WebhookSignatureError('Billing is off: there are no webhooks.');
    },
  };
}
