import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { makeThumbnail } from '@hookwall/media';
import { STYLE_PRESETS, entranceFrames } from '@hookwall/video/schemas';
import { readComposition, thumbnailFrame } from '@hookwall/video/render-request';
import { planRender } from './plan.ts';
import { createRenderer, type Renderer } from './renderer.ts';
import { ensureVideoBundle } from './video-bundle.ts';

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
const punchy = STYLE_PRESETS.punchy.style;
// ten words: a word-by-word entrance of 46 frames, still going at 1 s (where thumbnails were taken)
const TEXT = 'Your glow in four weeks with one small daily step';

/** ffmpeg's PSNR of two pictures, in dB (Infinity when equal). */
function psnr(a: string, b: string): number {
  const out = spawnSync(ffmpeg, ['-hide_banner', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'], { encoding: 'utf8' });
  const match = /average:([\d.]+|inf)/.exec(out.stderr);
  if (!match) throw new Error(`no PSNR in: ${out.stderr.slice(-500)}`);
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}

function frameOf(video: string, frame: number, out: string): string {
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', video, '-vf', `select='eq(n,${frame})'`, '-frames:v', '1', out]);
  return out;
}

describe('the thumbnail frame', () => {
  it('comes half a second after the text has settled, within the video (a composite: its hook; a multi wall: its first wall)', () => {
    const wall = (text: string, durationInSeconds: number, style = punchy) => readComposition('text-wall', { text, background: null, durationInSeconds, style });
    expect(entranceFrames(punchy, TEXT)).toBe(46);
    expect(thumbnailFrame(wall(TEXT, 10))).toBe(61);
    // a quick entrance keeps the second it always had
    expect(thumbnailFrame(wall('Hi', 10, { ...STYLE_PRESETS.bold.style, animation: 'none' }))).toBe(30);
    const composite = readComposition('hook-product-demo', { hook: { url: 'h.mp4', durationInSeconds: 1.5 }, demo: { url: 'd.mp4', durationInSeconds: 4 }, hookText: TEXT, style: punchy });
    expect(thumbnailFrame(composite)).toBe(44);
    const multi = readComposition('multi-text-wall', { walls: [{ text: TEXT, durationInSeconds: 3 }, { text: 'Next', durationInSeconds: 3 }], style: punchy });
    expect(thumbnailFrame(multi)).toBe(61);
  });
});

describe('a rendered word-by-word text wall', () => {
  let renderer: Renderer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hookwall-thumb-test-'));
    renderer = createRenderer({ bundleDir: await ensureVideoBundle(), scale: 0.25, ffmpegPath: ffmpeg, ffprobePath: ffprobe });
  }, 120_000);

  afterAll(async () => {
    await renderer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has the settled text as its thumbnail, not a frame of the entrance', async () => {
    // a still clip: between frames only the text changes
    const bg = join(dir, 'bg.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x204060:s=540x960:r=30:d=1', '-pix_fmt', 'yuv420p', bg]);
    const composition = readComposition('text-wall', { text: TEXT, background: { url: bg, durationInSeconds: 1 }, durationInSeconds: 5, style: punchy });
    const plan = planRender(composition);
    const video = join(dir, 'wall.mp4');
    const thumb = join(dir, 'thumb.jpg');
    const result = await renderer.render({ plan, outputPath: video, thumbnailPath: thumb });
    expect(result.engine).toBe('fast');
    expect(result.thumbnail).toBe(true);

    // the last frame: the text long settled
    const settled = frameOf(video, plan.durationInFrames - 1, join(dir, 'settled.png'));
    const midEntrance = frameOf(video, 30, join(dir, 'mid.png'));
    // the entrance frame really differs from the settled one (words missing)
    expect(psnr(midEntrance, settled)).toBeLessThan(35);
    for (const picture of [thumb, await writeThumb(video, plan.thumbnailFrame / plan.fps)]) {
      const toSettled = psnr(picture, settled);
      expect(toSettled).toBeGreaterThanOrEqual(35);
      expect(toSettled).toBeGreaterThan(psnr(picture, midEntrance) + 5);
    }
  }, 300_000);

  /** the thumbnail as render-run.ts makes it from a finished video (the full render's) */
  async function writeThumb(video: string, at: number): Promise<string> {
    const out = join(dir, 'from-video.jpg');
    writeFileSync(out, await makeThumbnail(video, { duration: 5 }, { ffmpegPath: ffmpeg, ffprobePath: ffprobe }, undefined, at));
    return out;
  }
});
