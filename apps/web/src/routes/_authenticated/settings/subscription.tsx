import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionPage, validateBillingReturn } from '@/features/subscription/subscription-page';

/** Also the success and cancel return address after checkout (?checkout= or ?credits= success | cancel). */
export const Route = createFileRoute('/_authenticated/settings/subscription')({
  validateSearch: validateBillingReturn,
  component: function SubscriptionRoute() {
    return <SubscriptionPage search={Route.useSearch()} />;
  },
});
