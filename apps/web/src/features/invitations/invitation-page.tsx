import { Link, useNavigate } from '@tanstack/react-router';
import { MailOpen, Users } from 'lucide-react';
import { api, useGetTeamsApiInvitationsByIdQuery, usePostApiAuthRegistrationResendEmailMutation, usePostTeamsApiInvitationsByIdAcceptMutation } from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { AuthCard } from '@/components/auth-card';
import { useLogout } from '@/features/session';
import { roleLabel } from '@/features/teams';
import { currentTeamSet } from '@/app/ui-slice';

/**
 * An invitation: the team, who invited and the role, and a way to accept it, signing up or
 * logging in first with the email prefilled.
 */
export function InvitationPage({ invitationId, email = '', teamSlug = '' }: { invitationId: string; email?: string; teamSlug?: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const logout = useLogout();
  const session = useAppSelector((s) => s.session);
  const invitation = useGetTeamsApiInvitationsByIdQuery({ id: invitationId }, { skip: !invitationId });
  const [accept, acceptState] = usePostTeamsApiInvitationsByIdAcceptMutation();
  const [resend, resendState] = usePostApiAuthRegistrationResendEmailMutation();

  if (!invitationId) {
    return (
      <AuthCard title="Invitation" description="This link has no invitation in it. Open the link from your invitation email again.">
        <Button asChild className="w-full">
          <Link to="/login">Go to log in</Link>
        </Button>
      </AuthCard>
    );
  }
  if (invitation.isLoading) {
    return (
      <AuthCard title="Invitation">
        <div className="grid gap-3" role="status" aria-label="Loading invitation">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-9 w-full" />
        </div>
      </AuthCard>
    );
  }
  if (invitation.isError || !invitation.data) {
    return (
      <AuthCard title="Invitation not found" description="This invitation does not exist or has been cancelled. Ask your team admin to send a new one.">
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => invitation.refetch()}>
            Retry
          </Button>
          <Button asChild>
            <Link to="/">Go home</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  const inv = invitation.data;
  const isPending = inv.status === 'pending';
  const isSignedIn = session.isAuthenticated;
  const isOwnEmail = session.user?.email.toLowerCase() === inv.email.toLowerCase();
  // accepting takes the invited address as the user's verified email (the API refuses otherwise)
  const isVerified = session.user?.email_verified !== false;

  const onResend = async () => {
    try {
      await resend().unwrap();
      toast({ variant: 'success', title: 'Verification link sent', description: `Check the inbox of ${inv.email}.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not send the link', description: describeError(error) });
    }
  };
  const authSearch = { invitation_id: inv.id, email: inv.email || email, team_slug: inv.team.slug || teamSlug };

  const onAccept = async () => {
    try {
      const team = await accept({ id: inv.id }).unwrap();
      dispatch(currentTeamSet(team));
      dispatch(api.util.invalidateTags(['teams']));
      toast({ variant: 'success', title: 'Invitation accepted', description: `You are now a member of ${team.name}.` });
      await navigate({ to: '/' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not accept the invitation', description: describeError(error) });
    }
  };

  return (
    <AuthCard title={`Join ${inv.team.name}`} description={`${inv.invited_by} invited you to join the team on Hookwall.`}>
      <dl className="mb-6 grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
        <div className="flex items-center justify-between gap-2">
          <dt className="flex items-center gap-2 text-muted-foreground">
            <Users className="size-4" aria-hidden /> Team
          </dt>
          <dd className="font-medium">{inv.team.name}</dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="flex items-center gap-2 text-muted-foreground">
            <MailOpen className="size-4" aria-hidden /> Invited
          </dt>
          <dd className="truncate font-medium">{inv.email}</dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="text-muted-foreground">Role</dt>
          <dd>
            <Badge variant="secondary">{roleLabel(inv.role)}</Badge>
          </dd>
        </div>
      </dl>
      {!isPending ? (
        <p role="alert" className="text-sm text-muted-foreground">
          This invitation is no longer valid ({inv.status}). Ask your team admin to send a new one.
        </p>
      ) : isSignedIn && isOwnEmail && !isVerified ? (
        <div className="grid gap-3">
          <p role="alert" className="text-sm text-muted-foreground">
            Your email address {inv.email} is not verified yet. Open the verification link we sent to it, then come back to accept the invitation.
          </p>
          <Button variant="outline" disabled={resendState.isLoading} onClick={() => void onResend()}>
            {resendState.isLoading ? 'Sending...' : 'Resend link'}
          </Button>
        </div>
      ) : isSignedIn && isOwnEmail ? (
        <Button className="w-full" onClick={onAccept} disabled={acceptState.isLoading}>
          {acceptState.isLoading ? 'Joining...' : 'Accept invitation'}
        </Button>
      ) : isSignedIn ? (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            This invitation was sent to {inv.email}, but you are logged in as {session.user?.email}. Only the invited address, once verified, can accept it: log out, then log in with it.
          </p>
          <Button variant="outline" onClick={() => void logout()}>
            Log out
          </Button>
        </div>
      ) : (
        <div className="grid gap-2">
          <Button asChild className="w-full">
            <Link to="/signup" search={authSearch}>
              Sign up to accept
            </Link>
          </Button>
          <Button asChild variant="outline" className="w-full">
            <Link to="/login" search={authSearch}>
              I already have an account
            </Link>
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
