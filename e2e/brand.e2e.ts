import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, watchConsole } from './support/browser';
import { dismissSubscriptionModal, realErrors, signUp } from './support/helpers';
import { sharedServer } from './support/shared-server';

/**
 * The Brand page in the product's browser against the real API: a kit made with an uploaded font
 * (a WOFF2 the video bundle ships) and an SVG logo goes through the multipart uploads, and its card
 * shows them. A screenshot of the filled page lands beside the others.
 */
const OUT = join(import.meta.dirname, '../test-results/screenshots');
const fontFile = createRequire(import.meta.url).resolve('@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2');
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" width="120" height="40"><rect width="120" height="40" rx="8" fill="#e11d48"/><circle cx="20" cy="20" r="10" fill="#fff"/></svg>`;

describe('brand kits', () => {
  const server = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('makes a kit with an uploaded font and a logo, and shows it as a card', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signUp(page, server.url, { firstName: 'Bea', email: 'bea@example.com' });
    await page.goto(`${server.url}/`);
    await dismissSubscriptionModal(page);
    await page.getByRole('link', { name: 'Brand' }).click();
    await page.getByText('No brand kit yet').waitFor();
    await page.getByRole('button', { name: 'New brand kit' }).click();
    const dialog = page.getByRole('dialog', { name: 'New brand kit' });
    await dialog.getByLabel('Name', { exact: true }).fill('Acme Coffee');
    await dialog.getByLabel('Primary', { exact: true }).fill('#7c2d12');

    await dialog.getByLabel('Font file').setInputFiles({ name: 'playfair.woff2', mimeType: 'font/woff2', buffer: readFileSync(fontFile) });
    const uploaded = dialog.getByRole('radio', { name: 'Playfair Display 700' });
    await uploaded.waitFor();
    expect(await uploaded.isChecked()).toBe(true);
    // the font's preview image, drawn by the API from the font's own outlines
    const preview = dialog.locator('label').filter({ has: page.getByRole('radio', { name: 'Playfair Display 700' }) }).locator('img');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);

    await dialog.getByLabel('Logo file').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
    await dialog.getByRole('checkbox', { name: /Close videos with an end card/ }).click();
    await dialog.getByRole('textbox', { name: 'Headline' }).fill('Coffee that stays hot');
    await dialog.getByRole('textbox', { name: 'Web address' }).fill('acme.example.com');
    await dialog.getByRole('button', { name: 'Create kit' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByRole('listitem', { name: 'Acme Coffee' });
    await card.getByText('Default').waitFor();
    await card.getByText('Font: Playfair Display').waitFor();
    const logo = card.getByRole('img', { name: 'Acme Coffee logo' });
    // the stored PNG: drawn from the SVG at 2048 px on its long side
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2048);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(OUT, 'brand-kits-1280.png'), fullPage: true });
    expect(await seriousA11yViolations(page, 'brand-kits@1280')).toEqual([]);

    // a refused logo says why, under the logo
    await card.getByRole('button', { name: 'Edit Acme Coffee' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Acme Coffee' });
    await edit.getByLabel('Logo file').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO.replace('<circle', '<script>alert(1)</script><circle')) });
    await edit.getByRole('button', { name: 'Save kit' }).click();
    await edit.getByText('This SVG contains a script. Export the logo again without scripts.').waitFor();
    expect(realErrors(errors).filter((e) => !/Request failed: POST \/api\/brand-kits\/.*\/logo\/|status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});
