import { Infinity as Unlimited } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export const BILLING_OFF_TITLE = 'Billing is off on this installation';
export const BILLING_OFF_TEXT = 'Every team can make videos without a subscription, and texts written by the AI copywriter cost no credits. There is nothing to buy here.';

/** The subscription page when the server runs with BILLING=none (an internal installation). */
export function BillingOffNotice() {
  return (
    <Card className="gap-2" data-testid="billing-off">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Unlimited className="size-4 text-primary" aria-hidden /> {BILLING_OFF_TITLE}
        </CardTitle>
        <CardDescription>{BILLING_OFF_TEXT}</CardDescription>
      </CardHeader>
    </Card>
  );
}
