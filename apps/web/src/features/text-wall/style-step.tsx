import type { Aspect, EndCard } from '@hookwall/video/schemas';
import { chosenKit, KitPicker, kitEndCard, kitStylePatch, useBrandKits } from '@/features/brand';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { BuilderDispatch, BuilderState } from './builder-state';
import { CaptionStyleChoice } from './caption-style';
import { CombineChoice } from './matrix-choice';
import { StyleEditor } from './style-editor';

/**
 * Step 5: the format, the length and the look of the text (or, in a test matrix, several looks);
 * with a voice, the captions' style beside it, and a length that fits the voice unless one is chosen.
 */
export function StyleStep({
  state,
  dispatch,
  errors = {},
}: {
  state: Pick<BuilderState, 'aspect' | 'duration' | 'style' | 'combine' | 'matrixPresets' | 'voiceId' | 'captionStyle' | 'fitVoice' | 'brandKit' | 'endCard'>;
  dispatch: BuilderDispatch;
  /** the API's field errors of the last Create: `duration` (the voice does not fit), `captions` and `end_card` */
  errors?: { duration?: string; captions?: string; endCard?: string };
}) {
  const { aspect, duration, style, voiceId, fitVoice } = state;
  const { kits } = useBrandKits();
  const kitCard = kitEndCard(chosenKit(state.brandKit, kits));
  const fits = voiceId !== null && fitVoice;
  const lengthHint = fits ? 'Each video lasts as long as its voice, plus a short pause.' : voiceId !== null ? 'The voice must fit in this length.' : null;
  return (
    <section className="grid gap-5" aria-labelledby="step-style">
      <h2 id="step-style" className="text-lg font-semibold">
        Style
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="wizard-aspect">Format</Label>
          <Select value={aspect} onValueChange={(v) => dispatch({ type: 'set', patch: { aspect: v as Aspect } })}>
            <SelectTrigger id="wizard-aspect">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="9:16">Vertical 9:16 (Reels, TikTok, Shorts)</SelectItem>
              <SelectItem value="1:1">Square 1:1 (feed)</SelectItem>
              <SelectItem value="16:9">Landscape 16:9 (YouTube)</SelectItem>
              <SelectItem value="4:5">Portrait 4:5 (Meta feed)</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="wizard-duration">{fits ? 'Length: fits the voice' : `Length (${duration} s)`}</Label>
          <input
            id="wizard-duration"
            type="range"
            min={5}
            max={60}
            step={1}
            value={duration}
            aria-valuetext={fits ? 'fits the voice' : `${duration} seconds`}
            aria-invalid={errors.duration ? true : undefined}
            aria-describedby={errors.duration ? 'wizard-duration-error' : lengthHint ? 'wizard-duration-hint' : undefined}
            // moving it chooses a length: the voice must then fit in it
            onChange={(e) => dispatch({ type: 'set', patch: { duration: Number(e.target.value), fitVoice: false } })}
            className={cn('accent-primary', fits && 'opacity-50')}
          />
          {voiceId !== null && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={fitVoice} onChange={(e) => dispatch({ type: 'set', patch: { fitVoice: e.target.checked } })} className="size-4 accent-primary" />
              Fit the length to the voice
            </label>
          )}
          {errors.duration ? (
            <p id="wizard-duration-error" role="alert" className="text-sm text-destructive">
              {errors.duration}
            </p>
          ) : (
            lengthHint && (
              <p id="wizard-duration-hint" className="text-xs text-muted-foreground">
                {lengthHint}
              </p>
            )
          )}
        </div>
      </div>
      <KitPicker
        id="wizard-brand-kit"
        value={state.brandKit}
        kits={kits}
        // the kit's colours and font go into the style (its logo and font show in the preview)
        onChange={(brandKit, kit) => {
          dispatch({ type: 'set', patch: { brandKit } });
          if (kit) dispatch({ type: 'setStyle', patch: kitStylePatch(kit) });
        }}
      />
      <EndCardSwitch
        checked={state.endCard && kitCard !== null}
        card={kitCard}
        hasKit={chosenKit(state.brandKit, kits) !== null}
        error={errors.endCard}
        onChange={(endCard) => dispatch({ type: 'set', patch: { endCard } })}
      />
      <CombineChoice state={state} dispatch={dispatch} />
      {voiceId !== null && <CaptionStyleChoice value={state.captionStyle} onChange={(captionStyle) => dispatch({ type: 'set', patch: { captionStyle } })} error={errors.captions} />}
      <StyleEditor style={style} captions={voiceId !== null} onChange={(next) => dispatch({ type: 'set', patch: { style: next } })} />
    </section>
  );
}

/**
 * "End card": closes every video with the chosen kit's end card (its logo, headline, call to
 * action and address, after the wall). Enabled only when the kit has a card to give; it says why not.
 */
function EndCardSwitch({ checked, card, hasKit, error, onChange }: { checked: boolean; card: EndCard | null; hasKit: boolean; error?: string; onChange: (on: boolean) => void }) {
  const hint = card
    ? `Adds ${card.seconds} s after each wall: ${[card.headline, card.cta, card.url].filter((t) => t.trim()).join(' · ')}.`
    : hasKit
      ? 'This kit has no end card: turn it on, with its headline, call to action or address, on the Brand page.'
      : 'Choose a brand kit whose end card is on to close each video with it.';
  return (
    <div className="grid gap-1.5">
      <label className={cn('flex items-center gap-2 text-sm font-medium', !card && 'text-muted-foreground')}>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={!card}
          aria-checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'wizard-end-card-error' : 'wizard-end-card-hint'}
          onChange={(e) => onChange(e.target.checked)}
          className="size-4 accent-primary"
        />
        End card
      </label>
      {error ? (
        <p id="wizard-end-card-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id="wizard-end-card-hint" className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
