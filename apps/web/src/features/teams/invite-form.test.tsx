import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '@/api/api';
import { jsonResponse, renderWithStore } from '@/test/render';
import { InviteForm } from './invite-form';
import { expectConsole } from '@/test/console';

const team: Team = { id: 7, name: 'Acme', slug: 'acme', members: [], invitations: [], has_active_subscription: false, subscription: null, is_admin: true, role: 'admin', created_at: '' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('invite form', () => {
  it('starts with 3 rows (role Read only) and Add another adds one', async () => {
    await renderWithStore(<InviteForm team={team} />);
    expect(screen.getAllByPlaceholderText('name@company.com')).toHaveLength(3);
    expect(screen.getAllByRole('combobox')[0]).toHaveTextContent('Read only');
    await userEvent.click(screen.getByRole('button', { name: 'Add another' }));
    expect(screen.getAllByPlaceholderText('name@company.com')).toHaveLength(4);
  });

  it('skips invalid emails and toasts when none is valid', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithStore(<InviteForm team={team} />);
    await userEvent.type(screen.getAllByPlaceholderText('name@company.com')[0]!, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send invites' }));
    expect(await screen.findByText('No valid emails')).toBeInTheDocument();
    expect(screen.getByText('Please enter at least one valid email address.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts one invitation per valid email, in order, then toasts the count', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        expect(new URL(request.url).pathname).toBe('/a/acme/team/api/invitations/');
        bodies.push(await request.json());
        return jsonResponse({}, 201);
      }),
    );
    await renderWithStore(<InviteForm team={team} />);
    const [first, second, third] = screen.getAllByPlaceholderText('name@company.com');
    await userEvent.type(first!, 'one@example.com');
    await userEvent.type(second!, 'bad@');
    await userEvent.type(third!, 'two@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invites' }));
    expect(await screen.findByText('Invitations sent')).toBeInTheDocument();
    expect(screen.getByText('Invitations have been sent to 2 email(s).')).toBeInTheDocument();
    expect(bodies).toEqual([
      { team: 7, email: 'one@example.com', role: 'member' },
      { team: 7, email: 'two@example.com', role: 'member' },
    ]);
  });

  it('toasts a failure', async () => {
    expectConsole(/^Failed to send invitations/);
    // the client logs every failed request (spec section 8)
    expectConsole(/^Request failed: /);
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ email: ['already invited'] }, 400)));
    await renderWithStore(<InviteForm team={team} />);
    await userEvent.type(screen.getAllByPlaceholderText('name@company.com')[0]!, 'one@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invites' }));
    expect(await screen.findByText('Failed to send invitations')).toBeInTheDocument();
    expect(screen.getByText('An error occurred while sending the invitations.')).toBeInTheDocument();
  });
});
