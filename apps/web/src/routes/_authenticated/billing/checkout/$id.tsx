import { createFileRoute } from '@tanstack/react-router';
import { LocalCheckoutPage } from '@/features/billing/local-checkout-page';

/** The local provider's checkout page: test mode, no payment taken (docs/billing.md). */
export const Route = createFileRoute('/_authenticated/billing/checkout/$id')({
  component: function LocalCheckoutRoute() {
    return <LocalCheckoutPage id={Route.useParams().id} />;
  },
});
