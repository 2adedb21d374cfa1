import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, renderFrames, type HeadlessBrowser } from '@remotion/renderer';
import { planLayers, type LayerPlan } from '@hookwall/video/layers';
import { STYLE_PRESETS, textWallMeta } from '@hookwall/video/schemas';
import { createOverlayPages, OverlayCancelledError, type OverlayPages } from './overlay-pages.ts';
import { ensureVideoBundle } from './video-bundle.ts';
import { chromiumFrom, mediaToolsFrom } from '@hookwall/binaries';

const { ffmpeg } = mediaToolsFrom(process.env);

/** A PNG's pixels (RGBA), to compare images by content rather than by their compressed bytes. */
function pixels(png: Buffer): Buffer {
  return execFileSync(ffmpeg, ['-v', 'error', '-f', 'png_pipe', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { input: png, maxBuffer: 1 << 26 });
}

function wall(text: string, preset: 'bold' | 'boxed' = 'bold', aspect = '9:16'): LayerPlan {
  return planLayers('text-wall', { ...textWallMeta.defaultProps, text, aspect, background: { url: 'http://127.0.0.1:9/bg.mp4', durationInSeconds: 2 }, style: STYLE_PRESETS[preset].style })!;
}

const scale = 0.25;
const chromiumOptions = { gl: null, headless: true } as const;

describe('the overlay tabs', () => {
  let browser: HeadlessBrowser;
  let bundleDir: string;
  let pages: OverlayPages;

  beforeAll(async () => {
    bundleDir = await ensureVideoBundle();
    browser = await openBrowser('chrome', { browserExecutable: await chromiumFrom(process.env), chromiumOptions, logLevel: 'error', chromeMode: 'headless-shell' });
    pages = createOverlayPages({ browser: async () => browser, bundleDir, scale, tabs: 2 });
  }, 120_000);

  afterAll(async () => {
    await pages?.close();
    await browser?.close({ silent: true });
  });

  async function draw(overlay: OverlayPages, plan: LayerPlan, frames = plan.renderFrames) {
    const out = new Map<number, Buffer>();
    await overlay.render(plan, frames, { onFrame: (png, frame) => out.set(frame, png) });
    return out;
  }

  /** The same frames through Remotion's own renderFrames (new tabs, its seek and screenshot). */
  async function remotionFrames(plan: LayerPlan, frames: number[]) {
    const out = new Map<number, Buffer>();
    await renderFrames({
      composition: { id: plan.overlayCompositionId, width: plan.width, height: plan.height, fps: plan.fps, durationInFrames: plan.durationInFrames, props: plan.props, defaultProps: plan.props, defaultCodec: null, defaultOutName: null, defaultVideoImageFormat: null, defaultPixelFormat: null, defaultProResProfile: null, defaultSampleRate: null },
      serveUrl: bundleDir,
      inputProps: plan.props,
      imageFormat: 'png',
      frames,
      outputDir: null,
      onFrameBuffer: (png, frame) => void out.set(frame, png),
      scale,
      puppeteerInstance: browser,
      chromiumOptions,
      chromeMode: 'headless-shell',
      concurrency: 1,
      logLevel: 'error',
      onStart: () => undefined,
      onFrameUpdate: () => undefined,
    });
    return out;
  }

  it("draws the very pixels of Remotion's own renderFrames, every frame of the entrance", async () => {
    const plan = wall('Stop scrolling 🛑 مرحبا');
    const mine = await draw(pages, plan);
    const theirs = await remotionFrames(plan, plan.renderFrames);
    expect([...mine.keys()].sort((a, b) => a - b)).toEqual(plan.renderFrames);
    // the entrance moves: frames differ from each other, so equal pixels below are not a blank page
    expect(pixels(mine.get(plan.renderFrames[1]!)!).equals(pixels(mine.get(plan.renderFrames.at(-1)!)!))).toBe(false);
    for (const frame of plan.renderFrames) expect(pixels(mine.get(frame)!).equals(pixels(theirs.get(frame)!)), `frame ${frame}`).toBe(true);
  }, 120_000);

  it('keeps nothing of a previous render in a reused tab: other props, preset, size and composition', async () => {
    const plans = [wall('First text, Boxed and square', 'boxed', '1:1'), wall('Second text, Bold and tall'), planLayers('hook-product-demo', { hook: { url: 'http://127.0.0.1:9/h.mp4', durationInSeconds: 1 }, demo: { url: 'http://127.0.0.1:9/d.mp4', durationInSeconds: 1 }, hookText: 'Wait for it', captionText: 'Free for 7 days', productName: 'Glow' })!];
    for (const plan of plans) await draw(pages, plan);
    // the last plan again, through tabs that only ever drew it
    const last = plans.at(-1)!;
    const reused = await draw(pages, last);
    const fresh = createOverlayPages({ browser: async () => browser, bundleDir, scale, tabs: 1 });
    try {
      const clean = await draw(fresh, last);
      for (const frame of last.renderFrames) expect(pixels(reused.get(frame)!).equals(pixels(clean.get(frame)!)), `frame ${frame}`).toBe(true);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('warms every tab and gives the held frame it drew, as a render draws it', async () => {
    const plan = wall('Warm and ready');
    const warming = createOverlayPages({ browser: async () => browser, bundleDir, scale, tabs: 2 });
    try {
      const png = await warming.warm(plan);
      const held = plan.renderFrames.at(-1)!;
      expect(png?.subarray(1, 4).toString()).toBe('PNG');
      expect(pixels(png!).equals(pixels((await draw(warming, plan, [held])).get(held)!))).toBe(true);
    } finally {
      await warming.close();
    }
  }, 120_000);

  it('fails a render whose page throws, with the reason, and the next render works', async () => {
    const plan = wall('Fine');
    const broken = { ...plan, overlayCompositionId: 'no-such-overlay' };
    await expect(draw(pages, broken, [0])).rejects.toThrow(/no-such-overlay/);
    expect((await draw(pages, plan, [plan.renderFrames.at(-1)!])).size).toBe(1);
  }, 120_000);

  it('stops between frames once cancelled', async () => {
    const plan = wall('Cancel me');
    const controller = new AbortController();
    let drawn = 0;
    const render = pages.render(plan, plan.renderFrames, {
      onFrame: () => {
        if (++drawn === 2) controller.abort();
      },
      signal: controller.signal,
    });
    await expect(render).rejects.toBeInstanceOf(OverlayCancelledError);
    expect(drawn).toBeLessThan(plan.renderFrames.length);
  }, 120_000);
});
