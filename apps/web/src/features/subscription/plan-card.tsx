import { Link } from '@tanstack/react-router';
import { CheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EARLY_SUPPORTER_PLAN, type Plan } from './plan';

/** The plan card; the subscription-required modal shows it without its header. */
export function PlanCard({ plan = EARLY_SUPPORTER_PLAN, showHeader = true, onSubscribe, onNavigate }: { plan?: Plan; showHeader?: boolean; onSubscribe?: () => void; onNavigate?: () => void }) {
  return (
    <div className="rounded-lg border bg-card p-5 shadow-xs">
      {showHeader && (
        <div className="mb-4 flex items-start justify-between gap-2">
          <div>
            <h3 className="text-lg font-semibold">{plan.name}</h3>
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
            <CheckIcon className="size-4 text-success" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="grid gap-2">
        {onSubscribe ? (
          <Button onClick={onSubscribe}>{plan.cta}</Button>
        ) : (
          <Button asChild>
            <Link to="/settings/subscription" onClick={onNavigate}>{plan.cta}</Link>
          </Button>
        )}
        {plan.secondaryCta && (
          <Button variant="outline" asChild>
            <a href="mailto:sales@hookwall.app">{plan.secondaryCta}</a>
          </Button>
        )}
      </div>
    </div>
  );
}
