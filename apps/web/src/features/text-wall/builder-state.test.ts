import { MAX_BULK_VIDEOS } from '@hookwall/video/limits';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { describe, expect, it } from 'vitest';
import { makeContext } from '@/test/fixtures';
import { builderReducer, canReach, effectiveContextId, INLINE, initialBuilderState, matrixPresetsOf } from './builder-state';
import { makeTextWall } from './test-harness';

describe('the builder state', () => {
  it('starts on the product step, or from a video to duplicate on the texts step', () => {
    expect(initialBuilderState()).toMatchObject({ step: 0, contextId: '', texts: [], backgroundIds: [], aspect: '9:16', duration: 10, style: STYLE_PRESETS.bold.style });
    const source = makeTextWall('v1', { text: 'Hello', background_video_id: 'bg1', context_id: 4, aspect: '1:1', duration_seconds: 7, style: STYLE_PRESETS.neon.style });
    expect(initialBuilderState(source)).toMatchObject({ step: 1, contextId: '4', texts: ['Hello'], backgroundIds: ['bg1'], aspect: '1:1', duration: 7, style: STYLE_PRESETS.neon.style });
    expect(initialBuilderState(makeTextWall('v2'))).toMatchObject({ contextId: '', backgroundIds: [] });
  });

  it('adds texts after the non-blank ones, never beyond the bulk limit', () => {
    const state = { ...initialBuilderState(), texts: ['one', '  ', 'two'] };
    expect(builderReducer(state, { type: 'addTexts', texts: ['three'] }).texts).toEqual(['one', 'two', 'three']);
    const many = Array.from({ length: MAX_BULK_VIDEOS + 5 }, (_, i) => `text ${i}`);
    expect(builderReducer(state, { type: 'addTexts', texts: many }).texts).toHaveLength(MAX_BULK_VIDEOS);
    const full = { ...state, texts: many.slice(0, MAX_BULK_VIDEOS) };
    expect(builderReducer(full, { type: 'addBlankText' })).toBe(full);
  });

  it('turns the pasted lines into texts and empties the box', () => {
    const state = { ...initialBuilderState(), paste: ' first \n\nsecond\n' };
    expect(builderReducer(state, { type: 'addPasted' })).toMatchObject({ texts: ['first', 'second'], paste: '' });
  });

  it('edits, removes and toggles by position or id', () => {
    const state = { ...initialBuilderState(), texts: ['a', 'b', 'c'] };
    expect(builderReducer(state, { type: 'editText', index: 1, text: 'B' }).texts).toEqual(['a', 'B', 'c']);
    expect(builderReducer(state, { type: 'removeText', index: 0 }).texts).toEqual(['b', 'c']);
    const on = builderReducer(state, { type: 'toggleBackground', id: 'bg1' });
    expect(on.backgroundIds).toEqual(['bg1']);
    expect(builderReducer(on, { type: 'toggleBackground', id: 'bg1' }).backgroundIds).toEqual([]);
  });

  it('chooses a background made in the step at the place its clip was clicked, or last', () => {
    const state = { ...initialBuilderState(), backgroundIds: ['a', 'b'] };
    expect(builderReducer(state, { type: 'chooseBackground', id: 'c' }).backgroundIds).toEqual(['a', 'b', 'c']);
    expect(builderReducer(state, { type: 'chooseBackground', id: 'c', at: 0 }).backgroundIds).toEqual(['c', 'a', 'b']);
    // the place is kept within the list (backgrounds unchosen meanwhile), and one chosen already stays where it is
    expect(builderReducer(state, { type: 'chooseBackground', id: 'c', at: 5 }).backgroundIds).toEqual(['a', 'b', 'c']);
    expect(builderReducer(state, { type: 'chooseBackground', id: 'b', at: 0 })).toBe(state);
  });

  it('switches to a test matrix, whose presets start from the style’s own and never drop to none', () => {
    const state = initialBuilderState();
    expect(state).toMatchObject({ combine: 'cycle', matrixPresets: [] });
    const matrix = builderReducer(state, { type: 'setCombine', combine: 'matrix' });
    expect(matrixPresetsOf(matrix)).toEqual(['bold']);
    const two = builderReducer(matrix, { type: 'toggleMatrixPreset', preset: 'neon' });
    expect(two.matrixPresets).toEqual(['bold', 'neon']);
    const one = builderReducer(two, { type: 'toggleMatrixPreset', preset: 'bold' });
    expect(one.matrixPresets).toEqual(['neon']);
    expect(builderReducer(one, { type: 'toggleMatrixPreset', preset: 'neon' })).toBe(one);
    expect(builderReducer(one, { type: 'setCombine', combine: 'cycle' })).toMatchObject({ combine: 'cycle', matrixPresets: ['neon'] });
  });

  it('uses the first context until the user chooses, and a new one written inline when there is none', () => {
    const contexts = [makeContext(3, 'Three'), makeContext(5, 'Five')];
    expect(effectiveContextId('', undefined)).toBe('');
    expect(effectiveContextId('', contexts)).toBe('3');
    expect(effectiveContextId('', [])).toBe(INLINE);
    expect(effectiveContextId('5', contexts)).toBe('5');
  });

  it('opens the texts step once there is a product, and the backgrounds and style steps only with a text', () => {
    expect(canReach(0, '', 0)).toBe(true);
    expect(canReach(1, '', 0)).toBe(false);
    expect(canReach(1, '3', 0)).toBe(true);
    expect(canReach(2, '3', 0)).toBe(false);
    expect(canReach(3, INLINE, 0)).toBe(false);
    expect(canReach(2, '3', 1)).toBe(true);
    expect(canReach(3, '', 1)).toBe(false);
  });
});
