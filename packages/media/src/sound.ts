import { defaultMediaTool } from '@hookwall/binaries';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, untrustedInput, type FfmpegPaths } from './ffmpeg.ts';
import { probeAudio, UnreadableAudioError } from './probe.ts';

export const NO_SOUND = 'This clip has no sound to transcribe.';

/** The clip has no audio stream, or one that is silent throughout: nothing to transcribe. */
export class NoSoundError extends Error {
  constructor(readonly detail: string) {
    super(NO_SOUND);
  }
}

/** The clip's audio stream could not be decoded. */
export class UnreadableSoundError extends Error {
  constructor(readonly detail: string) {
    super("This clip's sound could not be read.");
  }
}

export interface ClipSound {
  /** 16-bit mono PCM WAV */
  wav: Buffer;
  sampleRate: number;
  /** the length of `wav`: the clip's sound, cut at `maxSeconds` */
  durationSeconds: number;
  /** the clip's sound went on past `maxSeconds` */
  isCut: boolean;
}

export interface SoundOptions {
  /** at most this much of the sound, from the start (default 300 s) */
  maxSeconds?: number;
  /** default 16 000 Hz: what speech recognisers work at, and 32 kB a second */
  sampleRate?: number;
  timeoutMs?: number;
}

/** decodes of a clip's sound at once in one process: each reads the whole file up to maxSeconds */
const MAX_CONCURRENT_DECODES = 2;
let activeDecodes = 0;
const waitingDecodes: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (activeDecodes >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waitingDecodes.push(resolve));
  activeDecodes++;
  try {
    return await work();
  } finally {
    activeDecodes--;
    waitingDecodes.shift()?.();
  }
}

/** 16-bit PCM samples (all channels) of a WAV ffmpeg wrote: the `data` chunk's bytes. */
function pcmData(wav: Buffer): Buffer | undefined {
  if (wav.length < 12 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') return undefined;
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('latin1', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'data') return wav.subarray(at + 8, Math.min(wav.length, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  return undefined;
}

/** the loudest sample under this (about -60 dBFS) is silence: a muted track, not speech */
const SILENT_PEAK = 32;

/**
 * The sound of an uploaded clip as a 16-bit mono WAV at `sampleRate`, at most `maxSeconds` from its
 * start: what a transcription endpoint is sent. The clip is read as an untrusted input (its demuxer
 * forced from `contentType`, only the protocols its source needs). A clip without an audio stream,
 * or whose sound is silent throughout, is a NoSoundError; one whose sound does not decode, an
 * UnreadableSoundError.
 */
export async function extractSound(source: string, paths: FfmpegPaths = {}, contentType?: string, options: SoundOptions = {}): Promise<ClipSound> {
  const maxSeconds = options.maxSeconds ?? 300;
  const sampleRate = options.sampleRate ?? 16_000;
  let soundSeconds: number;
  try {
    soundSeconds = (await probeAudio(source, paths, contentType)).durationSeconds;
  } catch (error) {
    if (error instanceof UnreadableAudioError) throw new NoSoundError(error.detail);
    throw error;
  }
  const dir = await mkdtemp(join(tmpdir(), 'hookwall-sound-'));
  const out = join(dir, 'sound.wav');
  try {
    await withDecodeSlot(() =>
      run(
        paths.ffmpegPath ?? defaultMediaTool('ffmpeg'),
        // the first audio stream only, cut at maxSeconds, as 16-bit mono at sampleRate
        ['-v', 'error', '-nostdin', '-y', ...untrustedInput(source, contentType), '-map', '0:a:0', '-t', String(maxSeconds), '-vn', '-sn', '-dn', '-ac', '1', '-ar', String(sampleRate), '-c:a', 'pcm_s16le', '-f', 'wav', out],
        options.timeoutMs ?? 120_000,
      ),
    ).catch((error: unknown) => {
      throw new UnreadableSoundError((error as { stderr?: string }).stderr?.trim() || String(error));
    });
    const wav = await readFile(out);
    const data = pcmData(wav);
    if (!data || data.length < 2) throw new NoSoundError('the audio stream decodes to no samples');
    let peak = 0;
    for (let i = 0; i + 1 < data.length && peak < SILENT_PEAK; i += 2) peak = Math.max(peak, Math.abs(data.readInt16LE(i)));
    if (peak < SILENT_PEAK) throw new NoSoundError('the audio stream is silent');
    const durationSeconds = Math.floor(data.length / 2) / sampleRate;
    return { wav, sampleRate, durationSeconds, isCut: soundSeconds > maxSeconds + 0.05 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
