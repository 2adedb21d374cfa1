import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { frameAt } from '@hookwall/video/captions';
import { DUCK } from '@hookwall/video/layers';
import { readComposition } from '@hookwall/video/render-request';
import { STYLE_PRESETS, speechTokens, type SpeechWord } from '@hookwall/video/schemas';
import { joinParts } from './join.ts';
import { planRender } from './plan.ts';
import { createRenderer, type Renderer } from './renderer.ts';
import { ensureVideoBundle } from './video-bundle.ts';

/**
 * A composite with a voice-over, its clips' own sound lowered under it, its words (and the hook's
 * own) captioned a page at a time; a music track under a voiced text wall, lowered where the voice
 * speaks, looped, faded out. Real renderer and ffmpeg, both engines. Each sound is a tone of its
 * own pitch, so a filter tells them apart in the mix: the voice 440 Hz, the clips 3 kHz, the music
 * 1.2 kHz.
 */

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
const FPS = 30;
const SCALE = 0.25;
const W = 270;
const H = 480;
const STYLE = { ...STYLE_PRESETS.bold.style, fontSize: 120, highlightWords: [] as string[] };
const VOICE_TEXT = 'ONE TWO THREE FOUR FIVE SIX';
/** six words, 0.3 s each, 0.2 s between: from 0.2 s to 3 s of the voice */
const WORDS: SpeechWord[] = speechTokens(VOICE_TEXT).map((text, i) => ({ text, start: 0.2 + i * 0.5, end: 0.5 + i * 0.5 }));
const VOICE_SECONDS = 3.2;
const HOOK_SECONDS = 2;
const DEMO_SECONDS = 6;

/** the voice alone (below 1 kHz), the clips alone (above 2 kHz), the music alone (around 1.2 kHz) */
const BANDS = {
  voice: 'lowpass=f=700,lowpass=f=700,lowpass=f=700',
  clips: 'highpass=f=2200,highpass=f=2200,highpass=f=2200',
  music: 'bandpass=f=1200:width_type=h:w=150,bandpass=f=1200:width_type=h:w=150',
} as const;

/** A band's level (RMS of 16 kHz mono samples) over [from, to) seconds. */
function loudness(file: string, band: keyof typeof BANDS) {
  const pcm = execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:a', '-af', BANDS[band], '-ac', '1', '-ar', '16000', '-f', 's16le', '-'], { maxBuffer: 1 << 26 });
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
  return (from: number, to: number) => {
    const a = Math.floor(from * 16000);
    const b = Math.min(samples.length, Math.floor(to * 16000));
    let sum = 0;
    for (let i = a; i < b; i++) sum += samples[i]! ** 2;
    return b > a ? Math.sqrt(sum / (b - a)) : 0;
  };
}

function tone(path: string, freq: number, seconds: number, gain: number, video?: string) {
  const audio = ['-f', 'lavfi', '-i', `sine=f=${freq}:r=48000:d=${seconds}`];
  if (video) {
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${video}:s=540x960:r=30:d=${seconds}`, ...audio, '-af', `volume=${gain}`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path]);
  } else {
    execFileSync(ffmpeg, ['-v', 'error', '-y', ...audio, '-af', `volume=${gain}`, '-c:a', 'aac', '-b:a', '128k', '-f', 'mp4', path]);
  }
}

/** The voice: a 440 Hz tone inside each word's time, silence elsewhere. */
function makeVoice(path: string, words: SpeechWord[], seconds: number) {
  const on = words.map((w) => `between(t,${w.start},${w.end})`).join('+');
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=f=440:r=24000:d=${seconds}`, '-af', `asetnsamples=n=48,volume='if(${on},0.5,0)':eval=frame`, '-ac', '1', '-c:a', 'pcm_s16le', path]);
}

function psnr(a: string, b: string): number {
  const out = spawnSync(ffmpeg, ['-hide_banner', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'], { encoding: 'utf8' });
  const match = /average:([\d.]+|inf)/.exec(out.stderr);
  if (!match) throw new Error(`no PSNR in: ${out.stderr.slice(-500)}`);
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}

function framesOf(video: string, frames: number[]): Buffer[] {
  const sorted = [...new Set(frames)].sort((a, b) => a - b);
  const raw = execFileSync(ffmpeg, ['-v', 'error', '-i', video, '-vf', `select='${sorted.map((f) => `eq(n,${f})`).join('+')}'`, '-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 1 << 28 });
  const size = W * H * 3;
  expect(raw.length).toBe(size * sorted.length);
  return frames.map((f) => raw.subarray(sorted.indexOf(f) * size, (sorted.indexOf(f) + 1) * size));
}

/** the bold preset's highlight colour, #facc15: its pixels' number and centre */
function yellow(frame: Buffer) {
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < W * H; i++) {
    const [r, g, b] = [frame[i * 3]!, frame[i * 3 + 1]!, frame[i * 3 + 2]!];
    if (r > 200 && g > 160 && g < 235 && b < 100) {
      count++;
      sx += i % W;
      sy += Math.floor(i / W);
    }
  }
  return { count, x: count ? sx / count : -1, y: count ? sy / count : -1 };
}

/** `b` is read after `a`: on a later line, or further along the same one. */
const readAfter = (a: { x: number; y: number }, b: { x: number; y: number }) => b.y > a.y + 8 || (Math.abs(b.y - a.y) <= 8 && b.x > a.x + 5);

function durationOf(video: string): number {
  return Number(execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', video], { encoding: 'utf8' }).trim());
}

describe('voice-overs, ducking and music', () => {
  let renderer: Renderer;
  let dir: string;
  const media = {} as Record<'hook' | 'demo' | 'bg' | 'voice' | 'music', { url: string; durationInSeconds: number }>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hookwall-voice-over-'));
    renderer = createRenderer({ bundleDir: await ensureVideoBundle(), scale: SCALE, ffmpegPath: ffmpeg, ffprobePath: ffprobe });
    // the hook and the demo: dark clips whose sound is a 3 kHz tone (no yellow in them)
    media.hook = { url: join(dir, 'hook.mp4'), durationInSeconds: HOOK_SECONDS };
    tone(media.hook.url, 3000, HOOK_SECONDS, 0.3, '0x1d3557');
    media.demo = { url: join(dir, 'demo.mp4'), durationInSeconds: DEMO_SECONDS };
    tone(media.demo.url, 3000, DEMO_SECONDS, 0.3, '0x2b2d42');
    media.bg = { url: join(dir, 'bg.mp4'), durationInSeconds: 1 };
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x1d3557:s=540x960:r=30:d=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', media.bg.url]);
    media.voice = { url: join(dir, 'voice.wav'), durationInSeconds: VOICE_SECONDS };
    makeVoice(media.voice.url, WORDS, VOICE_SECONDS);
    // a music track shorter than the videos: it loops
    media.music = { url: join(dir, 'music.m4a'), durationInSeconds: 1.5 };
    tone(media.music.url, 1200, 1.5, 0.4);
  }, 300_000);

  afterAll(async () => {
    await renderer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const composite = (extra: Record<string, unknown> = {}) =>
    readComposition('hook-product-demo', {
      hook: media.hook,
      demo: media.demo,
      hookText: '',
      demoText: '',
      captionText: '',
      endCardSeconds: 0,
      style: STYLE,
      aspect: '9:16',
      speech: { audio: media.voice, words: WORDS },
      captions: { style: 'highlight' },
      ...extra,
    });

  async function both(name: string, composition: ReturnType<typeof composite>) {
    const fast = join(dir, `${name}-fast.mp4`);
    const full = join(dir, `${name}-full.mp4`);
    expect((await renderer.render({ plan: planRender(composition), outputPath: fast })).engine).toBe('fast');
    expect((await renderer.render({ plan: planRender(composition, { engine: 'full' }), outputPath: full })).engine).toBe('remotion');
    return { fast, full };
  }

  it('a composite read over its demo: the voice at its words from the demo on, the clips lowered under it, the words captioned', async () => {
    const composition = composite();
    const plan = planRender(composition);
    expect(plan.layers!.voice).toMatchObject({ startSeconds: HOOK_SECONDS });
    const { fast, full } = await both('over-demo', composition);
    expect(psnr(fast, full)).toBeGreaterThanOrEqual(35);
    // the demo lasts its clip (the voice fits in it)
    expect(Math.abs(durationOf(fast) - (HOOK_SECONDS + DEMO_SECONDS))).toBeLessThan(0.1);
    const at = (w: SpeechWord) => ({ start: w.start + HOOK_SECONDS, end: w.end + HOOK_SECONDS });
    for (const video of [fast, full]) {
      const voice = loudness(video, 'voice');
      const clips = loudness(video, 'clips');
      // the voice: heard at each word, silent before it starts (the hook) and between its words
      for (const w of WORDS.map(at)) expect(voice(w.start + 0.05, w.end - 0.05), `${video}: voice at its word`).toBeGreaterThan(10 * voice(0.2, HOOK_SECONDS - 0.3) + 300);
      const [first, second] = [at(WORDS[0]!), at(WORDS[1]!)];
      // it starts with its first word (the full render's own audio encode lags it by up to about 45 ms)
      const onset = [...Array(100).keys()].map((i) => first.start - 0.1 + i * 0.005).find((t) => voice(t, t + 0.005) > 300);
      expect(onset! - first.start, `${video}: the voice starts at its first word`).toBeGreaterThan(-0.006);
      expect(onset! - first.start).toBeLessThan(0.06);
      expect(voice(first.end + 0.08, second.start - 0.02)).toBeLessThan(voice(first.start + 0.05, first.end - 0.05) / 10);
      // the clips: as loud as recorded over the hook and once the voice has ended, about DUCK.gain of that under the voice
      const open = clips(0.3, HOOK_SECONDS - 0.3);
      const after = clips(at(WORDS.at(-1)!).end + DUCK.release + 0.2, HOOK_SECONDS + DEMO_SECONDS - 0.2);
      const under = clips(first.start + 0.05, at(WORDS.at(-1)!).end - 0.05);
      expect(open).toBeGreaterThan(200);
      expect(Math.abs(after / open - 1), `${video}: the demo's sound comes back up`).toBeLessThan(0.2);
      expect(under / open, `${video}: the clips lowered under the voice`).toBeGreaterThan(DUCK.gain * 0.75);
      expect(under / open).toBeLessThan(DUCK.gain * 1.3);
    }
    // captions: the spoken word marked on its page, in reading order; nothing over the hook (it has no words)
    const marks = WORDS.map((w) => frameAt((at(w).start + at(w).end) / 2, FPS));
    for (const video of [fast, full]) {
      const spots = framesOf(video, [frameAt(1, FPS), ...marks]).map(yellow);
      expect(spots[0]!.count, 'nothing captioned over the hook').toBeLessThan(10);
      for (let i = 1; i < spots.length; i++) expect(spots[i]!.count, `${video}: word ${i - 1} marked`).toBeGreaterThan(100);
      // the first page's words in reading order (a page holds at most 4 words)
      expect(readAfter(spots[1]!, spots[2]!), JSON.stringify(spots.slice(1, 3))).toBe(true);
      expect(readAfter(spots[2]!, spots[3]!), JSON.stringify(spots.slice(2, 4))).toBe(true);
    }
  }, 600_000);

  it('a voice-over read from the hook lowers the hook\'s own sound; a voice longer than the demo lengthens it; the hook\'s words are captioned when it has no voice-over', async () => {
    const composition = composite({ speechStart: 'hook', demo: { ...media.demo, durationInSeconds: 0.5 } });
    // the voice (3 s) needs more than the hook (2 s) and the clipped demo (0.5 s): the demo lasts until 0.5 s after it
    expect(Math.abs(planRender(composition).durationInFrames - Math.ceil((VOICE_SECONDS + 0.5) * FPS))).toBeLessThanOrEqual(1);
    const fast = join(dir, 'from-hook.mp4');
    expect((await renderer.render({ plan: planRender(composition), outputPath: fast })).engine).toBe('fast');
    const voice = loudness(fast, 'voice');
    const clips = loudness(fast, 'clips');
    const [first] = WORDS;
    expect(voice(first!.start + 0.05, first!.end - 0.05)).toBeGreaterThan(500);
    // the hook's sound before the voice starts, and under it
    const ratio = clips(first!.start + 0.05, first!.end - 0.05) / clips(0, 0.02);
    expect(ratio).toBeLessThan(DUCK.gain * 1.3 + 0.1);

    // the hook's own words (a transcript), no voice-over: captioned over the hook only
    const hookWords = [{ text: 'HELLO', start: 0.3, end: 0.8 }, { text: 'THERE', start: 0.9, end: 1.4 }, { text: 'AFTER', start: 2.5, end: 2.9 }];
    const own = composite({ speech: null, hookWords });
    const ownVideo = join(dir, 'hook-words.mp4');
    expect((await renderer.render({ plan: planRender(own), outputPath: ownVideo })).engine).toBe('fast');
    const spots = framesOf(ownVideo, [frameAt(0.55, FPS), frameAt(1.15, FPS), frameAt(2.7, FPS)]).map(yellow);
    expect(spots[0]!.count).toBeGreaterThan(100);
    expect(spots[1]!.count).toBeGreaterThan(100);
    expect(readAfter(spots[0]!, spots[1]!), JSON.stringify(spots)).toBe(true);
    // a word after the hook's end is not shown over the demo
    expect(spots[2]!.count).toBeLessThan(10);
    // its sound is not lowered: no voice-over
    const ownClips = loudness(ownVideo, 'clips');
    expect(Math.abs(ownClips(0.35, 0.75) / ownClips(2.2, 2.6) - 1)).toBeLessThan(0.2);
  }, 600_000);

  it('music under a voiced text wall: looped, lowered where the voice speaks, faded out at the end, in both engines and in chunks', async () => {
    const wall = readComposition('text-wall', {
      text: VOICE_TEXT,
      background: media.bg,
      durationInSeconds: 6,
      style: STYLE,
      speech: { audio: media.voice, words: WORDS },
      captions: { style: 'highlight' },
      music: { audio: media.music, volume: 0.5 },
    });
    const { fast, full } = await both('music', wall as never);
    for (const video of [fast, full]) {
      const music = loudness(video, 'music');
      const voice = loudness(video, 'voice');
      const open = music(3.6, 4.9);
      // looped: still playing long after its 1.5 s
      expect(open, `${video}: the music plays on`).toBeGreaterThan(300);
      const under = music(WORDS[1]!.start, WORDS[4]!.end);
      expect(under / open, `${video}: lowered under the voice`).toBeGreaterThan(DUCK.gain * 0.7);
      expect(under / open).toBeLessThan(DUCK.gain * 1.4);
      // faded out over the last second: the last tenth nearly silent
      expect(music(5.9, 6)).toBeLessThan(open * 0.2);
      for (const w of WORDS) expect(voice(w.start + 0.05, w.end - 0.05)).toBeGreaterThan(500);
    }
    // chunks: the sound made once over the whole video matches
    const plan = planRender(wall, { chunkSeconds: 2 });
    const parts = [];
    for (const [i, range] of plan.chunks.entries()) {
      const path = join(dir, `music-chunk-${i}.mp4`);
      await renderer.render({ plan, outputPath: path, frameRange: range });
      parts.push({ path, frames: range[1] - range[0] + 1 });
    }
    const sound = join(dir, 'music-sound.m4a');
    expect(await renderer.sound({ plan, outputPath: sound })).toBe('written');
    const joined = join(dir, 'music-joined.mp4');
    await joinParts({ parts, fps: FPS, outputPath: joined, workDir: dir, hasAudio: false, soundPath: sound, ffmpegPath: ffmpeg });
    const a = loudness(joined, 'music');
    const b = loudness(fast, 'music');
    for (const [from, to] of [[0.05, 0.15], [1, 2], [3.6, 4.9], [5.5, 5.9]] as const) expect(Math.abs(a(from, to) - b(from, to))).toBeLessThan(Math.max(60, b(from, to) * 0.1));
  }, 600_000);
});
