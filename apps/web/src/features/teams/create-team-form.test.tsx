import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConsole } from '@/test/console';
import { makeTeam } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { CreateTeamForm } from './create-team-form';

const team = makeTeam({ name: 'Acme', slug: 'acme' });

afterEach(() => {
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
    expect(sentRequests).toEqual([]);
  });

  it('sends teamRequest, shows Creating... while busy, resets the name and makes the team current', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    server.use(
      apiHandler('post', '/teams/api/teams/', async () => {
        await released;
        return HttpResponse.json(team, { status: 201 });
      }),
    );
    const onCreated = vi.fn();
    const { store } = await renderWithStore(<CreateTeamForm onCreated={onCreated} />);
    await userEvent.type(screen.getByLabelText('Team Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    const busy = await screen.findByRole('button', { name: 'Creating...' });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sentRequests.map((r) => ({ method: r.method, path: r.path, body: r.body }))).toEqual([{ method: 'POST', path: '/teams/api/teams/', body: { name: 'Acme' } }]);
    expect(screen.getByLabelText('Team Name')).toHaveValue('');
    expect(store.getState().ui.currentTeam?.slug).toBe('acme');
  });

  it('shows the failure line under the field', async () => {
    expectConsole(/^Failed to create team/);
    // the client logs every failed request
    expectConsole(/^Request failed: /);
    server.use(apiHandler('post', '/teams/api/teams/', apiError(500, { detail: 'boom' })));
    await renderWithStore(<CreateTeamForm />);
    await userEvent.type(screen.getByLabelText('Team Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create team. Please try again.');
    expect(screen.getByLabelText('Team Name')).toHaveValue('Acme');
  });
});
