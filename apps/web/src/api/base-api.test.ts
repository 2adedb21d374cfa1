import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/api';
import { createStore } from '@/app/store';
import { jsonResponse } from '@/test/render';
import { expectConsole } from '@/test/console';

const user = { id: 1, email: 'a@example.com', first_name: 'A', last_name: '', avatar_url: null, get_display_name: 'A', is_staff: false, otp_enabled: false, date_joined: '2026-01-01T00:00:00Z' };
const teamPage = { count: 0, next: null, previous: null, results: [] };

function authHeader(input: RequestInfo | URL) {
  return input instanceof Request ? input.headers.get('authorization') : null;
}
function pathOf(input: RequestInfo | URL) {
  return new URL(input instanceof Request ? input.url : String(input)).pathname;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('base query: 401 → one refresh under a lock', () => {
  it('refreshes exactly once for concurrent 401s, then every request is retried with the new token', async () => {
    // the client logs every failed request (spec section 8)
    expectConsole(/^Request failed: /);
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'refresh-1');
    let refreshCalls = 0;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const path = pathOf(input);
      if (path === '/api/auth/token/refresh/') {
        refreshCalls += 1;
        const body = await (input as Request).json();
        expect(body).toEqual({ refresh: 'refresh-1' });
        await new Promise((r) => setTimeout(r, 30));
        return jsonResponse({ access: 'fresh', refresh: 'refresh-2', access_expiration: '', refresh_expiration: '' });
      }
      if (authHeader(input) !== 'Bearer fresh') return jsonResponse({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, 401);
      if (path === '/api/auth/user/') return jsonResponse(user);
      if (path === '/teams/api/teams/') return jsonResponse(teamPage);
      return jsonResponse({ detail: 'Not found.' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    const store = createStore();

    const results = await Promise.all([
      store.dispatch(api.endpoints.getApiAuthUser.initiate()),
      store.dispatch(api.endpoints.getTeamsApiTeams.initiate({})),
      store.dispatch(api.endpoints.getTeamsApiTeams.initiate({ page: 1 })),
      store.dispatch(api.endpoints.getApiAuthOtpSetup.initiate()),
    ]);

    expect(refreshCalls).toBe(1);
    expect(results[0]!.data).toEqual(user);
    expect(results[1]!.data).toEqual(teamPage);
    expect(results[2]!.data).toEqual(teamPage);
    expect(localStorage.getItem('accessToken')).toBe('fresh');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(store.getState().session.token).toBe('fresh');
  });

  it('logs out when the refresh fails: tokens cleared, session ended', async () => {
    // the client logs every failed request (spec section 8)
    expectConsole(/^Request failed: /);
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'revoked');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        pathOf(input) === '/api/auth/token/refresh/'
          ? jsonResponse({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, 401)
          : jsonResponse({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, 401),
      ),
    );
    const store = createStore();
    const result = await store.dispatch(api.endpoints.getApiAuthUser.initiate());
    expect(result.isError).toBe(true);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(store.getState().session).toMatchObject({ isAuthenticated: false, token: null, refreshToken: null });
  });

  it('sends the bearer token and the current team as X-Team-Slug on /api/ data paths only', async () => {
    localStorage.setItem('accessToken', 'tok');
    const seen: Array<{ path: string; auth: string | null; team: string | null }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const request = input as Request;
        seen.push({ path: pathOf(input), auth: request.headers.get('authorization'), team: request.headers.get('x-team-slug') });
        return jsonResponse(pathOf(input) === '/api/auth/user/' ? user : { count: 0, next: null, previous: null, results: [] });
      }),
    );
    const store = createStore();
    store.dispatch({ type: 'ui/currentTeamSet', payload: { id: 1, slug: 'acme' } });
    await store.dispatch(api.endpoints.getApiAuthUser.initiate());
    await store.dispatch(api.endpoints.getAByTeamSlugTeamMembers.initiate({ teamSlug: 'acme' }));
    await store.dispatch(api.endpoints.postApiContexts.initiate({ contextRequest: { name: 'X', type: 'product', content: 'Y' } }));
    expect(seen).toEqual([
      { path: '/api/auth/user/', auth: 'Bearer tok', team: null },
      { path: '/a/acme/team/members/', auth: 'Bearer tok', team: null },
      { path: '/api/contexts/', auth: 'Bearer tok', team: 'acme' },
    ]);
  });

  it('shows a message for client-side failures (FETCH_ERROR)', async () => {
    // the client logs every failed request (spec section 8)
    expectConsole(/^Request failed: /);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const store = createStore();
    const result = await store.dispatch(api.endpoints.getApiHealth.initiate());
    expect((result.error as { status: string }).status).toBe('FETCH_ERROR');
  });
});
