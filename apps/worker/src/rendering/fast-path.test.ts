import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_BACKGROUNDS, generateBackground, probeClip } from '@hookwall/media';
import { planLayers } from '@hookwall/video/layers';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { compose, composeArgs, composeSound } from './compose.ts';
import { hasAudio } from './fidelity.test-helpers.ts';
import { loopConcatList, overlayPtsExpression, overlayTimeline } from './compose-graph.ts';
import { orderedFrames } from './frame-queue.ts';
import { encodedPlan, overlayFramesFor, planLoopReuse, sourceFrame } from './plan.ts';
import { mediaToolsFrom } from '@hookwall/binaries';

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);

/** A PNG of `size` x `size` pixels of one colour with a little noise: large enough for several IDAT chunks, as Chromium writes them. */
function solidPng(color: string, format: 'rgba' | 'rgb24' = 'rgba', size = 64): Buffer {
  return execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `color=c=${color}:s=${size}x${size},format=${format},noise=alls=12:allf=t`, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'], { maxBuffer: 1 << 24 });
}

function idatChunks(png: Buffer): number {
  let count = 0;
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) if (png.toString('latin1', at + 4, at + 8) === 'IDAT') count++;
  return count;
}

/** Each frame of a video, by its middle pixel's colour: 'r', 'g', 'b' or '?' */
function frameColours(file: string, size: number): string {
  const raw = execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 1 << 26 });
  const frame = size * size * 3;
  let out = '';
  for (let at = 0; at + frame <= raw.length; at += frame) {
    const p = at + (size * (size / 2) + size / 2) * 3;
    const [r, g, b] = [raw[p]!, raw[p + 1]!, raw[p + 2]!];
    out += r > 180 && g < 80 && b < 80 ? 'r' : g > 180 && r < 80 && b < 80 ? 'g' : b > 180 && r < 80 && g < 80 ? 'b' : '?';
  }
  return out;
}

describe('the fast path plan', () => {
  it('puts each overlay image at its frame and holds it until the next, on whole frames', async () => {
    // the text entrance (0..2), a hold, a second entrance (18, 19): two runs besides the first image
    expect(overlayTimeline([0, 1, 2, 18, 19])).toEqual([0, 1, 2, 18, 19]);
    expect(overlayPtsExpression([0, 1, 2, 18, 19])).toBe('if(lt(N,3),N,N+15)');
    // a chunk starting mid-video begins with the image held there, shown from its first frame
    expect(overlayFramesFor([0, 1, 2, 18, 150, 151], [100, 160])).toEqual([18, 150, 151]);
    expect(overlayTimeline([18, 150, 151])).toEqual([0, 150, 151]);
    expect(overlayPtsExpression([18, 150, 151])).toBe('if(lt(N,1),N,N+149)');
    // counted from the chunk's first frame, as the chunk's clips are
    expect(overlayTimeline([18, 150, 151], 100)).toEqual([0, 50, 51]);
    expect(overlayPtsExpression([18, 150, 151], 100)).toBe('if(lt(N,1),N,N+49)');

    // the real encode: red from frame 0, green from 5, blue from 8, over 12 frames of a plain colour
    const dir = mkdtempSync(join(tmpdir(), 'hookwall-overlay-'));
    try {
      const size = 64;
      const plan = { width: size, height: size, fps: 30, durationInFrames: 12, clips: [{ kind: 'color' as const, frames: 12, color: '#808080' }], overlayCompositionId: 'x', renderFrames: [0, 5, 8], props: {} };
      // an opaque frame in between comes as RGB, as Chromium writes it: the stream changes format
      const pngs = new Map([[0, solidPng('red')], [5, solidPng('lime', 'rgb24')], [8, solidPng('blue')]]);
      // a stream of such PNGs is split where each ends, not every 4 KiB
      expect(idatChunks(pngs.get(0)!)).toBeGreaterThan(1);
      const encode = async (overlayFrames: number[], frameRange: [number, number] | undefined, name: string, thumbnail?: { outputPath: string; frame: number }) => {
        // the images arrive out of order, as the browser's tabs finish them
        const overlay = orderedFrames(overlayFrames);
        const file = join(dir, `${name}.mp4`);
        const done = compose({ plan, width: size, height: size, overlayFrames, overlay, frameRange, probe: async () => ({ hasAudio: false, colorMatrix: 'bt709' }), outputPath: file, thumbnail, ffmpegPath: ffmpeg, x264Preset: 'veryfast', crf: 0 });
        for (const frame of [...overlayFrames].reverse()) {
          await new Promise((r) => setTimeout(r, 20));
          overlay.put(frame, pngs.get(frame)!);
        }
        overlay.end();
        await done;
        return frameColours(file, size);
      };
      expect(await encode([0, 5, 8], undefined, 'whole')).toBe('rrrrrgggbbbb');
      // the thumbnail is the chosen frame of the same encode (green at 6, not red at 0 or blue at 8), a JPEG
      const thumb = join(dir, 'thumb.jpg');
      expect(await encode([0, 5, 8], undefined, 'with-thumbnail', { outputPath: thumb, frame: 6 })).toBe('rrrrrgggbbbb');
      expect(readFileSync(thumb).subarray(0, 3).toString('hex')).toBe('ffd8ff');
      expect(frameColours(thumb, size)).toBe('g');
      // frames 6..10 of the same video: green held from before the range, blue from 8
      expect(await encode(overlayFramesFor([0, 5, 8], [6, 10]), [6, 10], 'chunk')).toBe('ggbbb');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes the overlay on in order, and fails the compose when a frame never comes', async () => {
    const overlay = orderedFrames([3, 4, 7]);
    overlay.put(7, Buffer.from('c'));
    overlay.put(3, Buffer.from('a'));
    overlay.put(4, Buffer.from('b'));
    overlay.end();
    const seen: string[] = [];
    for await (const png of overlay) seen.push(png.toString());
    expect(seen).toEqual(['a', 'b', 'c']);

    const missing = orderedFrames([0, 1]);
    missing.put(0, Buffer.from('a'));
    missing.end();
    await expect((async () => {
      for await (const _ of missing) void _;
    })()).rejects.toThrow('overlay frame 1 was not rendered');

    const failed = orderedFrames([0]);
    failed.fail(new Error('the browser crashed'));
    await expect(compose({
      plan: { width: 16, height: 16, fps: 30, durationInFrames: 4, clips: [{ kind: 'color', frames: 4, color: '#000000' }], overlayCompositionId: 'x', renderFrames: [0], props: {} },
      width: 16, height: 16, overlayFrames: [0], overlay: failed, probe: async () => ({ hasAudio: false, colorMatrix: 'bt709' }),
      outputPath: join(tmpdir(), `hookwall-never-${process.pid}.mp4`), ffmpegPath: ffmpeg, x264Preset: 'veryfast', crf: 20,
    })).rejects.toThrow('the browser crashed');
  });

  it('encodes a looping video once its text has settled and copies the rest, piece by piece', () => {
    const wall = (frames: number, loop: number, heldFrom: number) => ({
      width: 16, height: 16, fps: 30, durationInFrames: frames, overlayCompositionId: 'x', props: {},
      clips: [{ kind: 'clip' as const, url: 'bg', frames, loopFrames: loop, zoom: null, withAudio: false }],
      renderFrames: Array.from({ length: heldFrom + 1 }, (_, i) => i),
    });
    // the benchmark's wall: 10 s over a 6 s clip, the text still from frame 19
    expect(planLoopReuse(wall(300, 180, 19))).toEqual({ encoded: 199, starts: [0, 19, 120], sequence: [0, 1, 2, 1], heldFrom: 19, period: 180 });
    for (const [frames, loop, heldFrom] of [[300, 180, 19], [1800, 180, 19], [1800, 45, 30], [900, 300, 0], [400, 100, 20], [150, 15, 19], [301, 7, 1]] as const) {
      const reuse = planLoopReuse(wall(frames, loop, heldFrom))!;
      // walking the pieces gives every output frame once, each from the encoded frame that shows the same picture
      const shown: number[] = [];
      for (const i of reuse.sequence) for (let f = reuse.starts[i]!; f < (reuse.starts[i + 1] ?? reuse.encoded); f++) shown.push(f);
      expect(shown.length).toBe(frames);
      shown.forEach((source, frame) => {
        expect(source).toBe(sourceFrame(reuse, frame));
        if (frame >= heldFrom) expect((frame - source) % loop).toBe(0);
      });
      // the list's lengths add up to the video's, to the microsecond, however many pieces
      const total = [...loopConcatList(reuse, 30, (i) => `p${i}`).matchAll(/duration (\d+)us/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      expect(total).toBe(Math.round((frames * 1e6) / 30));
    }
    // an end card after the wall: the loop as before up to the card, the card's frames encoded after it, joined last
    for (const [wallFrames, loop, heldFrom, cardFrames] of [[300, 180, 19, 90], [1800, 45, 30, 15], [400, 100, 20, 150], [150, 15, 19, 30]] as const) {
      const plain = wall(wallFrames + cardFrames, loop, heldFrom);
      const cardFrom = wallFrames;
      const plan = {
        ...plain,
        clips: [{ ...plain.clips[0]!, frames: wallFrames }, { kind: 'radial' as const, frames: cardFrames, from: '#ff0000', to: '#000000', stop: 0.75, cx: 0.5, cy: 0.4, fadeInFrames: 8 }],
        renderFrames: [...plain.renderFrames, ...Array.from({ length: 19 }, (_, i) => cardFrom + i)],
      };
      const reuse = planLoopReuse(plan)!;
      const alone = planLoopReuse(wall(wallFrames, loop, heldFrom))!;
      expect(reuse.tail).toEqual({ from: cardFrom, at: alone.encoded });
      expect(reuse.encoded).toBe(alone.encoded + cardFrames);
      expect(reuse.sequence).toEqual([...alone.sequence, reuse.starts.length - 1]);
      const shown: number[] = [];
      for (const i of reuse.sequence) for (let f = reuse.starts[i]!; f < (reuse.starts[i + 1] ?? reuse.encoded); f++) shown.push(f);
      expect(shown.length).toBe(wallFrames + cardFrames);
      shown.forEach((source, frame) => {
        expect(source).toBe(sourceFrame(reuse, frame));
        if (frame >= cardFrom) expect(source).toBe(frame - cardFrom + alone.encoded);
        else if (frame >= heldFrom) expect((frame - source) % loop).toBe(0);
      });
      // the plan of what is encoded: the loop, the card right after it, the card's overlay frames moved there
      const encoded = encodedPlan(plan, reuse);
      expect(encoded.durationInFrames).toBe(reuse.encoded);
      expect(encoded.clips.map((c) => c.frames)).toEqual([alone.encoded, cardFrames]);
      expect(encoded.renderFrames).toEqual([...plain.renderFrames, ...Array.from({ length: 19 }, (_, i) => alone.encoded + i)]);
      const total = [...loopConcatList(reuse, 30, (i) => `p${i}`).matchAll(/duration (\d+)us/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      expect(total).toBe(Math.round(((wallFrames + cardFrames) * 1e6) / 30));
    }
    // a clip after the loop is not a still card: one encode
    const twoClips = wall(300, 30, 19);
    expect(planLoopReuse({ ...twoClips, clips: [{ ...twoClips.clips[0]!, frames: 200 }, { ...twoClips.clips[0]!, frames: 100, loopFrames: null }] })).toBeNull();
    // nothing to gain, or not a plain loop: one encode as before
    expect(planLoopReuse(wall(200, 180, 19))).toBeNull();
    expect(planLoopReuse(wall(300, 180, 19), [0, 99])).toBeNull();
    const zooming = wall(300, 30, 19);
    expect(planLoopReuse({ ...zooming, clips: [{ ...zooming.clips[0]!, zoom: { to: 1.06, over: 300 } }] })).toBeNull();
    expect(planLoopReuse({ ...zooming, clips: [{ ...zooming.clips[0]!, withAudio: true }] })).toBeNull();
  });

  it('the copied loops are the very frames a single encode makes, at their times', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hookwall-loop-'));
    try {
      const size = 64;
      const bg = join(dir, 'bg.mp4');
      // half a second of a moving gradient, so every frame of the loop differs
      await generateBackground(BUILTIN_BACKGROUNDS[0]!, bg, { width: size, height: size, duration: 0.5, fps: 30 }, { ffmpegPath: ffmpeg });
      const plan = {
        width: size, height: size, fps: 30, durationInFrames: 100, overlayCompositionId: 'x', props: {},
        clips: [{ kind: 'clip' as const, url: bg, frames: 100, loopFrames: 15, zoom: null, withAudio: false }],
        renderFrames: [0, 3, 5],
      };
      const pngs = new Map([[0, solidPng('red@0.5', 'rgba', size)], [3, solidPng('lime@0.5', 'rgba', size)], [5, solidPng('blue@0.5', 'rgba', size)]]);
      const encode = async (name: string, reuseLoops: boolean) => {
        const overlay = orderedFrames(plan.renderFrames);
        for (const [frame, png] of pngs) overlay.put(frame, png);
        overlay.end();
        const file = join(dir, `${name}.mp4`);
        const thumb = join(dir, `${name}.jpg`);
        const progress: number[] = [];
        await compose({ plan, width: size, height: size, overlayFrames: plan.renderFrames, overlay, probe: async () => ({ hasAudio: false, colorMatrix: 'bt709' }), outputPath: file, thumbnail: { outputPath: thumb, frame: 77 }, ffmpegPath: ffmpeg, x264Preset: 'veryfast', crf: 0, loopReuse: reuseLoops ? undefined : null, onProgress: (p) => progress.push(p) });
        expect(progress.at(-1)).toBe(1);
        return { file, thumb };
      };
      expect(planLoopReuse(plan)?.encoded).toBe(20);
      const once = await encode('once', false);
      const reused = await encode('reused', true);
      // lossless: the decoded frames of both are identical, every one of the 100
      const md5s = (file: string) => execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:v', '-f', 'framemd5', '-'], { encoding: 'utf8' }).split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(',').at(-1)!.trim());
      expect(md5s(reused.file)).toHaveLength(100);
      expect(md5s(reused.file)).toEqual(md5s(once.file));
      // each frame at its own time, 1/30 s apart, in one video stream ready to stream (moov first)
      const pts = execFileSync(ffprobe, ['-v', 'error', '-select_streams', 'v', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', reused.file], { encoding: 'utf8' }).trim().split('\n').map(Number).sort((a, b) => a - b);
      pts.forEach((t, i) => expect(t).toBeCloseTo(i / 30, 4));
      const head = readFileSync(reused.file).subarray(0, 64).toString('latin1');
      expect(head.indexOf('moov')).toBeGreaterThan(-1);
      // the thumbnail of frame 77 is taken from the encoded frame that shows the same picture
      expect(readFileSync(reused.thumb).equals(readFileSync(once.thumb))).toBe(true);
      // nothing left beside the output but the thumbnail
      expect(readdirSync(dir).filter((f) => f.startsWith('loop-'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a wall with an end card: the loop copied, the card encoded after it, the very frames of a single encode', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hookwall-loop-card-'));
    try {
      const size = 64;
      const bg = join(dir, 'bg.mp4');
      await generateBackground(BUILTIN_BACKGROUNDS[0]!, bg, { width: size, height: size, duration: 0.5, fps: 30 }, { ffmpegPath: ffmpeg });
      // 100 frames of wall over a loop of 15, then 30 of card fading in over 10, its text changing at 100 and 104
      const plan = {
        width: size, height: size, fps: 30, durationInFrames: 130, overlayCompositionId: 'x', props: {},
        clips: [
          { kind: 'clip' as const, url: bg, frames: 100, loopFrames: 15, zoom: null, withAudio: false },
          { kind: 'radial' as const, frames: 30, from: '#ff8800', to: '#220044', stop: 0.75, cx: 0.5, cy: 0.4, fadeInFrames: 10 },
        ],
        renderFrames: [0, 3, 5, 100, 104],
      };
      const pngs = new Map([[0, solidPng('red@0.5', 'rgba', size)], [3, solidPng('lime@0.5', 'rgba', size)], [5, solidPng('blue@0.5', 'rgba', size)], [100, solidPng('white@0.2', 'rgba', size)], [104, solidPng('white@0.6', 'rgba', size)]]);
      const encode = async (name: string, reuseLoops: boolean) => {
        const overlay = orderedFrames(plan.renderFrames);
        for (const [frame, png] of pngs) overlay.put(frame, png);
        overlay.end();
        const file = join(dir, `${name}.mp4`);
        const thumb = join(dir, `${name}.jpg`);
        await compose({ plan, width: size, height: size, overlayFrames: plan.renderFrames, overlay, probe: async () => ({ hasAudio: false, colorMatrix: 'bt709' }), outputPath: file, thumbnail: { outputPath: thumb, frame: 77 }, ffmpegPath: ffmpeg, x264Preset: 'veryfast', crf: 0, loopReuse: reuseLoops ? undefined : null });
        return { file, thumb };
      };
      const reuse = planLoopReuse(plan)!;
      // the entrance and one loop (20 frames), then the card's 30
      expect(reuse).toMatchObject({ encoded: 50, tail: { from: 100, at: 20 } });
      const once = await encode('once', false);
      const reused = await encode('reused', true);
      const md5s = (file: string) => execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:v', '-f', 'framemd5', '-'], { encoding: 'utf8' }).split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(',').at(-1)!.trim());
      const whole = md5s(once.file);
      expect(whole).toHaveLength(130);
      // the card fades in (every frame of its fade differs), then holds
      expect(new Set(whole.slice(100, 111)).size).toBe(11);
      expect(md5s(reused.file)).toEqual(whole);
      const pts = execFileSync(ffprobe, ['-v', 'error', '-select_streams', 'v', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', reused.file], { encoding: 'utf8' }).trim().split('\n').map(Number).sort((a, b) => a - b);
      pts.forEach((t, i) => expect(t).toBeCloseTo(i / 30, 4));
      expect(readFileSync(reused.thumb).equals(readFileSync(once.thumb))).toBe(true);
      expect(readdirSync(dir).filter((f) => f.startsWith('loop-') || f.includes('.still-'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a chunk draws only its own frames, and they are the very frames of the whole video', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hookwall-chunk-'));
    try {
      const size = 64;
      // two one-second clips whose every frame differs; the first with sound
      const hook = join(dir, 'hook.mp4');
      const loop = join(dir, 'loop.mp4');
      execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=${size}x${size}:r=30:d=1`, '-f', 'lavfi', '-i', 'sine=f=440:d=1', '-c:v', 'libx264', '-g', '12', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', hook]);
      execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=s=${size}x${size}:r=30:d=1`, '-c:v', 'libx264', '-g', '12', '-pix_fmt', 'yuv420p', loop]);
      // the hook zooms and holds its last frame past its second, the loop plays 70 frames, then a card fades in
      const plan = {
        width: size, height: size, fps: 30, durationInFrames: 135, overlayCompositionId: 'x', props: {},
        clips: [
          { kind: 'clip' as const, url: hook, frames: 45, loopFrames: null, zoom: { to: 1.2, over: 45 }, withAudio: true },
          { kind: 'clip' as const, url: loop, frames: 70, loopFrames: 30, zoom: null, withAudio: false },
          { kind: 'radial' as const, frames: 20, from: '#ff8800', to: '#220044', stop: 0.9, cx: 0.5, cy: 0.4, fadeInFrames: 10 },
        ],
        renderFrames: [0, 50, 100],
      };
      const pngs = new Map([[0, solidPng('red@0.3', 'rgba', size)], [50, solidPng('lime@0.3', 'rgba', size)], [100, solidPng('blue@0.3', 'rgba', size)]]);
      const encode = async (name: string, frameRange?: [number, number]) => {
        const overlayFrames = overlayFramesFor(plan.renderFrames, frameRange);
        const overlay = orderedFrames(overlayFrames);
        for (const frame of overlayFrames) overlay.put(frame, pngs.get(frame)!);
        overlay.end();
        const file = join(dir, `${name}.mp4`);
        await compose({ plan, width: size, height: size, overlayFrames, overlay, frameRange, probe: (u) => probeClip(u, { ffprobePath: ffprobe }), outputPath: file, ffmpegPath: ffmpeg, x264Preset: 'veryfast', crf: 0 });
        return file;
      };
      // a chunk past the hook does not read it; one in the hook's held frame enters it at its last frame
      const argsFor = (frameRange: [number, number]) => composeArgs({ plan, width: size, height: size, overlayFrames: overlayFramesFor(plan.renderFrames, frameRange), overlay: orderedFrames([]), frameRange, probe: (u) => probeClip(u, { ffprobePath: ffprobe }), outputPath: join(dir, 'args.mp4'), ffmpegPath: ffmpeg, x264Preset: 'veryfast', crf: 0 });
      expect(await argsFor([60, 119])).not.toContain(`file:${hook}`);
      const held = await argsFor([40, 80]);
      expect(held.slice(held.indexOf(`file:${hook}`) - 5, held.indexOf(`file:${hook}`) - 3)).toEqual(['-ss', (29 / 30 - 0.0001).toFixed(6)]);
      const md5s = (file: string) => execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:v', '-f', 'framemd5', '-'], { encoding: 'utf8' }).split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(',').at(-1)!.trim());
      const wholeFile = await encode('whole');
      const whole = md5s(wholeFile);
      expect(whole).toHaveLength(135);
      // the sound alone (a chunked video's, made in one piece) is the very sound of the whole compose
      const pcm = (file: string) => execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:a', '-f', 's16le', '-'], { maxBuffer: 1 << 26 });
      const sound = join(dir, 'sound.m4a');
      expect(await composeSound({ plan, probe: (u) => probeClip(u, { ffprobePath: ffprobe }), outputPath: sound, ffmpegPath: ffmpeg })).toBe(true);
      expect(pcm(sound).length).toBeGreaterThan(0);
      expect(pcm(sound).equals(pcm(wholeFile))).toBe(true);
      expect(await composeSound({ plan: { ...plan, clips: plan.clips.map((c) => (c.kind === 'clip' ? { ...c, withAudio: false } : c)) }, probe: (u) => probeClip(u, { ffprobePath: ffprobe }), outputPath: join(dir, 'none.m4a'), ffmpegPath: ffmpeg })).toBe(false);
      expect(new Set(whole.slice(0, 30)).size).toBe(30);
      // from the hook's held frame into the loop; mid-loop into the card; in the card's fade; after it
      for (const [a, b] of [[40, 80], [60, 119], [120, 134], [128, 134], [0, 44]] as const) {
        const file = await encode(`chunk-${a}`, [a, b]);
        expect(md5s(file), `frames ${a}..${b}`).toEqual(whole.slice(a, b + 1));
        // the sound of the range, as long as its pictures
        expect(hasAudio(file)).toBe(true);
        // (the encode's end once cut the sound 35-45 ms short, and each join of a chunked video with it)
        const seconds = Number(execFileSync(ffprobe, ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
        expect(Math.abs(seconds - (b - a + 1) / 30), `sound of frames ${a}..${b}: ${seconds} s`).toBeLessThan(0.01);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
