import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '@/test/console';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';

const SENT = { detail: 'Password reset e-mail has been sent.' };

describe('"Forgot password?" on the login page', () => {
  it('comes right after the password field in the keyboard order and carries the typed address', async () => {
    await renderWithStore(<LoginPage search={{}} />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.tab();
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('href', '/forgot-password?email=sam%40example.com');
  });
});

describe('forgot password page', () => {
  it('checks the address before sending anything', async () => {
    await renderWithStore(<ForgotPasswordPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(sentRequests).toEqual([]);
  });

  it('sends the address, says so while busy, then confirms without telling whether an account exists', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    server.use(
      apiHandler('post', '/api/auth/password/reset/', async () => {
        await released;
        return HttpResponse.json(SENT);
      }),
    );
    await renderWithStore(<ForgotPasswordPage initialEmail="sam@example.com" />);
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('If an account exists for sam@example.com, we have sent it a link to choose a new password.');
    expect(status).toHaveTextContent('The link works once, for 1 hour.');
    expect(status).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(sentRequests.map((r) => ({ method: r.method, path: r.path, body: r.body }))).toEqual([{ method: 'POST', path: '/api/auth/password/reset/', body: { email: 'sam@example.com' } }]);
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');

    // and back to the form for another address
    await userEvent.click(screen.getByRole('button', { name: 'Send another link' }));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it("shows the API's field error under the field, and a throttled answer as a line", async () => {
    expectConsole(/^Request failed: /);
    server.use(apiHandler('post', '/api/auth/password/reset/', apiError(400, { email: ['Enter a valid email address.'] })));
    await renderWithStore(<ForgotPasswordPage initialEmail="sam@example.com" />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const error = await screen.findByText('Enter a valid email address.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', error.id);

    server.use(apiHandler('post', '/api/auth/password/reset/', apiError(429, { detail: 'Request was throttled. Expected available in 60 seconds.', code: 'throttled' })));
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Request was throttled. Expected available in 60 seconds.');
    await waitFor(() => expect(screen.queryByText('Enter a valid email address.')).not.toBeInTheDocument());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
