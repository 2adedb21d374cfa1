import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '@/features/invitations/invitation-page';

/** /invite/: team_id parsed as a number (default 0); the others default to an empty string. */
export const Route = createFileRoute('/invite/')({
  validateSearch: (search: Record<string, unknown>) => {
    const teamId = Number(search.team_id);
    return {
      invitation_id: typeof search.invitation_id === 'string' ? search.invitation_id : '',
      team_id: Number.isFinite(teamId) ? teamId : 0,
      email: typeof search.email === 'string' ? search.email : '',
      team_slug: typeof search.team_slug === 'string' ? search.team_slug : '',
    };
  },
  component: function InviteIndexRoute() {
    const search = Route.useSearch();
    return <InvitationPage invitationId={search.invitation_id} email={search.email} teamSlug={search.team_slug} />;
  },
});
