import { describe, expect, it } from 'vitest';
import { planLayers } from '@hookwall/video/layers';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { fidelityRig, hasAudio, psnrFrames } from './fidelity.test-helpers.ts';

/**
 * Fidelity: the fast path's video matches a full Remotion render of the same props (PSNR of at
 * least 35 dB): hook + demo composites in each clip placement, with their end card and sound. Short clips at a quarter of the size keep
 * it quick; the compose graph is the same at full size. The fidelity files are split so that two
 * test processes share them.
 */
describe('fast path fidelity: hook + demo', () => {
  const { clips, both } = fidelityRig();

  // the landscape hook cover-fitted (fill), fitted with bars, or over its blurred copy (clip-placement.ts)
  for (const [preset, aspect, clipFit] of [['bold', '9:16', 'fill'], ['boxed', '1:1', 'fill'], ['neon', '16:9', 'fill'], ['clean', '9:16', 'blur'], ['elegant', '1:1', 'fit']] as const) {
    it(`hook + demo, ${preset} at ${aspect}, ${clipFit}: both clips with their zoom, texts, caption, end card and sound`, async () => {
      const props = {
        hook: clips.hook,
        demo: clips.demo,
        hookText: 'Wait for it 👀',
        demoText: 'Make 50 in one click',
        captionText: 'Free for 7 days',
        productName: 'Glow Serum',
        endCardSeconds: 0.5,
        aspect,
        style: { ...STYLE_PRESETS[preset].style, clipFit, barColor: '#3366cc' },
      };
      const { fast, full, db } = await both(`composite-${preset}-${clipFit}`, 'hook-product-demo', props);
      expect(db).toBeGreaterThanOrEqual(35);
      expect(hasAudio(fast)).toBe(true);
      // the end card's backdrop is drawn by the worker and faded in by ffmpeg, under text only
      // darkened during the fade: frame by frame it matches the browser's faded card
      const plan = planLayers('hook-product-demo', props)!;
      const endFrom = plan.durationInFrames - plan.clips.at(-1)!.frames;
      expect(plan.clips.at(-1)!.kind).toBe('radial');
      const perFrame = psnrFrames(fast, full).slice(endFrom);
      expect(perFrame).toHaveLength(15);
      for (const [i, value] of perFrame.entries()) expect(value, `end card frame ${i}`).toBeGreaterThanOrEqual(38);
    }, 300_000);
  }
});
