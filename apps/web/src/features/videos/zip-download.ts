import { uniqueFileNames } from '@hookwall/text-files/file-names';
import { zipSync } from 'fflate';
import type { VideoItem } from './video-items';
import { downloadName } from './video-items';

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The zip of the finished videos (stored, not compressed: MP4 does not shrink), each named as its
 * single download is (text walls sharing a text: with their variant, `Hook (Punchy, Ocean waves).mp4`), a
 * name given twice made unique (`Hook (2).mp4`). fflate writes the names in
 * UTF-8 and sets the entry's UTF-8 flag (bit 11) when a name is not ASCII, so unzip tools keep
 * accents and other scripts instead of reading them as CP437.
 */
export async function zipVideos(items: VideoItem[], onProgress?: (done: number, total: number) => void): Promise<{ zip: Uint8Array; count: number }> {
  const ready = items.filter((i) => i.outputUrl);
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  const unique = uniqueFileNames();
  // text walls of the same text (a matrix bulk: one text over several presets and backgrounds) carry their variant
  const texts = new Map<string, number>();
  for (const item of ready) if (item.text !== undefined) texts.set(item.text, (texts.get(item.text) ?? 0) + 1);
  const nameOf = (item: VideoItem) => (item.text !== undefined && texts.get(item.text)! > 1 && item.variantFileName ? item.variantFileName : downloadName(item));
  let done = 0;
  for (const item of ready) {
    const response = await fetch(item.outputUrl!);
    if (!response.ok) throw new Error(`Could not download "${item.title}" (${response.status}).`);
    files[unique(nameOf(item))] = [new Uint8Array(await response.arrayBuffer()), { level: 0 }];
    onProgress?.(++done, ready.length);
  }
  return { zip: zipSync(files), count: ready.length };
}

/** Fetches the finished videos and saves them as one zip. */
export async function downloadZip(items: VideoItem[], onProgress?: (done: number, total: number) => void): Promise<number> {
  const { zip: zipped, count } = await zipVideos(items, onProgress);
  save(new Blob([zipped as BlobPart], { type: 'application/zip' }), `hookwall-videos-${new Date().toISOString().slice(0, 10)}.zip`);
  return count;
}
