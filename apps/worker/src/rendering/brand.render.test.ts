import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { logoBox } from '@hookwall/video/layers';
import { readComposition } from '@hookwall/video/render-request';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { planRender } from './plan.ts';
import { createRenderer, type Renderer } from './renderer.ts';
import { ensureVideoBundle } from './video-bundle.ts';

/**
 * A brand kit in the video, by both engines: its logo in its corner inside the safe area (faded in,
 * then still: no overlay frame after its entrance), its uploaded font drawing the text (the same as
 * the built-in family made from the same file, not the style's own family), and on a composite's
 * end card its logo and address.
 */
const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
const require = createRequire(import.meta.url);
const SCALE = 0.25;
const W = 270;
const H = 480;

function framesOf(video: string, frames: number[]): Buffer[] {
  const sorted = [...new Set(frames)].sort((a, b) => a - b);
  const raw = execFileSync(ffmpeg, ['-v', 'error', '-i', video, '-vf', `select='${sorted.map((f) => `eq(n,${f})`).join('+')}'`, '-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 1 << 28 });
  const size = W * H * 3;
  expect(raw.length).toBe(size * sorted.length);
  return frames.map((f) => raw.subarray(sorted.indexOf(f) * size, (sorted.indexOf(f) + 1) * size));
}

/** Red pixels (the test logo) inside and outside a box (in output pixels). */
function redIn(frame: Buffer, box: { left: number; top: number; width: number; height: number }) {
  let inside = 0;
  let outside = 0;
  for (let i = 0; i < W * H; i++) {
    const [r, g, b] = [frame[i * 3]!, frame[i * 3 + 1]!, frame[i * 3 + 2]!];
    if (!(r > 190 && g < 70 && b < 70)) continue;
    const x = i % W;
    const y = Math.floor(i / W);
    if (x >= box.left - 1 && x <= box.left + box.width + 1 && y >= box.top - 1 && y <= box.top + box.height + 1) inside++;
    else outside++;
  }
  return { inside, outside };
}

function psnr(a: string, b: string): number {
  const out = spawnSync(ffmpeg, ['-hide_banner', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'], { encoding: 'utf8' });
  const match = /average:([\d.]+|inf)/.exec(out.stderr);
  if (!match) throw new Error(`no PSNR in: ${out.stderr.slice(-500)}`);
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}

describe('a brand kit in the video', () => {
  let renderer: Renderer;
  let dir: string;
  let bg: { url: string; durationInSeconds: number };
  let logo: string;
  let font: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hookwall-brand-'));
    renderer = createRenderer({ bundleDir: await ensureVideoBundle(), scale: SCALE, ffmpegPath: ffmpeg, ffprobePath: ffprobe });
    bg = { url: join(dir, 'bg.mp4'), durationInSeconds: 1 };
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x1d3557:s=540x960:r=30:d=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', bg.url]);
    // a red logo, 400x200, on a transparent border the upload would have trimmed
    logo = join(dir, 'logo.png');
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=400x200', '-frames:v', '1', logo]);
    // the uploaded font: Playfair Display's file, as a team would upload it
    font = join(dir, 'brand.woff2');
    copyFileSync(require.resolve('@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2'), font);
  }, 300_000);

  afterAll(async () => {
    await renderer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const brand = (extra: Record<string, unknown> = {}) => ({ logo: { url: logo, width: 400, height: 200 }, logoPosition: 'top-right', logoScale: 0.2, font: { family: 'Playfair Display', url: font }, ...extra });
  const wall = (props: Record<string, unknown>) =>
    readComposition('text-wall', { text: 'Glow in seven days', background: bg, durationInSeconds: 5, style: { ...STYLE_PRESETS.bold.style, fontFamily: 'Inter', animation: 'none', uppercase: false }, ...props });

  it('a text wall: the logo in its corner of the safe area, faded in, and the text in the uploaded font, in both engines', async () => {
    const composition = wall({ brand: brand() });
    const plan = planRender(composition);
    // the logo's entrance adds its frames, then the overlay is still
    expect(plan.layers!.renderFrames).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const box = logoBox(composition.props.brand!, '9:16', 1080, 1920)!;
    const small = { left: box.left * SCALE, top: box.top * SCALE, width: box.width * SCALE, height: box.height * SCALE };
    const outputs: Record<string, string> = {};
    for (const engine of ['fast', 'full'] as const) {
      const out = join(dir, `wall-${engine}.mp4`);
      const result = await renderer.render({ plan: planRender(composition, engine === 'full' ? { engine: 'full' } : {}), outputPath: out });
      expect(result.engine).toBe(engine === 'fast' ? 'fast' : 'remotion');
      outputs[engine] = out;
      const [first, later] = framesOf(out, [0, 60]).map((f) => redIn(f, small));
      expect(first!.inside, `${engine}: faded in from nothing`).toBeLessThan(20);
      expect(later!.inside, `${engine}: the logo in its box`).toBeGreaterThan(small.width * small.height * 0.8);
      expect(later!.outside).toBeLessThan(20);
    }
    expect(psnr(outputs.fast!, outputs.full!)).toBeGreaterThan(35);
    // the text in the uploaded font: as the built-in Playfair Display (the same file) draws it, not as Inter
    const builtin = join(dir, 'wall-playfair.mp4');
    await renderer.render({ plan: planRender(wall({ brand: brand({ logo: null }), style: { ...STYLE_PRESETS.bold.style, fontFamily: 'Playfair Display', animation: 'none', uppercase: false } })), outputPath: builtin });
    const inter = join(dir, 'wall-inter.mp4');
    await renderer.render({ plan: planRender(wall({})), outputPath: inter });
    const uploaded = join(dir, 'wall-uploaded.mp4');
    await renderer.render({ plan: planRender(wall({ brand: brand({ logo: null }) })), outputPath: uploaded });
    const sameFont = psnr(uploaded, builtin);
    const otherFont = psnr(uploaded, inter);
    expect(sameFont, `uploaded font against the built-in made of the same file (${sameFont} dB) and against Inter (${otherFont} dB)`).toBeGreaterThan(otherFont + 8);
  }, 600_000);

  it("a composite: the logo over its scenes, then on the end card with the kit's address", async () => {
    const hook = join(dir, 'hook.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x2b2d42:s=540x960:r=30:d=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', hook]);
    const composition = readComposition('hook-product-demo', {
      hook: { url: hook, durationInSeconds: 1 },
      demo: { url: hook, durationInSeconds: 1 },
      hookText: '',
      captionText: '',
      productName: 'Glow',
      endCardText: 'Try it today',
      endCardUrl: 'glow.example',
      endCardSeconds: 2,
      brandColor: '#1d3557',
      style: STYLE_PRESETS.bold.style,
      brand: brand({ logoPosition: 'bottom-left', font: null }),
    });
    const out = join(dir, 'composite.mp4');
    expect((await renderer.render({ plan: planRender(composition), outputPath: out })).engine).toBe('fast');
    const box = logoBox(composition.props.brand!, '9:16', 1080, 1920)!;
    const small = { left: box.left * SCALE, top: box.top * SCALE, width: box.width * SCALE, height: box.height * SCALE };
    const [scene, card] = framesOf(out, [45, 30 + 30 + 40]);
    expect(redIn(scene!, small).inside).toBeGreaterThan(small.width * small.height * 0.8);
    // on the end card: the logo centred (out of its corner), above the name
    const onCard = redIn(card!, small);
    expect(onCard.inside).toBeLessThan(20);
    expect(onCard.outside).toBeGreaterThan(500);
  }, 600_000);
});
