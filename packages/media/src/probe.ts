import { defaultMediaTool } from '@hookwall/binaries';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, untrustedInput, type FfmpegPaths } from './ffmpeg.ts';

export interface VideoInfo {
  /** seconds */
  duration: number;
  width: number;
  height: number;
  fps: number;
  codec: string;
  /** bytes, as ffprobe reports the container */
  size: number | null;
  formatName: string;
}

export const UNREADABLE_VIDEO = 'This file is not a video we can read.';

export class UnreadableVideoError extends Error {
  constructor(readonly detail: string) {
    super(UNREADABLE_VIDEO);
  }
}

interface ProbeOutput {
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; avg_frame_rate?: string; r_frame_rate?: string; duration?: string; color_space?: string; disposition?: { attached_pic?: number } }[];
  format?: { duration?: string; size?: string; format_name?: string };
}

/**
 * At most this many probes (ffprobe, and the one-frame decode of a thumbnail) run at once in one
 * process: an API confirming a burst of uploads, a worker checking a render's clips. Further
 * probes wait their turn. Nothing holding a slot waits for another one.
 */
const MAX_CONCURRENT_PROBES = 4;
let activeProbes = 0;
const waitingProbes: (() => void)[] = [];

/** Runs `work` in one of the process's probe slots (MAX_CONCURRENT_PROBES). */
async function withProbeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (activeProbes >= MAX_CONCURRENT_PROBES) await new Promise<void>((resolve) => waitingProbes.push(resolve));
  activeProbes++;
  try {
    return await work();
  } finally {
    activeProbes--;
    waitingProbes.shift()?.();
  }
}

/** The one ffprobe wrapper: streams and format of `source` as JSON, read as an untrusted input. */
async function ffprobe(source: string, paths: FfmpegPaths, contentType?: string): Promise<ProbeOutput> {
  const { stdout } = await withProbeSlot(() => run(paths.ffprobePath ?? defaultMediaTool('ffprobe'), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...untrustedInput(source, contentType)], 60_000));
  return JSON.parse(stdout) as ProbeOutput;
}

function rate(value: string | undefined): number {
  if (!value) return 0;
  const [n, d] = value.split('/').map(Number);
  if (!n || !Number.isFinite(n)) return 0;
  return d ? n / d : n;
}

/**
 * Reads duration, size, frame rate and codec with ffprobe. Anything that is not a video with at
 * least one decodable frame (an image, a text file, a truncated MP4 without its index) is an
 * UnreadableVideoError carrying the user-facing reason.
 */
export async function probeVideo(source: string, paths: FfmpegPaths = {}, contentType?: string): Promise<VideoInfo> {
  return (await probeVideoClip(source, paths, contentType)).info;
}

/** probeVideo, and what composing the clip needs to know of it (probeClip), from the same ffprobe run. */
export async function probeVideoClip(source: string, paths: FfmpegPaths = {}, contentType?: string): Promise<{ info: VideoInfo; facts: ClipFacts }> {
  let output: ProbeOutput;
  try {
    output = await ffprobe(source, paths, contentType);
  } catch (error) {
    throw new UnreadableVideoError((error as { stderr?: string }).stderr?.trim() || String(error));
  }
  const video = output.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const duration = Number(output.format?.duration ?? video?.duration ?? 0);
  const formatName = output.format?.format_name ?? '';
  // still images probe as one-frame "videos" (image2, png_pipe, ...): not a clip
  const isImage = /image2|_pipe|gif|png|jpeg|webp/.test(formatName) && !/mov|mp4|matroska|webm/.test(formatName);
  // a playlist or a list of other files is never a clip, even when it points at real videos
  const isIndirect = /hls|concat|dash|ffconcat|m3u|playlist/.test(formatName);
  if (!video || !video.width || !video.height || !(duration > 0) || isImage || isIndirect) {
    throw new UnreadableVideoError(`no video stream (format ${formatName || 'unknown'})`);
  }
  const info = {
    duration: Math.round(duration * 1000) / 1000,
    width: video.width,
    height: video.height,
    fps: Math.round((rate(video.avg_frame_rate) || rate(video.r_frame_rate)) * 1000) / 1000,
    codec: video.codec_name ?? 'unknown',
    size: output.format?.size ? Number(output.format.size) : null,
    formatName,
  };
  return { info, facts: clipFactsOf(output) };
}

export class UnreadableAudioError extends Error {
  constructor(readonly detail: string) {
    super('This file is not audio we can read.');
  }
}

/**
 * An audio file's length (a voice's speech, read by the render): it must hold an audio stream
 * that lasts; anything else is an UnreadableAudioError. The demuxer is forced from `contentType`.
 */
export async function probeAudio(source: string, paths: FfmpegPaths = {}, contentType?: string): Promise<{ durationSeconds: number }> {
  let output: ProbeOutput;
  try {
    output = await ffprobe(source, paths, contentType);
  } catch (error) {
    throw new UnreadableAudioError((error as { stderr?: string }).stderr?.trim() || String(error));
  }
  const audio = output.streams?.find((s) => s.codec_type === 'audio');
  const durationSeconds = [audio?.duration, output.format?.duration].map(Number).find((d) => Number.isFinite(d) && d > 0) ?? 0;
  if (!audio || !(durationSeconds > 0)) throw new UnreadableAudioError(`no audio stream (format ${output.format?.format_name ?? 'unknown'})`);
  return { durationSeconds };
}

/** What an uploaded file holds, as ffprobe reads it with its demuxer forced (see probeStreams). */
export interface StreamsInfo {
  hasAudio: boolean;
  /** a moving picture: a video stream that is not a cover picture (an MP3's or M4A's album art) */
  hasVideo: boolean;
  /** seconds: the first audio stream's, else the file's; 0 when unknown */
  durationSeconds: number;
  formatName: string;
}

/**
 * The streams of an untrusted upload (the demuxer forced from `contentType`), for a caller that
 * decides itself what it accepts (music tracks). A file ffprobe cannot read at all is an
 * UnreadableAudioError.
 */
export async function probeStreams(source: string, paths: FfmpegPaths = {}, contentType?: string): Promise<StreamsInfo> {
  let output: ProbeOutput;
  try {
    output = await ffprobe(source, paths, contentType);
  } catch (error) {
    throw new UnreadableAudioError((error as { stderr?: string }).stderr?.trim() || String(error));
  }
  const streams = output.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  const durationSeconds = [audio?.duration, output.format?.duration].map(Number).find((d) => Number.isFinite(d) && d > 0) ?? 0;
  return {
    hasAudio: !!audio,
    hasVideo: streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic),
    durationSeconds,
    formatName: output.format?.format_name ?? '',
  };
}

/** What composing a clip under an overlay needs to know of it (see probeClip). */
export interface ClipFacts {
  hasAudio: boolean;
  /** the matrix its YUV was made with; untagged clips as the browser reads them (HD: BT.709, SD: BT.601) */
  colorMatrix: 'bt709' | 'bt601';
  /** its video's length (0 when unknown: a chunk then enters it from its start rather than by a seek) */
  durationSeconds?: number;
  /** its frame's size, when known: a clip of the video's shape is placed without extra work */
  width?: number;
  height?: number;
}

/** A clip's sound, colour matrix and length (ffprobe), for the composite's audio track and its colours. */
export async function probeClip(source: string, paths: FfmpegPaths = {}): Promise<ClipFacts> {
  return clipFactsOf(await ffprobe(source, paths));
}

function clipFactsOf(probed: ProbeOutput): ClipFacts {
  const streams = probed.streams ?? [];
  const video = streams.find((st) => st.codec_type === 'video');
  const space = video?.color_space ?? 'unknown';
  const isHd = (video?.height ?? 0) >= 720 || (video?.width ?? 0) >= 1280;
  const colorMatrix = space === 'bt709' ? 'bt709' : ['smpte170m', 'bt470bg', 'fcc', 'smpte240m'].includes(space) ? 'bt601' : isHd ? 'bt709' : 'bt601';
  // the video stream's own length, else the file's (WebM streams carry none)
  const durationSeconds = [video?.duration, probed.format?.duration].map(Number).find((d) => Number.isFinite(d) && d > 0) ?? 0;
  return { hasAudio: streams.some((st) => st.codec_type === 'audio'), colorMatrix, durationSeconds, width: video?.width, height: video?.height };
}

/** Where a video's thumbnail is taken, in seconds: a second in, or the middle of a shorter video. */
export function thumbnailSeconds(durationSeconds: number): number {
  return Math.min(1, durationSeconds / 2);
}

/**
 * A JPEG from about a second in (or the middle of a shorter clip; or `atSeconds`, a rendered video's
 * own choice), 480 px wide. Decoding a frame also proves the stream is readable: a file whose index
 * is fine but whose data is cut off fails here.
 */
export async function makeThumbnail(source: string, info: Pick<VideoInfo, 'duration'>, paths: FfmpegPaths = {}, contentType?: string, atSeconds?: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'hookwall-thumb-'));
  const out = join(dir, 'thumb.jpg');
  const at = atSeconds ?? thumbnailSeconds(info.duration);
  try {
    await withProbeSlot(() =>
      run(
        paths.ffmpegPath ?? defaultMediaTool('ffmpeg'),
        ['-v', 'error', '-nostdin', '-y', '-ss', at.toFixed(3), ...untrustedInput(source, contentType), '-frames:v', '1', '-vf', "scale='min(480,iw)':-2", '-q:v', '4', '-f', 'image2', out],
        60_000,
      ),
    );
    const bytes = await readFile(out).catch(() => null);
    if (!bytes || bytes.length === 0) throw new UnreadableVideoError('no frame could be decoded');
    return bytes;
  } catch (error) {
    if (error instanceof UnreadableVideoError) throw error;
    throw new UnreadableVideoError((error as { stderr?: string }).stderr?.trim() || String(error));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
