import type { BrandVideo } from '@/api/api';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { FieldMessage } from './composite-fields';

/**
 * Clips of one kind to tick. `min-w-0` down the tree: a fieldset is as wide as its widest content
 * by default, so a long title pushed the rows past a phone's width and cut their durations.
 */
export function ClipPicker({
  id,
  title,
  clips,
  isLoading,
  selected,
  onChange,
  empty,
  error,
}: {
  id: string;
  title: string;
  clips: BrandVideo[];
  isLoading: boolean;
  selected: string[];
  onChange: (ids: string[]) => void;
  empty: string;
  error?: string;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{title}</legend>
      {isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : clips.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid max-h-56 min-w-0 gap-1 overflow-y-auto pr-1">
          {clips.map((clip) => {
            const isOn = selected.includes(clip.id);
            return (
              <li key={clip.id} className="min-w-0">
                <label className="flex min-w-0 cursor-pointer items-center gap-3 rounded-md border p-2 hover:bg-accent">
                  <Checkbox checked={isOn} onCheckedChange={(v) => onChange(v === true ? [...selected, clip.id] : selected.filter((s) => s !== clip.id))} aria-label={`Use ${clip.title}`} />
                  {clip.thumbnail_url ? <img src={clip.thumbnail_url} alt="" className="h-12 w-8 shrink-0 rounded object-cover" /> : <span className="h-12 w-8 shrink-0 rounded bg-muted" />}
                  <span className="min-w-0 flex-1 truncate text-sm" title={clip.title}>
                    {clip.title}
                  </span>
                  <span className="shrink-0 whitespace-nowrap text-xs tabular-nums text-muted-foreground">{clip.duration ? `${clip.duration.toFixed(1)} s` : ''}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <FieldMessage id={`${id}-error`} error={error} />
    </fieldset>
  );
}
