import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { textWallLayers } from '@hookwall/video/layers';
import { textWallMeta } from '@hookwall/video/schemas';
import { compose } from './compose.ts';
import { orderedFrames } from './frame-queue.ts';
import type { OverlayPages } from './overlay-pages.ts';

/**
 * Readies a worker before its first job: the browser started and the overlay's tabs opened (each
 * loads the bundle and draws one frame), so the first job finds them, the bundle's code and the
 * fonts ready. The text reaches for the fallback fonts too (emoji, Arabic, Hebrew, CJK), which
 * Chromium otherwise loads on first use. Then one tiny compose through the same ffmpeg graph (a
 * PNG in, overlay, x264, thumbnail): the first render after start was slower without it, ffmpeg's
 * code and libraries not yet in memory. Throws when either fails.
 */
export async function warmUp(overlayPages: OverlayPages, ffmpegPath: string): Promise<void> {
  const layers = textWallLayers({
    ...textWallMeta.defaultProps,
    text: 'Ready ✓ 🚀 مرحبا שלום 你好 こんにちは 안녕',
    // never read: only the overlay is drawn
    background: { url: 'http://127.0.0.1:9/warm.mp4', durationInSeconds: 1 },
  });
  const png = layers ? await overlayPages.warm(layers) : null;
  if (!png) return;
  const dir = await mkdtemp(join(tmpdir(), 'hookwall-warm-'));
  try {
    const overlay = orderedFrames([0]);
    overlay.put(0, png);
    overlay.end();
    const size = 64;
    await compose({
      plan: { width: size, height: size, fps: 30, durationInFrames: 60, clips: [{ kind: 'color', frames: 60, color: '#000000' }], overlayCompositionId: '', renderFrames: [0], props: {} },
      width: size,
      height: size,
      overlayFrames: [0],
      overlay,
      probe: async () => ({ hasAudio: false, colorMatrix: 'bt709' }),
      outputPath: join(dir, 'warm.mp4'),
      thumbnail: { outputPath: join(dir, 'warm.jpg'), frame: 0 },
      ffmpegPath,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
