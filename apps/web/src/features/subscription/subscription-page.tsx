import { useNavigate } from '@tanstack/react-router';
import { CREDIT_PACKS, formatPrice } from '@hookwall/pricing';
import { Coins, CreditCard, Loader2, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api, useGetAByTeamSlugSubscriptionApiCreditsBalanceQuery, useGetAByTeamSlugSubscriptionApiPlansQuery, useGetTeamsApiTeamsQuery, type Team } from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { BillingOffNotice } from './billing-off-notice';
import { formatDate, periodLine, subscriptionStatusLabel } from './billing-format';
import { CreditTransactionsTable, historyPage } from './credit-transactions-table';
import { PlanCard } from './plan-card';
import { UsageCard } from './usage-card';
import { useBuyCredits, useOpenPortal, useStartCheckout } from './use-billing-redirects';

export type ReturnOutcome = 'success' | 'cancel';
/** The search of /settings/subscription: where checkout returned from, and how it went. */
export interface BillingReturnSearch {
  history_page?: number;
  checkout?: ReturnOutcome;
  credits?: ReturnOutcome;
}

const asOutcome = (value: unknown): ReturnOutcome | undefined => (value === 'success' || value === 'cancel' ? value : undefined);

export function validateBillingReturn(search: Record<string, unknown>): BillingReturnSearch {
  const out: BillingReturnSearch = {};
  const checkout = asOutcome(search.checkout);
  const credits = asOutcome(search.credits);
  if (checkout) out.checkout = checkout;
  if (credits) out.credits = credits;
  // the credit history's page, so a reload or a shared link keeps it
  const page = historyPage(search);
  if (page > 1) out.history_page = page;
  return out;
}

export const RETURN_TOASTS = {
  checkout: {
    success: { variant: 'success', title: 'Subscription started', description: 'Thanks for subscribing! Your team can now make videos.' },
    cancel: { variant: 'info', title: 'Checkout cancelled', description: 'No payment was taken. You can subscribe whenever you are ready.' },
  },
  credits: {
    success: { variant: 'success', title: 'Credits purchased', description: 'The credits are added to your balance.' },
    cancel: { variant: 'info', title: 'Purchase cancelled', description: 'No payment was taken and your balance is unchanged.' },
  },
} as const;

/** How long the page keeps re-reading the team and balance after a successful return (a Stripe webhook may lag). */
const ACTIVATION_POLL_MS = 2_000;
const ACTIVATION_WAIT_MS = 30_000;

/** Shows the return toast once, then drops the search so a reload does not repeat it. */
function useCheckoutReturn(search: BillingReturnSearch) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const handled = useRef(false);
  // a successful checkout returns here with a full page load (the payment page redirects), so the
  // search is there when the page mounts: the wait for the webhook starts with it
  const [isAwaiting, setIsAwaiting] = useState(() => search.checkout === 'success' || search.credits === 'success');
  // the search tells the session's first team check not to open the modal: it stays until that check ran
  const isInitialDataFetched = useAppSelector((s) => s.ui.isInitialDataFetched);
  const hasReturnSearch = Boolean(search.checkout || search.credits);

  useEffect(() => {
    if (handled.current) return;
    const kind = search.checkout ? 'checkout' : search.credits ? 'credits' : null;
    if (!kind) return;
    handled.current = true;
    const outcome = search[kind]!;
    toast({ ...RETURN_TOASTS[kind][outcome] });
    if (outcome === 'success') dispatch(api.util.invalidateTags(['teams', 'subscriptions']));
  }, [search, dispatch]);

  useEffect(() => {
    if (hasReturnSearch && isInitialDataFetched) void navigate({ to: '/settings/subscription', search: {}, replace: true });
  }, [hasReturnSearch, isInitialDataFetched, navigate]);

  useEffect(() => {
    if (!isAwaiting) return;
    const timer = setTimeout(() => setIsAwaiting(false), ACTIVATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isAwaiting]);

  return { isAwaiting, stopAwaiting: () => setIsAwaiting(false) };
}

/** /settings/subscription: status, plan, credits, the team's usage of its limits, and the credit history; also checkout's return address. */
export function SubscriptionPage({ search = {} }: { search?: BillingReturnSearch }) {
  const team = useAppSelector((s) => s.ui.currentTeam);
  const { isAwaiting, stopAwaiting } = useCheckoutReturn(search);
  // after a successful return the team is re-read until the subscription shows up (TeamManager keeps the current team in step)
  useGetTeamsApiTeamsQuery({ pageSize: 100 }, { skip: !isAwaiting, pollingInterval: isAwaiting ? ACTIVATION_POLL_MS : 0 });
  useEffect(() => {
    if (isAwaiting && team?.has_active_subscription && !search.credits) stopAwaiting();
  }, [isAwaiting, team?.has_active_subscription, search.credits, stopAwaiting]);

  return (
    <section className="grid gap-6" aria-labelledby="subscription-title">
      <div className="grid gap-1">
        <h2 id="subscription-title" className="text-lg font-semibold">
          Subscription
        </h2>
        <p className="text-sm text-muted-foreground">{team ? <>Plan, credits and billing of {team.name}.</> : 'No team selected'}</p>
      </div>
      {team && <TeamBilling team={team} isAwaiting={isAwaiting} />}
    </section>
  );
}

/** The plan and credits, unless billing is off on this installation (BILLING=none): then that is all there is to say. */
function TeamBilling({ team, isAwaiting }: { team: Team; isAwaiting: boolean }) {
  const plans = useGetAByTeamSlugSubscriptionApiPlansQuery({ teamSlug: team.slug });
  if (plans.data?.provider === 'none') return <BillingOffNotice />;
  return <SubscriptionDetails team={team} isAwaiting={isAwaiting} />;
}

function StatusBadge({ team }: { team: Team }) {
  const { label, tone } = subscriptionStatusLabel(team.subscription?.status, team.has_active_subscription);
  if (tone === 'destructive') {
    return (
      <Badge variant="outline" className="border-transparent bg-destructive/10 text-destructive">
        {label}
      </Badge>
    );
  }
  return <Badge variant={tone}>{label}</Badge>;
}

function SubscriptionDetails({ team, isAwaiting }: { team: Team; isAwaiting: boolean }) {
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const isActive = team.has_active_subscription;
  const isAdmin = team.is_admin;

  return (
    // one grid so that on a phone the plan card comes right after the status; on a wide screen it is the right column
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card className="min-w-0 gap-4 lg:col-start-1 lg:row-start-1">
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardDescription>Current plan</CardDescription>
            <CardTitle className="flex flex-wrap items-center gap-2">
              {team.subscription || isActive ? 'Early Supporter' : 'Free — looking around'}
              <StatusBadge team={team} />
            </CardTitle>
          </div>
          {isAdmin && team.subscription && (
            <Button variant="outline" onClick={() => void portal.open()} disabled={portal.isOpening}>
              {portal.isOpening ? <Loader2 className="animate-spin" aria-hidden /> : <CreditCard aria-hidden />}
              Manage billing
            </Button>
          )}
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p data-testid="subscription-period">{periodLine(team.subscription, isActive)}</p>
          {isAwaiting && !isActive && (
            <p role="status" className="flex items-center gap-2 text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Confirming your payment…
            </p>
          )}
          {!isAdmin && <p className="text-muted-foreground">Only admins of {team.name} can subscribe and manage billing.</p>}
        </CardContent>
      </Card>

      <PlanCard
        className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
        isCurrentPlan={isActive}
        onSubscribe={() => void checkout.start()}
        isSubscribing={checkout.isStarting}
        subscribeDisabledReason={isAdmin ? undefined : 'Only admins can subscribe.'}
      />

      <CreditsCard team={team} />

      <UsageCard teamSlug={team.slug} className="lg:col-span-2" />

      <Card className="min-w-0 gap-4 lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-base">Credit history</CardTitle>
          <CardDescription>Every credit granted, bought, spent or refunded, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <CreditTransactionsTable teamSlug={team.slug} />
        </CardContent>
      </Card>
    </div>
  );
}

function CreditsCard({ team }: { team: Team }) {
  const balance = useGetAByTeamSlugSubscriptionApiCreditsBalanceQuery({ teamSlug: team.slug });
  const plans = useGetAByTeamSlugSubscriptionApiPlansQuery({ teamSlug: team.slug });
  const { buy, pending } = useBuyCredits();
  const perPeriod = plans.data?.plans[0]?.credits_per_period;

  return (
    <Card className="min-w-0 gap-4 lg:col-start-1 lg:row-start-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Coins className="size-4 text-primary" aria-hidden /> Credits
        </CardTitle>
        <CardDescription>Credits pay for AI-written copy, one credit per text. Rendering costs no credits on the plan{perPeriod ? `, which grants ${perPeriod} credits each period` : ''}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {balance.isLoading ? (
          <div role="status" aria-label="Loading credit balance" className="grid gap-2">
            <Skeleton className="h-9 w-32" />
            <Skeleton className="h-4 w-56" />
          </div>
        ) : balance.isError || !balance.data ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-muted-foreground">{describeError(balance.error, 'We could not load the credit balance.')}</span>
            <Button variant="outline" size="sm" onClick={() => void balance.refetch()}>
              <RefreshCw aria-hidden /> Retry
            </Button>
          </div>
        ) : (
          <div className="grid gap-1">
            <p className={cn('flex items-baseline gap-2', balance.isFetching && 'opacity-60')} data-testid="credit-balance">
              <span className="text-3xl font-bold tracking-tight tabular-nums">{balance.data.balance}</span>{' '}
              <span className="text-sm text-muted-foreground">{balance.data.balance === 1 ? 'credit' : 'credits'} available</span>
            </p>
            <p className="text-sm text-muted-foreground">
              {balance.data.period_end
                ? `${balance.data.granted_this_period} granted this period, which ends on ${formatDate(balance.data.period_end)}.`
                : 'Subscribe to get credits every month, or buy a pack.'}
            </p>
          </div>
        )}
        {team.is_admin && (
          <div className="grid gap-2 border-t pt-4">
            <p className="text-sm font-medium">Buy a credit pack</p>
            <ul className="grid gap-2 sm:grid-cols-2">
              {CREDIT_PACKS.map((p) => (
                <li key={p.pack} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2" data-testid={`credit-pack-${p.pack}`}>
                  <p className="flex items-baseline gap-1.5">
                    <span className="text-lg font-semibold tabular-nums">{formatPrice(p.price)}</span>{' '}
                    <span className="text-sm text-muted-foreground">one-time</span>
                  </p>
                  <Button variant="outline" size="sm" onClick={() => void buy(p.pack)} disabled={pending !== null} aria-busy={pending === p.pack}>
                    {pending === p.pack && <Loader2 className="animate-spin" aria-hidden />}
                    Buy {p.credits} credits
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
