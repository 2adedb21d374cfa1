import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { probeClip } from '@hookwall/media';
import { planLayers } from '@hookwall/video/layers';
import { readComposition } from '@hookwall/video/render-request';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { compose, composeArgs } from './compose.ts';
import { orderedFrames } from './frame-queue.ts';
import { overlayFramesFor, planLoopReuse, planRender } from './plan.ts';
import { createRenderer, type Renderer } from './renderer.ts';
import { ensureVideoBundle } from './video-bundle.ts';

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
const BAR = '#3366cc';
const BAR_RGB = [0x33, 0x66, 0xcc];

/** Frame `n` of a video as RGB, read as BT.709 (as the video is tagged and players show it). */
function frameRgb(file: string, n: number): Buffer {
  return execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${n}),scale=in_color_matrix=bt709:out_color_matrix=bt709,format=rgb24`, '-frames:v', '1', '-f', 'rawvideo', '-'], { maxBuffer: 1 << 26 });
}

/** The pixels of rows [from, to): their mean colour, their spread (standard deviation of the luma), and the largest distance of one from `rgb`. */
function band(rgb: Buffer, width: number, [from, to]: [number, number], like = BAR_RGB) {
  const sum = [0, 0, 0];
  const lumas: number[] = [];
  let farthest = 0;
  for (let y = from; y < to; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      const px = [rgb[p]!, rgb[p + 1]!, rgb[p + 2]!];
      px.forEach((v, c) => (sum[c]! += v));
      lumas.push(0.2126 * px[0]! + 0.7152 * px[1]! + 0.0722 * px[2]!);
      farthest = Math.max(farthest, ...px.map((v, c) => Math.abs(v - like[c]!)));
    }
  }
  const n = lumas.length;
  const mean = lumas.reduce((a, b) => a + b, 0) / n;
  const spread = Math.sqrt(lumas.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
  return { mean: sum.map((v) => Math.round(v / n)), luma: mean, spread, farthest };
}

/** PSNR of two videos (dB): of the whole, or of frame `n` alone. */
function psnr(a: string, b: string, n?: number): number {
  const pick = `select=eq(n\\,${n}),setpts=0`;
  const out = spawnSync(ffmpeg, ['-hide_banner', '-i', a, '-i', b, '-lavfi', n === undefined ? 'psnr' : `[0:v]${pick}[x];[1:v]${pick}[y];[x][y]psnr`, '-f', 'null', '-'], { encoding: 'utf8' });
  const match = /average:([\d.]+|inf)/.exec(out.stderr);
  if (!match) throw new Error(`no PSNR in: ${out.stderr.slice(-500)}`);
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}

const md5s = (file: string) => execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:v', '-f', 'framemd5', '-'], { encoding: 'utf8' }).split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(',').at(-1)!.trim());

/** set HOOKWALL_PLACEMENT_DIR=<dir> to keep the clips and videos there for a look */
let dir: string;
let landscape: string;
let portrait: string;
beforeAll(() => {
  dir = process.env.HOOKWALL_PLACEMENT_DIR ?? mkdtempSync(join(tmpdir(), 'hookwall-placement-'));
  // a landscape 16:9 clip and a portrait 9:16 one, a second each, every frame different
  landscape = join(dir, 'landscape.mp4');
  portrait = join(dir, 'portrait.mp4');
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=640x360:r=30:d=1', '-c:v', 'libx264', '-g', '10', '-pix_fmt', 'yuv420p', landscape]);
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=360x640:r=30:d=1', '-c:v', 'libx264', '-g', '10', '-pix_fmt', 'yuv420p', portrait]);
});
afterAll(() => (process.env.HOOKWALL_PLACEMENT_DIR ? undefined : rmSync(dir, { recursive: true, force: true })));

const style = (clipFit: string) => ({ ...STYLE_PRESETS.bold.style, clipFit, barColor: BAR, backgroundDim: 0, decoration: 'none', animation: 'none' });
const wallProps = (clipFit: string, url = landscape) => ({ text: 'Hi', background: { url, durationInSeconds: 1 }, durationInSeconds: 5, aspect: '9:16', style: style(clipFit) });

describe('the fast path places clips as the style says', () => {
  it('a clip of the video shape takes no extra work in any mode; another shape gets bars or its blurred copy', async () => {
    const argsOf = async (clipFit: string, url: string) => {
      const plan = planLayers('text-wall', wallProps(clipFit, url))!;
      const args = await composeArgs({ plan, width: 270, height: 480, overlayFrames: plan.renderFrames, overlay: orderedFrames([]), probe: (u) => probeClip(u, { ffprobePath: ffprobe }), outputPath: join(dir, 'args.mp4'), ffmpegPath: ffmpeg });
      return args[args.indexOf('-filter_complex') + 1]!;
    };
    const fill = await argsOf('fill', landscape);
    for (const fit of ['fit', 'blur']) expect(await argsOf(fit, portrait), fit).toBe(await argsOf('fill', portrait));
    expect(fill).not.toMatch(/gblur|split|color=c/);
    expect(await argsOf('fit', landscape)).toContain('color=c=0x3366cc');
    const blur = await argsOf('blur', landscape);
    // blurred at a reduced size (sigma 4 there), then scaled back up past the frame and cropped
    expect(blur).toMatch(/split=2.*scale=\d+:\d+:force_original_aspect_ratio=increase.*gblur=sigma=4\.000/);
    // a looping wall still encodes its loop once, whatever the placement
    expect(planLoopReuse(planLayers('text-wall', wallProps('blur'))!)).not.toBeNull();
  });

  it('a chunk of a blurred placement shows the very frames of the whole video', async () => {
    const plan = { ...planLayers('text-wall', wallProps('blur'))!, durationInFrames: 40, renderFrames: [0] };
    plan.clips = plan.clips.map((c) => ({ ...c, frames: 40 }));
    const transparent = execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=black@0:s=270x480,format=rgba', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-']);
    const encode = async (name: string, frameRange?: [number, number]) => {
      const overlayFrames = overlayFramesFor(plan.renderFrames, frameRange);
      const overlay = orderedFrames(overlayFrames);
      for (const f of overlayFrames) overlay.put(f, transparent);
      overlay.end();
      const file = join(dir, `${name}.mp4`);
      await compose({ plan, width: 270, height: 480, overlayFrames, overlay, frameRange, loopReuse: null, probe: (u) => probeClip(u, { ffprobePath: ffprobe }), outputPath: file, ffmpegPath: ffmpeg, crf: 0 });
      return md5s(file);
    };
    const whole = await encode('blur-whole');
    expect(whole).toHaveLength(40);
    expect(await encode('blur-chunk', [25, 39])).toEqual(whole.slice(25));
  });
});

/** Real renders, the fast path and the full render (the preview's components) of the same props. */
describe('clips of another shape, in both render paths', () => {
  let renderer: Renderer;
  beforeAll(async () => {
    renderer = createRenderer({ bundleDir: await ensureVideoBundle(), scale: 0.25, ffmpegPath: ffmpeg, ffprobePath: ffprobe });
  }, 120_000);
  afterAll(async () => renderer?.close());

  async function both(name: string, compositionId: string, props: Record<string, unknown>, frameRange: [number, number]) {
    const composition = readComposition(compositionId, props);
    const fast = join(dir, `${name}-fast.mp4`);
    const full = join(dir, `${name}-full.mp4`);
    expect((await renderer.render({ plan: planRender(composition), outputPath: fast, frameRange })).engine).toBe('fast');
    expect((await renderer.render({ plan: planRender(composition, { engine: 'full' }), outputPath: full, frameRange })).engine).toBe('remotion');
    return { fast, full };
  }

  /**
   * The bands above and below a 16:9 clip fitted in a 270x480 frame (152 rows in the middle): fit,
   * the bar colour; fill, the clip itself; blur, blurred clip, neither the bars nor black.
   */
  function expectBands(file: string, frame: number, clipFit: string, label: string) {
    const rgb = frameRgb(file, frame);
    expect(rgb.length).toBe(270 * 480 * 3);
    const where = (b: ReturnType<typeof band>) => `${label}: mean ${b.mean.join(',')}, spread ${b.spread.toFixed(1)}, farthest from the bars ${b.farthest}`;
    for (const rows of [[8, 150], [330, 472]] as [number, number][]) {
      const b = band(rgb, 270, rows);
      if (clipFit === 'fit') {
        expect(b.farthest, where(b)).toBeLessThanOrEqual(10);
      } else {
        // the clip's content: varied, not the bars' colour, not black
        expect(b.spread, where(b)).toBeGreaterThan(clipFit === 'blur' ? 8 : 30);
        expect(b.farthest, where(b)).toBeGreaterThan(60);
        expect(b.luma, where(b)).toBeGreaterThan(25);
      }
    }
    // the clip itself in the middle, whole: its colour bars across the full width
    const middle = band(rgb, 270, [200, 280]);
    expect(middle.spread, `${label}: the middle`).toBeGreaterThan(30);
  }

  for (const clipFit of ['fill', 'fit', 'blur']) {
    it(`a landscape clip in a 9:16 text wall, ${clipFit}: the same in the fast path and the full render`, async () => {
      const { fast, full } = await both(`wall-${clipFit}`, 'text-wall', wallProps(clipFit), [0, 14]);
      expectBands(fast, 10, clipFit, `${clipFit}, fast path`);
      expectBands(full, 10, clipFit, `${clipFit}, full render`);
      // (a sharp test pattern: cropped and scaled up, as fill does, its edges differ a little more)
      expect(psnr(fast, full)).toBeGreaterThanOrEqual(clipFit === 'fill' ? 33 : 35);
    }, 300_000);
  }

  it('a multi text wall (the full render alone draws it) places its walls\' clips the same way', async () => {
    for (const clipFit of ['fit', 'blur']) {
      const props = { walls: [{ text: 'One', background: { url: landscape, durationInSeconds: 1 }, durationInSeconds: 1 }], transition: 'none', aspect: '9:16', style: style(clipFit) };
      const file = join(dir, `multi-${clipFit}.mp4`);
      const result = await renderer.render({ plan: planRender(readComposition('multi-text-wall', props)), outputPath: file, frameRange: [10, 10] });
      expect(result.engine).toBe('remotion');
      expectBands(file, 0, clipFit, `${clipFit}, multi text wall`);
    }
  }, 300_000);

  for (const clipFit of ['fit', 'blur']) {
    it(`a hook + demo with a landscape demo, ${clipFit}: the demo placed alike in both paths`, async () => {
      const props = { hook: { url: portrait, durationInSeconds: 1 }, demo: { url: landscape, durationInSeconds: 1 }, endCardSeconds: 0, productName: '', aspect: '9:16', style: style(clipFit) };
      // the last frames of the portrait hook, then the demo's first
      const { fast, full } = await both(`composite-${clipFit}`, 'hook-product-demo', props, [25, 39]);
      expectBands(fast, 10, clipFit, `${clipFit} demo, fast path`);
      expectBands(full, 10, clipFit, `${clipFit} demo, full render`);
      // the portrait hook fills the frame in every mode: no bars
      expect(band(frameRgb(fast, 2), 270, [8, 150]).farthest).toBeGreaterThan(60);
      // the demo's first frame, before its push-in (zooming a sharp test pattern differs more;
      // fast-path.test.ts compares whole composites placed so, over smooth clips)
      expect(psnr(fast, full, 5)).toBeGreaterThanOrEqual(35);
    }, 300_000);
  }
});
