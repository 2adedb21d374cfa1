import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithStore } from '@/test/render';
import { CreateTeamForm } from './create-team-form';
import { expectConsole } from '@/test/console';

const team = { id: 7, name: 'Acme', slug: 'acme', members: [], invitations: [], has_active_subscription: false, subscription: null, is_admin: true, role: 'admin', created_at: '' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Create Team form', () => {
  it('validates on submit first, then on change', async () => {
    await renderWithStore(<CreateTeamForm />);
    const input = screen.getByLabelText('Team Name');
    expect(input).toHaveAttribute('placeholder', 'Enter team name');
    await userEvent.type(input, 'ab');
    expect(screen.queryByText('Name must be at least 3 characters')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText('Name must be at least 3 characters')).toBeInTheDocument();
    await userEvent.type(input, 'c');
    await waitFor(() => expect(screen.queryByText('Name must be at least 3 characters')).not.toBeInTheDocument());
  });

  it('sends teamRequest, shows Creating... while busy, resets the name and makes the team current', async () => {
    let release!: () => void;
    const fetchMock = vi.fn(async (request: Request) => {
      expect(new URL(request.url).pathname).toBe('/teams/api/teams/');
      expect(await request.json()).toEqual({ name: 'Acme' });
      await new Promise<void>((r) => (release = r));
      return jsonResponse(team, 201);
    });
    vi.stubGlobal('fetch', fetchMock);
    const onCreated = vi.fn();
    const { store } = await renderWithStore(<CreateTeamForm onCreated={onCreated} />);
    await userEvent.type(screen.getByLabelText('Team Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    const busy = await screen.findByRole('button', { name: 'Creating...' });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(screen.getByLabelText('Team Name')).toHaveValue('');
    expect(store.getState().ui.currentTeam?.slug).toBe('acme');
  });

  it('shows the failure line under the field', async () => {
    expectConsole(/^Failed to create team/);
    // the client logs every failed request (spec section 8)
    expectConsole(/^Request failed: /);
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ detail: 'boom' }, 500)));
    await renderWithStore(<CreateTeamForm />);
    await userEvent.type(screen.getByLabelText('Team Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText('Failed to create team. Please try again.')).toBeInTheDocument();
  });
});
