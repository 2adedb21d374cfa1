import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateAuthSearch } from '@/features/auth/auth-search';
import { RedirectIfAuthenticated } from '@/features/auth/redirect-if-authenticated';
import { LoginPage } from '@/features/auth/login-page';

export const Route = createFileRoute('/login')({
  validateSearch: validateAuthSearch,
  beforeLoad: ({ context }) => {
    if (context.store.getState().session.isAuthenticated) throw redirect({ to: '/' });
  },
  component: function LoginRoute() {
    const search = Route.useSearch();
    return (
      <RedirectIfAuthenticated search={search}>
        <LoginPage search={search} />
      </RedirectIfAuthenticated>
    );
  },
});
