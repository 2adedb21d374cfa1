import { CAPTION_STYLES, type CaptionStyle } from '@hookwall/video/schemas';
import { cn } from '@/lib/utils';

/** The caption styles as the builder names them (the compositions draw them: packages/video). */
export const CAPTION_STYLE_LABELS: Record<CaptionStyle, { label: string; detail: string }> = {
  highlight: { label: 'Highlight', detail: 'The whole text, the spoken word marked' },
  karaoke: { label: 'Karaoke', detail: 'The words fill in as they are said' },
  pop: { label: 'Pop', detail: 'Each word pops in as it is said' },
  plain: { label: 'Plain', detail: 'Lines shown as they are read' },
};

/** With a voice: how the wall's words follow it, beside the text style in the Style step. */
export function CaptionStyleChoice({ value, onChange, error }: { value: CaptionStyle; onChange: (style: CaptionStyle) => void; error?: string }) {
  return (
    <fieldset aria-describedby={error ? 'caption-style-error' : undefined}>
      <legend className="mb-2 text-sm font-medium">Captions</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {CAPTION_STYLES.map((style) => {
          const { label, detail } = CAPTION_STYLE_LABELS[style];
          return (
            <label
              key={style}
              className={cn(
                'grid cursor-pointer gap-0.5 rounded-md border px-3 py-2 text-sm transition hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                value === style && 'border-primary ring-2 ring-primary/40',
              )}
            >
              <span className="flex items-center gap-2 font-medium">
                <input type="radio" name="caption-style" value={style} checked={value === style} onChange={() => onChange(style)} className="size-3.5 accent-primary" />
                {label}
              </span>
              <span className="text-xs text-muted-foreground">{detail}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="caption-style-error" role="alert" className="mt-1.5 text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
