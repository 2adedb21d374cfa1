import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * An ffconcat list of consecutive files, each given its exact length in whole microseconds: without
 * it the demuxer takes each container's (rounded to the millisecond) and every later frame arrives a
 * fraction of a millisecond late. The lengths are differences of the rounded running total, so
 * they add up to the whole's length however many files there are (rounding each file's own length
 * would drift by up to half a microsecond per join).
 */
export function ffconcatList(files: { path: string; frames: number }[], fps: number): string {
  const micros = (frames: number) => Math.round((frames * 1_000_000) / fps);
  const lines = ['ffconcat version 1.0'];
  let frames = 0;
  for (const file of files) {
    lines.push(`file '${file.path.replaceAll("'", "'\\''")}'`, `duration ${micros(frames + file.frames) - micros(frames)}us`);
    frames += file.frames;
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Joins the parts (MP4s of consecutive frame ranges, same size, rate and codec) into one MP4:
 * the H.264 streams are copied as they are (each part starts on a key frame). The sound is the
 * whole video's, made in one piece (`soundPath`, composeSound) and copied in; without it, the
 * parts' own sound is decoded across the joins and encoded once, which leaves each part's AAC
 * start-up delay and padding at its join (a dip of about 20 ms). Both engines' parts are whole
 * MP4s, so one join serves both (Remotion's `combineChunks` expects parts rendered with their
 * sound apart, as its Lambda renderer makes them).
 */
export async function joinParts(options: {
  /** each part's file and its length in frames */
  parts: { path: string; frames: number }[];
  fps: number;
  outputPath: string;
  workDir: string;
  /** the parts' own sound is joined (when there is no `soundPath`) */
  hasAudio: boolean;
  /** the whole video's sound, an M4A as long as the joined video: copied in as it is */
  soundPath?: string;
  ffmpegPath: string;
  signal?: AbortSignal;
}): Promise<void> {
  const list = join(options.workDir, 'parts.ffconcat');
  await writeFile(list, ffconcatList(options.parts, options.fps));
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'concat', '-safe', '0', '-i', list,
    ...(options.soundPath ? ['-i', options.soundPath] : []),
    '-map', '0:v:0', '-c:v', 'copy',
    ...(options.soundPath ? ['-map', '1:a:0', '-c:a', 'copy'] : options.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ar', '48000'] : []),
    '-movflags', '+faststart',
    options.outputPath,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(options.ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'], signal: options.signal, killSignal: 'SIGKILL' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg could not join the parts (exit ${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}
