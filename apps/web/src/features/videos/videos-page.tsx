import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Download, Film, Layers, Plus, Sparkles, Trash2, Video } from 'lucide-react';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { z } from 'zod';
import {
  useDeleteApiCompositeVideosByIdMutation,
  useDeleteApiTextWallVideosByIdMutation,
  useGetApiVideosQuery,
  useGetApiVideoTemplatesByIdQuery,
  usePostApiCompositeVideosByIdRenderMutation,
  usePostApiTextWallVideosByIdRenderMutation,
} from '@/api/api';
import { describeError, isFetchBaseQueryError } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, PageHeader } from '@/components/layout/page-header';
import { LoadError } from '@/components/load-error';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useBrandKits } from '@/features/brand';
import { withTeamKey } from '@/lib/team-cache-key';
import { BulkJobPanel } from './bulk-job-panel';
import { useCompositeDialogs } from './composite-dialogs';
import { VideoCard } from './video-card';
import { fromListItem, isWorking, STATUS_LABELS, type VideoItem } from './video-items';
import { VideoPlayerDialog } from './video-player-dialog';
import { downloadZip } from './zip-download';

export const VIDEOS_PAGE_SIZE = 12;
const STATUSES = ['completed', 'rendering', 'queued', 'failed', 'cancelled', 'draft'] as const;
const ALL = '__all__';

/** Filters, page and the batch being watched live in the URL, so a reload or a shared link keeps them. */
export const videosSearchSchema = z.object({
  type: z.enum(['text_wall', 'composite']).optional().catch(undefined),
  status: z.enum(STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  job: z.uuid().optional().catch(undefined),
  /** a composite's template opened from the home page: its dialog opens with the setup */
  template: z.uuid().optional().catch(undefined),
});
export type VideosSearch = z.infer<typeof videosSearchSchema>;

export const GRID = 'grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6';

export function VideosPage() {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const params = videosSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const setParams = (next: Partial<VideosSearch>) => void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...next }), replace: true });
  const page = params.page ?? 1;
  const [playing, setPlaying] = useState<VideoItem | null>(null);
  const [deleting, setDeleting] = useState<VideoItem[] | null>(null);
  // the videos chosen for the bulk actions, kept as they were shown: a choice survives paging
  const [selected, setSelected] = useState<Map<string, VideoItem>>(new Map());
  const [zipProgress, setZipProgress] = useState<string | null>(null);
  // a template of the home page (?template=): its dialog opens once the template and the kits it names are in
  const template = useGetApiVideoTemplatesByIdQuery(withTeamKey({ id: params.template ?? '' }, teamSlug), { skip: !teamSlug || !params.template });
  const kits = useBrandKits();
  const openTemplate = params.template && template.data?.id === params.template && !kits.isLoading ? template.data : undefined;
  const composites = useCompositeDialogs((jobId) => setParams({ job: jobId, page: undefined, template: undefined }), {
    template: openTemplate,
    onTemplateClosed: () => setParams({ template: undefined }),
  });

  // one list over both kinds (GET /api/videos/): page N is one slice of one order, so every video
  // is on exactly one page and the type filter is the API's, never a merge of two lists here
  const listArgs = withTeamKey({ page, pageSize: VIDEOS_PAGE_SIZE, status: params.status, type: params.type }, teamSlug);
  const [poll, setPoll] = useState(0);
  const list = useGetApiVideosQuery(listArgs, { skip: !teamSlug, pollingInterval: poll, skipPollingIfUnfocused: true });
  // this page's answer only: while another page or filter loads, nothing of the last one is shown as its
  const current = list.currentData;
  const items = useMemo(() => (current?.results ?? []).map(fromListItem), [current]);
  // poll while something renders, and only then
  const working = items.some((v) => isWorking(v.status)) ? 1500 : 0;
  if (working !== poll) setPoll(working);

  /** reads the list again now */
  const refetchLists = () => {
    try {
      void list.refetch().catch(() => undefined);
    } catch {
      // skipped: RTK Query refuses to refetch a query that never started
    }
  };
  // the last count known, for the page count while a page loads and for a page that no longer exists
  const count = (current ?? list.data)?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / VIDEOS_PAGE_SIZE));
  const isPastTheEnd = page > 1 && isFetchBaseQueryError(list.error) && list.error.status === 404;
  // a page past the end (videos deleted, an old link): the last page that exists, not an error
  const toLastPage = useEffectEvent(() => {
    const last = Math.min(page - 1, Math.max(1, Math.ceil((list.data?.count ?? 0) / VIDEOS_PAGE_SIZE)));
    setParams({ page: last > 1 ? last : undefined });
  });
  useEffect(() => {
    if (isPastTheEnd) toLastPage();
  }, [isPastTheEnd, page]);
  const isLoading = (!current && list.isFetching) || isPastTheEnd;
  const error = isPastTheEnd ? undefined : list.error;

  const [renderWall] = usePostApiTextWallVideosByIdRenderMutation();
  const [renderComposite] = usePostApiCompositeVideosByIdRenderMutation();
  const [deleteWall] = useDeleteApiTextWallVideosByIdMutation();
  const [deleteComposite] = useDeleteApiCompositeVideosByIdMutation();
  const [isDeleting, setIsDeleting] = useState(false);

  const retry = async (item: VideoItem) => {
    try {
      if (item.kind === 'text_wall') await renderWall({ id: item.id, body: {} }).unwrap();
      else await renderComposite({ id: item.id, body: {} }).unwrap();
      toast({ title: 'Rendering again', description: 'The video is back in the queue.' });
    } catch (e) {
      toast({ variant: 'destructive', title: 'Could not start the render', description: describeError(e) });
    }
  };
  const remove = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    let failed = 0;
    for (const item of deleting) {
      try {
        if (item.kind === 'text_wall') await deleteWall({ id: item.id }).unwrap();
        else await deleteComposite({ id: item.id }).unwrap();
      } catch {
        failed++;
      }
    }
    setIsDeleting(false);
    toast(
      failed
        ? { variant: 'destructive', title: 'Some videos were not deleted', description: `${failed} of ${deleting.length} could not be deleted.` }
        : { title: deleting.length === 1 ? 'Video deleted' : 'Videos deleted', description: `${deleting.length} video${deleting.length === 1 ? '' : 's'} deleted.` },
    );
    setSelected(new Map());
    setDeleting(null);
  };
  // the page's own copy of a selected video is the fresher (a render may have finished since)
  const selectedItems = [...selected.values()].map((i) => items.find((fresh) => fresh.id === i.id) ?? i);
  const downloadSelected = async () => {
    const ready = selectedItems.filter((i) => i.outputUrl);
    if (ready.length === 0) {
      toast({ variant: 'destructive', title: 'Nothing to download', description: 'None of the selected videos is ready yet.' });
      return;
    }
    try {
      setZipProgress(`0 / ${ready.length}`);
      await downloadZip(ready, (done, total) => setZipProgress(`${done} / ${total}`));
    } catch (e) {
      toast({ variant: 'destructive', title: 'Download failed', description: (e as Error).message });
    } finally {
      setZipProgress(null);
    }
  };
  const toggle = (chosen: VideoItem[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const item of chosen) {
        if (on) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
  const selectedOnPage = items.filter((i) => selected.has(i.id)).length;
  const allOnPage: boolean | 'indeterminate' = items.length > 0 && selectedOnPage === items.length ? true : selectedOnPage > 0 ? 'indeterminate' : false;

  return (
    <>
      <PageHeader
        title="Videos"
        description="Every text wall and composite your team has made."
        actions={
          <>
            <Button variant="outline" onClick={composites.newHookDemo}>
              <Film aria-hidden /> Hook + demo
            </Button>
            <Button variant="outline" onClick={composites.newMultiTextWall}>
              <Layers aria-hidden /> Multi text wall
            </Button>
            <Button asChild>
              <Link to="/create/text-wall">
                <Plus aria-hidden /> Create text walls
              </Link>
            </Button>
          </>
        }
      />
      {params.template && template.isError && (
        <div role="alert" className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <span>This template could not be opened: {describeError(template.error)}</span>
          <Button variant="outline" size="sm" onClick={() => setParams({ template: undefined })}>
            Dismiss
          </Button>
        </div>
      )}
      {params.job && (
        <BulkJobPanel
          jobId={params.job}
          onClose={() => setParams({ job: undefined })}
          onVideosDone={refetchLists}
        />
      )}
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Select value={params.type ?? ALL} onValueChange={(v) => setParams({ type: v === ALL ? undefined : (v as VideosSearch['type']), page: undefined })}>
          <SelectTrigger className="w-44" aria-label="Type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All types</SelectItem>
            <SelectItem value="text_wall">Text walls</SelectItem>
            <SelectItem value="composite">Composites</SelectItem>
          </SelectContent>
        </Select>
        <Select value={params.status ?? ALL} onValueChange={(v) => setParams({ status: v === ALL ? undefined : (v as VideosSearch['status']), page: undefined })}>
          <SelectTrigger className="w-44" aria-label="Status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {items.length > 0 && (
          <label className="flex h-9 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm whitespace-nowrap">
            <Checkbox checked={allOnPage} onCheckedChange={(checked) => toggle(items, checked === true)} aria-label="Select all videos on this page" />
            Select all
          </label>
        )}
        {selected.size > 0 && (
          <div className="ml-auto flex flex-wrap items-center gap-2" role="toolbar" aria-label="Selected videos">
            <span className="text-sm text-muted-foreground">{selected.size} selected</span>
            <Button variant="outline" size="sm" onClick={() => void downloadSelected()} disabled={!!zipProgress}>
              <Download aria-hidden /> {zipProgress ? `Zipping ${zipProgress}` : 'Download zip'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setDeleting(selectedItems)}>
              <Trash2 aria-hidden /> Delete
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Map())}>
              Clear
            </Button>
          </div>
        )}
      </div>
      {error ? (
        <LoadError what="videos" error={error} onRetry={refetchLists} />
      ) : isLoading ? (
        <div className={GRID} aria-busy="true" aria-label="Loading videos">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="aspect-[9/16] w-full rounded-lg" />
          ))}
        </div>
      ) : items.length === 0 ? (
        params.type || params.status ? (
          <EmptyState icon={Video} title="No videos match" description="Try another type or status." action={<Button variant="outline" onClick={() => setParams({ type: undefined, status: undefined, page: undefined })}>Clear filters</Button>} />
        ) : (
          <EmptyState
            icon={Sparkles}
            title="No videos yet"
            description="Create a batch of text wall videos from your product context; they appear here as they render."
            action={
              <Button asChild>
                <Link to="/create/text-wall">Create text walls</Link>
              </Button>
            }
          />
        )
      ) : (
        <>
          <div className={GRID}>
            {items.map((item) => (
              <VideoCard
                key={item.id}
                item={item}
                isSelected={selected.has(item.id)}
                onSelectedChange={(on) => toggle([item], on)}
                actions={{
                  onPlay: setPlaying,
                  onRetry: (i) => void retry(i),
                  onDuplicate: composites.duplicate,
                  onEdit: composites.edit,
                  onDelete: (i) => setDeleting([i]),
                }}
              />
            ))}
          </div>
        </>
      )}
      {/* kept while the next page loads, so the focus stays on Next or Previous */}
      {!error && (isLoading || items.length > 0) && (
        <Pagination className="mt-6" page={page} pageCount={pageCount} onPageChange={(p) => setParams({ page: p > 1 ? p : undefined })} total={`${count} video${count === 1 ? '' : 's'}`} label="Video pages" />
      )}
      <VideoPlayerDialog item={playing} onClose={() => setPlaying(null)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting && deleting.length > 1 ? `Delete ${deleting.length} videos?` : 'Delete this video?'}
        description="The video files are removed for everyone in the team. This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting…"
        isBusy={isDeleting}
        onConfirm={() => void remove()}
      />
      {composites.dialogs}
    </>
  );
}
