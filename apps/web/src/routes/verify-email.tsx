import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '@/features/auth/verify-email-page';

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { key: string } => ({ key: typeof search.key === 'string' ? search.key : '' }),
  component: function VerifyEmailRoute() {
    const { key } = Route.useSearch();
    return <VerifyEmailPage verificationKey={key} />;
  },
});
