import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '@/app/store';
import { userLoaded } from '@/app/session-slice';
import { jsonResponse, renderWithStore } from '@/test/render';
import { InvitationPage } from './invitation-page';

const id = '11111111-1111-4111-8111-111111111111';
const invitation = { id, email: 'a@example.com', role: 'member', status: 'pending', invited_by: 'Boss', team: { id: 1, name: 'Acme', slug: 'acme' } };
const user = { id: 1, email: 'a@example.com', email_verified: false, first_name: 'A', last_name: '', avatar_url: null, get_display_name: 'A', is_staff: false, otp_enabled: false, date_joined: '' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('invitation page', () => {
  it('explains that the invited address must be verified first and resends the link', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        urls.push(`${request.method} ${new URL(request.url).pathname}`);
        return new URL(request.url).pathname.endsWith('/resend-email/') ? jsonResponse({ detail: 'ok' }) : jsonResponse(invitation);
      }),
    );
    const store = createStore();
    store.dispatch(userLoaded(user));
    await renderWithStore(<InvitationPage invitationId={id} />, { store });
    expect(await screen.findByText(/is not verified yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await vi.waitFor(() => expect(urls).toContain('POST /api/auth/registration/resend-email/'));
  });
});
