import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '@/features/invitations/invitation-page';

export const Route = createFileRoute('/invite/$teamSlug')({
  component: function InviteTeamRoute() {
    const { teamSlug } = Route.useParams();
    const search = Route.useSearch();
    return <InvitationPage invitationId={search.invitation_id} email={search.email} teamSlug={teamSlug} />;
  },
});
