import { CheckCircle2, Loader2, Music, Pause, Pencil, Play, Search, SearchX, Trash2, Upload, X, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { api, useDeleteApiMusicTracksByIdMutation, useGetApiMusicTracksQuery, usePatchApiMusicTracksByIdMutation, type GetApiMusicTracksApiArg, type MusicTrack } from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FileUploader } from '@/components/file-uploader/file-uploader';
import { EmptyState, PageHeader } from '@/components/layout/page-header';
import { LoadError } from '@/components/load-error';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { withTeamKey } from '@/lib/team-cache-key';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn, formatFileSize } from '@/lib/utils';
import { formatTrackLength, MAX_MUSIC_BYTES, MUSIC_ACCEPT } from './music-format';
import { useMusicUploads, type MusicUploads, type TrackUpload } from './use-music-uploads';

export const TRACKS_PAGE_SIZE = 50;
const MAX_NAME = 200;
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/**
 * The team's music (docs/ui.md, Music): upload tracks (each checked and converted by the server:
 * a progress bar, then its reason when refused), play, rename and delete them. Read-only members
 * listen. The tracks go under videos from the builder's Voice step and the composite dialogs.
 */
export function MusicPage() {
  const team = useAppSelector((s) => s.ui.currentTeam);
  const teamSlug = team?.slug;
  const canChange = team?.is_admin ?? false;
  const uploads = useMusicUploads();
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const [renaming, setRenaming] = useState<MusicTrack | null>(null);
  const [deleting, setDeleting] = useState<MusicTrack | null>(null);
  const [deleteTrack, deleteState] = useDeleteApiMusicTracksByIdMutation();
  const audio = useRef<HTMLAudioElement>(null);
  const player = useTrackPlayer(audio);

  const listArgs: GetApiMusicTracksApiArg = withTeamKey({ page, pageSize: TRACKS_PAGE_SIZE, search: debounced || undefined, ordering: '-created_at' }, teamSlug);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetApiMusicTracksQuery(listArgs, { skip: !teamSlug });
  const pageCount = data ? Math.max(1, Math.ceil(data.count / TRACKS_PAGE_SIZE)) : 1;
  const isFiltered = debounced !== '';

  const onConfirmDelete = async () => {
    if (!deleting) return;
    const track = deleting;
    try {
      if (player.playing === track.id) player.stop();
      await deleteTrack({ id: track.id }).unwrap();
      toast({ variant: 'success', title: 'Track deleted', description: `“${track.name}” has been deleted.` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not delete the track', description: describeError(err) });
    }
    setDeleting(null);
  };

  const uploadButton = canChange && (
    <Button onClick={() => setIsUploadOpen(true)}>
      <Upload aria-hidden /> {uploads.active > 0 ? `Uploads (${uploads.active})` : 'Upload music'}
    </Button>
  );

  let body;
  if (isLoading || (!teamSlug && !data)) {
    body = (
      <ul role="status" aria-label="Loading tracks" className="grid gap-2">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="flex items-center gap-3 rounded-lg border p-3">
            <Skeleton className="size-9 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (isError && !data) {
    body = <LoadError what="your music" error={error} onRetry={() => void refetch()} />;
  } else if (!data || data.count === 0) {
    body = isFiltered ? (
      <EmptyState
        icon={SearchX}
        title="No track matches"
        description="Try another name, or clear the search to see every track."
        action={
          <Button variant="outline" onClick={() => setSearch('')}>
            Clear search
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Music}
        title="Add your first track"
        description="Upload music to play under your videos: MP3, M4A, WAV, OGG or FLAC, 1 second to 10 minutes. Each track is evened out in loudness, so every video sounds alike."
        action={
          canChange ? (
            <Button onClick={() => setIsUploadOpen(true)}>
              <Upload aria-hidden /> Upload music
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">Ask an admin of your team to upload some.</p>
          )
        }
      />
    );
  } else {
    body = (
      <>
        <ul aria-label="Tracks" aria-busy={isFetching} className={cn('grid gap-2', isFetching && 'opacity-70 transition-opacity')}>
          {data.results.map((track) => (
            <TrackRow key={track.id} track={track} isPlaying={player.playing === track.id} onPlay={() => player.toggle(track)} canChange={canChange} onRename={() => setRenaming(track)} onDelete={() => setDeleting(track)} />
          ))}
        </ul>
        <Pagination className="mt-6" page={page} pageCount={pageCount} onPageChange={setPage} total={`${data.count} tracks`} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Music" description="Tracks to play under your videos, lowered while a voice speaks." actions={uploadButton} />
      {(data?.count ?? 0) > 0 || isFiltered ? (
        <div className="relative mb-4">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search tracks"
            placeholder="Search by name"
            className="pl-9"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
      ) : null}
      {uploads.items.length > 0 && !isUploadOpen && <UploadList uploads={uploads} className="mb-4" />}
      {body}
      {/* one element plays the tracks: starting one stops the other */}
      <audio ref={audio} preload="none" onEnded={player.stop} onError={player.failed} hidden />
      <UploadDialog open={isUploadOpen} onOpenChange={setIsUploadOpen} uploads={uploads} />
      <RenameDialog track={renaming} onClose={() => setRenaming(null)} listArgs={listArgs} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this track?"
        description={<>“{deleting?.name}” will be deleted for everyone in your team. Videos already rendered keep their sound; rendering one that uses it again fails until you choose other music.</>}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={deleteState.isLoading}
        onConfirm={() => void onConfirmDelete()}
      />
    </>
  );
}

function TrackRow({ track, isPlaying, onPlay, canChange, onRename, onDelete }: { track: MusicTrack; isPlaying: boolean; onPlay: () => void; canChange: boolean; onRename: () => void; onDelete: () => void }) {
  const Icon = isPlaying ? Pause : Play;
  return (
    <li aria-label={track.name} className={cn('flex items-center gap-3 rounded-lg border p-3 transition-colors', isPlaying && 'border-primary bg-primary/5')}>
      <Button variant="outline" size="icon" className="size-9 shrink-0 rounded-full" aria-label={`${isPlaying ? 'Pause' : 'Play'} ${track.name}`} aria-pressed={isPlaying} onClick={onPlay}>
        <Icon className="size-4" aria-hidden />
      </Button>
      <div className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-medium [overflow-wrap:anywhere]" title={track.name}>
          {track.name}
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {formatTrackLength(track.duration_seconds)} · {formatFileSize(track.size_bytes)} · {dateFormat.format(new Date(track.created_at))}
        </span>
      </div>
      {canChange && (
        <div className="flex shrink-0">
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Rename ${track.name}`} onClick={onRename}>
            <Pencil className="size-3.5" aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" className="size-8 text-muted-foreground hover:text-destructive" aria-label={`Delete ${track.name}`} onClick={onDelete}>
            <Trash2 className="size-3.5" aria-hidden />
          </Button>
        </div>
      )}
    </li>
  );
}

/** The page's one audio element, and which track it plays. */
function useTrackPlayer(ref: React.RefObject<HTMLAudioElement | null>) {
  const [playing, setPlaying] = useState<string | null>(null);
  const stop = () => {
    ref.current?.pause();
    setPlaying(null);
  };
  const toggle = (track: MusicTrack) => {
    const audio = ref.current;
    if (!audio) return;
    if (playing === track.id) return stop();
    audio.pause();
    audio.src = track.audio_url;
    setPlaying(track.id);
    audio.play().catch((e: unknown) => {
      // another track started (or this one stopped) before it sounded: nothing to say
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setPlaying((now) => (now === track.id ? null : now));
      toast({ variant: 'destructive', title: 'Could not play the track', description: `“${track.name}” did not play. Try again in a moment.` });
    });
  };
  const failed = () => {
    if (!playing) return;
    setPlaying(null);
    toast({ variant: 'destructive', title: 'Could not play the track', description: 'The track did not load. Try again in a moment.' });
  };
  return { playing, toggle, stop, failed };
}

function UploadDialog({ open, onOpenChange, uploads }: { open: boolean; onOpenChange: (open: boolean) => void; uploads: MusicUploads }) {
  const hasFinished = uploads.items.some((i) => i.status === 'done' || i.status === 'failed' || i.status === 'cancelled');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Upload music</DialogTitle>
          <DialogDescription>MP3, M4A, WAV, OGG or FLAC, 1 second to 10 minutes, up to 50 MB. Uploads continue if you close this window.</DialogDescription>
        </DialogHeader>
        <FileUploader onFiles={uploads.add} accept={MUSIC_ACCEPT} maxSize={MAX_MUSIC_BYTES} label="Drop audio files here or click to choose" hint="MP3, M4A, WAV, OGG, FLAC · up to 50 MB" />
        {uploads.items.length > 0 && <UploadList uploads={uploads} className="max-h-72 overflow-y-auto" />}
        <DialogFooter>
          {hasFinished && (
            <Button variant="ghost" onClick={uploads.clearFinished}>
              Clear finished
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {uploads.active > 0 ? 'Hide' : 'Done'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function UploadList({ uploads, className }: { uploads: MusicUploads; className?: string }) {
  return (
    <ul aria-label="Uploads" className={cn('grid gap-2', className)}>
      {uploads.items.map((item) => (
        <UploadRow key={item.key} item={item} uploads={uploads} />
      ))}
    </ul>
  );
}

function UploadRow({ item, uploads }: { item: TrackUpload; uploads: MusicUploads }) {
  const percent = item.file.size > 0 ? Math.min(100, Math.round((item.loaded / item.file.size) * 100)) : 0;
  const isActive = item.status === 'queued' || item.status === 'uploading' || item.status === 'processing';
  return (
    <li aria-label={item.file.name} className="grid gap-1.5 rounded-md border p-3">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={item.file.name}>
          {item.file.name}
        </span>
        <span className="text-xs text-muted-foreground">{formatFileSize(item.file.size)}</span>
        {isActive ? (
          <Button variant="ghost" size="icon" className="size-7" aria-label={`Cancel ${item.file.name}`} onClick={() => uploads.cancel(item.key)}>
            <X aria-hidden />
          </Button>
        ) : (
          <Button variant="ghost" size="icon" className="size-7" aria-label={`Dismiss ${item.file.name}`} onClick={() => uploads.dismiss(item.key)}>
            <X aria-hidden />
          </Button>
        )}
      </div>
      {(item.status === 'uploading' || item.status === 'processing') && (
        <div className="grid gap-1">
          <div role="progressbar" aria-label={`Uploading ${item.file.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
            <div className={cn('h-full rounded-full bg-primary transition-[width]', item.status === 'processing' && 'animate-pulse')} style={{ width: `${percent}%` }} />
          </div>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {item.status === 'processing' ? (
              <span className="inline-flex items-center gap-1">
                <Loader2 className="size-3 animate-spin" aria-hidden /> Checking and evening out the loudness…
              </span>
            ) : (
              `${percent}%`
            )}
          </p>
        </div>
      )}
      {item.status === 'queued' && <p className="text-xs text-muted-foreground">Waiting…</p>}
      {item.status === 'done' && (
        <p className="inline-flex items-center gap-1 text-xs text-success">
          <CheckCircle2 className="size-3.5" aria-hidden /> Added
        </p>
      )}
      {item.status === 'failed' && (
        <p role="alert" className="inline-flex items-start gap-1 text-xs text-destructive">
          <XCircle className="mt-px size-3.5 shrink-0" aria-hidden /> {item.error}
        </p>
      )}
      {item.status === 'cancelled' && <p className="text-xs text-muted-foreground">Cancelled</p>}
    </li>
  );
}

/** Renames a track; the list shows the new name at once and goes back if the server refuses. */
function RenameDialog({ track, onClose, listArgs }: { track: MusicTrack | null; onClose: () => void; listArgs: GetApiMusicTracksApiArg }) {
  return (
    <Dialog open={track !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Rename track</DialogTitle>
          <DialogDescription>The name your team sees in the music list and the pickers.</DialogDescription>
        </DialogHeader>
        {track && <RenameForm key={track.id} track={track} onClose={onClose} listArgs={listArgs} />}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ track, onClose, listArgs }: { track: MusicTrack; onClose: () => void; listArgs: GetApiMusicTracksApiArg }) {
  const dispatch = useAppDispatch();
  const [patchTrack] = usePatchApiMusicTracksByIdMutation();
  const [name, setName] = useState(track.name);
  const [error, setError] = useState<string | undefined>();
  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError('Name the track.');
    if (trimmed.length > MAX_NAME) return setError(`Keep the name under ${MAX_NAME} characters.`);
    onClose();
    if (trimmed === track.name) return;
    // optimistic: the row shows the new name at once (docs/ui.md, Behaviour)
    const undo = dispatch(
      api.util.updateQueryData('getApiMusicTracks', listArgs, (draft) => {
        const row = draft.results.find((t) => t.id === track.id);
        if (row) row.name = trimmed;
      }),
    );
    try {
      await patchTrack({ id: track.id, patchedMusicTrackRequest: { name: trimmed } }).unwrap();
      toast({ variant: 'success', title: 'Track renamed', description: `It is now “${trimmed}”.` });
    } catch (err) {
      undo.undo();
      toast({ variant: 'destructive', title: 'Could not rename the track', description: describeError(err) });
    }
  };
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <FormField id="track-name" label="Name" error={error}>
        <Input
          value={name}
          maxLength={MAX_NAME + 20}
          autoFocus
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
      </DialogFooter>
    </form>
  );
}
