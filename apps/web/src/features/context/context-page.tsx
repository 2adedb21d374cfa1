import { Download, FileText, Globe, Pencil, Plus, Search, SearchX, Trash2 } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { downloadTeamFile } from '@/api/authenticated-download';
import { useDeleteApiContextsByIdMutation, useGetApiContextsQuery, type Context } from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { modalOpened } from '@/app/ui-slice';
import { withTeamKey } from '@/lib/team-cache-key';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { CreateProductContextForm } from './create-product-context-form';
import { ImportFromUrlDialog } from './import-from-url-dialog';
import { Pagination } from '@/components/pagination';

export const CONTEXTS_PAGE_SIZE = 20;

const TYPE_OPTIONS = [
  { value: 'all', label: 'All types' },
  { value: 'product', label: 'Product' },
  { value: 'general', label: 'General' },
] as const;
type TypeFilter = (typeof TYPE_OPTIONS)[number]['value'];

/**
 * The list's filters and page live in the URL (/context?q=...&type=...&ordering=...&page=...), so a
 * reload or a shared link shows the same list; anything malformed falls back to the default.
 */
export const contextSearchSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  type: z.enum(['product', 'general']).optional().catch(undefined),
  ordering: z.enum(['-updated_at', '-created_at', 'created_at', 'name', '-name']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type ContextSearch = z.infer<typeof contextSearchSchema>;

const SORT_OPTIONS = [
  { value: '-updated_at', label: 'Recently updated' },
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
] as const;

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", then the date. */
export function formatUpdated(value: string, now = Date.now()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return relativeFormat.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relativeFormat.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relativeFormat.format(Math.round(seconds / 86_400), 'day');
  return dateFormat.format(date);
}

/** The first non-empty line of a context's content. */
export function firstLine(content: string): string {
  return content.split('\n').find((line) => line.trim())?.trim() ?? '';
}

export function ContextPage() {
  const dispatch = useAppDispatch();
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const params = contextSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const setParams = (next: Partial<ContextSearch>) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...next }), replace: true });
  const type: TypeFilter = params.type ?? 'all';
  const ordering: string = params.ordering ?? '-updated_at';
  const page = params.page ?? 1;
  const setPage = (next: number) => setParams({ page: next > 1 ? next : undefined });
  const [search, setSearch] = useState(params.q ?? '');
  const [editing, setEditing] = useState<Context | null>(null);
  const [deleting, setDeleting] = useState<Context | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  // the typed search reaches the URL once typing pauses; a new search starts on page 1. The effect
  // runs when the search settles and reads the URL as it is then (an effect event), so a back
  // navigation that changes the URL is not undone
  const writeSearch = useEffectEvent((settled: string) => {
    if (settled !== (params.q ?? '')) setParams({ q: settled || undefined, page: undefined });
  });
  useEffect(() => writeSearch(debouncedSearch), [debouncedSearch]);
  const [deleteContext, deleteState] = useDeleteApiContextsByIdMutation();

  const query = useGetApiContextsQuery(
    withTeamKey({ page, pageSize: CONTEXTS_PAGE_SIZE, search: debouncedSearch || undefined, type: type === 'all' ? undefined : type, ordering }, teamSlug),
    { skip: !teamSlug },
  );
  const { data, isLoading, isFetching, isError, error, refetch } = query;
  const isFiltered = debouncedSearch !== '' || type !== 'all';
  const pageCount = data ? Math.max(1, Math.ceil(data.count / CONTEXTS_PAGE_SIZE)) : 1;
  /** the toolbar and the CSV download appear once there is something to search or download */
  const hasContexts = isFiltered || (data?.count ?? 0) > 0;

  const openCreate = () => dispatch(modalOpened({ name: 'createProductContextModal' }));
  const clearFilters = () => {
    setSearch('');
    setParams({ q: undefined, type: undefined, page: undefined });
  };
  /** a context made from a page: at the top of the unfiltered list, and open to check and edit */
  const onImported = (context: Context) => {
    setSearch('');
    setParams({ q: undefined, type: undefined, ordering: undefined, page: undefined });
    setEditing(context);
  };

  const onDownload = async () => {
    setIsDownloading(true);
    try {
      await downloadTeamFile('/api/contexts/download_csv/', { teamSlug, dispatch, fallbackName: 'contexts.csv' });
    } catch (err) {
      console.error('Failed to download the contexts CSV', err);
      toast({ variant: 'destructive', title: 'Download failed', description: 'We could not download your contexts. Please try again.' });
    } finally {
      setIsDownloading(false);
    }
  };

  const onConfirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteContext({ id: deleting.id }).unwrap();
      toast({ variant: 'success', title: 'Context deleted', description: `“${deleting.name}” has been deleted.` });
      setDeleting(null);
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not delete the context', description: describeError(err) });
    }
  };

  let body;
  if (isLoading || (!teamSlug && !data)) {
    body = (
      <ul role="status" aria-label="Loading contexts" className="grid gap-2">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="grid gap-2 rounded-lg border p-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3.5 w-2/3" />
          </li>
        ))}
      </ul>
    );
  } else if (isError && !data) {
    body = (
      <LoadError what="your contexts" error={error} onRetry={() => void refetch()} />
    );
  } else if (!data || data.count === 0) {
    body = isFiltered ? (
      <EmptyState
        icon={SearchX}
        title="No contexts match"
        description="Try another search or type, or clear the filters to see every context."
        action={
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={FileText}
        title="No product context yet"
        description="Tell us about your product so we can help generate ads for you automatically."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={openCreate}>
              <Plus aria-hidden /> New product context
            </Button>
            <Button variant="outline" onClick={() => setIsImportOpen(true)}>
              <Globe aria-hidden /> Import from a URL
            </Button>
          </div>
        }
      />
    );
  } else {
    body = (
      <div className="grid gap-3">
        <ul aria-label="Contexts" aria-busy={isFetching} className={cn('divide-y rounded-lg border bg-card', isFetching && 'opacity-60 transition-opacity')}>
          {data.results.map((context) => (
            <li key={context.id} aria-label={context.name} className="flex items-start gap-3 px-4 py-3">
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <h2 className="truncate text-sm font-semibold">{context.name}</h2>
                  <Badge variant={context.type === 'product' ? 'info' : 'secondary'} className="capitalize">
                    {context.type}
                  </Badge>
                </div>
                <p className="truncate text-sm text-muted-foreground">{firstLine(context.content) || <span className="italic">No description</span>}</p>
                <p className="text-xs text-muted-foreground">
                  Updated <time dateTime={context.updated_at}>{formatUpdated(context.updated_at)}</time>
                  {context.created_by && <> · by {context.created_by}</>}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                <Button variant="ghost" size="icon" aria-label={`Edit ${context.name}`} onClick={() => setEditing(context)}>
                  <Pencil aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Delete ${context.name}`} className="text-destructive hover:text-destructive" onClick={() => setDeleting(context)}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Pagination page={page} pageCount={pageCount} onPageChange={setPage} total={`${data.count} contexts`} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Context"
        description="What your product does and why it matters; used to write hooks."
        actions={
          <>
            {hasContexts && (
              <Button variant="outline" onClick={() => void onDownload()} disabled={isDownloading || !teamSlug}>
                <Download aria-hidden /> {isDownloading ? 'Downloading...' : 'Download CSV'}
              </Button>
            )}
            <Button variant="outline" onClick={() => setIsImportOpen(true)}>
              <Globe aria-hidden /> Import from a URL
            </Button>
            <Button onClick={openCreate}>
              <Plus aria-hidden /> New product context
            </Button>
          </>
        }
      />
      {hasContexts && (
        <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              aria-label="Search contexts"
              placeholder="Search by name or content"
              className="pl-9"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
              }}
            />
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Select
              value={type}
              onValueChange={(value) => {
                setParams({ type: value === 'all' ? undefined : (value as ContextSearch['type']), page: undefined });
              }}
            >
              <SelectTrigger aria-label="Type" className="sm:w-36">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TYPE_OPTIONS.map((o) => (
                  <SelectItem key={o.value} value={o.value}>
                    {o.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={ordering}
              onValueChange={(value) => {
                setParams({ ordering: value === '-updated_at' ? undefined : (value as ContextSearch['ordering']), page: undefined });
              }}
            >
              <SelectTrigger aria-label="Sort" className="sm:w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SORT_OPTIONS.map((o) => (
                  <SelectItem key={o.value} value={o.value}>
                    {o.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      )}
      {body}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader className="sr-only">
            <DialogTitle>Edit product context</DialogTitle>
            <DialogDescription>Edit {editing?.name}</DialogDescription>
          </DialogHeader>
          {editing && <CreateProductContextForm key={editing.id} context={editing} onSaved={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>

      <ImportFromUrlDialog open={isImportOpen} onOpenChange={setIsImportOpen} onImported={onImported} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this context?"
        description={
          <>
            “{deleting?.name}” will be deleted for everyone in your team. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={deleteState.isLoading}
        onConfirm={() => void onConfirmDelete()}
      />
    </>
  );
}
