import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useAppSelector } from '@/app/hooks';
import type { AuthSearch } from './auth-search';

/**
 * An authenticated user is bounced away from /login and /signup, also when the
 * stored session is validated only after the page opened: to the invitation being accepted, else home.
 * Signing up with an invitation already joins its team, so signup goes home (toInvitation false).
 */
export function RedirectIfAuthenticated({ search, toInvitation = true, children }: { search: AuthSearch; toInvitation?: boolean; children: ReactNode }) {
  const isAuthenticated = useAppSelector((s) => s.session.isAuthenticated && s.session.isTokenValidated);
  if (!isAuthenticated) return children;
  return toInvitation && search.invitation_id ? <Navigate to="/teams/invitation/$invitationId" params={{ invitationId: search.invitation_id }} replace /> : <Navigate to="/" replace />;
}
