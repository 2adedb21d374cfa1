import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateAuthSearch } from '@/features/auth/auth-search';
import { RedirectIfAuthenticated } from '@/features/auth/redirect-if-authenticated';
import { SignupPage } from '@/features/auth/signup-page';

export const Route = createFileRoute('/signup')({
  validateSearch: validateAuthSearch,
  beforeLoad: ({ context }) => {
    if (context.store.getState().session.isAuthenticated) throw redirect({ to: '/' });
  },
  component: function SignupRoute() {
    const search = Route.useSearch();
    return (
      <RedirectIfAuthenticated search={search} toInvitation={false}>
        <SignupPage search={search} />
      </RedirectIfAuthenticated>
    );
  },
});
