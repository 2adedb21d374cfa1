import { describe, expect, it } from 'vitest';
import { captionRing, colourDistance } from './caption-pill.ts';

describe('the caption pill over bars', () => {
  it('gets a ring when the bars are its own colour, or close to it', () => {
    // the tester's case: Fit, bars in the brand colour
    expect(captionRing('#7c3aed', { clipFit: 'fit', barColor: '#7c3aed' })).toBe('rgba(255,255,255,0.92)');
    expect(captionRing('#7c3aed', { clipFit: 'fit', barColor: '#8040f0' })).not.toBeNull();
    // light bars get a dark ring
    expect(captionRing('#ffd400', { clipFit: 'fit', barColor: '#ffe040' })).toBe('rgba(17,17,24,0.9)');
  });

  it('stays as it was when the colours differ or no bars show', () => {
    expect(captionRing('#7c3aed', { clipFit: 'fit', barColor: '#000000' })).toBeNull();
    expect(captionRing('#7c3aed', { clipFit: 'fill', barColor: '#7c3aed' })).toBeNull();
    expect(captionRing('#7c3aed', { clipFit: 'blur', barColor: '#7c3aed' })).toBeNull();
  });

  it('measures colours from 0 (the same) to 1 (black and white)', () => {
    expect(colourDistance('#123456', '#123456')).toBe(0);
    expect(colourDistance('#000000', '#ffffff')).toBeCloseTo(1);
  });
});
