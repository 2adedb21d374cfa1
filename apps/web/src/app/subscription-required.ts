import { modalOpened } from '@/app/ui-slice';

/**
 * The subscription-required modal: not closeable; the user leaves it by
 * subscribing or by choosing to look around first.
 */
export const subscriptionRequiredModalOpened = () => modalOpened({ name: 'subscriptionRequiredModal', isCloseable: false });

/** The answer of every video-making call made without an active subscription: 402 {code: 'subscription_required'}. */
export function isSubscriptionRequiredError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 402) return false;
  const data = (error as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && (data as { code?: unknown }).code === 'subscription_required';
}

/**
 * Whether the modal may open after login on this page: not on the local checkout and portal pages
 * (paying happens there), nor on the return from checkout to /settings/subscription (after paying
 * the webhook may still be on its way; after cancelling the page itself shows the plan and a toast),
 * nor on the pages that answer a link from an email (the email check, a password reset and an invitation): their own
 * message is what the user came for, and the modal hid it.
 */
export function mayOfferSubscriptionAt(location: { pathname: string; search: string }): boolean {
  if (location.pathname.startsWith('/billing/')) return false;
  if (['/verify-email', '/reset-password', '/invite', '/teams/invitation/'].some((page) => location.pathname.startsWith(page))) return false;
  const search = new URLSearchParams(location.search);
  return !(location.pathname.startsWith('/settings/subscription') && (search.has('checkout') || search.has('credits')));
}
