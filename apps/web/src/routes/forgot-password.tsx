import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/forgot-password-page';

export const Route = createFileRoute('/forgot-password')({
  // the login page hands on the address typed there, if any
  validateSearch: (search: Record<string, unknown>): { email?: string } => (typeof search.email === 'string' && search.email ? { email: search.email } : {}),
  component: function ForgotPasswordRoute() {
    const { email } = Route.useSearch();
    return <ForgotPasswordPage initialEmail={email ?? ''} />;
  },
});
