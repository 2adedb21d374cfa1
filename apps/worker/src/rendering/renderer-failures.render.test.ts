import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { readComposition } from '@hookwall/video/render-request';
import { planRender } from './plan.ts';
import { createRenderer, RenderCancelledError, type Renderer } from './renderer.ts';
import { ensureVideoBundle } from './video-bundle.ts';

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);

/**
 * The fast path's ffmpeg failing on a clip stops the overlay's browser work too; that is the
 * render failing, and must be reported as such (a cancel would leave the render unfinished, since
 * nobody cancelled it).
 */
describe('a clip that is not a video', () => {
  let renderer: Renderer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hookwall-junk-'));
    renderer = createRenderer({ bundleDir: await ensureVideoBundle(), scale: 0.2, ffmpegPath: ffmpeg, ffprobePath: ffprobe });
  }, 120_000);
  afterAll(async () => {
    await renderer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails the render with the reason; it is not reported as a cancel', async () => {
    const junk = join(dir, 'bg.mp4');
    writeFileSync(junk, Buffer.alloc(4000, 'x'));
    const output = join(dir, 'out.mp4');
    const outcome = await renderer
      .render({ plan: planRender(readComposition('text-wall', { text: 'Hello', background: { url: junk, durationInSeconds: 1 }, durationInSeconds: 5 })), outputPath: output })
      .then(
        () => 'rendered',
        (error: unknown) => error,
      );
    // the fast path fails on the clip, and so does the full render it falls back to
    expect(outcome).toBeInstanceOf(Error);
    expect(outcome).not.toBeInstanceOf(RenderCancelledError);
    expect((outcome as Error).message).not.toMatch(/cancelled/);
    expect(existsSync(output)).toBe(false);
  }, 300_000);
});
