import { Link } from '@tanstack/react-router';
import { Loader2, RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import type { TextWallBackgroundVideo } from '@/api/api';
import { CompositionPlayer } from '@/components/composition-player';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { BuilderDispatch, BuilderState } from './builder-state';
import { chosenKit, kitEndCard, useBrandKits, useKitBrand } from '@/features/brand';
import { usePreviewSpeech } from './use-preview-speech';
import { videoSeconds } from './voice-length';

/**
 * The live preview of one of the videos: its text over its background (the chosen ones are used in
 * turn, as the render does), in the chosen format, length and style; with a voice, the speech the
 * render will use (asked for the previewed text) and the captions that follow it.
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
  state: Pick<BuilderState, 'previewIndex' | 'duration' | 'aspect' | 'style' | 'voiceId' | 'speed' | 'captionStyle' | 'fitVoice' | 'brandKit' | 'endCard'>;
  dispatch: BuilderDispatch;
  /** the videos the builder would make (more than the texts in a test matrix) */
  total?: number;
}) {
  const { aspect, style, voiceId, captionStyle } = state;
  const index = Math.min(state.previewIndex, Math.max(0, texts.length - 1));
  const text = texts[index] ?? 'Your text appears here';
  const voice = usePreviewSpeech(voiceId, state.speed, texts[index] ?? null);
  const speech = voice.status === 'ready' ? voice.speech : null;
  const duration = videoSeconds(state, voice.status === 'ready' ? voice.durationSeconds : null);
  const background = backgrounds.length ? backgrounds[index % backgrounds.length] : undefined;
  const backgroundUrl = background?.url;
  const backgroundSeconds = background?.duration;
  // the chosen kit's logo and font, as the videos will have them
  const { kits, fonts } = useBrandKits();
  const kit = chosenKit(state.brandKit, kits);
  const brand = useKitBrand(kit, fonts);
  // the kit's end card after the wall, when the switch is on (as the videos will close)
  const kitCard = useMemo(() => kitEndCard(kit), [kit]);
  const endCard = state.endCard ? kitCard : null;
  // the player re-parses its props when they change identity: they change only with what the preview shows
  const props = useMemo(
    () => ({
      text,
      background: backgroundUrl && backgroundSeconds ? { url: backgroundUrl, durationInSeconds: backgroundSeconds } : null,
      durationInSeconds: duration,
      aspect,
      style,
      speech,
      captions: speech ? { style: captionStyle } : null,
      brand,
      endCard,
    }),
    [text, backgroundUrl, backgroundSeconds, duration, aspect, style, speech, captionStyle, brand, endCard],
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
      {voice.status === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
          <Loader2 className="size-3.5 animate-spin" aria-hidden /> Preparing the voice…
        </p>
      )}
      {voice.status === 'error' && (
        <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p>
            <span className="font-medium">The voice could not be prepared.</span> {voice.message}
          </p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={voice.retry}>
            <RefreshCw aria-hidden /> Retry
          </Button>
        </div>
      )}
      <CompositionPlayer compositionId="text-wall" props={props} label="Live preview" className="mx-auto w-full max-w-[320px]" />
      {speech && <p className="text-xs text-muted-foreground">Turn the sound on in the player to hear the voice.</p>}
      <p className="text-xs text-muted-foreground">
        What you see is what renders. {total > 0 ? `${total} video${total === 1 ? '' : 's'} so far.` : ''}{' '}
        <Link to="/videos" className="underline">
          See your videos
        </Link>
      </p>
    </aside>
  );
}
