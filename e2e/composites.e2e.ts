import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, watchConsole } from './support/browser';
import { PASSWORD, realErrors, toastWith } from './support/helpers';
import { sharedServer } from './support/shared-server';
import { mediaToolsFrom } from '@hookwall/binaries';

const { ffmpeg } = mediaToolsFrom(process.env);
const SHOTS = join(import.meta.dirname, '../test-results/screenshots');

/**
 * The composite dialogs in a real browser at a phone's and a desktop's width: the hook + demo
 * dialog with a landscape demo of a long title (its rows overflowed at 390 px, cutting "7.0 s"),
 * its pairs and their texts, and the multi text wall dialog, made and rendered (at a quarter size).
 * Screenshots in test-results/screenshots, looked at by hand; no row may be wider than the dialog.
 */
describe('composite dialogs', () => {
  const server = sharedServer();
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const a11y: string[] = [];

  /** A clip uploaded through the API's upload flow, as the clip library does. */
  async function upload(access: string, base: 'brand-videos' | 'text-wall-background-videos', fields: Record<string, string>, size: string, seconds: number) {
    const file = join(server.dataDir, `${fields.title ?? fields.name}.mp4`);
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=30`, '-t', String(seconds), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]);
    const bytes = readFileSync(file);
    const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
    const post = async (path: string, body: object) => (await fetch(`${server.url}/api/${base}/${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
    const clip = await post('', { ...fields, filename: 'clip.mp4', content_type: 'video/mp4', size: bytes.length });
    const target = await post(`${clip.id}/upload_url/`, {});
    expect((await fetch(new URL(target.upload_url, server.url), { method: 'PUT', headers: target.headers, body: bytes })).status).toBe(200);
    expect((await post(`${clip.id}/confirm_upload/`, {})).status).toBe('ready');
  }

  /** The dialog at both widths, tall enough to hold it whole, checked for rows wider than it and with axe. */
  async function shoot(dialog: Locator, name: string) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 2200 });
      await page.waitForTimeout(400);
      // rows wider than the dialog, and controls whose text runs out of them (over the next column)
      const overflowing = await dialog.evaluate((el) => [
        ...[...el.querySelectorAll('li, label, fieldset')].filter((e) => e.getBoundingClientRect().right > el.getBoundingClientRect().right + 1).map((e) => (e.textContent ?? '').slice(0, 60)),
        ...[...el.querySelectorAll('button, label')].filter((e) => getComputedStyle(e).overflowX === 'visible' && e.scrollWidth > e.clientWidth + 1).map((e) => `overflows: ${(e.textContent ?? '').slice(0, 60)}`),
      ]);
      expect(overflowing, `${name} at ${width} px`).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
      a11y.push(...(await seriousA11yViolations(page, `${name}@${width}`)));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    errors = watchConsole(page);
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Email').fill('maya@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('dialog', { name: 'Subscription required to make videos' }).getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/billing\/checkout\//);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/settings/subscription');
    const login = await fetch(`${server.url}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'maya@example.com', password: PASSWORD }) });
    const { access } = ((await login.json()) as { jwt: { access: string } }).jwt;
    await upload(access, 'brand-videos', { title: 'Unboxing at the kitchen table, take 3', kind: 'hook' }, '270x480', 3);
    await upload(access, 'brand-videos', { title: 'Street interview', kind: 'hook' }, '270x480', 2);
    await upload(access, 'brand-videos', { title: 'Landscape screen recording of the checkout flow (final final v2)', kind: 'product_demo' }, '480x270', 7);
    await upload(access, 'text-wall-background-videos', { name: 'Beach' }, '270x480', 2);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('hook + demo: pairs with their texts, the end card and Fit, at 390 and 1440 px', async () => {
    await page.goto(`${server.url}/videos`);
    await page.getByRole('button', { name: 'Hook + demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hook + product demo' });
    await dialog.getByText('Unboxing at the kitchen table, take 3').click();
    await dialog.getByText('Street interview').click();
    await dialog.getByText(/^Landscape screen recording/).click();
    await dialog.getByLabel('Text over the hook (every video)').fill('Wait for it 👀');
    await dialog.getByLabel('Hook text for Street interview + Landscape screen recording of the checkout flow (final final v2)').fill('Nobody talks about this');
    await dialog.getByLabel('Product name').fill('Glow Serum');
    await dialog.getByRole('radio', { name: 'Fit' }).check();
    await dialog.getByRole('region', { name: 'Preview of the first pair' }).waitFor();
    await expect.poll(() => dialog.getByText('7.0 s').isVisible()).toBe(true);
    await shoot(dialog, 'composite-hook-demo-dialog');
    await page.keyboard.press('Escape');
  }, 120_000);

  it('hook + demo with a voice-over: the preview plays the script\'s speech, and the video is made with it', async () => {
    await page.goto(`${server.url}/videos`);
    await page.getByRole('button', { name: 'Hook + demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hook + product demo' });
    await dialog.getByText('Street interview').click();
    await dialog.getByText(/^Landscape screen recording/).click();
    await dialog.getByRole('combobox', { name: 'Voice' }).click();
    await page.getByRole('option', { name: /^French \(France\) · / }).first().click();
    const speak = page.waitForResponse((r) => r.url().endsWith('/api/voices/speak/') && r.request().method() === 'POST', { timeout: 60_000 });
    await dialog.getByLabel('Script (every video)').fill('Voici le sérum qui hydrate vraiment.');
    const speech = (await (await speak).json()) as { audio_url: string; duration_seconds: number };
    // the preview plays that very speech, and its player did not fall over
    const preview = dialog.getByRole('region', { name: 'Preview of the first pair' });
    await expect.poll(() => preview.locator('audio').evaluateAll((tags, url) => tags.some((t) => (t as HTMLAudioElement).src === new URL(url, location.href).href), speech.audio_url)).toBe(true);
    await dialog.getByText(/^Read in \d+\.\d s/).waitFor();
    await shoot(dialog, 'composite-voice-over-dialog');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/composite-videos/bulk_create_hook_product_demo/'));
    await dialog.getByRole('button', { name: 'Create 1 video' }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ voiceover_texts: ['Voici le sérum qui hydrate vraiment.'], voice: { start: 'demo' }, captions: { style: 'highlight' } });
    await toastWith(page, 'Composites on their way');
  }, 120_000);

  it('multi text wall: three walls, one over a library clip, made and rendered', async () => {
    await page.goto(`${server.url}/videos`);
    await page.getByRole('button', { name: 'Multi text wall' }).click();
    const dialog = page.getByRole('dialog', { name: 'Multi text wall' });
    await dialog.getByLabel('Wall 1 text').fill('Before: 3 hours per ad 😩');
    await dialog.getByLabel('Wall 2 text').fill('After: 50 ads before lunch 🚀');
    await dialog.getByRole('button', { name: 'Add a wall' }).click();
    await dialog.getByLabel('Wall 3 text').fill('Your turn.');
    await dialog.getByRole('combobox', { name: 'Background' }).first().click();
    await page.getByRole('option', { name: 'Beach · yours' }).click();
    await dialog.getByRole('region', { name: 'Preview of the multi text wall' }).waitFor();
    await dialog.getByText('8.2 s').waitFor();
    await shoot(dialog, 'composite-multi-text-wall-dialog');
    await dialog.getByRole('button', { name: 'Create video' }).click();
    await toastWith(page, 'Multi text wall on its way');
    await expect.poll(() => page.getByRole('button', { name: 'Play Before: 3 hours per ad 😩' }).count(), { timeout: 300_000, interval: 1000 }).toBe(1);

    // edit it: the dialog opens with its walls
    await page.getByRole('button', { name: 'Actions for Before: 3 hours per ad 😩' }).click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit multi text wall' });
    await expect.poll(() => edit.getByLabel('Wall 3 text').inputValue()).toBe('Your turn.');
    await shoot(edit, 'composite-multi-text-wall-edit');
    await page.keyboard.press('Escape');

    expect(realErrors(errors)).toEqual([]);
    expect(a11y).toEqual([]);
  }, 400_000);
});
