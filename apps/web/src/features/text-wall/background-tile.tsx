import type { TextWallBackgroundVideo } from '@/api/api';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';

/** One clip of the background library, chosen or not with its checkbox. */
export function BackgroundTile({ bg, isSelected, onToggle }: { bg: TextWallBackgroundVideo; isSelected: boolean; onToggle: () => void }) {
  return (
    <label className={cn('group relative block cursor-pointer overflow-hidden rounded-lg border', isSelected && 'ring-2 ring-primary ring-offset-2 ring-offset-background')}>
      {bg.thumbnail_url ? <img src={bg.thumbnail_url} alt="" className="aspect-[9/16] w-full object-cover" loading="lazy" /> : <span className="block aspect-[9/16] w-full bg-muted" />}
      <span className="absolute left-2 top-2 rounded bg-background/90 p-0.5">
        <Checkbox checked={isSelected} onCheckedChange={onToggle} aria-label={`Use ${bg.name}`} />
      </span>
      <span className="absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/70 to-transparent px-2 pb-1.5 pt-4 text-xs text-white">
        {bg.name}
        {bg.is_builtin ? '' : ' · yours'}
      </span>
    </label>
  );
}
