import type { Aspect } from '@hookwall/video/schemas';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { BuilderDispatch, BuilderState } from './builder-state';
import { CombineChoice } from './matrix-choice';
import { StyleEditor } from './style-editor';

/** Step 4: the format, the length and the look of the text (or, in a test matrix, several looks). */
export function StyleStep({ state, dispatch }: { state: Pick<BuilderState, 'aspect' | 'duration' | 'style' | 'combine' | 'matrixPresets'>; dispatch: BuilderDispatch }) {
  const { aspect, duration, style } = state;
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
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="wizard-duration">Length ({duration} s)</Label>
          <input
            id="wizard-duration"
            type="range"
            min={5}
            max={60}
            step={1}
            value={duration}
            onChange={(e) => dispatch({ type: 'set', patch: { duration: Number(e.target.value) } })}
            className="accent-primary"
          />
        </div>
      </div>
      <CombineChoice state={state} dispatch={dispatch} />
      <StyleEditor style={style} onChange={(next) => dispatch({ type: 'set', patch: { style: next } })} />
    </section>
  );
}
