import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { synthesize } from '@hookwall/voices';
import { frameAt } from '@hookwall/video/captions';
import { readComposition } from '@hookwall/video/render-request';
import { STYLE_PRESETS, speechTokens, type CaptionStyle, type SpeechWord } from '@hookwall/video/schemas';
import { composeSound } from './compose.ts';
import { joinParts } from './join.ts';
import { planRender } from './plan.ts';
import { createRenderer, type Renderer } from './renderer.ts';
import { ensureVideoBundle } from './video-bundle.ts';

/**
 * A text wall with a voice and captions, by both engines, with the real renderer and ffmpeg: the
 * frames at the word times show the spoken word marked (or filled, or popped in), the sound has each
 * word where it is said, and the fast path (its loop reuse, its chunks) matches the full render.
 * The voice is made here by ffmpeg: a tone for each word at known times, silence between.
 */

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
const FPS = 30;
const SCALE = 0.25;
const W = 270;
const H = 480;
const TEXT = 'ONE TWO THREE FOUR';
/** four words, 0.4 s each, 0.2 s of silence between, from 0.3 s */
const WORDS: SpeechWord[] = speechTokens(TEXT).map((text, i) => ({ text, start: 0.3 + i * 0.6, end: 0.7 + i * 0.6 }));
const STYLE = { ...STYLE_PRESETS.bold.style, fontSize: 120, highlightWords: [] as string[] };

function psnr(a: string, b: string): number {
  const out = spawnSync(ffmpeg, ['-hide_banner', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'], { encoding: 'utf8' });
  const match = /average:([\d.]+|inf)/.exec(out.stderr);
  if (!match) throw new Error(`no PSNR in: ${out.stderr.slice(-500)}`);
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}

/** The voice: a 440 Hz tone inside each word's time, silence elsewhere, `seconds` long. */
function makeVoice(path: string, words: SpeechWord[], seconds: number) {
  const on = words.map((w) => `between(t,${w.start},${w.end})`).join('+');
  const codec = path.endsWith('.m4a') ? ['-c:a', 'aac', '-b:a', '96k', '-f', 'mp4'] : ['-c:a', 'pcm_s16le'];
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=f=440:r=24000:d=${seconds}`, '-af', `asetnsamples=n=48,volume='if(${on},0.5,0)':eval=frame`, '-ac', '1', ...codec, path]);
}

/** Some frames of a video as RGB pixels, in the order asked. */
function framesOf(video: string, frames: number[]): Buffer[] {
  const sorted = [...new Set(frames)].sort((a, b) => a - b);
  const raw = execFileSync(ffmpeg, ['-v', 'error', '-i', video, '-vf', `select='${sorted.map((f) => `eq(n,${f})`).join('+')}'`, '-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 1 << 28 });
  const size = W * H * 3;
  expect(raw.length).toBe(size * sorted.length);
  return frames.map((f) => raw.subarray(sorted.indexOf(f) * size, (sorted.indexOf(f) + 1) * size));
}

/** The pixels of a frame that `is` says yes to: their number and centre. */
function pixels(frame: Buffer, is: (r: number, g: number, b: number) => boolean) {
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < W * H; i++) {
    if (is(frame[i * 3]!, frame[i * 3 + 1]!, frame[i * 3 + 2]!)) {
      count++;
      sx += i % W;
      sy += Math.floor(i / W);
    }
  }
  return { count, x: count ? sx / count : -1, y: count ? sy / count : -1 };
}
/** the bold preset's highlight colour, #facc15 */
const isYellow = (r: number, g: number, b: number) => r > 200 && g > 160 && g < 235 && b < 100;
const isWhite = (r: number, g: number, b: number) => r > 225 && g > 225 && b > 225;

/** The sound's level (RMS of 16 kHz mono samples) in [from, to) seconds. */
function loudness(video: string) {
  const pcm = execFileSync(ffmpeg, ['-v', 'error', '-i', video, '-map', '0:a', '-ac', '1', '-ar', '16000', '-f', 's16le', '-'], { maxBuffer: 1 << 26 });
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
  return (from: number, to: number) => {
    const a = Math.floor(from * 16000);
    const b = Math.min(samples.length, Math.floor(to * 16000));
    let sum = 0;
    for (let i = a; i < b; i++) sum += samples[i]! ** 2;
    return b > a ? Math.sqrt(sum / (b - a)) : 0;
  };
}

/** Each word's window carries the voice, well above the silence around it. */
function expectWordsHeard(video: string, words = WORDS) {
  const level = loudness(video);
  const margin = 0.06;
  for (const [i, w] of words.entries()) {
    const said = level(w.start + margin, w.end - margin);
    const before = level(Math.max(0, w.start - 0.2 + margin), w.start - margin);
    const after = level(w.end + margin, w.end + 0.2 - margin);
    expect(said, `word ${i} is heard`).toBeGreaterThan(500);
    expect(said, `word ${i} against the silence before it`).toBeGreaterThan(10 * before);
    expect(said, `word ${i} against the silence after it`).toBeGreaterThan(10 * after);
  }
  // nothing after the last word
  expect(level(words.at(-1)!.end + 0.1, words.at(-1)!.end + 1)).toBeLessThan(100);
}

function durationOf(video: string, stream: 'v' | 'a'): number {
  return Number(execFileSync(ffprobe, ['-v', 'error', '-select_streams', stream, '-show_entries', 'stream=duration', '-of', 'csv=p=0', video], { encoding: 'utf8' }).trim());
}

const middle = (w: SpeechWord) => frameAt((w.start + w.end) / 2, FPS);

describe('a text wall read by a voice, with captions', () => {
  let renderer: Renderer;
  let dir: string;
  let background: { url: string; durationInSeconds: number };
  let wav: { url: string; durationInSeconds: number };
  let m4a: { url: string; durationInSeconds: number };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hookwall-voice-'));
    renderer = createRenderer({ bundleDir: await ensureVideoBundle(), scale: SCALE, ffmpegPath: ffmpeg, ffprobePath: ffprobe });
    const bg = join(dir, 'bg.mp4');
    // half a second of a dark blue that moves a little (no yellow, no white in it)
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x1d3557:s=540x960:r=30:d=0.5,noise=alls=6:allf=t`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', bg]);
    background = { url: bg, durationInSeconds: 0.5 };
    wav = { url: join(dir, 'voice.wav'), durationInSeconds: 3 };
    makeVoice(wav.url, WORDS, 3);
    m4a = { url: join(dir, 'voice.m4a'), durationInSeconds: 3 };
    makeVoice(m4a.url, WORDS, 3);
  }, 300_000);

  afterAll(async () => {
    await renderer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const wall = (style: CaptionStyle, audio: { url: string; durationInSeconds: number }, extra: Record<string, unknown> = {}) =>
    readComposition('text-wall', { text: TEXT, background, durationInSeconds: 5, style: STYLE, speech: { audio, words: WORDS }, captions: { style }, ...extra });

  async function both(name: string, composition: ReturnType<typeof wall>) {
    const fast = join(dir, `${name}-fast.mp4`);
    const full = join(dir, `${name}-full.mp4`);
    const a = await renderer.render({ plan: planRender(composition), outputPath: fast, thumbnailPath: join(dir, `${name}.jpg`) });
    const b = await renderer.render({ plan: planRender(composition, { engine: 'full' }), outputPath: full });
    expect(a.engine).toBe('fast');
    expect(b.engine).toBe('remotion');
    return { fast, full };
  }

  it('highlight: the spoken word is marked, word after word, in both engines; the voice is heard at its words', async () => {
    const composition = wall('highlight', wav);
    const plan = planRender(composition);
    // the overlay is drawn at each word's start and end, then held; the loop after the last word is copied
    expect(plan.layers!.renderFrames).toEqual([0, ...WORDS.flatMap((w) => [frameAt(w.start, FPS), frameAt(w.end, FPS)])]);
    expect(plan.loopReuse).not.toBeNull();
    const { fast, full } = await both('highlight', composition);
    expect(psnr(fast, full)).toBeGreaterThanOrEqual(35);

    const gap = frameAt(WORDS[1]!.start, FPS) - 3;
    const marks = WORDS.map(middle);
    for (const video of [fast, full]) {
      const frames = framesOf(video, [...marks, gap, 3, 140]);
      const spots = frames.map((f) => pixels(f, isYellow));
      // one word marked at a time, each further on in reading order than the one before
      for (let i = 0; i < WORDS.length; i++) expect(spots[i]!.count, `${video}: word ${i} marked`).toBeGreaterThan(150);
      for (let i = 1; i < WORDS.length; i++) {
        const [a, b] = [spots[i - 1]!, spots[i]!];
        const onNextLine = b.y > a.y + 8;
        expect(onNextLine || (Math.abs(b.y - a.y) < 8 && b.x > a.x + 10), `word ${i} after word ${i - 1}: ${JSON.stringify([a, b])}`).toBe(true);
      }
      // nothing marked between two words, before the first or after the last; the whole text shown all along
      for (const i of [4, 5, 6]) expect(spots[i]!.count).toBeLessThan(10);
      const white = frames.map((f) => pixels(f, isWhite).count);
      expect(white[5]).toBeGreaterThan(400);
      expect(Math.abs(white[5]! - white[6]!)).toBeLessThan(white[5]! * 0.1);
      expectWordsHeard(video);
    }
    // the copied loops keep the voice whole: as long as the pictures
    expect(Math.abs(durationOf(fast, 'a') - 5)).toBeLessThan(0.05);
    // the same words marked at the same places by both engines
    const fastSpots = framesOf(fast, marks).map((f) => pixels(f, isYellow));
    const fullSpots = framesOf(full, marks).map((f) => pixels(f, isYellow));
    fastSpots.forEach((s, i) => expect(Math.hypot(s.x - fullSpots[i]!.x, s.y - fullSpots[i]!.y)).toBeLessThan(3));
  }, 600_000);

  it('pop (an M4A voice): a word is not there before it is said, and pops in when it is', async () => {
    const composition = wall('pop', m4a);
    const { fast, full } = await both('pop', composition);
    expect(psnr(fast, full)).toBeGreaterThanOrEqual(35);
    const before = frameAt(WORDS[0]!.start, FPS) - 2;
    // each word settled, just before the next one starts
    const settled = WORDS.map((w, i) => (WORDS[i + 1] ? frameAt(WORDS[i + 1]!.start, FPS) - 1 : frameAt(w.end, FPS) + 10));
    for (const video of [fast, full]) {
      const white = framesOf(video, [before, ...settled]).map((f) => pixels(f, isWhite).count);
      expect(white[0], 'nothing before the first word').toBeLessThan(10);
      for (let i = 1; i < white.length; i++) expect(white[i]!, `word ${i - 1} added`).toBeGreaterThan((i === 1 ? 0 : white[i - 1]!) + 60);
      expectWordsHeard(video);
    }
  }, 600_000);

  it('karaoke: the words fill with the highlight colour as they are said', async () => {
    const composition = wall('karaoke', wav);
    const fast = join(dir, 'karaoke-fast.mp4');
    expect((await renderer.render({ plan: planRender(composition), outputPath: fast })).engine).toBe('fast');
    const w = WORDS[1]!;
    const [start, end] = [frameAt(w.start, FPS), frameAt(w.end, FPS)];
    const yellow = framesOf(fast, [start - 1, start + 2, Math.round((start + end) / 2), end + 1, 140]).map((f) => pixels(f, isYellow).count);
    // the first word filled before the second starts; then the second fills from its start to its end
    expect(yellow[0]).toBeGreaterThan(100);
    expect(yellow[1]).toBeGreaterThan(yellow[0]! + 5);
    expect(yellow[2]).toBeGreaterThan(yellow[1]! + 20);
    expect(yellow[3]).toBeGreaterThan(yellow[2]! + 20);
    // all filled at the end, the text's white gone into yellow
    expect(yellow[4]).toBeGreaterThan(yellow[3]! + 100);
    expectWordsHeard(fast);
  }, 600_000);

  it('plain: the text shown whole from the first frame, and the voice without loop reuse sounds the same', async () => {
    const composition = wall('plain', wav);
    const plan = planRender(composition);
    expect(plan.layers!.renderFrames).toEqual([0]);
    const once = join(dir, 'plain-once.mp4');
    // one compose pass, the voice one more of its inputs (no loop reuse)
    await renderer.render({ plan: { ...plan, loopReuse: null }, outputPath: once });
    const white = framesOf(once, [0, 60]).map((f) => pixels(f, isWhite).count);
    expect(white[0]).toBeGreaterThan(400);
    expect(Math.abs(white[1]! - white[0]!)).toBeLessThan(white[0]! * 0.03);
    expectWordsHeard(once);
    expect(Math.abs(durationOf(once, 'a') - 5)).toBeLessThan(0.05);
  }, 600_000);

  it('chunks: each part draws its own captions, and the join makes the voice once over the whole video', async () => {
    const composition = wall('highlight', wav);
    const plan = planRender(composition, { chunkSeconds: 2 });
    expect(plan.chunks.length).toBeGreaterThan(1);
    const parts = [];
    for (const [i, range] of plan.chunks.entries()) {
      const path = join(dir, `chunk-${i}.mp4`);
      expect((await renderer.render({ plan, outputPath: path, frameRange: range })).engine).toBe('fast');
      parts.push({ path, frames: range[1] - range[0] + 1 });
    }
    const sound = join(dir, 'chunks-sound.m4a');
    expect(await renderer.sound({ plan, outputPath: sound })).toBe('written');
    const joined = join(dir, 'chunks-joined.mp4');
    await joinParts({ parts, fps: FPS, outputPath: joined, workDir: dir, hasAudio: false, soundPath: sound, ffmpegPath: ffmpeg });
    expectWordsHeard(joined);
    const whole = join(dir, 'chunks-whole.mp4');
    await renderer.render({ plan: planRender(composition), outputPath: whole });
    expect(psnr(joined, whole)).toBeGreaterThanOrEqual(40);
    // a wall the full render draws (no clip) in chunks: its sound is the voice, made once too
    const gradient = planRender(readComposition('text-wall', { ...composition.props, background: null }), { chunkSeconds: 2 });
    expect(gradient.layers).toBeNull();
    const gradientSound = join(dir, 'gradient-sound.m4a');
    expect(await renderer.sound({ plan: gradient, outputPath: gradientSound })).toBe('written');
    expectWordsHeard(gradientSound);
  }, 600_000);

  it('the voice is summed with the sound of a clip, both heard', async () => {
    const clip = join(dir, 'with-sound.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:s=64x64:r=30:d=2', '-f', 'lavfi', '-i', 'sine=f=880:d=2', '-af', 'volume=0.25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
    const sound = join(dir, 'mixed.m4a');
    const plan = { clips: [{ kind: 'clip' as const, url: clip, frames: 60, loopFrames: null, zoom: null, withAudio: true }], fps: FPS, durationInFrames: 60, voice: { url: wav.url } };
    const probe = async (url: string) => (url === wav.url ? { hasAudio: true, colorMatrix: 'bt709' as const, durationSeconds: 3 } : { hasAudio: true, colorMatrix: 'bt709' as const, durationSeconds: 2 });
    expect(await composeSound({ plan, probe, outputPath: sound, ffmpegPath: ffmpeg })).toBe(true);
    const level = loudness(sound);
    const [first, second] = [WORDS[0]!, WORDS[1]!];
    const between = level(first.end + 0.05, second.start - 0.05);
    // the clip's sound under the whole video, the voice over it at its words
    expect(between).toBeGreaterThan(150);
    expect(level(first.start + 0.05, first.end - 0.05)).toBeGreaterThan(between * 2);
    expect(Math.abs(durationOf(sound, 'a') - 2)).toBeLessThan(0.05);
  });

  it('a French voice of the offline engine: the marked word follows its own words, and the MP4 speaks them', async () => {
    const text = 'Arrêtez de défiler : ceci change tout pour vos publicités';
    const speech = await synthesize({ ttsVoices: [], timeoutMs: 60_000 }, { voiceId: 'espeak:fr-FR-female', text, speed: 1 });
    expect(speech.words.map((w) => w.text)).toEqual(speechTokens(text));
    const audio = join(dir, `french.${speech.extension}`);
    writeFileSync(audio, speech.audio);
    const composition = readComposition('text-wall', { text, background, durationInSeconds: Math.max(5, Math.ceil(speech.durationSeconds + 1)), style: STYLE, speech: { audio: { url: audio, durationInSeconds: speech.durationSeconds }, words: speech.words }, captions: { style: 'highlight' } });
    const fast = join(dir, 'french-fast.mp4');
    expect((await renderer.render({ plan: planRender(composition), outputPath: fast })).engine).toBe('fast');
    // the words said long enough to be seen, each marked at its middle, in reading order (lines down, then along)
    const said = speech.words.filter((w) => frameAt(w.end, FPS) - frameAt(w.start, FPS) >= 3);
    expect(said.length).toBeGreaterThan(5);
    const spots = framesOf(fast, said.map(middle)).map((f) => pixels(f, isYellow));
    for (const [i, spot] of spots.entries()) expect(spot.count, `"${said[i]!.text}" marked`).toBeGreaterThan(60);
    for (let i = 1; i < spots.length; i++) {
      const [a, b] = [spots[i - 1]!, spots[i]!];
      expect(b.y > a.y + 8 || (Math.abs(b.y - a.y) < 8 && b.x > a.x + 5), `"${said[i]!.text}" after "${said[i - 1]!.text}"`).toBe(true);
    }
    // the voice is heard while the words are said, and not after them
    const level = loudness(fast);
    const words = speech.words.filter((w) => w.end - w.start >= 0.15);
    const quiet = level(speech.durationSeconds + 0.2, speech.durationSeconds + 0.9);
    for (const w of words) expect(level(w.start, w.end), `"${w.text}" heard`).toBeGreaterThan(10 * quiet + 200);
  }, 600_000);
});
