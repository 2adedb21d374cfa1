import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '@/api/api';
import { createStore } from '@/app/store';
import { currentTeamSet } from '@/app/ui-slice';
import { jsonResponse, renderWithStore } from '@/test/render';
import { TeamManagement } from './team-management';

const team: Team = {
  id: 7,
  name: 'Acme',
  slug: 'acme',
  members: [
    { id: 1, user_id: 1, display_name: 'Olivia Owner', email: 'o@example.com', avatar_url: null, role: 'admin', created_at: '' },
    { id: 2, user_id: 2, display_name: 'Rui Reader', email: 'r@example.com', avatar_url: null, role: 'member', created_at: '' },
  ],
  invitations: [{ id: 'b7d5c0de-0000-4000-8000-000000000001', team: 7, email: 'new@example.com', role: 'member', invited_by: 'Olivia Owner', status: 'pending', created_at: '', expires_at: '' }],
  has_active_subscription: false,
  subscription: null,
  is_admin: true,
  role: 'admin',
  created_at: '',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function storeWithTeam(value: Team | null) {
  const store = createStore();
  store.dispatch(currentTeamSet(value));
  return store;
}

describe('Team Management', () => {
  it("shows 'Loading team data...' while loading and 'No team selected' without a team", async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (answer = r))));
    await renderWithStore(<TeamManagement />, { store: storeWithTeam(null) });
    expect(await screen.findByText('Loading team data...')).toBeInTheDocument();
    answer(jsonResponse({ count: 0, next: null, previous: null, results: [] }));
    expect(await screen.findByText('No team selected')).toBeInTheDocument();
  });

  it('lists members (initials, name, role label) and pending invitations (Invited, inviter, role)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ count: 1, next: null, previous: null, results: [team] })));
    await renderWithStore(<TeamManagement />, { store: storeWithTeam(team) });
    expect(screen.getByText('Manage your team members and their account permissions here.')).toBeInTheDocument();
    const rui = screen.getByRole('row', { name: /Rui Reader/ });
    expect(within(rui).getByText('RR')).toBeInTheDocument();
    expect(within(rui).getByText('Read only')).toBeInTheDocument();
    const invitation = screen.getByRole('row', { name: /new@example.com/ });
    expect(within(invitation).getByText('Invited')).toBeInTheDocument();
    expect(within(invitation).getByText('Invited by Olivia Owner')).toBeInTheDocument();
    expect(within(invitation).getByRole('button', { name: 'Edit invitation for new@example.com' })).toBeInTheDocument();
  });

  it('select-all selects every member and invitation; unchecking one row recomputes it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ count: 1, next: null, previous: null, results: [team] })));
    await renderWithStore(<TeamManagement />, { store: storeWithTeam(team) });
    const all = screen.getByRole('checkbox', { name: 'Select all' });
    await userEvent.click(all);
    for (const name of ['Select Olivia Owner', 'Select Rui Reader', 'Select new@example.com']) expect(screen.getByRole('checkbox', { name })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Rui Reader' }));
    expect(all).toHaveAttribute('data-state', 'indeterminate');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Rui Reader' }));
    expect(all).toBeChecked();
  });

  it('Delete on an invitation cancels it and toasts', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        calls.push(`${request.method} ${new URL(request.url).pathname}`);
        return request.method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse({ count: 1, next: null, previous: null, results: [team] });
      }),
    );
    await renderWithStore(<TeamManagement />, { store: storeWithTeam(team) });
    await userEvent.click(screen.getByRole('button', { name: 'Delete invitation for new@example.com' }));
    expect(await screen.findByText('Invitation cancelled')).toBeInTheDocument();
    expect(screen.getByText('The invitation has been cancelled successfully.')).toBeInTheDocument();
    expect(calls).toContain('DELETE /a/acme/team/api/invitations/b7d5c0de-0000-4000-8000-000000000001/');
  });
});
