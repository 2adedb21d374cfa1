import { Gauge, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { api, useGetAByTeamSlugSubscriptionApiUsageQuery, type TeamUsage } from '@/api/api';
import { describeError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn, formatFileSize } from '@/lib/utils';

/** While videos wait or render, the numbers go down as they finish: read again this often. */
const POLL_WHILE_RENDERING_MS = 30_000;
/** From this share of a limit on, the bar warns. */
const NEARLY_FULL = 0.9;

/** A length in seconds as people say it: 45 s, 12 min, 1 h 20 min. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (hours === 0) return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
}

const count = (n: number) => n.toLocaleString('en');

interface Meter {
  key: keyof TeamUsage;
  label: string;
  /** what the limit means, under the bar */
  hint: string;
  format: (n: number) => string;
}

const METERS: Meter[] = [
  { key: 'open_renders', label: 'Videos waiting to render', hint: 'Videos count while they wait or render.', format: count },
  { key: 'queued_video_seconds', label: 'Length of those videos', hint: 'Their total running time.', format: formatDuration },
  { key: 'storage_bytes', label: 'Storage', hint: 'Uploaded clips and finished videos. Delete what you no longer need to free space.', format: formatFileSize },
];

function UsageMeter({ meter, used, limit }: { meter: Meter; used: number; limit: number | null }) {
  const labelId = useId();
  const share = limit ? Math.min(1, used / limit) : 0;
  const isFull = limit !== null && used >= limit;
  const text = limit === null ? `${meter.format(used)} (no limit)` : `${meter.format(used)} of ${meter.format(limit)}`;
  return (
    <div className="grid content-start gap-2" data-testid={`usage-${meter.key}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id={labelId} className="text-sm font-medium">
          {meter.label}
        </span>
        <span className={cn('text-sm tabular-nums', isFull ? 'font-medium text-destructive' : 'text-muted-foreground')}>{text}</span>
      </div>
      {limit !== null && (
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={text}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full transition-[width]', isFull ? 'bg-destructive' : share >= NEARLY_FULL ? 'bg-amber-500' : 'bg-primary')}
            style={{ width: `${share * 100}%` }}
          />
        </div>
      )}
      <p className="text-xs text-muted-foreground">{isFull ? `Limit reached. ${meter.hint}` : meter.hint}</p>
    </div>
  );
}

/** The team's quotas: what it uses of each, as bars (GET /a/{teamSlug}/subscription/api/usage/). */
export function UsageCard({ teamSlug, className }: { teamSlug: string; className?: string }) {
  // read again now and then while videos wait or render: known from the last answer, read from the
  // cache (useQueryState) before the query whose polling depends on it
  const last = api.endpoints.getAByTeamSlugSubscriptionApiUsage.useQueryState({ teamSlug });
  const isRendering = (last.data?.open_renders.used ?? 0) > 0;
  const usage = useGetAByTeamSlugSubscriptionApiUsageQuery({ teamSlug }, { refetchOnMountOrArgChange: true, pollingInterval: isRendering ? POLL_WHILE_RENDERING_MS : 0 });

  return (
    <Card className={cn('min-w-0 gap-4', className)}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Gauge className="size-4 text-primary" aria-hidden /> Usage
        </CardTitle>
        <CardDescription>What your team uses of its limits. When one is reached, wait for videos to finish or free some space before making more.</CardDescription>
      </CardHeader>
      <CardContent>
        {usage.isLoading ? (
          <div role="status" aria-label="Loading usage" className="grid gap-6 sm:grid-cols-3">
            {METERS.map((m) => (
              <div key={m.key} className="grid gap-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-2 w-full" />
              </div>
            ))}
          </div>
        ) : usage.isError || !usage.data ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-muted-foreground">{describeError(usage.error, 'We could not load your team’s usage.')}</span>
            <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
              <RefreshCw aria-hidden /> Retry
            </Button>
          </div>
        ) : (
          <div className={cn('grid gap-6 sm:grid-cols-3', usage.isFetching && 'opacity-60')}>
            {METERS.map((m) => (
              <UsageMeter key={m.key} meter={m} used={usage.data![m.key].used} limit={usage.data![m.key].limit} />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
