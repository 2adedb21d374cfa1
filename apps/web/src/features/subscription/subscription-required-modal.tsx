import { Button } from '@/components/ui/button';
import { PlanCard } from './plan-card';
import { useStartCheckout } from './use-billing-redirects';

export const LOOK_AROUND_LABEL = 'Look around first';

/**
 * The body of the subscription-required modal: the plan card without its header. The modal is not
 * closeable; it is left by subscribing (checkout) or by choosing to look around first.
 */
export function SubscriptionRequiredContent({ close }: { close: () => void }) {
  const { start, isStarting, canSubscribe, team } = useStartCheckout();
  return (
    <PlanCard
      showHeader={false}
      onSubscribe={() => void start()}
      isSubscribing={isStarting}
      subscribeDisabledReason={team && !canSubscribe ? `Only an admin of ${team.name} can subscribe. Ask them to, or look around first.` : undefined}
      footer={
        <Button variant="ghost" onClick={close}>
          {LOOK_AROUND_LABEL}
        </Button>
      }
    />
  );
}
