import { CheckIcon, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { EARLY_SUPPORTER_PLAN, type Plan } from './plan';

export const SALES_EMAIL = 'sales@hookwall.app';

interface PlanCardProps {
  plan?: Plan;
  /** the subscription-required modal shows the card without its header (name, description, badge) */
  showHeader?: boolean;
  /** starts checkout */
  onSubscribe: () => void;
  isSubscribing?: boolean;
  /** why 'Subscribe' is unavailable (e.g. only admins subscribe); shown under the buttons */
  subscribeDisabledReason?: string;
  /** the team already has this plan: no 'Subscribe' */
  isCurrentPlan?: boolean;
  /** extra actions under the plan's own buttons */
  footer?: ReactNode;
  className?: string;
}

/** The plan card: Early Supporter, 50 / month, Popular, 'Subscribe' and 'Chat with sales'. */
export function PlanCard({ plan = EARLY_SUPPORTER_PLAN, showHeader = true, onSubscribe, isSubscribing = false, subscribeDisabledReason, isCurrentPlan = false, footer, className }: PlanCardProps) {
  return (
    <div data-testid="plan-card" className={cn('rounded-lg border bg-card p-5 text-card-foreground shadow-xs', !showHeader && 'border-primary/30', className)}>
      {showHeader && (
        <div className="mb-4 flex items-start justify-between gap-2">
          <div className="grid gap-1">
            <h3 className="text-lg font-semibold leading-none">{plan.name}</h3>
            <p className="text-sm text-muted-foreground">{plan.description}</p>
          </div>
          {plan.badge && <Badge>{plan.badge}</Badge>}
        </div>
      )}
      <p className="mb-4">
        <span className="text-3xl font-bold tracking-tight">${plan.price}</span>
        <span className="text-sm text-muted-foreground"> / {plan.period}</span>
      </p>
      <p className="mb-2 text-sm font-medium">{plan.featuresDescription}</p>
      <ul className="mb-5 grid gap-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <CheckIcon className="size-4 shrink-0 text-success" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="grid gap-2">
        {isCurrentPlan ? (
          <Button variant="secondary" disabled>
            <CheckIcon aria-hidden /> Your current plan
          </Button>
        ) : (
          <Button onClick={onSubscribe} disabled={isSubscribing || Boolean(subscribeDisabledReason)} aria-busy={isSubscribing}>
            {isSubscribing && <Loader2 className="animate-spin" aria-hidden />}
            {plan.cta}
          </Button>
        )}
        {plan.secondaryCta && (
          <Button variant="outline" asChild>
            <a href={`mailto:${SALES_EMAIL}?subject=${encodeURIComponent(`${plan.name} plan`)}`}>{plan.secondaryCta}</a>
          </Button>
        )}
        {footer}
        {subscribeDisabledReason && !isCurrentPlan && <p className="text-center text-xs text-muted-foreground">{subscribeDisabledReason}</p>}
      </div>
    </div>
  );
}
