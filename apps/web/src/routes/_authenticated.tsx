import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthenticatedLayout } from '@/features/shell/authenticated-layout';

/** Unauthenticated and without a stored refresh token: to /login; with one, the session manager refreshes first. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context }) => {
    const { isAuthenticated, refreshToken, token } = context.store.getState().session;
    if (!isAuthenticated && !refreshToken && !token) throw redirect({ to: '/login' });
  },
  component: AuthenticatedLayout,
});
