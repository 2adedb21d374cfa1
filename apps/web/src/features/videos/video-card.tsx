import { Copy, Download, MoreVertical, Pencil, Play, RotateCcw, Trash2, Video } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { AdCode } from './ad-code';
import { RenderProgress, StatusBadge } from './render-progress';
import { accessibleName, downloadName, isWorking, type VideoItem } from './video-items';

const ASPECT_CLASS = { '9:16': 'aspect-[9/16]', '1:1': 'aspect-square', '16:9': 'aspect-video', '4:5': 'aspect-[4/5]' } as const;

export interface VideoCardActions {
  onPlay?: (item: VideoItem) => void;
  onRetry?: (item: VideoItem) => void;
  onDuplicate?: (item: VideoItem) => void;
  /** change a composite in place (not while it renders) */
  onEdit?: (item: VideoItem) => void;
  onDelete?: (item: VideoItem) => void;
}

/** A video in the grid: thumbnail (in the video's shape: 9:16, 1:1, 16:9 or 4:5), status, live progress while it renders, and its actions. */
export function VideoCard({ item, isSelected, onSelectedChange, actions = {} }: { item: VideoItem; isSelected?: boolean; onSelectedChange?: (selected: boolean) => void; actions?: VideoCardActions }) {
  const canPlay = item.status === 'completed' && !!item.outputUrl;
  // a text wall's name with its preset and background: cards of the same text sound different
  const name = accessibleName(item);
  return (
    <article className={cn('group grid content-start gap-2', isSelected && 'rounded-lg ring-2 ring-primary ring-offset-2 ring-offset-background')} aria-label={item.title}>
      <div className="relative overflow-hidden rounded-lg border bg-muted">
        <button
          type="button"
          className={cn('block w-full', ASPECT_CLASS[item.aspect] ?? ASPECT_CLASS['9:16'], 'bg-gradient-to-b from-muted to-muted-foreground/20')}
          onClick={() => canPlay && actions.onPlay?.(item)}
          disabled={!canPlay}
          aria-label={canPlay ? `Play ${name}` : `${name}: not ready`}
        >
          {item.thumbnailUrl ? (
            // the card has the video's own shape: the whole frame shows, nothing of its text is cut
            <img src={item.thumbnailUrl} alt="" className="size-full object-contain" loading="lazy" />
          ) : (
            <span className="flex size-full items-center justify-center text-muted-foreground">
              <Video className="size-8" aria-hidden />
            </span>
          )}
          {canPlay && (
            <span className="absolute inset-0 flex items-center justify-center bg-black/0 opacity-0 transition group-hover:bg-black/30 group-hover:opacity-100">
              <Play className="size-10 fill-white text-white" aria-hidden />
            </span>
          )}
        </button>
        {onSelectedChange && (
          <div className="absolute left-2 top-2 rounded bg-background/90 p-0.5">
            <Checkbox checked={!!isSelected} onCheckedChange={(v) => onSelectedChange(v === true)} aria-label={`Select ${item.title}`} />
          </div>
        )}
        <StatusBadge status={item.status} className="absolute right-2 top-2" />
      </div>
      <div className="flex items-start gap-1">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 className="truncate text-sm font-medium" dir="auto" title={item.title}>
            {item.title}
          </h3>
          <p className="truncate text-xs text-muted-foreground">{item.subtitle}</p>
          <AdCode code={item.adCode} />
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={`Actions for ${name}`}>
              <MoreVertical aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {canPlay && (
              <>
                <DropdownMenuItem onSelect={() => actions.onPlay?.(item)}>
                  <Play aria-hidden /> Play
                </DropdownMenuItem>
                <DropdownMenuItem asChild>
                  <a href={item.outputUrl!} download={downloadName(item)}>
                    <Download aria-hidden /> Download
                  </a>
                </DropdownMenuItem>
              </>
            )}
            {actions.onRetry && !isWorking(item.status) && (
              <DropdownMenuItem onSelect={() => actions.onRetry?.(item)}>
                <RotateCcw aria-hidden /> {item.status === 'completed' ? 'Render again' : 'Retry'}
              </DropdownMenuItem>
            )}
            {actions.onEdit && item.kind === 'composite' && !isWorking(item.status) && (
              <DropdownMenuItem onSelect={() => actions.onEdit?.(item)}>
                <Pencil aria-hidden /> Edit
              </DropdownMenuItem>
            )}
            {actions.onDuplicate && (
              <DropdownMenuItem onSelect={() => actions.onDuplicate?.(item)}>
                <Copy aria-hidden /> Duplicate and edit
              </DropdownMenuItem>
            )}
            {actions.onDelete && (
              <DropdownMenuItem className="text-destructive" onSelect={() => actions.onDelete?.(item)}>
                <Trash2 aria-hidden /> Delete
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {isWorking(item.status) && <RenderProgress value={item.progress} label={`Rendering ${name}`} />}
      {item.status === 'failed' && item.error && (
        <p className="text-xs text-destructive" role="status">
          {item.error}
        </p>
      )}
    </article>
  );
}
