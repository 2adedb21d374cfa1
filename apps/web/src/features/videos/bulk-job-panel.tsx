import { useEffect, useEffectEvent } from 'react';
import { X } from 'lucide-react';
import { api, useGetApiTextWallVideosBulkJobStatusByJobIdQuery, useGetApiTextWallVideosQuery, useGetApiCompositeVideosQuery } from '@/api/api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAppSelector } from '@/app/hooks';
import { withTeamKey } from '@/lib/team-cache-key';
import { RenderProgress, StatusBadge } from './render-progress';
import { fromComposite, fromTextWall } from './video-items';

const SUMMARY: Record<string, string> = {
  running: 'Rendering your videos…',
  completed: 'All videos are ready.',
  partial: 'Some videos could not be made.',
  failed: 'No video could be made.',
  cancelled: 'This batch was cancelled.',
};

/**
 * The batch the user just created: overall progress and a bar per video, live until every video is
 * done. `onVideosDone` is called when its list shows every video done, so the page's own lists
 * (polled on their own clock) can be read again at once rather than show a card still rendering.
 */
export function BulkJobPanel({ jobId, onClose, onVideosDone }: { jobId: string; onClose: () => void; onVideosDone?: () => void }) {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const status = useGetApiTextWallVideosBulkJobStatusByJobIdQuery(withTeamKey({ jobId }, teamSlug), { skip: !teamSlug, pollingInterval: 1500, skipPollingIfUnfocused: true });
  // currentData, not data: when the panel switches to a new batch, the old batch's numbers must not show for it
  const data = status.currentData;
  const isRunning = data?.status === 'running';
  const kind = data?.kind;
  // the videos' own list polls until it shows every video done: the batch can end between two of
  // its polls, and a list read just before would keep showing a video rendering. The list's last
  // answer is read from the cache (useQueryState) before the queries, whose polling depends on it
  const listArgs = withTeamKey({ bulkJobId: jobId, pageSize: 200 }, teamSlug);
  const skipWalls = !teamSlug || !kind || kind !== 'text_wall';
  const skipComposites = !teamSlug || !kind || kind === 'text_wall';
  const walls = api.endpoints.getApiTextWallVideos.useQueryState(listArgs, { skip: skipWalls });
  const composites = api.endpoints.getApiCompositeVideos.useQueryState(listArgs, { skip: skipComposites });
  const list = kind === 'text_wall' ? walls.currentData : composites.currentData;
  const items = kind === 'text_wall' ? (walls.currentData?.results ?? []).map(fromTextWall) : (composites.currentData?.results ?? []).map(fromComposite);
  const hasBusyItem = !list || items.some((item) => item.status === 'queued' || item.status === 'rendering');
  const listPolling = isRunning || hasBusyItem ? 1500 : 0;
  useGetApiTextWallVideosQuery(listArgs, { skip: skipWalls, pollingInterval: listPolling });
  useGetApiCompositeVideosQuery(listArgs, { skip: skipComposites, pollingInterval: listPolling });
  // told once each time the list goes from busy to done; the parent's latest callback is the one called
  const notifyDone = useEffectEvent(() => onVideosDone?.());
  useEffect(() => {
    if (!hasBusyItem) notifyDone();
  }, [hasBusyItem]);
  const finished = data ? data.completed + data.failed + data.cancelled : 0;
  // the batch's bar moves with its renders, not only when one ends: the finished videos count whole,
  // the ones in progress by their share (the status's counts are the truth for what has ended)
  const inProgress = items.reduce((sum, item) => sum + (item.status === 'queued' || item.status === 'rendering' ? Math.max(0, Math.min(1, item.progress)) : 0), 0);
  const batchShare = data?.total ? Math.min(1, (finished + (isRunning ? inProgress : 0)) / data.total) : 0;
  if (status.isError) return null;
  return (
    <Card className="mb-6" aria-live="polite">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle className="text-base">{data ? SUMMARY[data.status] : 'Loading the batch…'}</CardTitle>
          <CardDescription>
            {data ? `${data.completed} of ${data.total} ready${data.failed ? ` · ${data.failed} failed` : ''}${data.cancelled ? ` · ${data.cancelled} cancelled` : ''}` : ' '}
          </CardDescription>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Hide this batch">
          <X aria-hidden />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data ? <RenderProgress value={batchShare} label="Batch progress" /> : <Skeleton className="h-2 w-full" />}
        <ul className="grid gap-2 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.id} className="flex min-w-0 flex-col gap-1 rounded-md border p-2">
              <div className="flex min-w-0 items-center justify-between gap-2">
                <span className="min-w-0 truncate text-sm" dir="auto" title={item.title}>
                  {item.title}
                </span>
                <StatusBadge status={item.status} className="shrink-0" />
              </div>
              {item.status === 'queued' || item.status === 'rendering' ? <RenderProgress value={item.progress} label={`Progress of ${item.title}`} /> : null}
              {item.status === 'failed' && item.error ? <p className="text-xs text-destructive">{item.error}</p> : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
