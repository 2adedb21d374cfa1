import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '@/features/invitations/invitation-page';

export const Route = createFileRoute('/teams/invitation/$invitationId')({
  component: function InvitationRoute() {
    const { invitationId } = Route.useParams();
    return <InvitationPage invitationId={invitationId} />;
  },
});
