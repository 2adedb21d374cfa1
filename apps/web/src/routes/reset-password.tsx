import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';

export const Route = createFileRoute('/reset-password')({
  // the router reads search values as JSON where they parse as such: a number is taken back as text
  validateSearch: (search: Record<string, unknown>): { uid: string; token: string } => ({
    uid: typeof search.uid === 'string' || typeof search.uid === 'number' ? String(search.uid) : '',
    token: typeof search.token === 'string' || typeof search.token === 'number' ? String(search.token) : '',
  }),
  component: function ResetPasswordRoute() {
    const { uid, token } = Route.useSearch();
    return <ResetPasswordPage uid={uid} token={token} />;
  },
});
