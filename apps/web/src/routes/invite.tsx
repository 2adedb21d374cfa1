import { createFileRoute, Outlet } from '@tanstack/react-router';

export interface InviteSearch {
  invitation_id: string;
  team_id: string;
  email: string;
  team_slug: string;
}

/** /invite: each search param defaults to an empty string. */
export const Route = createFileRoute('/invite')({
  validateSearch: (search: Record<string, unknown>): InviteSearch => ({
    invitation_id: typeof search.invitation_id === 'string' ? search.invitation_id : '',
    team_id: search.team_id === undefined || search.team_id === null ? '' : String(search.team_id),
    email: typeof search.email === 'string' ? search.email : '',
    team_slug: typeof search.team_slug === 'string' ? search.team_slug : '',
  }),
  component: Outlet,
});
