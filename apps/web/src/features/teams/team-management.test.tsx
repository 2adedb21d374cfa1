import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Team } from '@/api/api';
import { createStore } from '@/app/store';
import { currentTeamSet } from '@/app/ui-slice';
import { page } from '@/test/fixtures';
import { apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
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

function storeWithTeam(value: Team | null) {
  const store = createStore();
  store.dispatch(currentTeamSet(value));
  return store;
}

describe('Team Management', () => {
  it("shows 'Loading team data...' while loading and 'No team selected' without a team", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    server.use(
      apiHandler('get', '/teams/api/teams/', async () => {
        await answered;
        return HttpResponse.json(page([]));
      }),
    );
    await renderWithStore(<TeamManagement />, { store: storeWithTeam(null) });
    expect(await screen.findByText('Loading team data...')).toBeInTheDocument();
    expect(screen.queryByText('No team selected')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('No team selected')).toBeInTheDocument();
    expect(screen.queryByText('Loading team data...')).not.toBeInTheDocument();
  });

  it('lists members (initials, name, role label) and pending invitations (Invited, inviter, role)', async () => {
    server.use(apiHandler('get', '/teams/api/teams/', page([team])));
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
    server.use(apiHandler('get', '/teams/api/teams/', page([team])));
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
    server.use(
      apiHandler('get', '/teams/api/teams/', page([team])),
      apiHandler('delete', '/a/{teamSlug}/team/api/invitations/{id}/', () => new HttpResponse(null, { status: 204 })),
    );
    await renderWithStore(<TeamManagement />, { store: storeWithTeam(team) });
    await userEvent.click(screen.getByRole('button', { name: 'Delete invitation for new@example.com' }));
    expect(await screen.findByText('Invitation cancelled')).toBeInTheDocument();
    expect(screen.getByText('The invitation has been cancelled successfully.')).toBeInTheDocument();
    expect(sentRequests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/a/acme/team/api/invitations/b7d5c0de-0000-4000-8000-000000000001/']);
  });
});
