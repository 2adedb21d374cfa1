import { Loader2 } from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';

/** What a tile shows: a background of the library or one of the team's clips. */
export interface TileClip {
  name: string;
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
}

/** "Landscape" or "Square" for a clip whose shape is not vertical (the placement control says how it sits); '' otherwise. */
export function shapeLabel(width: number | null, height: number | null): string {
  if (!width || !height) return '';
  const ratio = width / height;
  if (ratio > 1.05) return 'Landscape';
  if (ratio >= 0.95) return 'Square';
  return '';
}

/**
 * One clip, chosen or not with its checkbox; its thumbnail keeps the clip's own shape (vertical when
 * unknown). `note` is a second line (a clip's kind), `isBusy` shows a spinner while it is being made a background.
 */
export function BackgroundTile({ clip, note, isSelected, isBusy = false, onToggle }: { clip: TileClip; note?: string; isSelected: boolean; isBusy?: boolean; onToggle: () => void }) {
  const aspectRatio = clip.width && clip.height ? `${clip.width} / ${clip.height}` : '9 / 16';
  const shape = shapeLabel(clip.width, clip.height);
  return (
    <label className={cn('group grid cursor-pointer gap-1', isBusy && 'cursor-wait')} aria-busy={isBusy || undefined}>
      {/* the caption sits under the thumbnail: on a short landscape tile it would cover the checkbox */}
      <span className={cn('relative block overflow-hidden rounded-lg border bg-muted', isSelected && 'ring-2 ring-primary ring-offset-2 ring-offset-background')}>
        {clip.thumbnailUrl ? (
          <img src={clip.thumbnailUrl} alt="" className="block w-full object-cover" style={{ aspectRatio }} loading="lazy" />
        ) : (
          <span className="block w-full bg-muted" style={{ aspectRatio }} />
        )}
        <span className="absolute left-1.5 top-1.5 rounded bg-background/90 p-0.5">
          <Checkbox checked={isSelected} disabled={isBusy} onCheckedChange={onToggle} aria-label={`Use ${clip.name}`} />
        </span>
        {shape && <span className="absolute bottom-1.5 right-1.5 rounded bg-background/90 px-1 text-[10px] font-medium">{shape}</span>}
        {isBusy && (
          <span className="absolute inset-0 flex items-center justify-center bg-black/40">
            <Loader2 className="size-6 animate-spin text-white" aria-hidden />
            <span className="sr-only">Preparing {clip.name}…</span>
          </span>
        )}
      </span>
      <span className="grid min-w-0 text-xs">
        <span className="truncate font-medium" title={clip.name}>
          {clip.name}
        </span>
        {note && <span className="truncate text-[11px] text-muted-foreground">{note}</span>}
      </span>
    </label>
  );
}

/** A background of the library as a tile. */
export const backgroundClip = (bg: { name: string; thumbnail_url: string | null; width: number | null; height: number | null }): TileClip => ({
  name: bg.name,
  thumbnailUrl: bg.thumbnail_url,
  width: bg.width,
  height: bg.height,
});
