import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type HeadlessBrowser } from '@remotion/renderer';
import { planLayers, type LayerPlan } from '@hookwall/video/layers';
import { ASPECT_SIZES, STYLE_PRESETS, safeArea, textWallMeta, type Aspect, type PresetId } from '@hookwall/video/schemas';
import { chromiumFrom, mediaToolsFrom } from '@hookwall/binaries';
import { createOverlayPages, type OverlayPages } from './overlay-pages.ts';
import { createRenderer, type Renderer } from './renderer.ts';
import { ensureVideoBundle } from './video-bundle.ts';

const { ffmpeg } = mediaToolsFrom(process.env);

/**
 * A word longer than the line stays inside the frame, in every style and aspect: the text wall's
 * text is drawn by the same component in the full render and in the fast path's overlay tabs, so
 * the overlay (transparent around the text) is where its pixels are counted.
 */
const LONG_WORD = 'Supercalifragilisticexpialidocious-Donaudampfschiffahrtsgesellschaft';
const scale = 0.5;
const PRESETS = Object.keys(STYLE_PRESETS) as PresetId[];
const ASPECTS: Aspect[] = ['9:16', '1:1', '16:9'];
/** set HOOKWALL_TEXT_FIT_PNGS=<dir> to keep the frames for a look */
const keepDir = process.env.HOOKWALL_TEXT_FIT_PNGS;

interface Rgba {
  width: number;
  height: number;
  data: Buffer;
}

function decode(png: Buffer, width: number, height: number): Rgba {
  const data = execFileSync(ffmpeg, ['-v', 'error', '-f', 'png_pipe', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { input: png, maxBuffer: 1 << 28 });
  expect(data.length).toBe(width * height * 4);
  return { width, height, data };
}

/** Columns of the frame that hold a pixel drawn with at least `minAlpha`: the leftmost and the rightmost, and how many pixels. */
function drawnExtent(image: Rgba, minAlpha: number) {
  let left = Infinity;
  let right = -Infinity;
  let count = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.data[(y * image.width + x) * 4 + 3]! >= minAlpha) {
        count++;
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
  }
  return { left, right, count };
}

function wall(text: string, preset: PresetId, aspect: Aspect): LayerPlan {
  // no dim: the overlay holds the text alone
  const style = { ...STYLE_PRESETS[preset].style, backgroundDim: 0 };
  return planLayers('text-wall', { ...textWallMeta.defaultProps, text, aspect, durationInSeconds: 5, background: { url: 'http://127.0.0.1:9/bg.mp4', durationInSeconds: 2 }, style })!;
}

const chromiumOptions = { gl: null, headless: true } as const;

describe('text fits the frame', () => {
  let browser: HeadlessBrowser;
  let pages: OverlayPages;

  beforeAll(async () => {
    const bundleDir = await ensureVideoBundle();
    browser = await openBrowser('chrome', { browserExecutable: await chromiumFrom(process.env), chromiumOptions, logLevel: 'error', chromeMode: 'headless-shell' });
    pages = createOverlayPages({ browser: async () => browser, bundleDir, scale, tabs: 2 });
    if (keepDir) mkdirSync(keepDir, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await pages?.close();
    await browser?.close({ silent: true });
  });

  /** The settled frame (the last of the entrance) of the text, decoded. */
  async function settled(text: string, preset: PresetId, aspect: Aspect, name: string) {
    const plan = wall(text, preset, aspect);
    const frame = plan.renderFrames.at(-1)!;
    let png: Buffer | null = null;
    await pages.render(plan, [frame], { onFrame: (p) => (png = p) });
    if (keepDir) writeFileSync(join(keepDir, `${name}-${preset}-${aspect.replace(':', 'x')}.png`), png!);
    const { width, height } = ASPECT_SIZES[aspect];
    return decode(png!, Math.round(width * scale), Math.round(height * scale));
  }

  /** Asserts the text is inside the frame and there to read. */
  function expectInside(image: Rgba, aspect: Aspect, label: string) {
    const area = safeArea(aspect);
    // the outer half of the side margins: nothing of the text (glyph, outline, box, glow) reaches it
    const outer = Math.floor((Math.min(area.left, area.right) * scale) / 2);
    const drawn = drawnExtent(image, 1);
    const where = `${label}: drawn from column ${drawn.left} to ${drawn.right} of ${image.width}`;
    expect(drawn.left, where).toBeGreaterThanOrEqual(outer);
    expect(drawn.right, where).toBeLessThan(image.width - outer);
    // and it is there to read: the glyphs themselves, opaque, fill a good part of the line
    const glyphs = drawnExtent(image, 200);
    expect(glyphs.count, where).toBeGreaterThan(image.width * 3);
    expect(glyphs.right - glyphs.left, where).toBeGreaterThan(area.width * scale * 0.5);
  }

  it.each(ASPECTS)('a word longer than the line stays inside the frame in every style (%s)', async (aspect) => {
    for (const preset of PRESETS) expectInside(await settled(LONG_WORD, preset, aspect, 'long-word'), aspect, `${preset} ${aspect}`);
  }, 300_000);

  it.each(ASPECTS)('a word too long even at the smallest size breaks inside the frame, in every style (%s)', async (aspect) => {
    const text = 'Get the Donaudampfschiffahrtsgesellschaftskapitänsmützenabzeichenhersteller deal';
    for (const preset of PRESETS) expectInside(await settled(text, preset, aspect, 'unbreakable'), aspect, `${preset} ${aspect}`);
  }, 300_000);

  it('Arabic, Hebrew, CJK and emoji too long for a line stay inside it', async () => {
    const texts = {
      arabic: 'اكتشف استراتيجياتهمالتسويقيةالمبتكرةللمنتجاتالجديدةوالمميزةجداجدا الآن',
      hebrew: 'גלו את הקולקציההחדשהוהמדהימהשלנולקיץהזהבמחיריםמטורפיםממש עכשיו',
      cjk: '这款精华让暗沉肌肤七天焕发光彩你值得拥有这款精华让暗沉肌肤七天焕发光彩真的',
      emoji: `Stop ${'🔥'.repeat(40)} now`,
    };
    for (const [name, text] of Object.entries(texts)) {
      for (const [preset, aspect] of [['boxed', '9:16'], ['neon', '1:1'], ['clean', '16:9']] as const) {
        expectInside(await settled(text, preset, aspect, name), aspect, `${name} ${preset} ${aspect}`);
      }
    }
  }, 300_000);

  it('a tab that drew text before fits the next text as a fresh tab does (its fonts are already loaded)', async () => {
    // the tab that draws it has just drawn the same text in another aspect (idle tabs are taken last in, first out)
    await settled(LONG_WORD, 'bold', '9:16', 'before-reuse');
    const reused = await settled(LONG_WORD, 'bold', '1:1', 'reused');
    const fresh = createOverlayPages({ browser: async () => browser, bundleDir: await ensureVideoBundle(), scale, tabs: 1 });
    try {
      const plan = wall(LONG_WORD, 'bold', '1:1');
      let png: Buffer | null = null;
      await fresh.render(plan, [plan.renderFrames.at(-1)!], { onFrame: (p) => (png = p) });
      expect(reused.data.equals(decode(png!, reused.width, reused.height).data)).toBe(true);
    } finally {
      await fresh.close();
    }
    expectInside(reused, '1:1', 'bold 1:1 in a reused tab');
  }, 120_000);
});

/**
 * The full render (Remotion's own still, over the animated gradient) draws the same component:
 * where the long word's frame differs from a short word's, the text is, and that stays inside.
 */
describe('text fits the frame in the full render', () => {
  let renderer: Renderer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hookwall-text-fit-'));
    renderer = createRenderer({ bundleDir: await ensureVideoBundle(), scale });
  }, 180_000);
  afterAll(async () => {
    await renderer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const still = async (text: string, preset: PresetId, aspect: Aspect) => {
    const output = join(dir, `${preset}-${aspect.replace(':', 'x')}-${text.length}.png`);
    const style = { ...STYLE_PRESETS[preset].style, animation: 'none' };
    await renderer.still({ compositionId: 'text-wall', inputProps: { text, durationInSeconds: 5, aspect, style }, frame: 0, outputPath: output });
    const { width, height } = ASPECT_SIZES[aspect];
    return decode(readFileSync(output), Math.round(width * scale), Math.round(height * scale));
  };

  it.each(['9:16', '16:9'] as const)('in every style (%s)', async (aspect) => {
    const area = safeArea(aspect);
    const outer = Math.floor((Math.min(area.left, area.right) * scale) / 2);
    for (const preset of PRESETS) {
      const long = await still(LONG_WORD, preset, aspect);
      const short = await still('Hi', preset, aspect);
      if (keepDir) writeFileSync(join(keepDir, `full-${preset}-${aspect.replace(':', 'x')}.png`), readFileSync(join(dir, `${preset}-${aspect.replace(':', 'x')}-${LONG_WORD.length}.png`)));
      let left = Infinity;
      let right = -Infinity;
      let changed = 0;
      for (let y = 0; y < long.height; y++) {
        for (let x = 0; x < long.width; x++) {
          const i = (y * long.width + x) * 4;
          const diff = Math.max(Math.abs(long.data[i]! - short.data[i]!), Math.abs(long.data[i + 1]! - short.data[i + 1]!), Math.abs(long.data[i + 2]! - short.data[i + 2]!));
          if (diff > 16) {
            changed++;
            left = Math.min(left, x);
            right = Math.max(right, x);
          }
        }
      }
      const where = `${preset} ${aspect}: text from column ${left} to ${right} of ${long.width}`;
      expect(changed, where).toBeGreaterThan(long.width * 10);
      expect(left, where).toBeGreaterThanOrEqual(outer);
      expect(right, where).toBeLessThan(long.width - outer);
    }
  }, 300_000);
});
