import { execFile } from 'node:child_process';

export interface FfmpegPaths {
  ffmpegPath?: string;
  ffprobePath?: string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs ffmpeg or ffprobe without a shell (arguments are never interpreted), with a time limit. */
export function run(program: string, args: string[], timeoutMs = 120_000, signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL', signal }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr: String(stderr).slice(-2000) }));
      else resolve({ stdout: String(stdout), stderr: String(stderr) });
    });
  });
}
