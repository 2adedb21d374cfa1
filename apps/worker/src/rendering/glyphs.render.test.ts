import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderer, type Renderer } from './renderer.ts';
import { ensureVideoBundle } from './video-bundle.ts';
import { mediaToolsFrom } from '@hookwall/binaries';

const { ffmpeg } = mediaToolsFrom(process.env);

/** The frame as gray bytes (ffmpeg decodes the PNG). */
function grayPixels(png: string): Buffer {
  return execFileSync(ffmpeg, ['-v', 'error', '-i', png, '-f', 'rawvideo', '-pix_fmt', 'gray', '-']);
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** How colourful the frame is: the share of pixels whose channels differ by more than 80 (emoji are colour, the text is white). */
function colourfulShare(png: string): number {
  const rgb = execFileSync(ffmpeg, ['-v', 'error', '-i', png, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  let count = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    const r = rgb[i]!;
    const g = rgb[i + 1]!;
    const b = rgb[i + 2]!;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 80 && Math.max(r, g, b) > 150) count++;
  }
  return count / (rgb.length / 3);
}

/**
 * Emoji, Arabic and CJK render with real glyphs (Noto fallbacks), not tofu boxes. The reference
 * is the same layout in characters no font has (Unicode private use: always the missing-glyph
 * box): if the fallbacks were missing, both frames would be the same rows of boxes.
 */
describe('text wall glyphs', () => {
  let renderer: Renderer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hookwall-glyphs-'));
    renderer = createRenderer({ bundleDir: await ensureVideoBundle(), scale: 0.5 });
  }, 180_000);
  afterAll(async () => {
    await renderer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const still = async (name: string, text: string) => {
    const output = join(dir, `${name}.png`);
    // a flat dark frame (the gradient fully dimmed would still tint): the text is all that differs
    await renderer.still({
      compositionId: 'text-wall',
      inputProps: { text, durationInSeconds: 5, aspect: '1:1', style: { preset: 'bold', animation: 'none', backgroundDim: 0.8, decoration: 'none' } },
      frame: 0,
      outputPath: output,
    });
    return output;
  };

  it('emoji, Arabic, Hebrew, Cyrillic and CJK are drawn, not boxes', async () => {
    const scripts = {
      emoji: ['👋🚀🔥', '\uE000\uE001\uE002'],
      arabic: ['مرحبا بالعالم', '\uE010\uE011\uE012\uE013\uE014 \uE015\uE016\uE017\uE018\uE019\uE01A'],
      cjk: ['你好世界 こんにちは', '\uE020\uE021\uE022\uE023 \uE024\uE025\uE026\uE027\uE028'],
      hebrew: ['שלום עולם', '\uE030\uE031\uE032\uE033 \uE034\uE035\uE036\uE037'],
      cyrillic: ['Привет мир', '\uE040\uE041\uE042\uE043\uE044\uE045 \uE046\uE047\uE048'],
    } as const;
    for (const [name, [real, tofu]] of Object.entries(scripts)) {
      const a = await still(`${name}-real`, real);
      const b = await still(`${name}-tofu`, tofu);
      const c = await still(`${name}-tofu-again`, tofu.split('').reverse().join(''));
      // two rows of boxes look alike; the real glyphs look nothing like them
      const tofuVsTofu = meanAbsDiff(grayPixels(b), grayPixels(c));
      const realVsTofu = meanAbsDiff(grayPixels(a), grayPixels(b));
      expect(realVsTofu, `${name}: real glyphs vs boxes`).toBeGreaterThan(Math.max(0.5, tofuVsTofu * 4));
      if (name === 'emoji') expect(colourfulShare(a), 'colour emoji').toBeGreaterThan(colourfulShare(b) + 0.002);
    }
  }, 240_000);
});
