import type { AppDeps } from '../../core/deps.ts';
import type { BillingProvider } from './billing-provider.ts';
import { createLocalProvider } from './local-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

const providers = new WeakMap<AppDeps, BillingProvider>();

/** Stripe when STRIPE_SECRET_KEY is set, the local test-mode provider otherwise; one per app. */
export function getBillingProvider(deps: AppDeps): BillingProvider {
  let provider = providers.get(deps);
  if (!provider) {
    provider = deps.config.STRIPE_SECRET_KEY ? createStripeProvider(deps.config) : createLocalProvider(deps);
    providers.set(deps, provider);
  }
  return provider;
}
