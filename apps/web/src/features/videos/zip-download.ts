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

/** Fetches the finished videos and saves them as one zip (stored, not compressed: MP4 does not shrink). */
export async function downloadZip(items: VideoItem[], onProgress?: (done: number, total: number) => void): Promise<number> {
  const ready = items.filter((i) => i.outputUrl);
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  let done = 0;
  for (const item of ready) {
    const response = await fetch(item.outputUrl!);
    if (!response.ok) throw new Error(`Could not download "${item.title}" (${response.status}).`);
    let name = downloadName(item);
    while (files[name]) name = `x-${name}`;
    files[name] = [new Uint8Array(await response.arrayBuffer()), { level: 0 }];
    onProgress?.(++done, ready.length);
  }
  const zipped = zipSync(files);
  save(new Blob([zipped as BlobPart], { type: 'application/zip' }), `hookwall-videos-${new Date().toISOString().slice(0, 10)}.zip`);
  return ready.length;
}
