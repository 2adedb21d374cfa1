import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_BACKGROUNDS, generateBackground, IDLE_PRIORITY, makeThumbnail, probeVideo, run, UNREADABLE_VIDEO, UnreadableVideoError } from './index.ts';
import { mediaToolsFrom } from '@hookwall/binaries';

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
const tools = { ffmpegPath: ffmpeg, ffprobePath: ffprobe };

const dir = mkdtempSync(join(tmpdir(), 'hookwall-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const size = { width: 64, height: 112, duration: 1, fps: 10 };

/** Raw RGB frames of a filter graph. */
function frames(graph: string, count: number): Buffer[] {
  const raw = execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', graph, '-frames:v', String(count), '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'], { maxBuffer: 64 * 1024 * 1024 });
  const frameBytes = size.width * size.height * 3;
  return Array.from({ length: count }, (_, i) => raw.subarray(i * frameBytes, (i + 1) * frameBytes));
}

const meanAbsDiff = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

describe('built-in backgrounds', () => {
  it('has at least 8 distinct clips', () => {
    expect(BUILTIN_BACKGROUNDS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(BUILTIN_BACKGROUNDS.map((b) => b.slug)).size).toBe(BUILTIN_BACKGROUNDS.length);
  });

  it.each(BUILTIN_BACKGROUNDS.map((b) => [b.slug, b] as const))('%s moves and loops seamlessly', (_slug, background) => {
    // render one frame past the end: it must be the first frame again, while the middle differs
    const n = size.duration * size.fps;
    const graph = background.graph(size).replace(`:d=${size.duration}`, `:d=${size.duration * 2}`);
    const all = frames(graph, n + 1);
    expect(meanAbsDiff(all[0]!, all[n]!)).toBeLessThan(1);
    if (background.slug !== 'film-grain') expect(meanAbsDiff(all[0]!, all[Math.floor(n / 2)]!)).toBeGreaterThan(2);
  });

  it('writes H.264 MP4 that probes as the requested size', async () => {
    const out = join(dir, 'bg.mp4');
    await generateBackground(BUILTIN_BACKGROUNDS[0]!, out, size, tools);
    expect(await probeVideo(out, tools)).toMatchObject({ width: 64, height: 112, fps: 10, codec: 'h264', duration: 1 });
  });
});

/** The state letter (R, S, T for stopped…) of each process whose command line names `path`. */
function statesOf(path: string): string[] {
  const states: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(path)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      states.push(stat.slice(stat.lastIndexOf(')') + 2)[0]!);
    } catch {
      // ended meanwhile
    }
  }
  return states;
}
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 20));
};

describe('built-in clips wait for renders', () => {
  it('does not start a clip while renders run', async () => {
    const out = join(dir, 'waits.mp4');
    let asked = 0;
    let isRendering = true;
    const made = generateBackground(BUILTIN_BACKGROUNDS[0]!, out, size, tools, undefined, async () => (asked++, isRendering));
    await until(() => asked >= 3);
    expect(statesOf(out)).toEqual([]);
    isRendering = false;
    await made;
    expect(await probeVideo(out, tools)).toMatchObject({ width: 64, height: 112, duration: 1 });
  });

  it('stops a clip being made while renders run, and continues it once they end', async () => {
    const out = join(dir, 'pauses.mp4');
    // the first answer lets it start; then renders run until the test ends them
    let asked = 0;
    let isRendering = true;
    const made = generateBackground(BUILTIN_BACKGROUNDS[0]!, out, { width: 1080, height: 1920, duration: 2, fps: 30 }, tools, undefined, async () => asked++ > 0 && isRendering);
    // asked again after it was stopped: it is stopped now, for as long as renders run
    await until(() => asked >= 4);
    expect(statesOf(out)).toEqual(['T']);
    isRendering = false;
    await made;
    expect(statesOf(out)).toEqual([]);
    expect(await probeVideo(out, tools)).toMatchObject({ width: 1080, height: 1920, duration: 2 });
  });

  it('ends a stopped clip when its signal aborts', async () => {
    const out = join(dir, 'aborted.mp4');
    const controller = new AbortController();
    let asked = 0;
    const made = generateBackground(BUILTIN_BACKGROUNDS[0]!, out, { width: 1080, height: 1920, duration: 2, fps: 30 }, tools, controller.signal, async () => asked++ > 0);
    await until(() => asked >= 3);
    expect(statesOf(out)).toEqual(['T']);
    controller.abort();
    await expect(made).rejects.toThrow();
    expect(statesOf(out)).toEqual([]);
  });
});

describe('background work', () => {
  it('runs at the lowest priority when asked, so renders go first', async () => {
    // the 19th field of /proc/<pid>/stat is the niceness; the command the shell starts inherits its own
    const stat = (priority?: number) => run('sh', ['-c', 'sleep 0.3; cat /proc/self/stat'], 10_000, undefined, priority).then((r) => Number(r.stdout.split(') ')[1]!.split(' ')[16]));
    expect(await stat(IDLE_PRIORITY)).toBe(19);
    expect(await stat()).toBe(0);
  });
});

describe('probe and thumbnail', () => {
  it('refuses an image, text and an empty file with the user-facing reason', async () => {
    const png = join(dir, 'still.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=32x32', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', png]);
    const text = join(dir, 'text.mp4');
    writeFileSync(text, 'hello');
    const empty = join(dir, 'empty.mp4');
    writeFileSync(empty, '');
    for (const file of [png, text, empty]) {
      await expect(probeVideo(file, tools)).rejects.toBeInstanceOf(UnreadableVideoError);
      await expect(probeVideo(file, tools)).rejects.toThrow(UNREADABLE_VIDEO);
    }
  });

  it('never follows a playlist to other files (an HLS list pointing at a real local video)', async () => {
    const real = join(dir, 'real.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=64x112:r=25:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', real]);
    const playlist = join(dir, 'playlist.mp4');
    writeFileSync(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${real}\n#EXT-X-ENDLIST\n`);
    await expect(probeVideo(playlist, tools, 'video/mp4')).rejects.toBeInstanceOf(UnreadableVideoError);
    await expect(probeVideo(playlist, tools, 'video/webm')).rejects.toBeInstanceOf(UnreadableVideoError);
    // even without a declared type, a playlist is not accepted as a clip
    await expect(probeVideo(playlist, tools)).rejects.toBeInstanceOf(UnreadableVideoError);
    await expect(makeThumbnail(playlist, { duration: 1 }, tools, 'video/mp4')).rejects.toBeInstanceOf(UnreadableVideoError);
    expect((await probeVideo(real, tools, 'video/mp4')).width).toBe(64);
  });

  it.each([
    ['video/webm', 'webm', ['-c:v', 'libvpx', '-b:v', '200k'], 'vp8'],
    ['video/quicktime', 'mov', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], 'h264'],
  ])('reads %s uploads with the demuxer of their declared type', async (contentType, ext, codecArgs, codec) => {
    const file = join(dir, `clip.${ext}`);
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=64x112:r=25:d=1', ...codecArgs, file]);
    const info = await probeVideo(file, tools, contentType);
    expect(info).toMatchObject({ width: 64, height: 112, codec });
    expect((await makeThumbnail(file, info, tools, contentType)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('makes a JPEG thumbnail at most 480 px wide', async () => {
    const out = join(dir, 'wide.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=960x540:r=25:d=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out]);
    const info = await probeVideo(out, tools);
    const jpeg = await makeThumbnail(out, info, tools);
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const thumbPath = join(dir, 'thumb.jpg');
    writeFileSync(thumbPath, jpeg);
    expect(await probeVideo(thumbPath, tools).catch((e) => e)).toBeInstanceOf(UnreadableVideoError);
    const dims = execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', thumbPath]).toString().trim();
    expect(dims).toBe('480,270');
  });
});
