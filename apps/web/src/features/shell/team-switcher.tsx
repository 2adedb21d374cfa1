import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { useGetTeamsApiTeamsQuery } from '@/api/api';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { currentTeamSet, modalOpened } from '@/app/ui-slice';
import { initialsOf, PRODUCT_NAME } from '@/lib/utils';

export function TeamSwitcher() {
  const dispatch = useAppDispatch();
  const currentTeam = useAppSelector((s) => s.ui.currentTeam);
  const teams = useGetTeamsApiTeamsQuery({ pageSize: 100 });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="flex w-full items-center gap-3 rounded-md border bg-background p-2 text-left shadow-xs hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none cursor-pointer"
        >
          <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-xs font-semibold text-primary-foreground">
            {currentTeam ? initialsOf(currentTeam.name) : '…'}
          </span>
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="truncate text-sm font-semibold">{currentTeam?.name ?? <Skeleton className="h-4 w-24" />}</span>
            <span className="truncate text-xs text-muted-foreground">{PRODUCT_NAME}</span>
          </span>
          <span className="sr-only">Switch team</span>
          <ChevronsUpDown className="size-4 text-muted-foreground" aria-hidden />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel>Teams</DropdownMenuLabel>
        {teams.data?.results.map((team) => (
          <DropdownMenuItem key={team.id} onSelect={() => dispatch(currentTeamSet(team))}>
            <span className="flex size-6 items-center justify-center rounded bg-accent text-[10px] font-semibold text-accent-foreground">{initialsOf(team.name)}</span>
            <span className="flex-1 truncate">{team.name}</span>
            {team.id === currentTeam?.id && <Check className="text-primary" aria-label="Current team" />}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => dispatch(modalOpened({ name: 'createTeamModal' }))}>
          <Plus /> Create Team
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
