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
