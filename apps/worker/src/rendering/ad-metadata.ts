import { rename } from 'node:fs/promises';
import { defaultMediaTool } from '@hookwall/binaries';
import { run, type FfmpegPaths } from '@hookwall/media';

/**
 * Writes the video's ad code into its MP4's title and comment (docs/ad-results.md): whoever
 * uploads the file to an ads manager, or finds it on a disk, can read the code back. One stream
 * copy of the finished file, whichever engine made it and however many parts were joined: the
 * pictures and the sound are not touched, `+faststart` keeps the index at the front.
 */
export async function writeAdCodeMetadata(ffmpeg: FfmpegPaths, path: string, adCode: string, signal?: AbortSignal): Promise<void> {
  const tagged = `${path}.tagged.mp4`;
  await run(
    ffmpeg.ffmpegPath ?? defaultMediaTool('ffmpeg'),
    [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-i', `file:${path}`,
      '-map', '0', '-c', 'copy', '-map_metadata', '0',
      '-metadata', `title=${adCode}`,
      '-metadata', `comment=Hookwall ad code ${adCode}`,
      '-movflags', '+faststart',
      `file:${tagged}`,
    ],
    120_000,
    signal,
  );
  await rename(tagged, path);
}
