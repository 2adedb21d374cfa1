import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchConsole } from './support/browser';
import { realErrors, signUp, toastWith } from './support/helpers';
import { sharedServer } from './support/shared-server';
import { mediaToolsFrom } from '@hookwall/binaries';

const { ffmpeg } = mediaToolsFrom(process.env);

/** Screenshots of the two pages, looked at by hand (test-results/screenshots). */
const SHOTS = join(import.meta.dirname, '../test-results/screenshots');

/** A real, tiny vertical MP4 made by ffmpeg: 2 s of the test pattern at 108x192. */
function makeMp4(dir: string, name: string, pattern = 'testsrc'): string {
  const path = join(dir, name);
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `${pattern}=duration=2:size=108x192:rate=25`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', path]);
  return path;
}

/** Full-page screenshots at a phone and a desktop width, then back to the test's 1280 px. */
async function shootWidths(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('contexts and the clip library in a real browser', () => {
  const server = sharedServer();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let workDir: string;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'hookwall-media-e2e-'));
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    errors = watchConsole(page);
    await signUp(page, server.url, { firstName: 'Mia', email: 'mia@example.com' });
    await page.getByRole('heading', { name: /^Welcome( back)?, Mia$/ }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('uploads real MP4s through the modal, shows thumbnail and duration, tags one and filters by the tag', async () => {
    const demo = makeMp4(workDir, 'launch-demo.mp4');
    const hook = makeMp4(workDir, 'opening-hook.mp4', 'smptebars');
    await page.getByRole('link', { name: 'Product demos' }).click();
    await page.waitForURL('**/product-demos');
    await page.getByText('Upload your first clip').waitFor();
    await shootWidths(page, 'media-product-demos-empty');
    await page.getByRole('button', { name: 'Upload clips' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload clips' });
    await dialog.locator('input[type=file]').setInputFiles([demo, hook]);
    await dialog.getByRole('listitem', { name: 'launch-demo.mp4' }).waitFor();
    await dialog.getByRole('combobox', { name: 'Kind of opening-hook.mp4' }).click();
    await page.getByRole('option', { name: 'Hook' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, 'media-upload-modal-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
    for (const name of ['launch-demo.mp4', 'opening-hook.mp4']) {
      await dialog.getByRole('listitem', { name }).getByText('Uploaded').waitFor({ timeout: 60_000 });
    }
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByRole('listitem', { name: 'launch-demo' });
    await card.waitFor();
    const thumbnail = card.getByRole('img', { name: 'launch-demo' });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await card.getByText('0:02').isVisible()).toBe(true);
    expect(await card.getByText('Product demo').isVisible()).toBe(true);
    const hookCard = page.getByRole('listitem', { name: 'opening-hook' });
    expect(await hookCard.getByText('Hook', { exact: true }).isVisible()).toBe(true);

    // plays on hover, stops when the pointer leaves
    const video = card.getByLabel('launch-demo (playing)');
    await card.getByRole('button', { name: 'Play launch-demo' }).hover();
    await video.waitFor();
    // Chromium updates hover state lazily after the DOM changes under a still cursor, so one move
    // out can be judged against the old layout: keep moving until the pointer is seen leaving. The
    // target is next to the card, not a fixed corner: when hover() scrolled the page, the card
    // itself could lie under the corner, and the pointer never left it
    let step = 0;
    await expect
      .poll(async () => {
        step += 1;
        const box = (await card.boundingBox())!;
        const view = page.viewportSize()!;
        const outside =
          box.x + box.width + 12 < view.width
            ? { x: box.x + box.width + 6, y: box.y + box.height / 2 }
            : { x: box.x + box.width / 2, y: box.y > 12 ? box.y - 6 : Math.min(view.height - 2, box.y + box.height + 6) };
        await page.mouse.move(outside.x, outside.y + (step % 3), { steps: 4 });
        return video.count();
      }, { timeout: 15_000 })
      .toBe(0);
    // plays on click, until clicked again; the pointer rests on the button first, so the hover
    // preview has started (and the frame taken its playing layout) before the click lands
    const play = card.getByRole('button', { name: 'Play launch-demo' });
    await play.hover();
    await video.waitFor();
    await play.click();
    await card.getByRole('button', { name: 'Pause launch-demo' }).waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.duration > 1.5 && !v.paused && v.currentTime > 0)).toBe(true);
    await card.getByRole('button', { name: 'Pause launch-demo' }).click();
    await video.waitFor({ state: 'detached' });

    // tag it
    await card.getByRole('button', { name: 'Edit tags of launch-demo' }).click();
    const tags = page.getByRole('dialog', { name: 'Edit tags' });
    await tags.getByRole('textbox', { name: 'Add a tag' }).fill('Spring Launch');
    await tags.getByRole('textbox', { name: 'Add a tag' }).press('Enter');
    await tags.getByRole('button', { name: 'Save tags' }).click();
    await toastWith(page, 'Tags saved');
    await card.getByText('#spring launch').waitFor();

    // filter by the tag: only the tagged clip remains
    await page.getByRole('combobox', { name: 'Tag' }).click();
    await page.getByRole('option', { name: '#spring launch' }).click();
    await hookCard.waitFor({ state: 'detached' });
    expect(await page.getByRole('list', { name: 'Clips' }).getByRole('listitem').count()).toBe(1);

    // bulk tag both with select-all, back on every clip
    await page.getByRole('combobox', { name: 'Tag' }).click();
    await page.getByRole('option', { name: 'All tags' }).click();
    await hookCard.waitFor();
    await page.getByRole('checkbox', { name: 'Select all clips' }).click();
    const bar = page.getByRole('region', { name: 'Bulk tagging' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('textbox', { name: 'Tag for the selected clips' }).fill('q3');
    await bar.getByRole('button', { name: 'Add tag' }).click();
    await toastWith(page, 'Tag added', 'to 2 clips');
    await hookCard.getByText('#q3').waitFor();
    await card.getByText('#q3').waitFor();
    await shootWidths(page, 'media-product-demos-selected');
    await bar.getByRole('button', { name: 'Clear selection' }).click();

    await shootWidths(page, 'media-product-demos');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('dialog', { name: 'Upload clips' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'media-upload-modal-1280.png') });
    await page.getByRole('dialog', { name: 'Upload clips' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog', { name: 'Upload clips' }).waitFor({ state: 'detached' });
  });

  it('shows the progress of a slow upload, and a cancelled upload leaves no clip behind', async () => {
    // a lossless 3 s clip of about 1.7 MB, sent at 200 KB/s
    const slow = join(workDir, 'slow-demo.mp4');
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=3:size=360x640:rate=30', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', slow]);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
    try {
      await page.getByRole('button', { name: 'Upload' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload clips' });
      await dialog.getByRole('button', { name: 'Clear finished' }).click();
      await dialog.locator('input[type=file]').setInputFiles(slow);
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      const bar = dialog.getByRole('progressbar', { name: 'Uploading slow-demo.mp4' });
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(10);
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
      await dialog.getByText(/\d+ s left/).waitFor();
      await page.screenshot({ path: join(SHOTS, 'media-upload-progress-1280.png') });
      // closing the modal does not stop the upload; the header counts it
      await dialog.getByRole('button', { name: 'Hide' }).click();
      await page.getByRole('listitem', { name: 'slow-demo' }).getByText(/Uploading \d+%/).waitFor();
      await page.getByRole('button', { name: 'Uploads (1)' }).click();
      await dialog.getByRole('button', { name: 'Cancel slow-demo.mp4' }).click();
      await dialog.getByRole('listitem', { name: 'slow-demo.mp4' }).getByText('Cancelled').waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
    }
    await page.getByRole('listitem', { name: 'slow-demo' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('listitem', { name: 'launch-demo' }).isVisible()).toBe(true);
  });

  it('refuses a file that is not a video with the Upload error toast', async () => {
    const notes = join(workDir, 'notes.txt');
    execFileSync('sh', ['-c', `echo hello > '${notes}'`]);
    await page.getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload clips' });
    await dialog.locator('input[type=file]').setInputFiles(notes);
    await toastWith(page, 'Upload error', 'File type not supported');
    expect(await dialog.getByRole('listitem', { name: 'notes.txt' }).count()).toBe(0);
    // dropped files go through the same rules: a dropped video is queued, a dropped image refused
    const zone = dialog.locator('[data-slot="file-uploader"]');
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(64)], 'dropped-clip.webm', { type: 'video/webm' }));
      transfer.items.add(new File([new Uint8Array(64)], 'photo.png', { type: 'image/png' }));
      return transfer;
    });
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await dialog.getByRole('listitem', { name: 'dropped-clip.webm' }).waitFor();
    await toastWith(page, 'Upload error', 'photo.png');
    await dialog.getByRole('button', { name: 'Cancel dropped-clip.webm' }).click();
    await dialog.getByRole('listitem', { name: 'dropped-clip.webm' }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('creates contexts through the modal, finds one by search and downloads the CSV', async () => {
    await page.getByRole('link', { name: 'Context' }).click();
    await page.waitForURL('**/context');
    await page.getByText('No product context yet').waitFor();
    await shootWidths(page, 'media-context-empty');
    for (const [name, content, special] of [
      ['Hookwall', 'Your product helps marketers make ads by writing hooks', '- fast\n- bulk'],
      ['Sockshop', 'Warm socks, delivered monthly', ''],
    ] as const) {
      await page.getByRole('button', { name: 'New product context' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Tell us about your product so we can help generate ads for you automatically').waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, 'Error', 'Name is required');
      await dialog.getByPlaceholder('Your product name').fill(name);
      await dialog.getByPlaceholder('Your product helps X solve Y by doing Z').fill(content);
      if (special) await dialog.getByPlaceholder('You can put bullet points if you want').fill(special);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, 'Success', 'Product context created successfully');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('listitem', { name }).waitFor();
    }
    const row = page.getByRole('listitem', { name: 'Hookwall' });
    expect(await row.getByText('Your product helps marketers make ads by writing hooks').isVisible()).toBe(true);
    expect(await row.getByText('product', { exact: true }).isVisible()).toBe(true);

    await page.getByRole('searchbox', { name: 'Search contexts' }).fill('socks');
    await page.getByRole('listitem', { name: 'Hookwall' }).waitFor({ state: 'detached' });
    await page.getByRole('listitem', { name: 'Sockshop' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search contexts' }).fill('');
    await page.getByRole('listitem', { name: 'Hookwall' }).waitFor();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('contexts.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('Hookwall');
    expect(csv).toContain('What makes it special:');
    expect(csv).toContain('Sockshop');

    await shootWidths(page, 'media-context');
    await page.getByRole('button', { name: 'New product context' }).first().click();
    await page.getByRole('dialog').getByText('Product Context', { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'media-context-modal-1280.png') });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('edits and deletes a context', async () => {
    await page.getByRole('button', { name: 'Edit Sockshop' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('Your product name').fill('Sockshop Pro');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('listitem', { name: 'Sockshop Pro' }).waitFor();
    await page.getByRole('button', { name: 'Delete Sockshop Pro' }).click();
    await page.getByRole('dialog', { name: 'Delete this context?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('listitem', { name: 'Sockshop Pro' }).waitFor({ state: 'detached' });
    expect(realErrors(errors)).toEqual([]);
  });
});
