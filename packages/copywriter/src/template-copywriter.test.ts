import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFrom } from '@hookwall/binaries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeArea, STYLE_PRESETS } from '@hookwall/video/schemas';
import { createTemplateCopywriter, parseProductContext } from './index.ts';

const context = {
  name: 'Glow Serum',
  type: 'product' as const,
  content: 'Gives dull skin a visible glow in 7 days.\nWhat makes it special:\n- Vitamin C from real oranges\n- Vegan and cruelty free\n- Works under make-up',
};
const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 3);
/** the words a text may use to speak of the product: its name, what it does, its features */
const productWords = new Set([...words(context.name), ...words(context.content)]);

describe('template copywriter', () => {
  const writer = createTemplateCopywriter();

  it('writes 50 pairwise distinct texts, each about the product or its benefit', async () => {
    const texts = await writer.generateTexts({ context, count: 50, seed: 11 });
    expect(texts).toHaveLength(50);
    expect(new Set(texts.map((t) => t.toLowerCase().replace(/\s+/g, ' '))).size).toBe(50);
    for (const text of texts) expect(words(text).some((w) => productWords.has(w)), text).toBe(true);
    expect(writer.costPerText).toBe(0);
  });

  it('is deterministic for a seed, and another seed writes another batch', async () => {
    const a = await writer.generateTexts({ context, count: 20, seed: 5 });
    expect(await writer.generateTexts({ context, count: 20, seed: 5 })).toEqual(a);
    expect(await writer.generateTexts({ context, count: 20, seed: 6 })).not.toEqual(a);
  });

  it('uses several ad formats', async () => {
    const texts = (await writer.generateTexts({ context, count: 30, seed: 3 })).join('\n\n');
    for (const marker of [/\?/, /POV:/, /reasons|→|✔/i, /Before|Then:/, /Stop|Wait|Hold up/]) expect(texts).toMatch(marker);
  });

  it('200 distinct texts even from a one-feature context; never a text it was told to avoid', async () => {
    const thin = { name: 'Mug', type: 'product' as const, content: 'Keeps coffee hot.' };
    const texts = await writer.generateTexts({ context: thin, count: 200, seed: 1 });
    expect(new Set(texts).size).toBe(200);
    const first = texts.slice(0, 5);
    const next = await writer.generateTexts({ context: thin, count: 20, seed: 1, avoid: first });
    for (const t of first) expect(next).not.toContain(t);
  });

  it('never lists the same feature twice', async () => {
    const two = { ...context, content: 'Gives dull skin a glow.\nWhat makes it special:\n- Vitamin C\n- Vegan' };
    for (const text of await writer.generateTexts({ context: two, count: 60, seed: 9 })) {
      const lines = text.split('\n').map((l) => l.replace(/^\s*(?:\d+\.|→|•|✔)\s*/u, '').replace(/[.!?\s\p{Extended_Pictographic}]+$/gu, '').toLowerCase());
      expect(new Set(lines).size, text).toBe(lines.length);
    }
  });

  it('handles emoji, Arabic and CJK contexts, and very long names', async () => {
    for (const ctx of [
      { name: 'قهوة الصباح ☕', type: 'product' as const, content: 'تبقي القهوة ساخنة طوال اليوم\nWhat makes it special:\n- خفيفة' },
      { name: '抹茶ラテ', type: 'product' as const, content: '毎朝の元気。\nWhat makes it special:\n• 有機抹茶' },
      { name: 'A'.repeat(300), type: 'general' as const, content: 'x'.repeat(2000) },
    ]) {
      const texts = await writer.generateTexts({ context: ctx, count: 10, seed: 2 });
      expect(new Set(texts).size).toBe(10);
      for (const t of texts) expect(t.length).toBeLessThanOrEqual(200);
    }
  });

  it('parses the product form content', () => {
    expect(parseProductContext(context.content)).toEqual({ whatItDoes: 'Gives dull skin a visible glow in 7 days.', features: ['Vitamin C from real oranges', 'Vegan and cruelty free', 'Works under make-up'] });
    expect(parseProductContext('Just a line')).toEqual({ whatItDoes: 'Just a line', features: [] });
  });
});

/**
 * Fit, measured: each text laid out in Chromium with the bold preset's font and size in the text
 * wall's safe area (9:16) must fit without shrinking and without breaking a word.
 */
describe('template texts fit the text wall at the chosen size', () => {
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  // the product's own Chromium: the system's, else the one shipped in npm (never skipped)
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: await chromiumFrom(process.env), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'] });
  }, 120_000);
  afterAll(async () => browser?.close());

  it('50 texts, measured in the browser with Montserrat 800 at 76 px in a 888 px box', async () => {
    const style = STYLE_PRESETS.bold.style;
    const area = safeArea('9:16');
    const fontDir = join(dirname(createRequire(import.meta.url).resolve('@fontsource/montserrat/package.json')), 'files');
    const font = readFileSync(join(fontDir, 'montserrat-latin-800-normal.woff2')).toString('base64');
    const page = await browser!.newPage();
    await page.setContent(
      `<style>@font-face{font-family:M;font-weight:800;src:url(data:font/woff2;base64,${font}) format('woff2')}
       #box{position:absolute;width:${area.width}px;font:${style.fontWeight} ${style.fontSize}px M,"Noto Color Emoji",sans-serif;line-height:1.15;white-space:pre-wrap;overflow-wrap:normal;text-align:center}</style><div id="box">x</div>`,
    );
    await page.evaluate(() => document.fonts.ready);
    const texts = await createTemplateCopywriter().generateTexts({ context, count: 50, seed: 21 });
    for (const text of texts) {
      const size = await page.evaluate((t) => {
        const box = document.getElementById('box')!;
        box.textContent = t;
        return { height: box.scrollHeight, width: box.scrollWidth };
      }, text);
      expect(size.height, text).toBeLessThanOrEqual(area.height);
      expect(size.width, text).toBeLessThanOrEqual(area.width);
    }
  });
});
