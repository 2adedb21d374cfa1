/** Shared wording of the billing screens. */

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

export type StatusTone = 'success' | 'info' | 'secondary' | 'destructive';

/** Stripe's subscription statuses in the product's words. */
export function subscriptionStatusLabel(status: string | null | undefined, isActive: boolean): { label: string; tone: StatusTone } {
  if (!status) return { label: 'No active subscription', tone: 'secondary' };
  switch (status) {
    case 'active':
      return { label: 'Active', tone: 'success' };
    case 'trialing':
      return { label: 'Trial', tone: 'success' };
    case 'past_due':
      return { label: 'Payment overdue', tone: 'destructive' };
    case 'canceled':
    case 'cancelled':
      return { label: 'Cancelled', tone: 'secondary' };
    case 'incomplete':
    case 'incomplete_expired':
      return { label: 'Payment incomplete', tone: 'secondary' };
    case 'unpaid':
      return { label: 'Unpaid', tone: 'destructive' };
    default:
      return { label: isActive ? 'Active' : 'Inactive', tone: isActive ? 'success' : 'secondary' };
  }
}

export interface SubscriptionSummary {
  status: string;
  plan: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

/** The renewal or cancellation line under the status. */
export function periodLine(subscription: SubscriptionSummary | null | undefined, isActive: boolean): string {
  if (!subscription) return 'Subscribe to make videos. Looking around is free.';
  const end = formatDate(subscription.current_period_end);
  if (!isActive) return end ? `Ended on ${end}.` : 'This subscription has ended.';
  if (subscription.cancel_at_period_end) return end ? `Cancels on ${end}. Your team can make videos until then.` : 'Cancels at the end of the current period.';
  if (subscription.status === 'past_due') return 'The last payment failed. Update your card in Manage billing; videos keep working while the payment is retried.';
  return end ? `Renews on ${end}.` : 'Renews automatically.';
}

export const CREDIT_KIND_LABELS: Record<string, string> = {
  grant: 'Plan credits',
  purchase: 'Purchase',
  spend: 'Spent',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

export function formatAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}
