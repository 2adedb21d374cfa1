import { Navigate, Outlet } from '@tanstack/react-router';
import { useAppSelector } from '@/app/hooks';
import { FullPageSpinner } from '@/features/errors';
import { AppShell } from './app-shell';

/** The guard: a held token waits for validation (or the refresh); a session that ends goes to /login. */
export function AuthenticatedLayout() {
  const session = useAppSelector((s) => s.session);
  if (!session.isAuthenticated && !session.refreshToken && !session.token) return <Navigate to="/login" replace />;
  if (!session.isAuthenticated || !session.isTokenValidated) return <FullPageSpinner label="Signing you in…" />;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
