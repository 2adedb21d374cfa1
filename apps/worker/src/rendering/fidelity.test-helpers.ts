import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { BUILTIN_BACKGROUNDS, generateBackground } from '@hookwall/media';
import { readComposition } from '@hookwall/video/render-request';
import { planRender } from './plan.ts';
import { createRenderer, type Renderer } from './renderer.ts';
import { ensureVideoBundle } from './video-bundle.ts';

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);

/** ffmpeg's psnr filter over every frame of two videos: the average, in dB. */
export function psnr(a: string, b: string): number {
  const out = spawnSync(ffmpeg, ['-hide_banner', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'], { encoding: 'utf8' });
  const match = /average:([\d.]+|inf)/.exec(out.stderr);
  if (!match) throw new Error(`no PSNR in: ${out.stderr.slice(-500)}`);
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}

/** ffmpeg's psnr filter, frame by frame (dB, Infinity where equal). */
export function psnrFrames(a: string, b: string): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'hookwall-psnr-'));
  try {
    const stats = join(dir, 'psnr.log');
    spawnSync(ffmpeg, ['-hide_banner', '-i', a, '-i', b, '-lavfi', `psnr=stats_file=${stats}`, '-f', 'null', '-'], { encoding: 'utf8' });
    return readFileSync(stats, 'utf8').trim().split('\n').map((line) => {
      const value = /psnr_avg:([\d.]+|inf)/.exec(line)?.[1];
      return value === 'inf' ? Infinity : Number(value);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function frameCount(file: string): number {
  const out = execFileSync(ffprobe, ['-v', 'error', '-count_frames', '-select_streams', 'v', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return Number(out.trim());
}

export function hasAudio(file: string): boolean {
  return execFileSync(ffprobe, ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=index', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim() !== '';
}

export type Clip = { url: string; durationInSeconds: number };

/**
 * The fast path's fidelity against the full render (fast-path-*.render.test.ts): one renderer at a
 * quarter of the size and three short clips, made before the file's tests; `both` renders the same
 * props through the fast path and through the full render, and measures them against each other.
 */
export function fidelityRig() {
  let renderer: Renderer;
  let dir = '';
  const clips = {} as Record<'bg' | 'hook' | 'demo', Clip>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hookwall-fast-'));
    renderer = createRenderer({ bundleDir: await ensureVideoBundle(), scale: 0.25, ffmpegPath: ffmpeg, ffprobePath: ffprobe });
    // as a worker starts: the tabs, and one small compose through ffmpeg (it throws if either fails)
    await renderer.warm();
    // the plan names clips by their files; the full render serves them to its browser itself
    const bg = join(dir, 'bg.mp4');
    // half a second: the first second of a text wall already loops it once
    await generateBackground(BUILTIN_BACKGROUNDS[0]!, bg, { width: 540, height: 960, duration: 0.5, fps: 30 }, { ffmpegPath: ffmpeg });
    clips.bg = { url: bg, durationInSeconds: 0.5 };
    // a landscape hook with sound (cover-fitted into the portrait frame)
    const hookVideo = join(dir, 'hook-video.mp4');
    await generateBackground(BUILTIN_BACKGROUNDS[1]!, hookVideo, { width: 640, height: 360, duration: 1, fps: 30 }, { ffmpegPath: ffmpeg });
    const hook = join(dir, 'hook.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', hookVideo, '-f', 'lavfi', '-i', 'sine=f=440:d=1', '-c:v', 'copy', '-c:a', 'aac', '-shortest', hook]);
    clips.hook = { url: hook, durationInSeconds: 1 };
    const demo = join(dir, 'demo.mp4');
    await generateBackground(BUILTIN_BACKGROUNDS[2]!, demo, { width: 720, height: 1280, duration: 1.5, fps: 30 }, { ffmpegPath: ffmpeg });
    clips.demo = { url: demo, durationInSeconds: 1.5 };
  }, 120_000);

  afterAll(async () => {
    await renderer?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function both(name: string, compositionId: string, inputProps: Record<string, unknown>, frameRange?: [number, number]) {
    const fast = join(dir, `${name}-fast.mp4`);
    const full = join(dir, `${name}-full.mp4`);
    const composition = readComposition(compositionId, inputProps);
    const a = await renderer.render({ plan: planRender(composition), outputPath: fast, frameRange });
    const b = await renderer.render({ plan: planRender(composition, { engine: 'full' }), outputPath: full, frameRange });
    expect(a.engine).toBe('fast');
    expect(b.engine).toBe('remotion');
    expect(frameCount(fast)).toBe(frameCount(full));
    return { fast, full, db: psnr(fast, full) };
  }

  return { clips, both, dir: () => dir };
}
