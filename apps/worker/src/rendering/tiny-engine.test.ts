import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { readComposition } from '@hookwall/video/render-request';
import { planRender } from './plan.ts';
import { RenderCancelledError } from './renderer.ts';
import { createTinyRenderer } from './tiny-engine.ts';

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);

/** What the API's shape tests rely on of the test engine: the plan's frames, size and sound, the engine the real one takes, a cancel, a clip that is not a video. */
describe('the test engine', () => {
  let dir: string;
  let clip: string;
  const engine = () => createTinyRenderer({ ffmpegPath: ffmpeg, ffprobePath: ffprobe });
  const streams = (file: string) =>
    JSON.parse(execFileSync(ffprobe, ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_type,codec_name,width,height,r_frame_rate,nb_read_frames', '-of', 'json', file], { encoding: 'utf8' })).streams as Record<string, string | number>[];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hookwall-tiny-'));
    clip = join(dir, 'clip.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=64x112:r=30:d=2', '-f', 'lavfi', '-i', 'sine=f=300:d=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes an H.264 MP4 of the plan's frames and rate at a tiny share of its size, its sound, and the fast path's thumbnail", async () => {
    const plan = planRender(readComposition('text-wall', { text: 'Hi', background: { url: clip, durationInSeconds: 2 }, durationInSeconds: 5, music: { audio: { url: clip, durationInSeconds: 2 }, volume: 0.5 } }));
    const progress: number[] = [];
    const result = await engine().render({ plan, outputPath: join(dir, 'a.mp4'), thumbnailPath: join(dir, 'a.jpg'), onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ engine: 'fast', width: 54, height: 96, fps: 30, durationInFrames: 150, thumbnail: true });
    expect(streams(join(dir, 'a.mp4'))).toMatchObject([
      { codec_type: 'video', codec_name: 'h264', width: 54, height: 96, r_frame_rate: '30/1', nb_read_frames: '150' },
      { codec_type: 'audio', codec_name: 'aac' },
    ]);
    expect(existsSync(join(dir, 'a.jpg'))).toBe(true);
    expect(progress.at(-1)).toBe(1);
    // a chunk: its own frames, no thumbnail
    const part = await engine().render({ plan, outputPath: join(dir, 'b.mp4'), frameRange: [50, 99], thumbnailPath: join(dir, 'b.jpg') });
    expect(part).toMatchObject({ durationInFrames: 50 });
    expect(streams(join(dir, 'b.mp4'))[0]).toMatchObject({ nb_read_frames: '50' });
    expect(existsSync(join(dir, 'b.jpg'))).toBe(false);
  });

  it('reports the full render, and why, for what only it draws; the sound of a chunked render as the real engine makes it', async () => {
    const multi = planRender(readComposition('multi-text-wall', { walls: [{ text: 'A', durationInSeconds: 2 }, { text: 'B', durationInSeconds: 2 }] }));
    expect(await engine().render({ plan: multi, outputPath: join(dir, 'c.mp4') })).toMatchObject({ engine: 'remotion', fallbackReason: multi.fullReason, durationInFrames: multi.durationInFrames });
    expect(streams(join(dir, 'c.mp4'))).toMatchObject([{ codec_type: 'video', nb_read_frames: String(multi.durationInFrames) }]);
    expect(await engine().sound({ plan: multi, outputPath: join(dir, 'c.m4a') })).toBe('unplanned');
    const silent = planRender(readComposition('text-wall', { text: 'Hi', background: { url: clip, durationInSeconds: 2 }, durationInSeconds: 5 }));
    expect(await engine().sound({ plan: silent, outputPath: join(dir, 'd.m4a') })).toBe('none');
  });

  it('stops at once when cancelled, leaving nothing; fails, not as a cancel, on a clip that is not a video', async () => {
    const plan = planRender(readComposition('text-wall', { text: 'Hi', background: { url: clip, durationInSeconds: 2 }, durationInSeconds: 5 }));
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 200);
    const slow = createTinyRenderer({ ffmpegPath: ffmpeg, ffprobePath: ffprobe, msPerFrame: 20 });
    await expect(slow.render({ plan, outputPath: join(dir, 'e.mp4'), thumbnailPath: join(dir, 'e.jpg'), signal: cancel.signal })).rejects.toBeInstanceOf(RenderCancelledError);
    expect(existsSync(join(dir, 'e.mp4')) || existsSync(join(dir, 'e.jpg'))).toBe(false);

    const junk = join(dir, 'junk.mp4');
    writeFileSync(junk, Buffer.alloc(4000, 'x'));
    const outcome = await engine()
      .render({ plan: planRender(readComposition('text-wall', { text: 'Hi', background: { url: junk, durationInSeconds: 1 }, durationInSeconds: 5 })), outputPath: join(dir, 'f.mp4') })
      .then(() => 'rendered', (error: unknown) => error);
    expect(outcome).toBeInstanceOf(Error);
    expect(outcome).not.toBeInstanceOf(RenderCancelledError);
    expect(existsSync(join(dir, 'f.mp4'))).toBe(false);
  });
});
