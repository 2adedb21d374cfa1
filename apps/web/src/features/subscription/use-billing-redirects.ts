import { useState } from 'react';
import type { CreditPackId } from '@hookwall/pricing';
import {
  useLazyGetAByTeamSlugSubscriptionApiPlansQuery,
  usePostAByTeamSlugSubscriptionApiCreditsPurchaseMutation,
  usePostAByTeamSlugSubscriptionStripeApiCreateCheckoutSessionMutation,
  usePostAByTeamSlugSubscriptionStripeApiCreatePortalSessionMutation,
} from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { toast } from '@/components/ui/use-toast';
import { EARLY_SUPPORTER_PLAN } from './plan';
import { isSubscriptionRequiredError } from '@/app/subscription-required';

export type ReturnKind = 'checkout' | 'credits';

/** A failed billing call says why, unless it is a 402 subscription_required: the modal it opens already does. */
function toastFailure(title: string, error: unknown) {
  if (isSubscriptionRequiredError(error)) return;
  toast({ variant: 'destructive', title, description: describeError(error, 'Please try again in a moment.') });
}

/** `/settings/subscription` is the success and cancel return address. */
export function returnUrls(kind: ReturnKind) {
  const base = `${window.location.origin}/settings/subscription?${kind}=`;
  return { success_url: `${base}success`, cancel_url: `${base}cancel` };
}

/** The browser's location, behind an object so tests can watch where the app sends it. */
export const browserLocation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/** The browser leaves the app for the provider's page (Stripe, or the local test-mode page). */
export function goTo(url: string) {
  browserLocation.assign(url);
}

/**
 * Starts checkout for the plan: POST create-checkout-session, then the browser goes to the URL it
 * answers. Without a current team nothing happens.
 */
export function useStartCheckout() {
  const team = useAppSelector((s) => s.ui.currentTeam);
  const [getPlans] = useLazyGetAByTeamSlugSubscriptionApiPlansQuery();
  const [createSession] = usePostAByTeamSlugSubscriptionStripeApiCreateCheckoutSessionMutation();
  const [isStarting, setIsStarting] = useState(false);

  const start = async () => {
    if (!team?.slug || isStarting) return;
    setIsStarting(true);
    try {
      // the price id comes from the server's configuration (Stripe) or the local provider
      const plans = await getPlans({ teamSlug: team.slug }, true).unwrap();
      const priceId = plans.plans[0]?.stripe_price_id ?? EARLY_SUPPORTER_PLAN.stripePriceId;
      const url = await createSession({ teamSlug: team.slug, createCheckoutSessionRequest: { price_id: priceId, ...returnUrls('checkout') } }).unwrap();
      goTo(url);
    } catch (error) {
      setIsStarting(false);
      toastFailure('Could not start checkout', error);
    }
  };
  return { start, isStarting, canSubscribe: Boolean(team?.is_admin), team };
}

/** 'Manage billing': the provider's portal, which returns to /settings/subscription. */
export function useOpenPortal() {
  const team = useAppSelector((s) => s.ui.currentTeam);
  const [createPortal] = usePostAByTeamSlugSubscriptionStripeApiCreatePortalSessionMutation();
  const [isOpening, setIsOpening] = useState(false);
  const open = async () => {
    if (!team?.slug || isOpening) return;
    setIsOpening(true);
    try {
      goTo(await createPortal({ teamSlug: team.slug }).unwrap());
    } catch (error) {
      setIsOpening(false);
      toastFailure('Could not open billing', error);
    }
  };
  return { open, isOpening };
}

/** Buys a credit pack through the provider's checkout. */
export function useBuyCredits() {
  const team = useAppSelector((s) => s.ui.currentTeam);
  const [purchase] = usePostAByTeamSlugSubscriptionApiCreditsPurchaseMutation();
  const [pending, setPending] = useState<CreditPackId | null>(null);
  const buy = async (pack: CreditPackId) => {
    if (!team?.slug || pending) return;
    setPending(pack);
    try {
      goTo(await purchase({ teamSlug: team.slug, createCreditPurchaseRequest: { pack, ...returnUrls('credits') } }).unwrap());
    } catch (error) {
      setPending(null);
      toastFailure('Could not start the purchase', error);
    }
  };
  return { buy, pending };
}
