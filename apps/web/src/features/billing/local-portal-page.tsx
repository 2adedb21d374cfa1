import { Link } from '@tanstack/react-router';
import { ArrowLeft, Loader2 } from 'lucide-react';
import {
  useGetAByTeamSlugSubscriptionLocalApiPortalQuery,
  usePostAByTeamSlugSubscriptionLocalApiPortalCancelMutation,
  usePostAByTeamSlugSubscriptionLocalApiPortalResumeMutation,
  type LocalBillingPortal,
} from '@/api/api';
import { describeError } from '@/api/errors';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { EARLY_SUPPORTER_PLAN, formatDate, periodLine, subscriptionStatusLabel } from '@/features/subscription';
import { PRODUCT_NAME } from '@/lib/utils';
import { sameOriginUrl, TestModeBanner } from './test-mode-banner';

/** /billing/portal/{teamSlug}: the local provider's billing portal (cancel at period end, resume). */
export function LocalPortalPage({ teamSlug, returnUrl }: { teamSlug: string; returnUrl?: string }) {
  const portal = useGetAByTeamSlugSubscriptionLocalApiPortalQuery({ teamSlug });
  const back = sameOriginUrl(returnUrl);
  return (
    <div className="mx-auto grid w-full max-w-lg gap-4 py-2 sm:py-8">
      <a href={back} className="flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Back to {PRODUCT_NAME}
      </a>
      {portal.isLoading ? (
        <Card role="status" aria-label="Loading billing">
          <CardHeader>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
          </CardHeader>
          <CardContent>
            <Skeleton className="h-20 w-full" />
          </CardContent>
        </Card>
      ) : portal.data ? (
        <PortalCard portal={portal.data} />
      ) : (
        <Card role="alert">
          <CardHeader>
            <CardTitle>We could not load billing</CardTitle>
            <CardDescription>{describeError(portal.error, 'Please try again in a moment.')}</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button variant="outline" onClick={() => void portal.refetch()}>
              Retry
            </Button>
          </CardFooter>
        </Card>
      )}
    </div>
  );
}

function PortalCard({ portal }: { portal: LocalBillingPortal }) {
  const [cancel, cancelState] = usePostAByTeamSlugSubscriptionLocalApiPortalCancelMutation();
  const [resume, resumeState] = usePostAByTeamSlugSubscriptionLocalApiPortalResumeMutation();
  const { subscription, has_active_subscription: isActive, team } = portal;
  const status = subscriptionStatusLabel(subscription?.status, isActive);
  const isBusy = cancelState.isLoading || resumeState.isLoading;

  const onCancel = async () => {
    try {
      const next = await cancel({ teamSlug: team.slug }).unwrap();
      const end = formatDate(next.subscription?.current_period_end);
      toast({ variant: 'success', title: 'Subscription cancelled', description: end ? `${team.name} keeps its plan until ${end}.` : `${team.name} keeps its plan until the end of the period.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not cancel the subscription', description: describeError(error) });
    }
  };
  const onResume = async () => {
    try {
      const next = await resume({ teamSlug: team.slug }).unwrap();
      const end = formatDate(next.subscription?.current_period_end);
      toast({ variant: 'success', title: 'Subscription resumed', description: end ? `It renews on ${end}.` : 'It renews automatically.' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not resume the subscription', description: describeError(error) });
    }
  };

  return (
    <Card className="gap-5">
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between gap-2">
          <CardDescription>{PRODUCT_NAME} billing</CardDescription>
          <Badge variant="info">Test mode</Badge>
        </div>
        <CardTitle className="text-xl">{team.name}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <TestModeBanner />
        <div className="grid gap-2 rounded-lg border p-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">
              {EARLY_SUPPORTER_PLAN.name} · ${EARLY_SUPPORTER_PLAN.price} / {EARLY_SUPPORTER_PLAN.period}
            </span>
            <Badge variant={status.tone === 'destructive' ? 'outline' : status.tone}>{status.label}</Badge>
          </div>
          <p className="text-muted-foreground" data-testid="portal-period">
            {periodLine(subscription, isActive)}
          </p>
        </div>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2 sm:flex-row sm:justify-end">
        {isActive && subscription && !subscription.cancel_at_period_end && (
          <Button variant="outline" className="border-destructive/40 text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={() => void onCancel()} disabled={isBusy}>
            {cancelState.isLoading && <Loader2 className="animate-spin" aria-hidden />}
            Cancel at period end
          </Button>
        )}
        {isActive && subscription?.cancel_at_period_end && (
          <Button onClick={() => void onResume()} disabled={isBusy}>
            {resumeState.isLoading && <Loader2 className="animate-spin" aria-hidden />}
            Resume subscription
          </Button>
        )}
        {!isActive && (
          <Button asChild>
            <Link to="/settings/subscription">Subscribe</Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
