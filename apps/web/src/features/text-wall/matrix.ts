import { bulkVideoCount, describeBulkMatrix, MAX_BULK_VIDEOS } from '@hookwall/video/limits';
import { STYLE_PRESETS, type TextStyle } from '@hookwall/video/schemas';
import type { BulkVideoJobCreateRequest } from '@/api/api';
import { matrixPresetsOf, type BuilderState } from './builder-state';

/**
 * The builder's test matrix: every text × background × style as one video each. The styles are
 * the presets chosen, each with the changes the user made in the style editor over its own preset
 * (font, size, colours, highlighted words…): one set of changes, common to all of them.
 */

type MatrixState = Pick<BuilderState, 'combine' | 'matrixPresets' | 'style' | 'backgroundIds'>;

/** What the user changed in `style` over its preset's own settings. */
export function styleChanges(style: TextStyle): Partial<TextStyle> {
  const preset = STYLE_PRESETS[style.preset].style;
  return Object.fromEntries(Object.entries(style).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(preset[key as keyof TextStyle])));
}

/** The styles of the matrix, as the request sends them: each preset with the common changes. */
export function matrixStyles(state: MatrixState): Partial<TextStyle>[] {
  const changes = styleChanges(state.style);
  return matrixPresetsOf(state).map((preset) => ({ ...changes, preset }));
}

/** The style part of the bulk request: one style as before, or the matrix's styles. */
export function styleRequest(state: MatrixState): Pick<BulkVideoJobCreateRequest, 'style' | 'styles' | 'combine'> {
  return state.combine === 'matrix' ? { combine: 'matrix', styles: matrixStyles(state) } : { style: state.style };
}

/** How many videos the builder would make, and, for a matrix, how it counts them. */
export function videoCount(state: MatrixState, textCount: number) {
  const styles = state.combine === 'matrix' ? matrixPresetsOf(state).length : 1;
  const total = bulkVideoCount(textCount, state.backgroundIds.length, styles, state.combine);
  return {
    total,
    tooMany: total > MAX_BULK_VIDEOS,
    /** "3 texts × 4 backgrounds × 2 styles = 24 videos", or null when the videos are one per text */
    sum: state.combine === 'matrix' ? `${describeBulkMatrix(textCount, state.backgroundIds.length, styles)} = ${total} video${total === 1 ? '' : 's'}` : null,
  };
}
