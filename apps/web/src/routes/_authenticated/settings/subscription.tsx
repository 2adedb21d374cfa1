import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionPage } from '@/features/subscription/subscription-page';

/** Also the success and cancel return address after checkout. */
export const Route = createFileRoute('/_authenticated/settings/subscription')({ component: SubscriptionPage });
