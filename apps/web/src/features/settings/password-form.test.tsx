import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '@/test/console';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { PasswordForm } from './password-form';

async function fill(current: string, next: string, confirm: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('password change form', () => {
  it('shows the hint and every validation message word for word', async () => {
    await renderWithStore(<PasswordForm />);
    expect(screen.getByText('Your new password must be more than 8 characters.')).toBeInTheDocument();
    await fill('', '', '');
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Confirm your new password')).toBeInTheDocument();
    expect(sentRequests).toEqual([]);
  });

  it("reports Passwords don't match on the confirmation field", async () => {
    await renderWithStore(<PasswordForm />);
    await fill('old-password', 'new-password-1', 'new-password-2');
    const message = await screen.findByText("Passwords don't match");
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-describedby', message.id);
    expect(sentRequests).toEqual([]);
  });

  it('sends new_password1/2 only (not the current password) and toasts success', async () => {
    server.use(apiHandler('post', '/api/auth/password/change/', { detail: 'New password has been saved.' }));
    await renderWithStore(<PasswordForm />);
    await fill('old-password', 'brand-new-pass', 'brand-new-pass');
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(screen.getByText('Your password has been changed successfully. You can use it the next time you log in.')).toBeInTheDocument();
    expect(sentRequests.map((r) => ({ path: r.path, body: r.body }))).toEqual([{ path: '/api/auth/password/change/', body: { new_password1: 'brand-new-pass', new_password2: 'brand-new-pass' } }]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('toasts the failure', async () => {
    expectConsole(/^Password change failed/);
    // the client logs every failed request
    expectConsole(/^Request failed: /);
    server.use(apiHandler('post', '/api/auth/password/change/', apiError(400, { new_password2: ['This password is too common.'] })));
    await renderWithStore(<PasswordForm />);
    await fill('old-password', 'password', 'password');
    expect(await screen.findByText('Password update failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error updating your password. Please check your current password and try again.')).toBeInTheDocument();
  });
});
