import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { planLayers } from '@hookwall/video/layers';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { fidelityRig, psnrFrames } from './fidelity.test-helpers.ts';
import { planLoopReuse } from './plan.ts';

const { ffmpeg } = mediaToolsFrom(process.env);

/**
 * Fidelity: the fast path's video matches a full Remotion render of the same props (PSNR of at
 * least 35 dB): a whole text wall with its copied loops, and one closed by a brand kit's end card. Short clips at a quarter of the size keep
 * it quick; the compose graph is the same at full size. The fidelity files are split so that two
 * test processes share them.
 */
describe('fast path fidelity: whole text walls', () => {
  const rig = fidelityRig();
  const { clips, both } = rig;

  it('text wall, whole: the loops copied after the text settles match the full render too', async () => {
    const props = { text: 'Loop after loop 🔁\nstill the same ads', background: clips.bg, durationInSeconds: 5, style: { ...STYLE_PRESETS.bold.style, highlightWords: ['ads'] } };
    const plan = planLayers('text-wall', props)!;
    // 150 frames over a clip of 15: about 35 encoded, the rest copied
    expect(planLoopReuse(plan)?.encoded).toBeLessThan(50);
    const { db } = await both('wall-whole', 'text-wall', props);
    expect(db).toBeGreaterThanOrEqual(35);
  }, 300_000);

  it("text wall with a brand kit's end card: the loop copied up to the card, the card's backdrop by ffmpeg under its text, as the full render draws them", async () => {
    const logo = join(rig.dir(), 'logo.png');
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=400x200', '-frames:v', '1', logo]);
    const props = {
      text: 'Glow in seven days ✨\nno filter needed',
      background: clips.bg,
      durationInSeconds: 5,
      style: { ...STYLE_PRESETS.bold.style, highlightWords: ['seven'] },
      brand: { logo: { url: logo, width: 400, height: 200 }, logoPosition: 'top-left', logoScale: 0.2, font: null },
      endCard: { headline: 'Glow Serum', cta: 'Try it today', url: 'glow.example/try', seconds: 1, color: '#1d3557' },
    };
    const plan = planLayers('text-wall', props)!;
    // 150 frames of wall, then 30 of card: the card adds its entrance to the overlay, nothing more
    expect(plan.durationInFrames).toBe(180);
    expect(plan.renderFrames.filter((f) => f >= 150)).toEqual(Array.from({ length: 19 }, (_, i) => 150 + i));
    expect(planLoopReuse(plan)?.tail).toEqual({ from: 150, at: planLoopReuse(plan)!.starts.at(-1) });
    const { fast, full, db } = await both('wall-end-card', 'text-wall', props);
    expect(db).toBeGreaterThanOrEqual(35);
    // frame by frame over the card, its fade from black included
    const perFrame = psnrFrames(fast, full).slice(150);
    expect(perFrame).toHaveLength(30);
    for (const [i, value] of perFrame.entries()) expect(value, `end card frame ${i}`).toBeGreaterThanOrEqual(38);
  }, 300_000);
});
