import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { loggedIn } from '@/app/session-slice';
import { createStore } from '@/app/store';
import { expectConsole } from '@/test/console';
import { makeUser } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { ResetPasswordPage } from './reset-password-page';
import { SignupPage } from './signup-page';

const DONE = { detail: 'Password has been reset with the new password.' };
const HINT = 'Your new password must be more than 8 characters.';
const link = { uid: 'MTI', token: 'mbx4w3-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ' };

async function fill(password: string, again = password) {
  await screen.findByLabelText('New password');
  if (password) await userEvent.type(screen.getByLabelText('New password'), password);
  if (again) await userEvent.type(screen.getByLabelText('Confirm new password'), again);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

/** The link holds: the page's check on load says so (each test may answer otherwise). */
const linkHolds = () => server.use(apiHandler('post', '/api/auth/password/reset/check/', { detail: 'This link is valid.' }));
/** What the page sent, apart from that check. */
const sentBesidesCheck = () => sentRequests.filter((r) => r.path !== '/api/auth/password/reset/check/');

describe('reset password page', () => {
  beforeEach(linkHolds);

  it("shows the product's hint and validation messages word for word, sending nothing", async () => {
    await renderWithStore(<ResetPasswordPage {...link} />, { path: '/reset-password' });
    expect(await screen.findByText(HINT)).toBeInTheDocument();
    await fill('');
    expect(await screen.findByText('New password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Confirm your new password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'a fresh start');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a fresh starx');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(sentBesidesCheck()).toEqual([]);
  });

  it('sets the password with the uid and token, says so while busy, then goes to log in with a success toast', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    server.use(
      apiHandler('post', '/api/auth/password/reset/confirm/', async () => {
        await released;
        return HttpResponse.json(DONE);
      }),
    );
    const { router } = await renderWithStore(<ResetPasswordPage {...link} />, { path: '/reset-password' });
    await fill('a fresh start today');
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Password reset')).toBeInTheDocument();
    expect(screen.getByText('Your new password is set. Log in with it now.')).toBeInTheDocument();
    expect(sentRequests.map((r) => ({ method: r.method, path: r.path, body: r.body }))).toEqual([
      { method: 'POST', path: '/api/auth/password/reset/check/', body: link },
      { method: 'POST', path: '/api/auth/password/reset/confirm/', body: { ...link, new_password1: 'a fresh start today', new_password2: 'a fresh start today' } },
    ]);
  });

  it('ends the session of a signed-in browser too (the server ended them all)', async () => {
    server.use(apiHandler('post', '/api/auth/password/reset/confirm/', DONE));
    const store = createStore();
    store.dispatch(loggedIn({ access: 'access', refresh: 'refresh', user: makeUser() }));
    const { router } = await renderWithStore(<ResetPasswordPage {...link} />, { store, path: '/reset-password' });
    await fill('a fresh start today');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().session.isAuthenticated).toBe(false);
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('turns a used, expired or tampered link into the expired-link state, with a way to ask again', async () => {
    expectConsole(/^Request failed: /);
    server.use(apiHandler('post', '/api/auth/password/reset/confirm/', apiError(400, { token: ['Invalid value'] })));
    await renderWithStore(<ResetPasswordPage {...link} />, { path: '/reset-password' });
    await fill('a fresh start today');
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('A link works once, for 1 hour.');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
    // keyboard: the next stop is the new-link action
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveFocus();
  });

  it('refuses a used or expired link on load, before a password is typed', async () => {
    expectConsole(/^Request failed: /);
    server.use(apiHandler('post', '/api/auth/password/reset/check/', apiError(400, { token: ['Invalid value'] })));
    await renderWithStore(<ResetPasswordPage {...link} />, { path: '/reset-password' });
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(sentBesidesCheck()).toEqual([]);
  });

  it('shows the form when the check cannot reach the server: the confirm call decides then', async () => {
    expectConsole(/^Request failed: /);
    server.use(apiHandler('post', '/api/auth/password/reset/check/', () => HttpResponse.error()));
    await renderWithStore(<ResetPasswordPage {...link} />, { path: '/reset-password' });
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });

  it('an unknown uid is the same dead link', async () => {
    expectConsole(/^Request failed: /);
    server.use(apiHandler('post', '/api/auth/password/reset/confirm/', apiError(400, { uid: ['Invalid value'] })));
    await renderWithStore(<ResetPasswordPage {...link} />, { path: '/reset-password' });
    await fill('a fresh start today');
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
  });

  it("shows the API's password rule under the new password and keeps the form", async () => {
    expectConsole(/^Request failed: /);
    server.use(apiHandler('post', '/api/auth/password/reset/confirm/', apiError(400, { new_password2: ['This password is too common.'] })));
    await renderWithStore(<ResetPasswordPage {...link} />, { path: '/reset-password' });
    await fill('password123');
    const error = await screen.findByText('This password is too common.');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-describedby', error.id);
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
  });

  it('says what failed when the server cannot be reached', async () => {
    expectConsole(/^Request failed: /);
    server.use(apiHandler('post', '/api/auth/password/reset/confirm/', () => HttpResponse.error()));
    await renderWithStore(<ResetPasswordPage {...link} />, { path: '/reset-password' });
    await fill('a fresh start today');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server. Check your connection and try again.');
  });

  it('a link without its uid or token says so instead of showing a form that cannot work', async () => {
    await renderWithStore(<ResetPasswordPage uid="" token={link.token} />, { path: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'Reset link incomplete' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('one password hint', () => {
  beforeEach(linkHolds);

  // Account Settings shows it too (features/settings/password-form.test.tsx checks the same words)
  it('reads the same on sign-up and the reset page', async () => {
    for (const page of [<SignupPage search={{}} />, <ResetPasswordPage {...link} />]) {
      const { unmount } = await renderWithStore(page);
      expect(await screen.findByText(HINT)).toBeInTheDocument();
      expect(screen.queryByText(/at least 8 characters, not only numbers/i)).not.toBeInTheDocument();
      unmount();
    }
  });
});
