import { describe, expect, it } from 'vitest';
import { STYLE_PRESETS, type PresetId } from '@hookwall/video/schemas';
import { fidelityRig } from './fidelity.test-helpers.ts';

/**
 * Fidelity: the fast path's video matches a full Remotion render of the same props (PSNR of at
 * least 35 dB): text walls in every preset, at every aspect. Short clips at a quarter of the size keep
 * it quick; the compose graph is the same at full size. The fidelity files are split so that two
 * test processes share them.
 */
describe('fast path fidelity: text walls in each preset', () => {
  const { clips, both } = fidelityRig();

  const wallCases: [PresetId, string][] = [
    ['bold', '9:16'],
    ['boxed', '1:1'],
    ['punchy', '16:9'],
    ['clean', '9:16'],
    ['elegant', '1:1'],
    ['neon', '16:9'],
  ];
  for (const [preset, aspect] of wallCases) {
    it(`text wall, ${preset} at ${aspect}: the entrance and the held text`, async () => {
      const props = {
        text: 'Stop scrolling 🛑\nThis changes how you make ads',
        background: clips.bg,
        durationInSeconds: 5,
        aspect,
        style: { ...STYLE_PRESETS[preset].style, highlightWords: ['ads'] },
      };
      // the first second: the entrance, the first held frames and the clip's loop
      const { db } = await both(`wall-${preset}`, 'text-wall', props, [0, 29]);
      expect(db).toBeGreaterThanOrEqual(35);
    }, 300_000);
  }
});
