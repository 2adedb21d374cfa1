import { Link } from '@tanstack/react-router';
import { Coins } from 'lucide-react';
import { useGetAByTeamSlugSubscriptionApiCreditsBalanceQuery } from '@/api/api';
import { useAppSelector } from '@/app/hooks';

/** The credit balance at the bottom of the sidebar (docs/ui.md, Shell); opens the subscription page. */
export function SidebarCredits({ onNavigate }: { onNavigate?: () => void }) {
  const slug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const balance = useGetAByTeamSlugSubscriptionApiCreditsBalanceQuery({ teamSlug: slug ?? '' }, { skip: !slug });
  if (!slug || !balance.data) return null;
  const n = balance.data.balance;
  return (
    <Link
      to="/settings/subscription"
      onClick={onNavigate}
      className="flex items-center gap-3 rounded-md px-3 py-2 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
    >
      <Coins className="size-4" aria-hidden />
      <span>
        <span className="font-medium text-foreground tabular-nums">{n}</span> {n === 1 ? 'credit' : 'credits'}
      </span>
    </Link>
  );
}
