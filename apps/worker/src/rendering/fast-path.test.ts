import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_BACKGROUNDS, generateBackground } from '@hookwall/media';
import { planLayers } from '@hookwall/video/layers';
import { STYLE_PRESETS, type PresetId } from '@hookwall/video/schemas';
import { overlayFramesFor, overlayList } from './fast-path.ts';
import { startMediaServer, type MediaServer } from './media-server.ts';
import { createRemotionRenderer, type Renderer } from './remotion-renderer.ts';
import { ensureVideoBundle } from './video-bundle.ts';

/** ffmpeg's psnr filter over every frame of two videos: the average, in dB. */
function psnr(a: string, b: string): number {
  const out = spawnSync('ffmpeg', ['-hide_banner', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'], { encoding: 'utf8' });
  const match = /average:([\d.]+|inf)/.exec(out.stderr);
  if (!match) throw new Error(`no PSNR in: ${out.stderr.slice(-500)}`);
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}

function frameCount(file: string): number {
  const out = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return Number(out.trim());
}

function hasAudio(file: string): boolean {
  return execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=index', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim() !== '';
}

describe('the fast path plan', () => {
  it('holds each rendered overlay frame until the next change, on whole frames', () => {
    const list = overlayList([0, 1, 2, 18], 300, 30);
    expect(list).toContain("file 'f-000018.png'\noption framerate 30\nduration 9400000us");
    expect(list.match(/^file /gm)).toHaveLength(5);
    // a chunk starting mid-video begins with the frame held there
    expect(overlayFramesFor([0, 1, 2, 18, 150, 151], [100, 160])).toEqual([18, 150, 151]);
  });

  it('renders in the browser only the frames where the overlay changes', () => {
    const bg = { url: 'http://x/bg.mp4', durationInSeconds: 6 };
    const wall = planLayers('text-wall', { text: 'Hello there', background: bg, durationInSeconds: 10, style: STYLE_PRESETS.bold.style });
    expect(wall?.durationInFrames).toBe(300);
    expect(wall?.renderFrames.length).toBeLessThan(30);
    // the gradient (no clip) moves on every frame: only the full render draws it
    expect(planLayers('text-wall', { text: 'Hello', background: null })).toBeNull();
    expect(planLayers('multi-text-wall', { walls: [{ text: 'a' }] })).toBeNull();
  });
});

/**
 * Fidelity: the fast path's video matches a full Remotion render of the same props (PSNR of at
 * least 35 dB), for every preset, every aspect and both layered compositions. Short clips at a
 * quarter of the size keep it quick; the maths is the same at full size. No database is involved,
 * so it runs once: with the embedded database (`npm test`), not again on PostgreSQL, unless
 * FIDELITY_TESTS says where (`.ci/run` runs it in its PostgreSQL pass, which runs beside the
 * embedded one and has time to spare: `skip` there, `run` here).
 */
const runsHere = process.env.FIDELITY_TESTS ? process.env.FIDELITY_TESTS === 'run' : !process.env.DATABASE_URL;
describe.skipIf(!runsHere)('fast path fidelity against the full render', () => {
  let renderer: Renderer;
  let media: MediaServer;
  let dir: string;
  const localFiles = new Map<string, string>();
  const clips: Record<string, { url: string; durationInSeconds: number }> = {};

  async function serve(name: string, path: string, seconds: number) {
    const url = await media.urlFor(path);
    localFiles.set(url, path);
    clips[name] = { url, durationInSeconds: seconds };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hookwall-fast-'));
    media = await startMediaServer();
    renderer = createRemotionRenderer({ bundleDir: await ensureVideoBundle(), scale: 0.25 });
    const bg = join(dir, 'bg.mp4');
    // half a second: the first second of a text wall already loops it once
    await generateBackground(BUILTIN_BACKGROUNDS[0]!, bg, { width: 540, height: 960, duration: 0.5, fps: 30 });
    await serve('bg', bg, 0.5);
    // a landscape hook with sound (cover-fitted into the portrait frame)
    const hookVideo = join(dir, 'hook-video.mp4');
    await generateBackground(BUILTIN_BACKGROUNDS[1]!, hookVideo, { width: 640, height: 360, duration: 1, fps: 30 });
    const hook = join(dir, 'hook.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', hookVideo, '-f', 'lavfi', '-i', 'sine=f=440:d=1', '-c:v', 'copy', '-c:a', 'aac', '-shortest', hook]);
    await serve('hook', hook, 1);
    const demo = join(dir, 'demo.mp4');
    await generateBackground(BUILTIN_BACKGROUNDS[2]!, demo, { width: 720, height: 1280, duration: 1.5, fps: 30 });
    await serve('demo', demo, 1.5);
  }, 120_000);

  afterAll(async () => {
    await renderer?.close();
    await media?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function both(name: string, compositionId: string, inputProps: Record<string, unknown>, frameRange?: [number, number]) {
    const fast = join(dir, `${name}-fast.mp4`);
    const full = join(dir, `${name}-full.mp4`);
    const a = await renderer.render({ compositionId, inputProps, outputPath: fast, localFiles, frameRange });
    const b = await renderer.render({ compositionId, inputProps, outputPath: full, localFiles, frameRange, engine: 'full' });
    expect(a.engine).toBe('fast');
    expect(b.engine).toBe('remotion');
    expect(frameCount(fast)).toBe(frameCount(full));
    return { fast, full, db: psnr(fast, full) };
  }

  const wallCases: [PresetId, string][] = [
    ['bold', '9:16'],
    ['boxed', '1:1'],
    ['punchy', '16:9'],
    ['clean', '9:16'],
    ['elegant', '1:1'],
    ['neon', '16:9'],
  ];
  for (const [preset, aspect] of wallCases) {
    it(`text wall, ${preset} at ${aspect}: the entrance and the held text`, async () => {
      const props = {
        text: 'Stop scrolling 🛑\nThis changes how you make ads',
        background: clips.bg,
        durationInSeconds: 5,
        aspect,
        style: { ...STYLE_PRESETS[preset].style, highlightWords: ['ads'] },
      };
      // the first second: the entrance, the first held frames and the clip's loop
      const { db } = await both(`wall-${preset}`, 'text-wall', props, [0, 29]);
      expect(db).toBeGreaterThanOrEqual(35);
    }, 300_000);
  }

  for (const [preset, aspect] of [['bold', '9:16'], ['boxed', '1:1'], ['neon', '16:9']] as const) {
    it(`hook + demo, ${preset} at ${aspect}: both clips with their zoom, texts, caption, end card and sound`, async () => {
      const props = {
        hook: clips.hook,
        demo: clips.demo,
        hookText: 'Wait for it 👀',
        demoText: 'Make 50 in one click',
        captionText: 'Free for 7 days',
        productName: 'Glow Serum',
        endCardSeconds: 0.5,
        aspect,
        style: STYLE_PRESETS[preset].style,
      };
      const { fast, db } = await both(`composite-${preset}`, 'hook-product-demo', props);
      expect(db).toBeGreaterThanOrEqual(35);
      expect(hasAudio(fast)).toBe(true);
    }, 300_000);
  }
});
