import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type HeadlessBrowser } from '@remotion/renderer';
import { planLayers, type LayerPlan } from '@hookwall/video/layers';
import { MAX_OVERLAY_TEXT_CHARS, MAX_TEXT_CHARS } from '@hookwall/video/limits';
import { ASPECT_SIZES, STYLE_PRESETS, endCardCtaSchema, endCardHeadlineSchema, endCardUrlSchema, hookProductDemoMeta, safeArea, speechTokens, textWallMeta, type Aspect } from '@hookwall/video/schemas';
import { chromiumFrom, mediaToolsFrom } from '@hookwall/binaries';
import { createOverlayPages, type OverlayPages } from './overlay-pages.ts';
import { ensureVideoBundle } from './video-bundle.ts';

const { ffmpeg } = mediaToolsFrom(process.env);

/**
 * No glyph crosses the safe area (schemas.ts safeArea), whatever the text: the longest text a wall
 * takes, in the widest letters, and one word as long, in every aspect and alignment. The platforms'
 * column of buttons covers about the right 15% of a vertical (and a square) video, so there the
 * right margin is at least that, whatever safeArea says. White text, no decoration, no dim: the
 * overlay (transparent around the text, as black is under it) holds the glyphs alone.
 */
const scale = 0.5;
const ASPECTS: Aspect[] = ['9:16', '1:1', '16:9', '4:5'];
const ALIGNS = ['left', 'center', 'right'] as const;
/** the share of the width the platforms' buttons take on the right of these aspects */
const BUTTONS_SHARE: Record<Aspect, number> = { '9:16': 0.15, '1:1': 0.15, '16:9': 0, '4:5': 0.15 };
/** set HOOKWALL_SAFE_AREA_PNGS=<dir> to keep the frames for a look */
const keepDir = process.env.HOOKWALL_SAFE_AREA_PNGS;

/** `length` characters of wide capitals: words of 7 W and M, or one word of them all. */
function wide(length: number, words: boolean): string {
  const unit = words ? 'WMWMWMW ' : 'WM';
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length).trimEnd();
}

const style = { ...STYLE_PRESETS.bold.style, textColor: '#ffffff', highlightWords: [], decoration: 'none', backgroundDim: 0, animation: 'none' } as const;
const clip = { url: 'http://127.0.0.1:9/bg.mp4', durationInSeconds: 2 };

/** The box every drawn pixel must be in, in the frame's pixels at the render scale. */
function allowedBox(aspect: Aspect) {
  const { width, height } = ASPECT_SIZES[aspect];
  const area = safeArea(aspect);
  const right = Math.max(area.right, width * BUTTONS_SHARE[aspect]);
  return { left: area.left * scale, right: (width - right) * scale, top: area.top * scale, bottom: (height - area.bottom) * scale };
}

describe('text stays in the safe area', () => {
  let browser: HeadlessBrowser;
  let pages: OverlayPages;
  beforeAll(async () => {
    const bundleDir = await ensureVideoBundle();
    browser = await openBrowser('chrome', { browserExecutable: await chromiumFrom(process.env), chromiumOptions: { gl: null, headless: true }, logLevel: 'error', chromeMode: 'headless-shell' });
    pages = createOverlayPages({ browser: async () => browser, bundleDir, scale, tabs: 2 });
    if (keepDir) mkdirSync(keepDir, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await pages?.close();
    await browser?.close({ silent: true });
  });

  /** The overlay's frame `frame` (default: the last the plan changes at), as RGBA. */
  async function draw(plan: LayerPlan, aspect: Aspect, name: string, frame = plan.renderFrames.at(-1)!) {
    let png: Buffer | null = null;
    await pages.render(plan, [frame], { onFrame: (p) => (png = p) });
    if (keepDir) writeFileSync(join(keepDir, `${name}.png`), png!);
    const { width, height } = ASPECT_SIZES[aspect];
    const data = execFileSync(ffmpeg, ['-v', 'error', '-f', 'png_pipe', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { input: png!, maxBuffer: 1 << 28 });
    return { width: Math.round(width * scale), height: Math.round(height * scale), data };
  }

  /** Every pixel drawn with at least `minAlpha` lies in the allowed box; and there is text to see. */
  function expectInside(image: { width: number; height: number; data: Buffer }, aspect: Aspect, label: string, minAlpha = 1) {
    const box = allowedBox(aspect);
    const drawn = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity, count: 0 };
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        if (image.data[(y * image.width + x) * 4 + 3]! < minAlpha) continue;
        drawn.count++;
        drawn.left = Math.min(drawn.left, x);
        drawn.right = Math.max(drawn.right, x);
        drawn.top = Math.min(drawn.top, y);
        drawn.bottom = Math.max(drawn.bottom, y);
      }
    }
    const where = `${label}: drawn in columns ${drawn.left}..${drawn.right}, rows ${drawn.top}..${drawn.bottom}; allowed ${box.left}..${box.right}, ${box.top}..${box.bottom} (of ${image.width}x${image.height})`;
    expect(drawn.count, where).toBeGreaterThan(image.width * 5);
    expect(drawn.left, where).toBeGreaterThanOrEqual(box.left);
    expect(drawn.right + 1, where).toBeLessThanOrEqual(box.right);
    expect(drawn.top, where).toBeGreaterThanOrEqual(box.top);
    expect(drawn.bottom + 1, where).toBeLessThanOrEqual(box.bottom);
  }

  it.each(ASPECTS)('the longest text and the longest word, aligned left, centred and right (%s)', async (aspect) => {
    for (const [kind, text] of [['words', wide(MAX_TEXT_CHARS, true)], ['one-word', wide(MAX_TEXT_CHARS, false)]] as const) {
      expect(text.length).toBeGreaterThan(MAX_TEXT_CHARS - 2);
      for (const align of ALIGNS) {
        const plan = planLayers('text-wall', { ...textWallMeta.defaultProps, text, aspect, durationInSeconds: 5, background: clip, style: { ...style, align } })!;
        const name = `wall-${kind}-${align}-${aspect.replace(':', 'x')}`;
        expectInside(await draw(plan, aspect, name), aspect, name);
      }
    }
  }, 300_000);

  it.each(ASPECTS)('the longest text read by a voice, its first and last spoken words marked (%s)', async (aspect) => {
    const text = wide(MAX_TEXT_CHARS, true);
    const words = speechTokens(text).map((t, i) => ({ text: t, start: i * 0.1, end: i * 0.1 + 0.1 }));
    for (const align of ALIGNS) {
      const props = { ...textWallMeta.defaultProps, text, aspect, durationInSeconds: 20, background: clip, style: { ...style, align }, speech: { audio: { url: 'http://127.0.0.1:9/voice.wav', durationInSeconds: 15 }, words }, captions: { style: 'highlight' } };
      const plan = planLayers('text-wall', props)!;
      for (const [which, word] of [['first', words[0]!], ['last', words.at(-1)!]] as const) {
        const name = `wall-captions-${which}-${align}-${aspect.replace(':', 'x')}`;
        expectInside(await draw(plan, aspect, name, Math.ceil(word.start * 30 + 1)), aspect, name);
      }
    }
  }, 300_000);

  it.each(ASPECTS)("a text wall's end card: the longest headline, call to action and address, under a kit's logo (%s)", async (aspect) => {
    // a square white logo, inline (these pages have no media server)
    const logo = `data:image/png;base64,${execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=white:s=300x300', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-']).toString('base64')}`;
    const props = {
      ...textWallMeta.defaultProps,
      text: 'Short wall',
      aspect,
      durationInSeconds: 5,
      background: clip,
      style,
      // a square logo, the tallest the card draws
      brand: { logo: { url: logo, width: 300, height: 300 }, logoPosition: 'top-right', logoScale: 0.5, font: null },
      endCard: { headline: wide(endCardHeadlineSchema.maxLength!, true), cta: wide(endCardCtaSchema.maxLength!, false), url: `https://${'w'.repeat(endCardUrlSchema.maxLength! - 12)}.com`, seconds: 2, color: '#1d3557' },
    };
    const plan = planLayers('text-wall', props)!;
    const name = `wall-end-card-${aspect.replace(':', 'x')}`;
    // the card's settled frame, and its last
    expectInside(await draw(plan, aspect, `${name}-settled`), aspect, `${name} settled`, 128);
    expectInside(await draw(plan, aspect, `${name}-last`, plan.durationInFrames - 1), aspect, `${name} last frame`, 128);
  }, 300_000);

  it.each(ASPECTS)('a composite: its longest overlay text and caption, then its end card (%s)', async (aspect) => {
    const props = {
      ...hookProductDemoMeta.defaultProps,
      hook: clip,
      demo: clip,
      hookText: wide(MAX_OVERLAY_TEXT_CHARS, true),
      captionText: wide(MAX_OVERLAY_TEXT_CHARS / 3, false),
      productName: wide(80, true),
      endCardText: wide(120, false),
      aspect,
      style,
    };
    const plan = planLayers('hook-product-demo', props)!;
    const name = `composite-${aspect.replace(':', 'x')}`;
    // the hook's shade (at most 45% black) is drawn too: only what is more opaque counts
    expectInside(await draw(plan, aspect, `${name}-hook`, 40), aspect, `${name} hook text and caption`, 128);
    expectInside(await draw(plan, aspect, `${name}-end`, plan.durationInFrames - 1), aspect, `${name} end card`, 128);
  }, 300_000);
});
