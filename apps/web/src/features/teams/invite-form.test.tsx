import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsole } from '@/test/console';
import { makeTeam } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { InviteForm } from './invite-form';

const team = makeTeam({ name: 'Acme', slug: 'acme' });

beforeEach(() => {
  let next = 0;
  server.use(
    apiHandler('post', '/a/{teamSlug}/team/api/invitations/', ({ body }) =>
      HttpResponse.json(
        { id: `00000000-0000-4000-8000-00000000000${(next += 1)}`, team: body.team, email: body.email, role: body.role ?? 'member', invited_by: 'Olivia Owner', status: 'pending', created_at: '2026-01-01T00:00:00Z', expires_at: '2026-01-08T00:00:00Z' },
        { status: 201 },
      ),
    ),
  );
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
    await renderWithStore(<InviteForm team={team} />);
    await userEvent.type(screen.getAllByPlaceholderText('name@company.com')[0]!, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send invites' }));
    expect(await screen.findByText('No valid emails')).toBeInTheDocument();
    expect(screen.getByText('Please enter at least one valid email address.')).toBeInTheDocument();
    expect(sentRequests).toEqual([]);
  });

  it('posts one invitation per valid email, in order, then toasts the count', async () => {
    await renderWithStore(<InviteForm team={team} />);
    const [first, second, third] = screen.getAllByPlaceholderText('name@company.com');
    await userEvent.type(first!, 'one@example.com');
    await userEvent.type(second!, 'bad@');
    await userEvent.type(third!, 'two@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invites' }));
    expect(await screen.findByText('Invitations sent')).toBeInTheDocument();
    expect(screen.getByText('Invitations have been sent to 2 email(s).')).toBeInTheDocument();
    expect(sentRequests.map((r) => r.path)).toEqual(['/a/acme/team/api/invitations/', '/a/acme/team/api/invitations/']);
    expect(sentRequests.map((r) => r.body)).toEqual([
      { team: 7, email: 'one@example.com', role: 'member' },
      { team: 7, email: 'two@example.com', role: 'member' },
    ]);
  });

  it('toasts a failure', async () => {
    expectConsole(/^Failed to send invitations/);
    // the client logs every failed request
    expectConsole(/^Request failed: /);
    server.use(apiHandler('post', '/a/{teamSlug}/team/api/invitations/', apiError(400, { email: ['already invited'] })));
    await renderWithStore(<InviteForm team={team} />);
    await userEvent.type(screen.getAllByPlaceholderText('name@company.com')[0]!, 'one@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invites' }));
    expect(await screen.findByText('Failed to send invitations')).toBeInTheDocument();
    expect(screen.getByText('An error occurred while sending the invitations.')).toBeInTheDocument();
  });
});
