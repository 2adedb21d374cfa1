import type { AppDeps } from '../../core/deps.ts';
import type { BillingProvider } from './billing-provider.ts';
import { createLocalProvider } from './local-provider.ts';
import { createNoneProvider } from './none-provider.ts';
import type { Config } from '@hookwall/config';

const providers = new WeakMap<AppDeps, BillingProvider>();
let createStripeProvider: ((config: Config) => BillingProvider) | undefined;

/**
 * Loads the Stripe provider when BILLING is stripe (buildApp awaits it): the Stripe SDK is a couple
 * of hundred modules that a start on another mode never loads.
 */
export async function loadBillingProvider(config: Pick<Config, 'BILLING'>): Promise<void> {
  if (config.BILLING === 'stripe' && !createStripeProvider) createStripeProvider = (await import('./stripe-provider.ts')).createStripeProvider;
}

/** The provider of the configured BILLING mode (stripe, the local test mode, or none); one per app. */
export function getBillingProvider(deps: AppDeps): BillingProvider {
  let provider = providers.get(deps);
  if (!provider) {
    const mode = deps.config.BILLING;
    if (mode === 'stripe' && !createStripeProvider) throw new Error('Stripe is configured but its provider was not loaded (loadBillingProvider)');
    provider = mode === 'stripe' ? createStripeProvider!(deps.config) : mode === 'none' ? createNoneProvider() : createLocalProvider(deps);
    providers.set(deps, provider);
  }
  return provider;
}
