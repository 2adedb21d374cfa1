import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createStore } from '@/app/store';
import { userLoaded } from '@/app/session-slice';
import { expectConsole } from '@/test/console';
import { makeUser } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { EmailForm } from './email-form';

const user = makeUser();

async function mount() {
  const store = createStore();
  store.dispatch(userLoaded(user));
  await renderWithStore(<EmailForm />, { store });
  return store;
}

describe('account email form', () => {
  it("rejects an invalid address with 'Please enter a valid email address.'", async () => {
    await mount();
    const input = screen.getByLabelText('Email');
    await userEvent.clear(input);
    await userEvent.type(input, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(sentRequests).toEqual([]);
  });

  it("sends the email and toasts 'Profile updated'", async () => {
    server.use(apiHandler('patch', '/api/auth/user/', ({ body }) => HttpResponse.json({ ...user, ...body, email_verified: false })));
    const store = await mount();
    const input = screen.getByLabelText('Email');
    await userEvent.clear(input);
    await userEvent.type(input, 'b@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByText('Your email address has been updated successfully.')).toBeInTheDocument();
    expect(sentRequests.map((r) => ({ method: r.method, path: r.path, body: r.body }))).toEqual([{ method: 'PATCH', path: '/api/auth/user/', body: { email: 'b@example.com' } }]);
    expect(store.getState().session.user?.email).toBe('b@example.com');
    // the new address is unproven until its link is followed: the form says where the link went, and offers another
    expect(screen.getByText('We sent a verification link to b@example.com.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeInTheDocument();
  });

  it('shows no verification notice for a verified address', async () => {
    await mount();
    expect(screen.queryByRole('button', { name: 'Resend link' })).not.toBeInTheDocument();
  });

  it("toasts 'Update failed' on an error", async () => {
    expectConsole(/^Request failed: /);
    server.use(apiHandler('patch', '/api/auth/user/', apiError(400, { email: ['A user with that email already exists.'] })));
    await mount();
    const input = screen.getByLabelText('Email');
    await userEvent.clear(input);
    await userEvent.type(input, 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error updating your profile. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('A user with that email already exists.')).toBeInTheDocument();
  });
});
