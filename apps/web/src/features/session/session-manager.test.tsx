import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '@/app/store';
import { jsonResponse } from '@/test/render';
import { SessionManager, USER_POLLING_MS } from './session-manager';

const user = { id: 1, email: 'a@example.com', first_name: 'A', last_name: '', avatar_url: null, get_display_name: 'A', is_staff: false, otp_enabled: false, date_joined: '' };
const team = { id: 3, name: 'Acme', slug: 'acme', members: [], invitations: [], has_active_subscription: true, subscription: null, is_admin: true, role: 'admin', created_at: '' };

function pathOf(input: RequestInfo | URL) {
  return new URL(input instanceof Request ? input.url : String(input)).pathname;
}

function mount() {
  const store = createStore();
  render(
    <Provider store={store}>
      <SessionManager />
    </Provider>,
  );
  return store;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session validation (spec section 4)', () => {
  it('polls the current user every 60 s', () => {
    expect(USER_POLLING_MS).toBe(60_000);
  });

  it('is not authenticated until the stored access token is validated, then picks the first team', async () => {
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem('refreshToken', 'ref');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => (pathOf(input) === '/api/auth/user/' ? jsonResponse(user) : jsonResponse({ count: 1, next: null, previous: null, results: [team] }))),
    );
    const store = mount();
    expect(store.getState().session).toMatchObject({ isAuthenticated: false, isTokenValidated: false, token: 'tok' });
    await waitFor(() => expect(store.getState().session).toMatchObject({ isAuthenticated: true, isTokenValidated: true, user }));
    await waitFor(() => expect(store.getState().ui.currentTeam?.slug).toBe('acme'));
    expect(store.getState().ui.isInitialDataFetched).toBe(true);
  });

  it('with only a refresh token, refreshes, stores the new access token and validates the session', async () => {
    localStorage.setItem('refreshToken', 'ref');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = pathOf(input);
        calls.push(path);
        if (path === '/api/auth/token/refresh/') return jsonResponse({ access: 'new', refresh: 'ref2', access_expiration: '', refresh_expiration: '' });
        if (path === '/api/auth/user/') return jsonResponse(user);
        return jsonResponse({ count: 1, next: null, previous: null, results: [team] });
      }),
    );
    const store = mount();
    await waitFor(() => expect(store.getState().session.isAuthenticated && store.getState().session.isTokenValidated).toBe(true));
    expect(calls[0]).toBe('/api/auth/token/refresh/');
    expect(localStorage.getItem('accessToken')).toBe('new');
    expect(localStorage.getItem('refreshToken')).toBe('ref2');
  });

  it('logs out when the refresh fails', async () => {
    localStorage.setItem('refreshToken', 'revoked');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, 401)));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = mount();
    await waitFor(() => expect(localStorage.getItem('refreshToken')).toBeNull());
    expect(store.getState().session).toMatchObject({ isAuthenticated: false, refreshToken: null, token: null });
  });

  it('when the current-user call errors, drops the access token and refreshes once; a second failure logs out', async () => {
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem('refreshToken', 'ref');
    let refreshes = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (pathOf(input) === '/api/auth/token/refresh/') {
          refreshes += 1;
          return jsonResponse({ access: `new-${refreshes}`, refresh: `ref-${refreshes}`, access_expiration: '', refresh_expiration: '' });
        }
        return jsonResponse({ detail: 'A server error occurred.' }, 500);
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = mount();
    await waitFor(() => expect(store.getState().session.refreshToken).toBeNull());
    expect(refreshes).toBe(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('otpRequired starts true when a temporary code token is stored', () => {
    localStorage.setItem('tempOtpToken', 'temp');
    expect(createStore().getState().session).toMatchObject({ otpRequired: true, tempOtpToken: 'temp' });
  });
});
