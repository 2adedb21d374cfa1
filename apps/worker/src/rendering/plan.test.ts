import { describe, expect, it } from 'vitest';
import { readComposition } from '@hookwall/video/render-request';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { planRender } from './plan.ts';

/** The render plan is a value: these need no browser, no ffmpeg and no file. */
describe('the render plan', () => {
  const wall = (durationInSeconds: number, background: { url: string; durationInSeconds: number } | null = { url: '/clips/bg.mp4', durationInSeconds: 6 }) =>
    readComposition('text-wall', { text: 'Hello there', background, durationInSeconds, style: STYLE_PRESETS.bold.style });

  it('takes the fast path for a text wall over a clip, with its layers, its loop reuse and the files it reads', () => {
    const plan = planRender(wall(10));
    expect(plan).toMatchObject({ width: 1080, height: 1920, fps: 30, durationInFrames: 300, chunks: [[0, 299]], sources: ['/clips/bg.mp4'] });
    expect(plan.layers?.clips).toEqual([{ kind: 'clip', url: '/clips/bg.mp4', frames: 300, loopFrames: 180, zoom: null, withAudio: false, placement: { fit: 'fill', barColor: '#000000' } }]);
    // the style's placement travels with the clip
    const blurred = readComposition('text-wall', { text: 'Hi', background: { url: '/clips/bg.mp4', durationInSeconds: 6 }, style: { ...STYLE_PRESETS.bold.style, clipFit: 'blur', barColor: '#112233' } });
    expect(planRender(blurred).layers?.clips[0]).toMatchObject({ placement: { fit: 'blur', barColor: '#112233' } });
    expect(plan.loopReuse?.encoded).toBe(plan.layers!.renderFrames.at(-1)! + 180);
    expect(plan.fullReason).toBeUndefined();
  });

  it('keeps a wall with an end card on the fast path: the card costs overlay frames only at its entrance, and the loop is still copied', () => {
    const card = { headline: 'Glow', cta: 'Try it today', url: 'glow.example', seconds: 3, color: '#1d3557' };
    const plain = planRender(wall(10));
    const plan = planRender(readComposition('text-wall', { text: 'Hello there', background: { url: '/clips/bg.mp4', durationInSeconds: 6 }, durationInSeconds: 10, style: STYLE_PRESETS.bold.style, endCard: card }));
    // the wall's 10 s, then the card's 3
    expect(plan.durationInFrames).toBe(390);
    expect(plan.fullReason).toBeUndefined();
    expect(plan.layers?.clips).toEqual([
      { kind: 'clip', url: '/clips/bg.mp4', frames: 300, loopFrames: 180, zoom: null, withAudio: false, placement: { fit: 'fill', barColor: '#000000' } },
      { kind: 'radial', frames: 90, from: '#1d3557', to: '#0b0b12', stop: 0.75, cx: 0.5, cy: 0.4, fadeInFrames: 8 },
    ]);
    // the wall's frames as without a card, then the card's entrance (18 frames and the first still one), nothing after
    const wallFrames = plain.layers!.renderFrames;
    expect(plan.layers!.renderFrames).toEqual([...wallFrames, ...Array.from({ length: 19 }, (_, i) => 300 + i)]);
    // the loop is copied up to the card, the card encoded once after it: the same loop as without a card, 90 frames more
    expect(plan.loopReuse).toMatchObject({ encoded: plain.loopReuse!.encoded + 90, heldFrom: plain.loopReuse!.heldFrom, period: 180, tail: { from: 300, at: plain.loopReuse!.encoded } });
    // the thumbnail is of the wall, never of its card
    expect(plan.thumbnailFrame).toBe(plain.thumbnailFrame);
    // a card of 0 s is none
    expect(planRender(readComposition('text-wall', { text: 'Hi', background: { url: '/clips/bg.mp4', durationInSeconds: 6 }, endCard: { ...card, seconds: 0 } })).layers?.clips).toHaveLength(1);
  });

  it('gives the full render what only it can draw, and says why', () => {
    expect(planRender(wall(10, null))).toMatchObject({ layers: null, loopReuse: null, fullReason: 'these props need the full render', sources: [] });
    expect(planRender(readComposition('multi-text-wall', { walls: [{ text: 'a' }, { text: 'b', background: { url: '/clips/b.mp4', durationInSeconds: 2 } }] }))).toMatchObject({ layers: null, sources: ['/clips/b.mp4'] });
    expect(planRender(wall(10), { engine: 'full' })).toMatchObject({ layers: null, loopReuse: null, fullReason: 'the full render was asked for' });
  });

  it('splits a long render into chunks, unless its copied loop makes one piece quicker', () => {
    // a minute of wall over a looping clip encodes only the loop: one piece
    expect(planRender(wall(60), { chunkSeconds: 20 }).chunks).toEqual([[0, 1799]]);
    // the same minute drawn by the full render: three chunks of equal length
    expect(planRender(wall(60, null), { chunkSeconds: 20 }).chunks).toEqual([[0, 599], [600, 1199], [1200, 1799]]);
    // hook + demo: clips played once, no loop to copy
    const composite = readComposition('hook-product-demo', { hook: { url: '/h.mp4', durationInSeconds: 30 }, demo: { url: '/d.mp4', durationInSeconds: 60 }, maxHookSeconds: 30, maxDemoSeconds: 60 });
    const plan = planRender(composite, { chunkSeconds: 20 });
    expect(plan.layers).not.toBeNull();
    expect(plan.loopReuse).toBeNull();
    expect(plan.chunks.length).toBe(5);
    expect(plan.chunks.at(-1)![1]).toBe(plan.durationInFrames - 1);
    expect(planRender(composite).chunks).toEqual([[0, plan.durationInFrames - 1]]);
  });
});
