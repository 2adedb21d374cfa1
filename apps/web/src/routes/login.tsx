import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateAuthSearch } from '@/features/auth/auth-search';
import { LoginPage } from '@/features/auth/login-page';

export const Route = createFileRoute('/login')({
  validateSearch: validateAuthSearch,
  beforeLoad: ({ context }) => {
    if (context.store.getState().session.isAuthenticated) throw redirect({ to: '/' });
  },
  component: function LoginRoute() {
    return <LoginPage search={Route.useSearch()} />;
  },
});
