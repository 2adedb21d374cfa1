import { Link } from '@tanstack/react-router';
import { CheckCircle2, Coins, Loader2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { findCreditPack, formatPrice } from '@hookwall/pricing';
import { useGetSubscriptionLocalApiCheckoutByIdQuery, usePostSubscriptionLocalApiCheckoutByIdCancelMutation, usePostSubscriptionLocalApiCheckoutByIdPayMutation, type LocalCheckoutSession } from '@/api/api';
import { describeError, isFetchBaseQueryError } from '@/api/errors';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { EARLY_SUPPORTER_PLAN, goTo } from '@/features/subscription';
import { PRODUCT_NAME } from '@/lib/utils';
import { sameOriginUrl, TestModeBanner } from './test-mode-banner';

/** /billing/checkout/{id}: the local provider's checkout card with the plan, Pay and Cancel. */
export function LocalCheckoutPage({ id }: { id: string }) {
  const session = useGetSubscriptionLocalApiCheckoutByIdQuery({ id });
  return (
    <div className="mx-auto grid w-full max-w-md gap-4 py-2 sm:py-8">
      {session.isLoading ? (
        <Card role="status" aria-label="Loading checkout">
          <CardHeader>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
          </CardHeader>
          <CardContent className="grid gap-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-9 w-full" />
          </CardContent>
        </Card>
      ) : session.data ? (
        <CheckoutCard session={session.data} />
      ) : (
        <Card role="alert">
          <CardHeader>
            <CardTitle>{isFetchBaseQueryError(session.error) && session.error.status === 404 ? 'Checkout not found' : 'We could not load this checkout'}</CardTitle>
            <CardDescription>
              {isFetchBaseQueryError(session.error) && session.error.status === 404
                ? 'This checkout link is not valid, or belongs to a team you are not in.'
                : describeError(session.error, 'Please try again in a moment.')}
            </CardDescription>
          </CardHeader>
          <CardFooter className="gap-2">
            <Button variant="outline" onClick={() => void session.refetch()}>
              Retry
            </Button>
            <Button asChild variant="ghost">
              <Link to="/settings/subscription">Back to subscription</Link>
            </Button>
          </CardFooter>
        </Card>
      )}
    </div>
  );
}

function CheckoutCard({ session }: { session: LocalCheckoutSession }) {
  const [pay] = usePostSubscriptionLocalApiCheckoutByIdPayMutation();
  const [cancel] = usePostSubscriptionLocalApiCheckoutByIdCancelMutation();
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const isSubscription = session.kind === 'subscription';
  const plan = session.plan ?? { name: EARLY_SUPPORTER_PLAN.name, price: EARLY_SUPPORTER_PLAN.price, period: EARLY_SUPPORTER_PLAN.period };
  const pack = session.credits === null ? undefined : findCreditPack(session.credits);

  const act = async (action: 'pay' | 'cancel') => {
    setBusy(action);
    try {
      const result = await (action === 'pay' ? pay({ id: session.id }) : cancel({ id: session.id })).unwrap();
      goTo(sameOriginUrl(result.redirect_url));
    } catch (error) {
      setBusy(null);
      toast({ variant: 'destructive', title: action === 'pay' ? 'Payment failed' : 'Could not cancel the checkout', description: describeError(error, 'Please try again in a moment.') });
    }
  };

  return (
    <Card className="gap-5">
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between gap-2">
          <CardDescription>{PRODUCT_NAME} checkout</CardDescription>
          <Badge variant="info">Test mode</Badge>
        </div>
        <CardTitle className="text-xl">{isSubscription ? `Subscribe to ${plan.name}` : `Buy ${session.credits ?? ''} credits`}</CardTitle>
        <CardDescription>
          For <span className="font-medium text-foreground">{session.team.name}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <TestModeBanner />
        <dl className="grid gap-2 rounded-lg border p-4 text-sm">
          {isSubscription ? (
            <>
              <div className="flex items-start justify-between gap-3">
                <dt className="grid gap-0.5">
                  <span className="font-medium">{plan.name}</span>
                  <span className="text-muted-foreground">{EARLY_SUPPORTER_PLAN.description}</span>
                </dt>
                <dd className="whitespace-nowrap font-medium">
                  ${plan.price} / {plan.period}
                </dd>
              </div>
              <ul className="grid gap-1 text-muted-foreground">
                {EARLY_SUPPORTER_PLAN.features.map((f) => (
                  <li key={f} className="flex items-center gap-2">
                    <CheckCircle2 className="size-3.5 text-success" aria-hidden /> {f}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <div className="flex items-center justify-between gap-3">
              <dt className="flex items-center gap-2 font-medium">
                <Coins className="size-4 text-primary" aria-hidden /> Credit pack of {session.credits} credits
              </dt>
              <dd className="whitespace-nowrap font-medium">{pack ? `${formatPrice(pack.price)} one-time` : ''}</dd>
            </div>
          )}
          <div className="mt-1 flex items-center justify-between gap-3 border-t pt-3">
            <dt className="font-medium">Due today</dt>
            <dd className="font-semibold">$0.00 <span className="font-normal text-muted-foreground">(test mode)</span></dd>
          </div>
        </dl>
        {session.status !== 'open' && (
          <p role="status" className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
            {session.status === 'paid' ? <CheckCircle2 className="size-4 text-success" aria-hidden /> : <XCircle className="size-4 text-muted-foreground" aria-hidden />}
            {session.status === 'paid' ? 'This checkout is already paid.' : 'This checkout was cancelled.'}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {session.status === 'open' ? (
          <>
            <Button variant="outline" className="w-full sm:w-auto" onClick={() => void act('cancel')} disabled={busy !== null}>
              {busy === 'cancel' && <Loader2 className="animate-spin" aria-hidden />}
              Cancel
            </Button>
            <Button className="w-full sm:w-auto" onClick={() => void act('pay')} disabled={busy !== null}>
              {busy === 'pay' && <Loader2 className="animate-spin" aria-hidden />}
              Pay
            </Button>
          </>
        ) : (
          <Button asChild className="w-full sm:w-auto">
            <Link to="/settings/subscription">Back to subscription</Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
