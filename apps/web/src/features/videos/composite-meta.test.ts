import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { describe, expect, it } from 'vitest';
import { compositeMetaLine, compositeSeconds } from './composite-meta';

const walls = [
  { text: 'Before', durationInSeconds: 3, background_video_id: null },
  { text: 'After', durationInSeconds: 4.5, background_video_id: null },
];

describe("a composite card's line", () => {
  it("gives a multi text wall's length as the render computes it, and its format", () => {
    const cut = { composition_id: 'multi-text-wall', config: { walls, transition: 'none', aspect: '1:1', style: STYLE_PRESETS.punchy.style } };
    expect(compositeSeconds(cut)).toBe(7.5);
    expect(compositeMetaLine(cut)).toBe('Multi text wall · 7.5 s · 1:1');
    // transitions overlap the walls: shorter than the sum
    const faded = { ...cut, config: { ...cut.config, transition: 'fade', aspect: '9:16' } };
    expect(compositeSeconds(faded)!).toBeLessThan(7.5);
    expect(compositeMetaLine(faded)).toMatch(/^Multi text wall · \d+(\.\d)? s · 9:16$/);
  });

  it("tells a hook + demo's copies apart by their format; no length, which depends on the clips", () => {
    const config = { hookText: 'Wait', aspect: '9:16' };
    expect(compositeMetaLine({ composition_id: 'hook-product-demo', config })).toBe('Hook + product demo · 9:16');
    expect(compositeMetaLine({ composition_id: 'hook-product-demo', config: { ...config, aspect: '1:1' } })).toBe('Hook + product demo · 1:1');
  });

  it('falls back to the vertical format and no length when the config does not say', () => {
    expect(compositeMetaLine({ composition_id: 'multi-text-wall', config: {} })).toBe('Multi text wall · 9:16');
  });
});
