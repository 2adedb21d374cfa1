import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { loggedOut, tokensRefreshed } from '@/app/session-slice';
import { tokenStorage } from '@/app/token-storage';
import { awaitReauthentication, reauthenticationDetail } from '@/app/reauthentication';
import { isSubscriptionRequiredError, subscriptionRequiredModalOpened } from '@/app/subscription-required';

/** The cache tag types: the original client's, which the API also tags its OpenAPI operations with. */
export const TAG_TYPES = ['subscriptions', 'teams', 'api', 'Brand Videos', 'Composite Videos', 'Text Wall Videos', 'users', 'dashboard'] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const REQUEST_TIMEOUT_MS = 30_000;
const REFRESH_PATH = '/api/auth/token/refresh/';
/** Paths under /api/ that hold no team data, so they carry no X-Team-Slug header. */
const TEAMLESS_API_PREFIXES = ['/api/auth/', '/api/users/', '/api/health/', '/api/schema/'];

interface StateWithTeam {
  ui?: { currentTeam?: { slug: string } | null };
}

function urlOf(args: string | FetchArgs) {
  return typeof args === 'string' ? args : args.url;
}

export const rawBaseQuery = fetchBaseQuery({
  // absolute, so the same code runs where Request does not resolve relative URLs (tests)
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers, { getState, arg }) => {
    const access = tokenStorage.getAccess();
    if (access && !headers.has('authorization')) headers.set('authorization', `Bearer ${access}`);
    const path = urlOf(arg as string | FetchArgs);
    const slug = (getState() as StateWithTeam).ui?.currentTeam?.slug;
    if (slug && path.startsWith('/api/') && !TEAMLESS_API_PREFIXES.some((p) => path.startsWith(p)) && !headers.has('x-team-slug')) {
      headers.set('x-team-slug', slug);
    }
    return headers;
  },
});

/**
 * The refresh lock: while one refresh runs, every other request waits for it and
 * then retries with the new token, so a burst of 401s costs exactly one refresh.
 */
let refreshInFlight: Promise<boolean> | null = null;

/** Refreshes the access token once, however many callers ask at the same time. */
export function refreshAccessToken(dispatch: BaseQueryApi['dispatch']): Promise<boolean> {
  refreshInFlight ??= (async () => {
    const refresh = tokenStorage.getRefresh();
    if (!refresh) return false;
    const controller = new AbortController();
    const api: BaseQueryApi = { dispatch, getState: () => ({}), signal: controller.signal, abort: () => controller.abort(), extra: undefined, endpoint: 'refresh', type: 'mutation' };
    const result = await rawBaseQuery({ url: REFRESH_PATH, method: 'POST', body: { refresh } }, api, {});
    const data = result.data as { access?: string; refresh?: string } | undefined;
    if (data?.access) {
      dispatch(tokensRefreshed({ access: data.access, refresh: data.refresh }));
      return true;
    }
    return false;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Ends a session the client no longer uses (the one a new sign-in replaced): its own tokens are
 * sent, so the server ends that session and not the current one. Best effort.
 */
export async function endReplacedSession(dispatch: BaseQueryApi['dispatch'], tokens: { access: string | null; refresh: string | null }) {
  // without its access token the request would carry the current one, and end the current session
  if (!tokens.refresh || !tokens.access) return;
  const controller = new AbortController();
  const api: BaseQueryApi = { dispatch, getState: () => ({}), signal: controller.signal, abort: () => controller.abort(), extra: undefined, endpoint: 'logout', type: 'mutation' };
  const headers = { authorization: `Bearer ${tokens.access}` };
  const result = await rawBaseQuery({ url: '/api/auth/logout/', method: 'POST', body: { refresh: tokens.refresh }, headers }, api, {});
  if (result.error) console.warn('Could not end the replaced session', result.error);
}

export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  // a request made while a refresh runs waits for it, so it goes out with the new token
  if (refreshInFlight) await refreshInFlight;
  const sentWith = tokenStorage.getAccess();
  let result = await rawBaseQuery(args, api, extraOptions);
  const path = urlOf(args);
  if (result.error?.status === 401 && path !== REFRESH_PATH && tokenStorage.getRefresh()) {
    const current = tokenStorage.getAccess();
    // another request may already have refreshed while this one was in flight
    const isRefreshed = current !== null && current !== sentWith ? true : await refreshAccessToken(api.dispatch);
    if (isRefreshed) {
      result = await rawBaseQuery(args, api, extraOptions);
    } else {
      api.dispatch(loggedOut());
    }
  }
  // a change that needs a recent sign-in (password, email): sign in again in the dialog, then send it again
  const reauthentication = reauthenticationDetail(result.error);
  if (reauthentication !== null && tokenStorage.getRefresh() && (await awaitReauthentication(api.dispatch, reauthentication))) {
    result = await rawBaseQuery(args, api, extraOptions);
  }
  // a video-making call without an active subscription (402 subscription_required): the subscription-required modal
  if (isSubscriptionRequiredError(result.error)) api.dispatch(subscriptionRequiredModalOpened());
  if (result.error) console.warn(`Request failed: ${typeof args === 'string' ? 'GET' : (args.method ?? 'GET')} ${path}`, result.error);
  return result;
};

/** The generated endpoints are injected into this api (src/api/generated, `npm run codegen`). */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
