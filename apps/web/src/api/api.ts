import { hookwallApi } from './generated/hookwall-api';
import type { TagType } from './base-api';

/**
 * The generated endpoints with the spec's cache tags: queries provide the tag of their area,
 * mutations invalidate it (spec section 7, "mutations invalidate the cache of their tag").
 */
export function tagOf(endpointName: string): TagType {
  const n = endpointName.toLowerCase();
  if (n.includes('subscription') || n.includes('credit') || n.includes('billing')) return 'subscriptions';
  if (n.includes('brandvideo')) return 'Brand Videos';
  if (n.includes('compositevideo')) return 'Composite Videos';
  if (n.includes('textwall')) return 'Text Wall Videos';
  if (n.includes('dashboard')) return 'dashboard';
  if (n.includes('apiauth') || n.includes('apiusers') || n.includes('usersapi')) return 'users';
  if (n.includes('teams') || n.includes('byteamslugteam')) return 'teams';
  return 'api';
}

/** Calls that change nothing on the server even though they are POSTs (the billing ones only open a checkout or portal session). */
const NON_INVALIDATING = new Set([
  'postApiAuthLogin',
  'postApiAuthTokenRefresh',
  'postApiAuthTokenVerify',
  'postApiAuthVerifyOtp',
  'postApiAuthRegister',
  'postApiAuthLogout',
  'postAByTeamSlugSubscriptionStripeApiCreateCheckoutSession',
  'postAByTeamSlugSubscriptionStripeApiCreatePortalSession',
  'postAByTeamSlugSubscriptionApiCreditsPurchase',
  'postSubscriptionStripeWebhook',
]);

/** Calls that change a team's subscription: the teams (has_active_subscription, subscription) are stale too. */
const SUBSCRIPTION_CHANGES = new Set(['postSubscriptionLocalApiCheckoutByIdPay', 'postAByTeamSlugSubscriptionLocalApiPortalCancel', 'postAByTeamSlugSubscriptionLocalApiPortalResume']);

function invalidatedBy(name: string): TagType[] {
  if (NON_INVALIDATING.has(name)) return [];
  if (SUBSCRIPTION_CHANGES.has(name)) return ['subscriptions', 'teams'];
  return [tagOf(name)];
}

type EndpointName = keyof typeof hookwallApi.endpoints;
const names = Object.keys(hookwallApi.endpoints) as EndpointName[];
const isQuery = (name: string) => name.startsWith('get');

const definitions = Object.fromEntries(
  names.map((name) => [
    name,
    isQuery(name) ? { providesTags: [tagOf(name)] } : { invalidatesTags: invalidatedBy(name) },
  ]),
);

export const api = hookwallApi.enhanceEndpoints({ endpoints: definitions as never });
export * from './generated/hookwall-api';
