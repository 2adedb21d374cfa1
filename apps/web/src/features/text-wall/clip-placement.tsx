import type { ClipFit, TextStyle } from '@hookwall/video/schemas';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

const FITS: readonly { value: ClipFit; label: string; hint: string }[] = [
  { value: 'fill', label: 'Fill', hint: 'Crop to cover the frame' },
  { value: 'fit', label: 'Fit', hint: 'The whole clip, with bars' },
  { value: 'blur', label: 'Blurred fill', hint: 'The whole clip over a blurred copy' },
];

/**
 * How clips of another shape than the video (a landscape demo in a vertical video) are placed:
 * style.clipFit, and style.barColor for the bars of "Fit". Native radios: Tab reaches the group,
 * the arrow keys move the choice.
 */
export function ClipPlacement({ style, onChange }: { style: Pick<TextStyle, 'clipFit' | 'barColor'>; onChange: (patch: Partial<TextStyle>) => void }) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Clips of another shape</legend>
      <p className="text-xs text-muted-foreground">How a landscape or square clip sits in the video. Clips of the video&apos;s own shape fill it either way.</p>
      <div className="grid gap-2 sm:grid-cols-3">
        {FITS.map((fit) => (
          <label
            key={fit.value}
            className={cn(
              'flex cursor-pointer items-start gap-2 rounded-md border p-2.5 text-sm transition hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              style.clipFit === fit.value && 'border-primary bg-primary/5',
            )}
          >
            <input
              type="radio"
              name={`${id}-clip-fit`}
              value={fit.value}
              checked={style.clipFit === fit.value}
              onChange={() => onChange({ clipFit: fit.value })}
              aria-labelledby={`${id}-${fit.value}`}
              aria-describedby={`${id}-${fit.value}-hint`}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="grid">
              <span id={`${id}-${fit.value}`} className="font-medium">
                {fit.label}
              </span>
              <span id={`${id}-${fit.value}-hint`} className="text-xs text-muted-foreground">
                {fit.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {style.clipFit === 'fit' && (
        <div className="flex items-center gap-2">
          <Label htmlFor="clip-bar-color">Bar colour</Label>
          <input id="clip-bar-color" type="color" value={style.barColor} onChange={(e) => onChange({ barColor: e.target.value })} className="h-8 w-16 rounded-md border" />
        </div>
      )}
    </fieldset>
  );
}
