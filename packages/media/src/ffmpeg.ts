import { execFile } from 'node:child_process';
import { setPriority } from 'node:os';

export interface FfmpegPaths {
  ffmpegPath?: string;
  ffprobePath?: string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** The niceness of background work (the built-in clips): the lowest priority, so a render always goes first. */
export const IDLE_PRIORITY = 19;

/**
 * Runs ffmpeg or ffprobe without a shell (arguments are never interpreted), with a time limit;
 * `priority` sets the process's niceness (IDLE_PRIORITY for work nobody waits for).
 */
export function run(program: string, args: string[], timeoutMs = 120_000, signal?: AbortSignal, priority?: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(program, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL', signal }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr: String(stderr).slice(-2000) }));
      else resolve({ stdout: String(stdout), stderr: String(stderr) });
    });
    if (priority !== undefined && child.pid) {
      try {
        setPriority(child.pid, priority);
      } catch {
        // it already ended, or this system refuses: it runs at the normal priority
      }
    }
  });
}

/** The demuxer for each accepted upload type: ffmpeg never guesses the format of an upload. */
export const DEMUXER_BY_CONTENT_TYPE: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
  'audio/wav': 'wav',
  'audio/mp4': 'mov',
  // music uploads (audio.ts sniffs which from the bytes); Matroska and AVI only to tell a video apart
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'video/x-matroska': 'matroska',
  'video/x-msvideo': 'avi',
};

/**
 * Input options for reading an untrusted upload. The format is forced from the declared type, so a
 * file that is really a playlist (HLS, concat, ...) cannot make ffmpeg open other local files or
 * internal URLs; and the protocols are limited to what the source needs (a path, or the presigned
 * HTTP(S) URL of an S3 object).
 */
export function untrustedInput(source: string, contentType?: string): string[] {
  const isUrl = /^https?:\/\//.test(source);
  const demuxer = contentType ? DEMUXER_BY_CONTENT_TYPE[contentType] : undefined;
  return [
    '-protocol_whitelist', isUrl ? 'http,https,tcp,tls,crypto' : 'file',
    ...(demuxer ? ['-f', demuxer] : []),
    '-i', isUrl ? source : `file:${source}`,
  ];
}
