import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { TextWallBackgroundVideo } from '@/api/api';
import { CompositionPlayer } from '@/components/composition-player';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { BuilderDispatch, BuilderState } from './builder-state';

/**
 * The live preview of one of the videos: its text over its background (the chosen ones are used in
 * turn, as the render does), in the chosen format, length and style.
 */
export function PreviewPanel({
  texts,
  backgrounds,
  state,
  dispatch,
  total = texts.length,
}: {
  /** the non-blank texts, one video each */
  texts: string[];
  /** the chosen backgrounds, in the order they are used */
  backgrounds: TextWallBackgroundVideo[];
  state: Pick<BuilderState, 'previewIndex' | 'duration' | 'aspect' | 'style'>;
  dispatch: BuilderDispatch;
  /** the videos the builder would make (more than the texts in a test matrix) */
  total?: number;
}) {
  const { duration, aspect, style } = state;
  const index = Math.min(state.previewIndex, Math.max(0, texts.length - 1));
  const text = texts[index] ?? 'Your text appears here';
  const background = backgrounds.length ? backgrounds[index % backgrounds.length] : undefined;
  const backgroundUrl = background?.url;
  const backgroundSeconds = background?.duration;
  // the player re-parses its props when they change identity: they change only with what the preview shows
  const props = useMemo(
    () => ({
      text,
      background: backgroundUrl && backgroundSeconds ? { url: backgroundUrl, durationInSeconds: backgroundSeconds } : null,
      durationInSeconds: duration,
      aspect,
      style,
    }),
    [text, backgroundUrl, backgroundSeconds, duration, aspect, style],
  );

  return (
    <aside className="grid content-start gap-3" aria-label="Preview">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium">Preview</h2>
        {texts.length > 1 && (
          <Select value={String(index)} onValueChange={(v) => dispatch({ type: 'set', patch: { previewIndex: Number(v) } })}>
            <SelectTrigger className="h-8 w-36" aria-label="Variant to preview">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {texts.map((_, i) => (
                <SelectItem key={i} value={String(i)}>
                  Video {i + 1}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </div>
      <CompositionPlayer compositionId="text-wall" props={props} label="Live preview" className="mx-auto w-full max-w-[320px]" />
      <p className="text-xs text-muted-foreground">
        What you see is what renders. {total > 0 ? `${total} video${total === 1 ? '' : 's'} so far.` : ''}{' '}
        <Link to="/videos" className="underline">
          See your videos
        </Link>
      </p>
    </aside>
  );
}
