import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { describe, expect, it } from 'vitest';
import { initialBuilderState, type BuilderState } from './builder-state';
import { matrixStyles, styleChanges, styleRequest, videoCount } from './matrix';

const base = initialBuilderState();

describe('the matrix of the builder', () => {
  it('finds the changes made over a preset, and gives each preset of the matrix the same changes', () => {
    expect(styleChanges(STYLE_PRESETS.neon.style)).toEqual({});
    const style = { ...STYLE_PRESETS.neon.style, fontSize: 90, highlightWords: ['free'] };
    expect(styleChanges(style)).toEqual({ fontSize: 90, highlightWords: ['free'] });
    expect(matrixStyles({ ...base, style, matrixPresets: ['neon', 'boxed'] })).toEqual([
      { preset: 'neon', fontSize: 90, highlightWords: ['free'] },
      { preset: 'boxed', fontSize: 90, highlightWords: ['free'] },
    ]);
  });

  it('sends one style in turn, the styles in a matrix', () => {
    expect(styleRequest(base)).toEqual({ style: base.style });
    expect(styleRequest({ ...base, combine: 'matrix' })).toEqual({ combine: 'matrix', styles: [{ preset: 'bold' }] });
  });

  it('counts one video per text in turn, every combination in a matrix, and says so', () => {
    const chosen: BuilderState = { ...base, backgroundIds: ['a', 'b', 'c', 'd'], matrixPresets: ['bold', 'neon'] };
    expect(videoCount(chosen, 3)).toEqual({ total: 3, tooMany: false, sum: null });
    const matrix: BuilderState = { ...chosen, combine: 'matrix' };
    expect(videoCount(matrix, 3)).toEqual({ total: 24, tooMany: false, sum: '3 texts × 4 backgrounds × 2 styles = 24 videos' });
    expect(videoCount(matrix, 26)).toMatchObject({ total: 208, tooMany: true });
    expect(videoCount({ ...matrix, backgroundIds: [], matrixPresets: [] }, 1).sum).toBe('1 text × 1 background (the gradient) × 1 style = 1 video');
  });
});
