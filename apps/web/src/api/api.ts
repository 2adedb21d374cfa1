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

/** Calls that change nothing on the server even though they are POSTs. */
const NON_INVALIDATING = new Set(['postApiAuthLogin', 'postApiAuthTokenRefresh', 'postApiAuthTokenVerify', 'postApiAuthVerifyOtp', 'postApiAuthRegister', 'postApiAuthLogout']);

type EndpointName = keyof typeof hookwallApi.endpoints;
const names = Object.keys(hookwallApi.endpoints) as EndpointName[];
const isQuery = (name: string) => name.startsWith('get');

const definitions = Object.fromEntries(
  names.map((name) => [
    name,
    isQuery(name) ? { providesTags: [tagOf(name)] } : { invalidatesTags: NON_INVALIDATING.has(name) ? [] : [tagOf(name)] },
  ]),
);

export const api = hookwallApi.enhanceEndpoints({ endpoints: definitions as never });
export * from './generated/hookwall-api';
