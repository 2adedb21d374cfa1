import { useAppSelector } from '@/app/hooks';
import { Badge } from '@/components/ui/badge';
import { PlanCard } from './plan-card';

/** Placeholder until the billing issue lands checkout and the portal here. */
export function SubscriptionPage() {
  const team = useAppSelector((s) => s.ui.currentTeam);
  return (
    <section className="grid gap-6" aria-labelledby="subscription-title">
      <div className="grid gap-1">
        <h2 id="subscription-title" className="text-lg font-semibold">
          Subscription
        </h2>
        <p className="text-sm text-muted-foreground">
          {team ? (
            <>
              Plan for <span className="font-medium text-foreground">{team.name}</span>:{' '}
              {team.has_active_subscription ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">No active subscription</Badge>}
            </>
          ) : (
            'No team selected'
          )}
        </p>
      </div>
      <div className="max-w-sm">
        <PlanCard />
      </div>
    </section>
  );
}
