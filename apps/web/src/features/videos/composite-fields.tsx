import { STYLE_PRESETS, type Aspect, type ClipFit, type PresetId, type TextStyle } from '@hookwall/video/schemas';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The controls the composite dialogs share: format, style preset, and how clips of another shape are placed. */

export const ASPECTS: readonly (readonly [Aspect, string])[] = [
  ['9:16', 'Vertical 9:16 (Reels, TikTok, Shorts)'],
  ['1:1', 'Square 1:1 (feed)'],
  ['16:9', 'Landscape 16:9 (YouTube)'],
  ['4:5', 'Portrait 4:5 (Meta feed)'],
];

export const CLIP_FITS: readonly { value: ClipFit; label: string; hint: string }[] = [
  { value: 'fill', label: 'Fill', hint: 'Crops the clip to fill the frame.' },
  { value: 'fit', label: 'Fit', hint: 'Shows the whole clip, with bars in the brand colour.' },
  { value: 'blur', label: 'Blurred fill', hint: 'Shows the whole clip over a blurred copy of itself.' },
];

/** A select's trigger in a narrow column: its text is cut with an ellipsis rather than running over the next column. */
export const TRIGGER = 'w-full min-w-0 overflow-hidden [&>span]:truncate';

/** A field's error from the API's 400, or a check made here. */
export function FieldMessage({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {error}
    </p>
  );
}

export function AspectField({ id, value, onChange, error }: { id: string; value: Aspect; onChange: (aspect: Aspect) => void; error?: string }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>Format</Label>
      <Select value={value} onValueChange={(v) => onChange(v as Aspect)}>
        <SelectTrigger id={id} className={TRIGGER} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ASPECTS.map(([v, label]) => (
            <SelectItem key={v} value={v}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** A preset's look; the words to highlight and the clips' placement stay as they were. */
export function withPreset(style: TextStyle, preset: PresetId): TextStyle {
  return { ...STYLE_PRESETS[preset].style, highlightWords: style.highlightWords, clipFit: style.clipFit, barColor: style.barColor };
}

export function PresetField({ id, style, onChange, error }: { id: string; style: TextStyle; onChange: (style: TextStyle) => void; error?: string }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>Style</Label>
      <Select value={style.preset} onValueChange={(v) => onChange(withPreset(style, v as PresetId))}>
        <SelectTrigger id={id} className={TRIGGER} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {(Object.keys(STYLE_PRESETS) as PresetId[]).map((preset) => (
            <SelectItem key={preset} value={preset}>
              {STYLE_PRESETS[preset].label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * Fill, Fit or Blurred fill (style.clipFit) for clips whose shape differs from the video's. With
 * `barColor` the bars' colour is that field's (the brand colour); without it, a colour of its own.
 */
export function ClipFitField({ name, style, onChange, barColor, error }: { name: string; style: TextStyle; onChange: (style: TextStyle) => void; barColor?: string; error?: string }) {
  const choose = (clipFit: ClipFit) => onChange({ ...style, clipFit, ...(clipFit === 'fit' && barColor ? { barColor } : {}) });
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium">Clips of another shape</legend>
      <div role="radiogroup" aria-label="Clips of another shape" className="flex flex-wrap gap-2">
        {CLIP_FITS.map((fit) => (
          <label key={fit.value} className="flex min-w-0 cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent" title={fit.hint}>
            <input type="radio" name={name} value={fit.value} checked={style.clipFit === fit.value} onChange={() => choose(fit.value)} />
            {fit.label}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{CLIP_FITS.find((f) => f.value === style.clipFit)?.hint}</p>
      {style.clipFit === 'fit' && !barColor && (
        <label className="flex items-center gap-2 text-sm">
          <input type="color" value={style.barColor} onChange={(e) => onChange({ ...style, barColor: e.target.value })} className="h-8 w-12 rounded-md border" aria-label="Bar colour" />
          Bar colour
        </label>
      )}
      <FieldMessage id={`${name}-error`} error={error} />
    </fieldset>
  );
}

/** The messages of a 400 whose field names start with `prefix` (`config.`), keyed by the rest. */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])));
}

/** The first message of any field under `prefix` (`style` gives `style.fontSize`'s). */
export function firstUnder(errors: Record<string, string>, prefix: string): string | undefined {
  return Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];
}
