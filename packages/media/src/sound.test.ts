import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { extractSound, NO_SOUND, NoSoundError } from './index.ts';

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
const tools = { ffmpegPath: ffmpeg, ffprobePath: ffprobe };
const dir = mkdtempSync(join(tmpdir(), 'hookwall-sound-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small MP4: a test picture for `seconds`, with `audio` (a lavfi source) as its sound, or none. */
function clip(name: string, seconds: number, audio?: string): string {
  const out = join(dir, name);
  execFileSync(ffmpeg, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=64x112:r=10:d=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', audio, '-c:a', 'aac', '-shortest'] : []),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out,
  ]);
  return out;
}

const header = (wav: Buffer) => ({ riff: wav.toString('latin1', 0, 4), channels: wav.readUInt16LE(22), rate: wav.readUInt32LE(24), bits: wav.readUInt16LE(34) });

describe('extractSound', () => {
  it('gives the sound of a clip as 16-bit mono WAV at 16 kHz, as long as the clip', async () => {
    const source = clip('tone.mp4', 2, 'sine=frequency=440:sample_rate=44100:duration=2');
    const sound = await extractSound(source, tools, 'video/mp4');
    expect(header(sound.wav)).toEqual({ riff: 'RIFF', channels: 1, rate: 16_000, bits: 16 });
    expect(sound.durationSeconds).toBeGreaterThan(1.9);
    expect(sound.durationSeconds).toBeLessThan(2.1);
    expect(sound.isCut).toBe(false);
  });

  it('cuts the sound at maxSeconds and says so', async () => {
    const source = clip('long.mp4', 3, 'sine=frequency=300:sample_rate=16000:duration=3');
    const sound = await extractSound(source, tools, 'video/mp4', { maxSeconds: 1 });
    expect(sound.durationSeconds).toBeCloseTo(1, 1);
    expect(sound.isCut).toBe(true);
  });

  it('a clip without an audio stream, or with a silent one, has no sound to transcribe', async () => {
    for (const source of [clip('mute.mp4', 1), clip('silent.mp4', 1, 'anullsrc=r=16000:cl=mono')]) {
      const error = await extractSound(source, tools, 'video/mp4').catch((e: unknown) => e);
      expect(error, source).toBeInstanceOf(NoSoundError);
      expect((error as Error).message).toBe(NO_SOUND);
    }
  });

  it('reads the clip as the declared type only: a playlist posing as an MP4 opens nothing else', async () => {
    const real = clip('real.mp4', 1, 'sine=frequency=440:duration=1');
    const list = join(dir, 'list.mp4');
    writeFileSync(list, `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:${real}\n#EXT-X-ENDLIST\n`);
    const error = await extractSound(list, tools, 'video/mp4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoSoundError);
  });
});
