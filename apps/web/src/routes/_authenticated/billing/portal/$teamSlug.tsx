import { createFileRoute } from '@tanstack/react-router';
import { LocalPortalPage } from '@/features/billing/local-portal-page';

/** The local provider's billing portal: cancel at period end or resume, then back to return_url. */
export const Route = createFileRoute('/_authenticated/billing/portal/$teamSlug')({
  validateSearch: (search: Record<string, unknown>): { return_url?: string } => (typeof search.return_url === 'string' ? { return_url: search.return_url } : {}),
  component: function LocalPortalRoute() {
    return <LocalPortalPage teamSlug={Route.useParams().teamSlug} returnUrl={Route.useSearch().return_url} />;
  },
});
