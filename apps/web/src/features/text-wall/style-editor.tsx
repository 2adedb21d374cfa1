import { FONT_FAMILIES, STYLE_PRESETS, type PresetId, type TextStyle } from '@hookwall/video/schemas';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/** The colour control's label: what the colour paints with each readability choice (packages/video/src/components/text-block.tsx); None uses no colour. */
const DECORATION_COLOUR: Record<TextStyle['decoration'], string> = { shadow: 'Shadow colour', box: 'Box colour', outline: 'Outline colour', none: 'Colour (not used)' };

function Choice<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (v: T) => void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as T)} disabled={disabled}>
        <SelectTrigger id={id} aria-describedby={hint ? `${id}-hint` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([v, text]) => (
            <SelectItem key={v} value={v}>
              {text}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A preset, then any of its settings: what the preview shows is what renders. With captions (a
 * voice), the words follow the voice instead of the entrance, so the entrance waits unused.
 */
export function StyleEditor({ style, onChange, captions = false }: { style: TextStyle; onChange: (style: TextStyle) => void; captions?: boolean }) {
  const set = (patch: Partial<TextStyle>) => onChange({ ...style, ...patch });
  return (
    <div className="grid gap-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Style preset</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {(Object.keys(STYLE_PRESETS) as PresetId[]).map((id) => {
            const preset = STYLE_PRESETS[id];
            return (
              <button
                key={id}
                type="button"
                aria-pressed={style.preset === id}
                onClick={() => onChange({ ...preset.style, highlightWords: style.highlightWords, clipFit: style.clipFit, barColor: style.barColor })}
                className={cn('rounded-md border px-2 py-3 text-sm transition hover:bg-accent', style.preset === id && 'border-primary ring-2 ring-primary/40')}
                style={{ fontFamily: `"${preset.style.fontFamily}"`, fontWeight: preset.style.fontWeight }}
              >
                {preset.label}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Choice id="style-font" label="Font" value={style.fontFamily} options={FONT_FAMILIES.map((f) => [f, f] as const)} onChange={(fontFamily) => set({ fontFamily })} />
        <div className="grid gap-1.5">
          <Label htmlFor="style-size">Text size ({style.fontSize} px)</Label>
          <input id="style-size" type="range" min={32} max={160} step={2} value={style.fontSize} onChange={(e) => set({ fontSize: Number(e.target.value) })} className="accent-primary" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="style-color">Text colour</Label>
          <input id="style-color" type="color" value={style.textColor} onChange={(e) => set({ textColor: e.target.value })} className="h-9 w-full rounded-md border" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="style-highlight">Highlight colour</Label>
          <input id="style-highlight" type="color" value={style.highlightColor} onChange={(e) => set({ highlightColor: e.target.value })} className="h-9 w-full rounded-md border" />
        </div>
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor="style-words">Highlighted words</Label>
          <Input
            id="style-words"
            dir="auto"
            placeholder="e.g. free, today"
            defaultValue={style.highlightWords.join(', ')}
            onBlur={(e) => set({ highlightWords: e.target.value.split(',').map((w) => w.trim()).filter(Boolean).slice(0, 30) })}
          />
        </div>
        <Choice id="style-position" label="Position" value={style.position} options={[['top', 'Top'], ['center', 'Middle'], ['bottom', 'Bottom']] as const} onChange={(position) => set({ position })} />
        <Choice id="style-align" label="Alignment" value={style.align} options={[['left', 'Left'], ['center', 'Centre'], ['right', 'Right']] as const} onChange={(align) => set({ align })} />
        <Choice
          id="style-decoration"
          label="Readability"
          value={style.decoration}
          options={[['shadow', 'Shadow'], ['box', 'Box behind lines'], ['outline', 'Outline'], ['none', 'None']] as const}
          onChange={(decoration) => set({ decoration })}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="style-box">{DECORATION_COLOUR[style.decoration]}</Label>
          <input id="style-box" type="color" value={style.boxColor} disabled={style.decoration === 'none'} onChange={(e) => set({ boxColor: e.target.value })} className="h-9 w-full rounded-md border disabled:opacity-50" />
        </div>
        <Choice
          id="style-animation"
          label="Entrance"
          value={style.animation}
          options={[['pop', 'Pop'], ['fade', 'Fade'], ['slide-up', 'Slide up'], ['word-by-word', 'Word by word'], ['none', 'None']] as const}
          onChange={(animation) => set({ animation })}
          disabled={captions}
          hint={captions ? 'With a voice, the captions bring the words in.' : undefined}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="style-dim">Darken background ({Math.round(style.backgroundDim * 100)}%)</Label>
          <input id="style-dim" type="range" min={0} max={0.8} step={0.05} value={style.backgroundDim} onChange={(e) => set({ backgroundDim: Number(e.target.value) })} className="accent-primary" />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={style.uppercase} onChange={(e) => set({ uppercase: e.target.checked })} className="size-4 accent-primary" />
          Capital letters
        </label>
      </div>
    </div>
  );
}
