import type { AppDeps } from '../../core/deps.ts';
import type { BillingProvider } from './billing-provider.ts';
import { createLocalProvider } from './local-provider.ts';
import type { Config } from '@hookwall/config';

const providers = new WeakMap<AppDeps, BillingProvider>();
let createStripeProvider: ((config: Config) => BillingProvider) | undefined;

/**
 * Loads the Stripe provider when STRIPE_SECRET_KEY is set (buildApp awaits it): the Stripe SDK is
 * a couple of hundred modules that a start on the local test-mode provider never loads.
 */
export async function loadBillingProvider(config: Pick<Config, 'STRIPE_SECRET_KEY'>): Promise<void> {
  if (config.STRIPE_SECRET_KEY && !createStripeProvider) createStripeProvider = (await import('./stripe-provider.ts')).createStripeProvider;
}

/** Stripe when STRIPE_SECRET_KEY is set, the local test-mode provider otherwise; one per app. */
export function getBillingProvider(deps: AppDeps): BillingProvider {
  let provider = providers.get(deps);
  if (!provider) {
    if (deps.config.STRIPE_SECRET_KEY && !createStripeProvider) throw new Error('Stripe is configured but its provider was not loaded (loadBillingProvider)');
    provider = deps.config.STRIPE_SECRET_KEY ? createStripeProvider!(deps.config) : createLocalProvider(deps);
    providers.set(deps, provider);
  }
  return provider;
}
