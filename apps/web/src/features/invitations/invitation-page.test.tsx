import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from '@/app/store';
import { userLoaded } from '@/app/session-slice';
import { makeUser } from '@/test/fixtures';
import { apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { InvitationPage } from './invitation-page';

const id = '11111111-1111-4111-8111-111111111111';
const invitation = { id, email: 'a@example.com', role: 'member', status: 'pending', invited_by: 'Boss', team: { name: 'Acme', slug: 'acme' }, expires_at: '2026-01-08T00:00:00Z' };
const user = makeUser({ email_verified: false });

describe('invitation page', () => {
  it('explains that the invited address must be verified first and resends the link', async () => {
    server.use(apiHandler('get', '/teams/api/invitations/{id}/', invitation), apiHandler('post', '/api/auth/registration/resend-email/', { detail: 'ok' }));
    const store = createStore();
    store.dispatch(userLoaded(user));
    await renderWithStore(<InvitationPage invitationId={id} />, { store });
    expect(await screen.findByText(/is not verified yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await vi.waitFor(() => expect(sentRequests.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/auth/registration/resend-email/'));
    // nothing was accepted on the way
    expect(sentRequests.some((r) => r.path.endsWith('/accept/'))).toBe(false);
  });
});
