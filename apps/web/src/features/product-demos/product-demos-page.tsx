import { Clapperboard, Film, Search, SearchX, Upload } from 'lucide-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { CompositeDialog } from '@/features/videos';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import {
  useDeleteApiBrandVideosByIdMutation,
  useGetApiBrandVideosAvailableTagsQuery,
  useGetApiBrandVideosQuery,
  useGetApiVoicesQuery,
  type BrandVideo,
  type GetApiBrandVideosApiArg,
  type GetApiBrandVideosAvailableTagsApiArg,
} from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, PageHeader } from '@/components/layout/page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { withTeamKey } from '@/lib/team-cache-key';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { ClipCard } from './clip-card';
import { BulkTagBar } from './bulk-tag-bar';
import { CLIP_KINDS, type ClipKind } from './clip-format';
import { TagsDialog } from './tags-dialog';
import { TranscriptDialog } from './transcript-dialog';
import { UploadDialog } from './upload-dialog';
import { useUploadQueue } from './use-upload-queue';
import { useTranscriptions } from './use-transcriptions';
import { Pagination } from '@/components/pagination';

export const CLIPS_PAGE_SIZE = 24;

export const productDemosSearchSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  kind: z.enum(['product_demo', 'hook', 'other']).optional().catch(undefined),
  tag: z.string().trim().min(1).max(60).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type ProductDemosSearch = z.infer<typeof productDemosSearchSchema>;
const ALL = '__all__';

const GRID = 'grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 2xl:grid-cols-6';

export function ProductDemosPage() {
  const [isCompositeOpen, setCompositeOpen] = useState(false);
  const navigate = useNavigate();
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const queue = useUploadQueue();
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  // the filters and the page live in the URL, so a reload or a shared link shows the same clips
  const params = productDemosSearchSchema.parse(useSearch({ strict: false }));
  const setParams = (next: Partial<ProductDemosSearch>) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...next }), replace: true });
  const kind: ClipKind | typeof ALL = params.kind ?? ALL;
  const setKind = (value: ClipKind | typeof ALL) => setParams({ kind: value === ALL ? undefined : value, page: undefined });
  const tag = params.tag ?? ALL;
  const setTag = (value: string) => setParams({ tag: value === ALL ? undefined : value, page: undefined });
  const page = params.page ?? 1;
  const setPage = (value: number) => setParams({ page: value > 1 ? value : undefined });
  const [search, setSearch] = useState(params.q ?? '');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editingTags, setEditingTags] = useState<BrandVideo | null>(null);
  const [deleting, setDeleting] = useState<BrandVideo | null>(null);
  const [transcriptId, setTranscriptId] = useState<string | null>(null);
  const transcriptions = useTranscriptions();
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  // only a settled search is written to the URL: the effect runs when the search settles, and reads
  // the URL as it is then (an effect event), so a back navigation that changes the URL is not undone
  const writeSearch = useEffectEvent((settled: string) => {
    if ((params.q ?? '') !== settled) setParams({ q: settled || undefined });
  });
  useEffect(() => writeSearch(debouncedSearch), [debouncedSearch]);
  const [deleteVideo, deleteState] = useDeleteApiBrandVideosByIdMutation();

  const listArgs: GetApiBrandVideosApiArg = withTeamKey(
    {
      page,
      limit: CLIPS_PAGE_SIZE,
      kind: kind === ALL ? undefined : kind,
      tag: tag === ALL ? undefined : tag,
      search: debouncedSearch || undefined,
      ordering: '-created_at',
    },
    teamSlug,
  );
  const { data, isLoading, isFetching, isError, error, refetch } = useGetApiBrandVideosQuery(listArgs, { skip: !teamSlug });
  // whether the server can transcribe (STT_BASE_URL): the voices list says it
  const canTranscribe = useGetApiVoicesQuery(undefined, { skip: !teamSlug }).data?.transcription_available ?? false;
  const tagsQuery = useGetApiBrandVideosAvailableTagsQuery(withTeamKey<GetApiBrandVideosAvailableTagsApiArg>({}, teamSlug), { skip: !teamSlug });
  const availableTags = useMemo(() => tagsQuery.data ?? [], [tagsQuery.data]);
  const isFiltered = kind !== ALL || tag !== ALL || debouncedSearch !== '';
  const pageCount = data ? Math.max(1, Math.ceil(data.count / CLIPS_PAGE_SIZE)) : 1;

  const transcriptVideo = data?.results.find((v) => v.id === transcriptId) ?? null;
  /** a clip's transcript: shown when it has one (or one is under way), else its transcription starts with the dialog open */
  const openTranscript = (video: BrandVideo) => {
    setTranscriptId(video.id);
    const state = transcriptions.states[video.id];
    if (!video.transcript && canTranscribe && state?.status !== 'running' && state?.status !== 'done') void transcriptions.start(video.id, false);
  };

  const visibleIds = useMemo(() => data?.results.map((v) => v.id) ?? [], [data]);
  const selectedIds = visibleIds.filter((id) => selected.has(id));
  const allState: boolean | 'indeterminate' = visibleIds.length > 0 && selectedIds.length === visibleIds.length ? true : selectedIds.length > 0 ? 'indeterminate' : false;
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const resetPage = () => {
    setPage(1);
    setSelected(new Set());
  };
  const clearFilters = () => {
    setSearch('');
    setKind(ALL);
    setTag(ALL);
    resetPage();
  };

  const onConfirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteVideo({ id: deleting.id }).unwrap();
      toast({ variant: 'success', title: 'Clip deleted', description: `“${deleting.title}” has been deleted.` });
      toggle(deleting.id, false);
      setDeleting(null);
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not delete the clip', description: describeError(err) });
      setDeleting(null);
    }
  };

  const uploadPercents = new Map(queue.items.filter((i) => i.videoId && i.status === 'uploading').map((i) => [i.videoId!, i.file.size > 0 ? Math.round((i.loaded / i.file.size) * 100) : 0]));
  const activeUploads = queue.items.filter((i) => i.status === 'uploading' || i.status === 'processing' || i.status === 'queued').length;
  const uploadButton = (
    <Button onClick={() => setIsUploadOpen(true)}>
      <Upload aria-hidden /> {activeUploads > 0 ? `Uploads (${activeUploads})` : 'Upload'}
    </Button>
  );

  let body;
  if (isLoading || (!teamSlug && !data)) {
    body = (
      <ul role="status" aria-label="Loading clips" className={GRID}>
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="grid gap-2 p-1.5">
            <Skeleton className="aspect-[9/16] w-full rounded-[1.4rem]" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </li>
        ))}
      </ul>
    );
  } else if (isError && !data) {
    body = (
      <LoadError what="your clips" error={error} onRetry={() => void refetch()} />
    );
  } else if (!data || data.count === 0) {
    body = isFiltered ? (
      <EmptyState
        icon={SearchX}
        title="No clips match"
        description="Try another kind or tag, or clear the filters to see every clip."
        action={
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Film}
        title="Upload your first clip"
        description="Add product demos and hooks: vertical clips of a few seconds work best. They become the building blocks of your composites."
        action={
          <Button onClick={() => setIsUploadOpen(true)}>
            <Upload aria-hidden /> Upload clips
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        {selectedIds.length > 0 && <BulkTagBar ids={selectedIds} onClear={() => setSelected(new Set())} />}
        <ul aria-label="Clips" aria-busy={isFetching} className={cn(GRID, isFetching && 'opacity-70 transition-opacity')}>
          {data.results.map((video) => (
            <ClipCard
              key={video.id}
              video={video}
              isSelected={selected.has(video.id)}
              onSelectedChange={(on) => toggle(video.id, on)}
              onEditTags={() => setEditingTags(video)}
              onDelete={() => setDeleting(video)}
              uploadPercent={uploadPercents.get(video.id)}
              transcription={{ state: transcriptions.states[video.id], canTranscribe, onOpen: () => openTranscript(video) }}
            />
          ))}
        </ul>
        <Pagination
          className="mt-6"
          page={page}
          pageCount={pageCount}
          onPageChange={(next) => (setPage(next), setSelected(new Set()))}
          total={`${data.count} clips`}
        />
      </>
    );
  }

  const hasClips = Boolean(data && (data.count > 0 || isFiltered));
  return (
    <>
      <PageHeader
        title="Product demos"
        description="Your clip library: hooks and product demos used to build composites."
        actions={
          <>
            {hasClips && (
              <Button variant="outline" onClick={() => setCompositeOpen(true)}>
                <Clapperboard aria-hidden /> Make hook + demo videos
              </Button>
            )}
            {uploadButton}
          </>
        }
      />
      <CompositeDialog open={isCompositeOpen} onOpenChange={setCompositeOpen} onCreated={(jobId) => void navigate({ to: '/videos', search: { job: jobId } })} />
      {hasClips && (
        <div className="mb-4 flex flex-col gap-2 lg:flex-row lg:items-center">
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              aria-label="Search clips"
              placeholder="Search by title"
              className="pl-9"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                resetPage();
              }}
            />
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Select
              value={kind}
              onValueChange={(value) => {
                setKind(value as ClipKind | typeof ALL);
                resetPage();
              }}
            >
              <SelectTrigger aria-label="Kind" className="sm:w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All kinds</SelectItem>
                {CLIP_KINDS.map((k) => (
                  <SelectItem key={k.value} value={k.value}>
                    {k.plural}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={tag}
              onValueChange={(value) => {
                setTag(value);
                resetPage();
              }}
            >
              <SelectTrigger aria-label="Tag" className="sm:w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All tags</SelectItem>
                {availableTags.map((t) => (
                  <SelectItem key={t} value={t}>
                    #{t}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {data && data.results.length > 0 && (
            <label className="flex h-9 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm whitespace-nowrap">
              <Checkbox checked={allState} onCheckedChange={(checked) => setSelected(checked === true ? new Set(visibleIds) : new Set())} aria-label="Select all clips" />
              Select all
            </label>
          )}
        </div>
      )}
      {body}

      <UploadDialog open={isUploadOpen} onOpenChange={setIsUploadOpen} queue={queue} />
      <TranscriptDialog
        video={transcriptVideo}
        state={transcriptId ? transcriptions.states[transcriptId] : undefined}
        canTranscribe={canTranscribe}
        onTranscribe={(force) => transcriptId && void transcriptions.start(transcriptId, force)}
        onClose={() => setTranscriptId(null)}
      />
      <TagsDialog video={editingTags} onClose={() => setEditingTags(null)} listArgs={listArgs} suggestions={availableTags} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this clip?"
        description={<>“{deleting?.title}” and its file will be deleted for everyone in your team. This cannot be undone.</>}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={deleteState.isLoading}
        onConfirm={() => void onConfirmDelete()}
      />
    </>
  );
}
