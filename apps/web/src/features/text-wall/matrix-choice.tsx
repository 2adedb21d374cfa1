import { MAX_BULK_VIDEOS, type BulkCombine } from '@hookwall/video/limits';
import { STYLE_PRESETS, type PresetId } from '@hookwall/video/schemas';
import { matrixPresetsOf, type BuilderDispatch, type BuilderState } from './builder-state';

const COMBINES: { value: BulkCombine; label: string }[] = [
  { value: 'cycle', label: 'Use backgrounds in turn' },
  { value: 'matrix', label: 'Every combination (test matrix)' },
];

/**
 * The Style step's "Combine": one video per text with the backgrounds in turn, or a test matrix,
 * whose styles are several presets (each with the changes made in the style editor below).
 */
export function CombineChoice({ state, dispatch }: { state: Pick<BuilderState, 'combine' | 'matrixPresets' | 'style'>; dispatch: BuilderDispatch }) {
  const chosen = matrixPresetsOf(state);
  return (
    <div className="grid gap-3">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">Combine</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {COMBINES.map(({ value, label }) => (
            <label key={value} className="flex items-center gap-1.5">
              <input type="radio" name="wizard-combine" value={value} checked={state.combine === value} onChange={() => dispatch({ type: 'setCombine', combine: value })} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {state.combine === 'matrix' && (
        <fieldset className="rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Styles to test</legend>
          <div className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
            {(Object.keys(STYLE_PRESETS) as PresetId[]).map((id) => (
              <label key={id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen.includes(id)}
                  // the last style stays: a matrix has at least one
                  disabled={chosen.length === 1 && chosen[0] === id}
                  onChange={() => dispatch({ type: 'toggleMatrixPreset', preset: id })}
                  className="size-4 accent-primary"
                />
                {STYLE_PRESETS[id].label}
              </label>
            ))}
          </div>
          <p className="mt-2 text-xs text-muted-foreground">
            Each style is its preset with the changes you make below (font, size, colours, words…), the same changes for all. The preview shows the preset chosen below.
          </p>
        </fieldset>
      )}
    </div>
  );
}

/** The count of a matrix before it is made, and why it cannot be when it passes the limit. */
export function VideoCountSummary({ sum, total, tooMany }: { sum: string | null; total: number; tooMany: boolean }) {
  if (!sum) return null;
  return (
    <div className="grid gap-1 text-sm">
      <p aria-live="polite" className="font-medium tabular-nums">
        {sum}
      </p>
      {tooMany && (
        <p id="wizard-count-limit" role="alert" className="text-destructive">
          That is {total} videos; at most {MAX_BULK_VIDEOS} in one go. Choose fewer texts, backgrounds or styles.
        </p>
      )}
    </div>
  );
}
