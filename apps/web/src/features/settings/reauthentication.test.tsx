import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createStore } from '@/app/store';
import { userLoaded } from '@/app/session-slice';
import { ReauthenticateDialog } from '@/features/session';
import { expectConsole } from '@/test/console';
import { makeUser } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';

const PASSWORD_403 = apiError(403, { detail: 'Please sign in again to change your password.', code: 'reauthentication_required' });
const EMAIL_403 = apiError(403, { detail: 'Please sign in again to change your email address.', code: 'reauthentication_required' });
const bearer = (request: Request) => request.headers.get('authorization');

async function mount(form: 'password' | 'email', otpEnabled = false) {
  localStorage.setItem('accessToken', 'old-access');
  localStorage.setItem('refreshToken', 'old-refresh');
  const user = makeUser({ email: 'olivia@example.com', otp_enabled: otpEnabled });
  const store = createStore();
  store.dispatch(userLoaded(user));
  await renderWithStore(
    <>
      {form === 'password' ? <PasswordForm /> : <EmailForm />}
      <ReauthenticateDialog />
    </>,
    { store },
  );
  return { store, user };
}

async function fillPasswordForm() {
  await userEvent.type(screen.getByLabelText('Current password'), 'the old password');
  await userEvent.type(screen.getByLabelText('New password'), 'brand-new-pass');
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
}

/** The API: the change is refused until it comes with the token of the new sign-in. */
function changeNeedsNewSignIn() {
  server.use(
    apiHandler('post', '/api/auth/password/change/', ({ request }) => (bearer(request) === 'Bearer new-access' ? HttpResponse.json({ detail: 'New password has been saved.' }) : PASSWORD_403)),
    apiHandler('post', '/api/auth/logout/', { detail: 'Successfully logged out.' }),
  );
}

describe('signing in again for a change that needs a recent sign-in', () => {
  it('asks for the password in a dialog, signs in, keeps the new tokens and sends the change again as typed', async () => {
    // the wrong password's 400 is a failed request, logged
    expectConsole(/^Request failed: POST \/api\/auth\/login\//);
    changeNeedsNewSignIn();
    const { user } = await mount('password');
    server.use(
      apiHandler('post', '/api/auth/login/', ({ body }) =>
        body.password === 'my password'
          ? HttpResponse.json({ status: 'success', detail: 'User logged in.', jwt: { access: 'new-access', refresh: 'new-refresh', user } })
          : apiError(400, { non_field_errors: ['Unable to log in with provided credentials.'] }),
      ),
    );
    await fillPasswordForm();

    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(dialog).toHaveAccessibleDescription('Please sign in again to change your password.');
    expect(within(dialog).getByText('olivia@example.com')).toBeInTheDocument();
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();
    // the form behind keeps what was typed, and waits
    expect(screen.getByRole('button', { name: 'Updating...', hidden: true })).toBeDisabled();

    await userEvent.type(password, 'wrong password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unable to log in with provided credentials.');

    await userEvent.clear(password);
    await userEvent.type(password, 'my password{Enter}');
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sign in again' })).not.toBeInTheDocument();

    const changes = sentRequests.filter((r) => r.path === '/api/auth/password/change/');
    expect(changes.map((r) => [bearer(r as unknown as Request), r.body])).toEqual([
      ['Bearer old-access', { new_password1: 'brand-new-pass', new_password2: 'brand-new-pass' }],
      ['Bearer new-access', { new_password1: 'brand-new-pass', new_password2: 'brand-new-pass' }],
    ]);
    expect(sentRequests.filter((r) => r.path === '/api/auth/login/').map((r) => r.body)).toEqual([
      { email: 'olivia@example.com', password: 'wrong password' },
      { email: 'olivia@example.com', password: 'my password' },
    ]);
    expect(localStorage.getItem('accessToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh');
    // the session the new sign-in replaced is ended with its own tokens, not the new ones
    await waitFor(() => expect(sentRequests.some((r) => r.path === '/api/auth/logout/')).toBe(true));
    const logout = sentRequests.find((r) => r.path === '/api/auth/logout/')!;
    expect([logout.headers.get('authorization'), logout.body]).toEqual(['Bearer old-access', { refresh: 'old-refresh' }]);
  });

  it('Escape closes the dialog and gives the change up: nothing is sent again', async () => {
    expectConsole(/^Password change failed/, /^Request failed: POST \/api\/auth\/password\/change\//);
    changeNeedsNewSignIn();
    await mount('password');
    await fillPasswordForm();
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Password update failed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sign in again' })).not.toBeInTheDocument();
    expect(sentRequests.map((r) => r.path)).toEqual(['/api/auth/password/change/']);
    expect(localStorage.getItem('accessToken')).toBe('old-access');
    // the form still holds the new password, to try again
    expect(screen.getByLabelText('New password')).toHaveValue('brand-new-pass');
  });

  it('keeps the focus inside the dialog, and Cancel gives up too', async () => {
    expectConsole(/^Password change failed/, /^Request failed: POST \/api\/auth\/password\/change\//);
    changeNeedsNewSignIn();
    await mount('password');
    await fillPasswordForm();
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Password update failed')).toBeInTheDocument();
    expect(sentRequests.filter((r) => r.path === '/api/auth/login/')).toEqual([]);
  });

  it('with two-factor on, asks for the code after the password, then sends the email change again', async () => {
    const { user } = await mount('email', true);
    server.use(
      apiHandler('patch', '/api/auth/user/', ({ request, body }) =>
        bearer(request) === 'Bearer new-access' ? HttpResponse.json({ ...user, ...body, email_verified: false }) : EMAIL_403,
      ),
      apiHandler('post', '/api/auth/login/', { status: 'otp_required', detail: 'OTP required for 2FA', temp_otp_token: '7f0c0a9e-0000-4000-8000-000000000001' }),
      apiHandler('post', '/api/auth/verify-otp/', ({ body }) =>
        body.otp === '123456' ? HttpResponse.json({ access: 'new-access', refresh: 'new-refresh', user }) : apiError(400, { status: 'invalid_otp', detail: 'Invalid OTP code' } as never),
      ),
      apiHandler('post', '/api/auth/logout/', { detail: 'Successfully logged out.' }),
    );
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(dialog).toHaveAccessibleDescription('Please sign in again to change your email address.');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'my password{Enter}');
    const code = await within(dialog).findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    await userEvent.type(code, '123 456{Enter}');

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(sentRequests.find((r) => r.path === '/api/auth/verify-otp/')!.body).toEqual({ temp_otp_token: '7f0c0a9e-0000-4000-8000-000000000001', otp: '123456' });
    const patches = sentRequests.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => [r.headers.get('authorization'), r.body])).toEqual([
      ['Bearer old-access', { email: 'new@example.com' }],
      ['Bearer new-access', { email: 'new@example.com' }],
    ]);
    expect(screen.getByText('We sent a verification link to new@example.com.')).toBeInTheDocument();
  });
});
