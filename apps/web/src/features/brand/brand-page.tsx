import { ImageIcon, Palette, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteApiBrandKitsByIdMutation, useGetApiBrandFontsQuery, useGetApiBrandKitsQuery, usePatchApiBrandKitsByIdMutation, type BrandFont, type BrandKit } from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, PageHeader } from '@/components/layout/page-header';
import { LoadError } from '@/components/load-error';
import { Pagination } from '@/components/pagination';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { withTeamKey } from '@/lib/team-cache-key';
import { absoluteMediaUrl, cn } from '@/lib/utils';
import { fontLabel, KitEditor } from './kit-editor';
import { COLOR_FIELDS, formOf, NO_FONT } from './kit-form';
import { KitPreviewSpot } from './kit-preview-spot';

export const KITS_PAGE_SIZE = 24;
const NO_FONTS: BrandFont[] = [];

type Editing = { kind: 'new' } | { kind: 'edit'; kit: BrandKit } | null;

/** `/brand`: the team's brand kits as cards, made and edited in a dialog (docs/brand-kits.md). */
export function BrandPage() {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const isAdmin = useAppSelector((s) => s.ui.currentTeam?.is_admin ?? true);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<BrandKit | null>(null);
  const query = useGetApiBrandKitsQuery(withTeamKey({ page, pageSize: KITS_PAGE_SIZE }, teamSlug), { skip: !teamSlug });
  const { data, isLoading, isFetching, isError, error, refetch } = query;
  const [deleteKit, deleteState] = useDeleteApiBrandKitsByIdMutation();
  const [patchKit] = usePatchApiBrandKitsByIdMutation();
  // the cards' stills draw the kits' uploaded fonts
  const fontsQuery = useGetApiBrandFontsQuery(withTeamKey({ pageSize: 100 }, teamSlug), { skip: !teamSlug });
  const fonts = fontsQuery.data?.results ?? NO_FONTS;
  const pageCount = data ? Math.max(1, Math.ceil(data.count / KITS_PAGE_SIZE)) : 1;

  const onConfirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteKit({ id: deleting.id }).unwrap();
      toast({ variant: 'success', title: 'Brand kit deleted', description: `“${deleting.name}” has been deleted.` });
      setDeleting(null);
      if (data && data.results.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not delete the kit', description: describeError(err) });
    }
  };

  const makeDefault = async (kit: BrandKit) => {
    try {
      await patchKit({ id: kit.id, patchedBrandKitRequest: { is_default: true } }).unwrap();
      toast({ variant: 'success', title: 'Default kit changed', description: `Videos now use “${kit.name}” unless another kit is chosen.` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not change the default kit', description: describeError(err) });
    }
  };

  let body;
  if (isLoading || (!teamSlug && !data)) {
    body = (
      <ul role="status" aria-label="Loading brand kits" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="grid gap-3 rounded-lg border p-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </li>
        ))}
      </ul>
    );
  } else if (isError && !data) {
    body = <LoadError what="your brand kits" error={error} onRetry={() => void refetch()} />;
  } else if (!data || data.count === 0) {
    body = (
      <EmptyState
        icon={Palette}
        title="No brand kit yet"
        description="Keep your logo, colours, font and end card in a kit, so every video looks like your brand. Agencies can keep one per client."
        action={
          isAdmin ? (
            <Button onClick={() => setEditing({ kind: 'new' })}>
              <Plus aria-hidden /> New brand kit
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <div className="grid gap-4">
        <ul aria-label="Brand kits" aria-busy={isFetching} className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', isFetching && 'opacity-60 transition-opacity')}>
          {data.results.map((kit) => (
            <KitCard key={kit.id} kit={kit} fonts={fonts} canEdit={isAdmin} onEdit={() => setEditing({ kind: 'edit', kit })} onDelete={() => setDeleting(kit)} onMakeDefault={() => void makeDefault(kit)} />
          ))}
        </ul>
        <Pagination page={page} pageCount={pageCount} onPageChange={setPage} total={`${data.count} brand kit${data.count === 1 ? '' : 's'}`} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Brand"
        description="Your brands’ logos, colours, fonts and end cards, applied to the videos you make."
        actions={
          isAdmin && (data?.count ?? 0) > 0 ? (
            <Button onClick={() => setEditing({ kind: 'new' })}>
              <Plus aria-hidden /> New brand kit
            </Button>
          ) : undefined
        }
      />
      {body}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{editing?.kind === 'edit' ? `Edit ${editing.kit.name}` : 'New brand kit'}</DialogTitle>
            <DialogDescription>Colours, font, logo and end card your videos take when they use this kit.</DialogDescription>
          </DialogHeader>
          {editing && (
            <KitEditor
              key={editing.kind === 'edit' ? editing.kit.id : 'new'}
              kit={editing.kind === 'edit' ? editing.kit : undefined}
              isFirstKit={(data?.count ?? 0) === 0}
              onDone={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this brand kit?"
        description={
          <>
            “{deleting?.name}” and its logo will be deleted for everyone in your team. Videos already made keep their look.
            {deleting?.is_default && ' It is the default kit: the oldest other kit becomes the default.'}
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

function KitCard({ kit, fonts, canEdit, onEdit, onDelete, onMakeDefault }: { kit: BrandKit; fonts: BrandFont[]; canEdit: boolean; onEdit: () => void; onDelete: () => void; onMakeDefault: () => void }) {
  return (
    <li aria-label={kit.name} className="flex gap-4 rounded-lg border bg-card p-4">
      {/* a frame drawn by the video compositions with this kit: what its videos show */}
      <KitPreviewSpot form={formOf(kit)} logoUrl={absoluteMediaUrl(kit.logo_url)} fonts={fonts} fontLabel={fontLabel(kit.font_id ?? NO_FONT, fonts)} caption={false} className="w-24 shrink-0 self-start" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start gap-3">
          <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-[repeating-conic-gradient(#f4f4f5_0_25%,#fff_0_50%)] bg-[length:10px_10px]">
            {kit.logo_url ? <img src={absoluteMediaUrl(kit.logo_url)} alt={`${kit.name} logo`} loading="lazy" className="max-h-full max-w-full object-contain" /> : <ImageIcon className="size-5 text-muted-foreground" aria-label="No logo" />}
          </div>
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <h2 dir="auto" className="truncate text-sm font-semibold">
                {kit.name}
              </h2>
              {kit.is_default && <Badge variant="info">Default</Badge>}
            </div>
            <p className="truncate text-xs text-muted-foreground">
              Font: {kit.font_family ?? 'the style’s own'}
              {kit.end_card.enabled && ' · End card'}
            </p>
          </div>
        </div>
        <ul aria-label={`${kit.name} colours`} className="flex gap-1.5">
          {COLOR_FIELDS.map(({ key, label }) => (
            <li key={key} title={`${label} ${kit.colors[key]}`} className="grid flex-1 gap-1">
              <span className="h-7 rounded-md border" style={{ background: kit.colors[key] }} aria-hidden />
              <span className="text-center font-mono text-[10px] uppercase text-muted-foreground">
                <span className="sr-only">{label} </span>
                {kit.colors[key]}
              </span>
            </li>
          ))}
        </ul>
        {canEdit && (
          <div className="mt-auto flex flex-wrap gap-1">
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${kit.name}`}>
              <Pencil aria-hidden /> Edit
            </Button>
            {!kit.is_default && (
              <Button variant="ghost" size="sm" onClick={onMakeDefault} aria-label={`Make ${kit.name} the default`}>
                <Star aria-hidden /> Make default
              </Button>
            )}
            <Button variant="ghost" size="sm" className="ml-auto text-destructive hover:text-destructive" onClick={onDelete} aria-label={`Delete ${kit.name}`}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
