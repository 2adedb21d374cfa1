import { render, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { createStore } from '@/app/store';
import { expectConsole } from '@/test/console';
import { makeTeam, makeUser, page, refreshed } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { SessionManager, USER_POLLING_MS } from './session-manager';

const user = makeUser();
const team = makeTeam({ id: 3, name: 'Acme', slug: 'acme', has_active_subscription: true });
const tokenInvalid = apiError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });

function mount() {
  const store = createStore();
  render(
    <Provider store={store}>
      <SessionManager />
    </Provider>,
  );
  return store;
}

describe('session validation', () => {
  it('polls the current user every 60 s', () => {
    expect(USER_POLLING_MS).toBe(60_000);
  });

  it('is not authenticated until the stored access token is validated, then picks the first team', async () => {
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem('refreshToken', 'ref');
    server.use(apiHandler('get', '/api/auth/user/', user), apiHandler('get', '/teams/api/teams/', page([team])));
    const store = mount();
    expect(store.getState().session).toMatchObject({ isAuthenticated: false, isTokenValidated: false, token: 'tok' });
    await waitFor(() => expect(store.getState().session).toMatchObject({ isAuthenticated: true, isTokenValidated: true, user }));
    await waitFor(() => expect(store.getState().ui.currentTeam?.slug).toBe('acme'));
    expect(store.getState().ui.isInitialDataFetched).toBe(true);
    expect(sentRequests.find((r) => r.path === '/api/auth/user/')?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('with only a refresh token, refreshes, stores the new access token and validates the session', async () => {
    localStorage.setItem('refreshToken', 'ref');
    server.use(
      apiHandler('post', '/api/auth/token/refresh/', refreshed('new', 'ref2')),
      apiHandler('get', '/api/auth/user/', user),
      apiHandler('get', '/teams/api/teams/', page([team])),
    );
    const store = mount();
    await waitFor(() => expect(store.getState().session.isAuthenticated && store.getState().session.isTokenValidated).toBe(true));
    expect(sentRequests[0]).toMatchObject({ method: 'POST', path: '/api/auth/token/refresh/', body: { refresh: 'ref' } });
    // the session is validated with the new token
    expect(sentRequests.find((r) => r.path === '/api/auth/user/')?.headers.get('authorization')).toBe('Bearer new');
    expect(localStorage.getItem('accessToken')).toBe('new');
    expect(localStorage.getItem('refreshToken')).toBe('ref2');
  });

  it('logs out when the refresh fails', async () => {
    // the client logs every failed request
    expectConsole(/^Request failed: POST \/api\/auth\/token\/refresh\//);
    localStorage.setItem('refreshToken', 'revoked');
    server.use(apiHandler('post', '/api/auth/token/refresh/', tokenInvalid));
    const store = mount();
    await waitFor(() => expect(localStorage.getItem('refreshToken')).toBeNull());
    expect(store.getState().session).toMatchObject({ isAuthenticated: false, refreshToken: null, token: null });
    expect(sentRequests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/auth/token/refresh/']);
  });

  it('when the current-user call errors, drops the access token and refreshes once; a second failure logs out', async () => {
    // the client logs every failed request
    expectConsole(/^Request failed: GET \/api\/auth\/user\//);
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem('refreshToken', 'ref');
    let refreshes = 0;
    server.use(
      apiHandler('post', '/api/auth/token/refresh/', () => {
        refreshes += 1;
        return HttpResponse.json(refreshed(`new-${refreshes}`, `ref-${refreshes}`));
      }),
      apiHandler('get', '/api/auth/user/', apiError(500, { detail: 'A server error occurred.' })),
    );
    const store = mount();
    await waitFor(() => expect(store.getState().session.refreshToken).toBeNull());
    expect(refreshes).toBe(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    // the user was asked for twice: with the stored token, then with the refreshed one
    expect(sentRequests.filter((r) => r.path === '/api/auth/user/').map((r) => r.headers.get('authorization'))).toEqual(['Bearer tok', 'Bearer new-1']);
  });

  it('when the current-user call errors and the refresh works, the user asked for with the new token keeps the session', async () => {
    // the client logs every failed request
    expectConsole(/^Request failed: GET \/api\/auth\/user\//);
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem('refreshToken', 'ref');
    server.use(
      apiHandler('post', '/api/auth/token/refresh/', refreshed('new', 'ref2')),
      apiHandler('get', '/api/auth/user/', ({ request }) => (request.headers.get('authorization') === 'Bearer new' ? HttpResponse.json(user) : apiError(500, { detail: 'A server error occurred.' }))),
      apiHandler('get', '/teams/api/teams/', page([team])),
    );
    const store = mount();
    await waitFor(() => expect(store.getState().session).toMatchObject({ isAuthenticated: true, isTokenValidated: true, user, token: 'new', refreshToken: 'ref2' }));
    await waitFor(() => expect(store.getState().ui.currentTeam?.slug).toBe('acme'));
    expect(localStorage.getItem('accessToken')).toBe('new');
    expect(sentRequests.filter((r) => r.path === '/api/auth/token/refresh/')).toHaveLength(1);
  });

  it('otpRequired starts true when a temporary code token is stored', () => {
    localStorage.setItem('tempOtpToken', 'temp');
    expect(createStore().getState().session).toMatchObject({ otpRequired: true, tempOtpToken: 'temp' });
  });
});
