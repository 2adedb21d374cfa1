import { Link } from '@tanstack/react-router';
import { Loader2, Play, Square } from 'lucide-react';
import { useRef, useState } from 'react';
import { useGetApiMusicTracksQuery, type MusicTrack } from '@/api/api';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { withTeamKey } from '@/lib/team-cache-key';
import { cn } from '@/lib/utils';
import { DEFAULT_MUSIC_VOLUME, formatTrackLength, volumeLabel } from './music-format';

/** A video's music as the forms hold it: one of the team's tracks, and its volume from 0 to 1. */
export interface MusicChoice {
  trackId: string;
  volume: number;
}

/** What the create calls send (`music`), or nothing without a track. */
export function musicRequest(choice: MusicChoice | null): { music?: { track_id: string; volume: number } } {
  return choice ? { music: { track_id: choice.trackId, volume: choice.volume } } : {};
}

/** A video's stored music ({track_id, volume}) as the forms hold it. */
export function musicChoiceOf(music: { track_id: string; volume: number } | null | undefined): MusicChoice | null {
  return music ? { trackId: music.track_id, volume: music.volume } : null;
}

const NONE = 'none';
/** the tracks a picker lists: a team's library, by name (a call answers at most 100) */
export const PICKER_PAGE_SIZE = 100;

/** The team's tracks for a picker, and whether the list holds all of them (a track missing from a whole list was deleted). */
export function usePickerTracks() {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const query = useGetApiMusicTracksQuery(withTeamKey({ pageSize: PICKER_PAGE_SIZE, ordering: 'name' }, teamSlug), { skip: !teamSlug });
  const tracks = query.data?.results ?? [];
  return { ...query, tracks, isComplete: !!query.data && query.data.count <= tracks.length };
}

/**
 * Music under a video: "No music" (the default) or one of the team's tracks, its play button (the
 * track as every render plays it) and its volume from 0 to 100%. In the builder's Voice step and
 * the composite dialogs; `error` is the API's message on `music` or `music.*`.
 */
export function MusicPicker({ idPrefix, value, onChange, error, className }: { idPrefix: string; value: MusicChoice | null; onChange: (value: MusicChoice | null) => void; error?: string; className?: string }) {
  const { tracks, isLoading, isError, isComplete, refetch } = usePickerTracks();
  const chosen = value ? tracks.find((t) => t.id === value.trackId) : undefined;
  const isGone = !!value && !chosen && isComplete;
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<{ id: string; loading: boolean } | null>(null);
  const selectId = `${idPrefix}-music`;
  const volumeId = `${idPrefix}-music-volume`;
  const errorId = `${idPrefix}-music-error`;

  const stop = () => {
    audio.current?.pause();
    setPlaying(null);
  };
  const play = (track: MusicTrack) => {
    const element = audio.current;
    if (!element) return;
    element.pause();
    element.src = track.audio_url;
    element.volume = value?.volume ?? DEFAULT_MUSIC_VOLUME;
    setPlaying({ id: track.id, loading: true });
    element.play().then(
      () => setPlaying((now) => (now?.id === track.id ? { id: track.id, loading: false } : now)),
      (e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        setPlaying((now) => (now?.id === track.id ? null : now));
        toast({ variant: 'destructive', title: 'Could not play the track', description: `“${track.name}” did not play. Try again in a moment.` });
      },
    );
  };
  const choose = (id: string) => {
    stop();
    onChange(id === NONE ? null : { trackId: id, volume: value?.volume ?? DEFAULT_MUSIC_VOLUME });
  };
  const setVolume = (volume: number) => {
    if (!value) return;
    if (audio.current) audio.current.volume = volume;
    onChange({ ...value, volume });
  };
  const on = !!chosen && playing?.id === chosen.id;
  const PlayIcon = on ? (playing?.loading ? Loader2 : Square) : Play;

  return (
    <fieldset className={cn('grid gap-3', className)} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Music</legend>
      {isLoading ? (
        <Skeleton className="h-9 w-full" aria-label="Loading music" />
      ) : isError ? (
        <p className="text-sm text-muted-foreground" role="status">
          Your music could not be loaded.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void refetch()}>
            Retry
          </Button>
        </p>
      ) : tracks.length === 0 && !value ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          No music yet.{' '}
          <Link to="/music" className="font-medium text-foreground underline underline-offset-4">
            Upload tracks on the Music page
          </Link>{' '}
          to play them under your videos.
        </p>
      ) : (
        <div className="flex items-end gap-2">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <Label htmlFor={selectId} className="sr-only">
              Music track
            </Label>
            <Select value={value?.trackId ?? NONE} onValueChange={choose}>
              <SelectTrigger id={selectId} aria-label="Music track" className="w-full min-w-0 overflow-hidden [&>span]:truncate" aria-invalid={error || isGone ? true : undefined} aria-describedby={error ? errorId : undefined}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>No music</SelectItem>
                {tracks.map((track) => (
                  <SelectItem key={track.id} value={track.id}>
                    {track.name} · {formatTrackLength(track.duration_seconds)}
                  </SelectItem>
                ))}
                {value && !chosen && <SelectItem value={value.trackId}>{isGone ? 'A deleted track' : 'A track of your library'}</SelectItem>}
              </SelectContent>
            </Select>
          </div>
          {chosen && (
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="size-9 shrink-0 rounded-full"
              onClick={() => (on ? stop() : play(chosen))}
              aria-label={`${on ? 'Stop' : 'Play'} ${chosen.name}`}
              title={on ? 'Stop the track' : 'Play the track'}
            >
              <PlayIcon className={cn('size-4', on && playing?.loading && 'animate-spin')} aria-hidden />
            </Button>
          )}
        </div>
      )}
      {isGone && <p className="text-sm text-destructive">This track was deleted. Choose another, or No music.</p>}
      {value && (
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={volumeId}>Music volume ({volumeLabel(value.volume)})</Label>
          <input
            id={volumeId}
            type="range"
            min={0}
            max={100}
            step={5}
            value={Math.round(value.volume * 100)}
            aria-valuetext={volumeLabel(value.volume)}
            onChange={(e) => setVolume(Math.round(Number(e.target.value)) / 100)}
            className="accent-primary"
          />
          <p className="text-xs text-muted-foreground">Lowered further while a voice speaks, and faded out at the end.</p>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <audio ref={audio} preload="none" onEnded={stop} onError={() => playing && (stop(), toast({ variant: 'destructive', title: 'Could not play the track', description: 'The track did not load. Try again in a moment.' }))} hidden />
    </fieldset>
  );
}
