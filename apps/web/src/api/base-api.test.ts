import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api } from '@/api/api';
import { createStore } from '@/app/store';
import { expectConsole } from '@/test/console';
import { makeContext, makeUser, page, refreshed } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';

const user = makeUser();
const otpSetup = { secret: 'S3CRET', otpauth_url: 'otpauth://totp/Hookwall:a@example.com?secret=S3CRET', qr_svg: '<svg/>' };
const tokenInvalid = apiError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });

describe('base query: 401 → one refresh under a lock', () => {
  it('refreshes exactly once for concurrent 401s, then every request is retried with the new token', async () => {
    // the client logs every failed request
    expectConsole(/^Request failed: /);
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'refresh-1');
    const fresh = (request: Request) => request.headers.get('authorization') === 'Bearer fresh';
    server.use(
      apiHandler('post', '/api/auth/token/refresh/', async () => {
        await new Promise((r) => setTimeout(r, 30));
        return HttpResponse.json(refreshed('fresh', 'refresh-2'));
      }),
      apiHandler('get', '/api/auth/user/', ({ request }) => (fresh(request) ? HttpResponse.json(user) : tokenInvalid)),
      apiHandler('get', '/teams/api/teams/', ({ request }) => (fresh(request) ? HttpResponse.json(page([])) : tokenInvalid)),
      apiHandler('get', '/api/auth/otp/setup/', ({ request }) => (fresh(request) ? HttpResponse.json(otpSetup) : tokenInvalid)),
    );
    const store = createStore();

    const results = await Promise.all([
      store.dispatch(api.endpoints.getApiAuthUser.initiate()),
      store.dispatch(api.endpoints.getTeamsApiTeams.initiate({})),
      store.dispatch(api.endpoints.getTeamsApiTeams.initiate({ page: 1 })),
      store.dispatch(api.endpoints.getApiAuthOtpSetup.initiate()),
    ]);

    const refreshes = sentRequests.filter((r) => r.path === '/api/auth/token/refresh/');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.body).toEqual({ refresh: 'refresh-1' });
    expect(results.map((r) => r.data)).toEqual([user, page([]), page([]), otpSetup]);
    // each of the four went out once with the expired token and once more with the new one
    const sent = (token: string) =>
      sentRequests
        .filter((r) => r.path !== '/api/auth/token/refresh/' && r.headers.get('authorization') === `Bearer ${token}`)
        .map((r) => `${r.path}${r.params.size ? `?${r.params}` : ''}`)
        .sort();
    const four = ['/api/auth/otp/setup/', '/api/auth/user/', '/teams/api/teams/', '/teams/api/teams/?page=1'];
    expect(sent('expired')).toEqual(four);
    expect(sent('fresh')).toEqual(four);
    expect(localStorage.getItem('accessToken')).toBe('fresh');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(store.getState().session.token).toBe('fresh');
  });

  it('logs out when the refresh fails: tokens cleared, session ended', async () => {
    // the client logs every failed request
    expectConsole(/^Request failed: /);
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'revoked');
    server.use(apiHandler('post', '/api/auth/token/refresh/', tokenInvalid), apiHandler('get', '/api/auth/user/', tokenInvalid));
    const store = createStore();
    const result = await store.dispatch(api.endpoints.getApiAuthUser.initiate());
    expect(result.isError).toBe(true);
    expect(sentRequests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/auth/user/', 'POST /api/auth/token/refresh/']);
    expect(sentRequests[1]!.body).toEqual({ refresh: 'revoked' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(store.getState().session).toMatchObject({ isAuthenticated: false, token: null, refreshToken: null });
  });

  it('sends the bearer token and the current team as X-Team-Slug on /api/ data paths only', async () => {
    localStorage.setItem('accessToken', 'tok');
    server.use(
      apiHandler('get', '/api/auth/user/', user),
      apiHandler('get', '/a/{teamSlug}/team/members/', page([])),
      apiHandler('post', '/api/contexts/', ({ body }) => HttpResponse.json({ ...makeContext(1, body.name), content: body.content ?? '' }, { status: 201 })),
    );
    const store = createStore();
    store.dispatch({ type: 'ui/currentTeamSet', payload: { id: 1, slug: 'acme' } });
    await store.dispatch(api.endpoints.getApiAuthUser.initiate());
    await store.dispatch(api.endpoints.getAByTeamSlugTeamMembers.initiate({ teamSlug: 'acme' }));
    await store.dispatch(api.endpoints.postApiContexts.initiate({ contextRequest: { name: 'X', type: 'product', content: 'Y' } }));
    expect(sentRequests.map((r) => ({ path: r.path, auth: r.headers.get('authorization'), team: r.headers.get('x-team-slug') }))).toEqual([
      { path: '/api/auth/user/', auth: 'Bearer tok', team: null },
      { path: '/a/acme/team/members/', auth: 'Bearer tok', team: null },
      { path: '/api/contexts/', auth: 'Bearer tok', team: 'acme' },
    ]);
  });

  it('shows a message for client-side failures (FETCH_ERROR)', async () => {
    // the client logs every failed request
    expectConsole(/^Request failed: /);
    server.use(apiHandler('get', '/api/health/', () => HttpResponse.error()));
    const store = createStore();
    const result = await store.dispatch(api.endpoints.getApiHealth.initiate());
    expect((result.error as { status: string }).status).toBe('FETCH_ERROR');
  });
});
