import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mediaToolsFrom } from '@hookwall/binaries';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, watchConsole } from './support/browser';
import { dismissSubscriptionModal, PASSWORD, realErrors, signUp, toastWith } from './support/helpers';
import type { SharedServer } from './support/server';
import { sharedServer } from './support/shared-server';

const { ffmpeg } = mediaToolsFrom(process.env);
const SHOTS = join(import.meta.dirname, '../test-results/screenshots');

/** A real clip of `size` made by ffmpeg, in the data directory. */
function makeClip(server: SharedServer, name: string, size: string, pattern = 'testsrc2'): string {
  const file = join(server.dataDir, name);
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `${pattern}=duration=2:size=${size}:rate=25`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]);
  return file;
}

/** Full-page screenshots at a phone's and a desktop's width (looked at by hand), each checked by axe-core. */
async function shootWidths(page: Page, name: string) {
  const violations: string[] = [];
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    violations.push(...(await seriousA11yViolations(page, `${name}@${width}`)));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(violations).toEqual([]);
}

describe("the team's own footage as text-wall backgrounds, in a real browser", () => {
  const server = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A landscape product demo and a vertical hook in the team's clips, through the API's upload flow. */
  async function uploadClips(email: string) {
    const login = await fetch(`${server.url}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    const headers = { authorization: `Bearer ${((await login.json()) as { jwt: { access: string } }).jwt.access}`, 'content-type': 'application/json' };
    for (const [title, kind, size, pattern] of [['Landscape demo', 'product_demo', '480x270', 'testsrc2'], ['Vertical hook', 'hook', '270x480', 'smptebars']] as const) {
      const bytes = readFileSync(makeClip(server, `${kind}.mp4`, size, pattern));
      const clip = await (await fetch(`${server.url}/api/brand-videos/`, { method: 'POST', headers, body: JSON.stringify({ title, kind, filename: `${kind}.mp4`, content_type: 'video/mp4', size: bytes.length }) })).json();
      const target = await (await fetch(`${server.url}/api/brand-videos/${clip.id}/upload_url/`, { method: 'POST', headers, body: '{}' })).json();
      expect((await fetch(new URL(target.upload_url, server.url), { method: 'PUT', headers: target.headers, body: bytes })).status).toBe(200);
      expect((await (await fetch(`${server.url}/api/brand-videos/${clip.id}/confirm_upload/`, { method: 'POST', headers, body: '{}' })).json()).status).toBe('ready');
    }
  }

  it('chooses a landscape clip as a background, places it with bars, uploads another background right there, and sends both with the placement', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const errors = watchConsole(page);
    await signUp(page, server.url, { firstName: 'Lena', email: 'lena@example.com' });
    await uploadClips('lena@example.com');

    await page.goto(`${server.url}/create/text-wall`);
    await dismissSubscriptionModal(page);
    await page.getByLabel('Product name').fill('Glow Serum');
    await page.getByLabel('What it does and what makes it special').fill('Gives dull skin a glow in 7 days.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Or paste texts, one per line').fill('Glow in 7 days');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    const clips = page.getByRole('region', { name: 'Your clips' });
    await clips.getByRole('checkbox', { name: 'Use Landscape demo' }).click();
    await page.getByText('1 chosen: used in turn').waitFor();
    await expect.poll(() => clips.getByRole('checkbox', { name: 'Use Landscape demo' }).isChecked()).toBe(true);
    // the clip is a background of the team now, made once
    expect(await clips.getByText('Landscape', { exact: true }).isVisible()).toBe(true);

    await page.getByRole('radio', { name: 'Fit' }).check();
    await page.getByLabel('Bar colour').fill('#1d4ed8');

    await page.getByLabel('Background video file').setInputFiles(makeClip(server, 'Beach walk.mp4', '270x480', 'testsrc'));
    await toastWith(page, 'Background uploaded', 'Beach walk is chosen for your videos.');
    await page.getByText('2 chosen: used in turn').waitFor();
    expect(await page.getByRole('region', { name: 'Your backgrounds' }).getByRole('checkbox', { name: 'Use Beach walk' }).isChecked()).toBe(true);
    await shootWidths(page, 'text-wall-backgrounds-own-footage');

    await page.getByRole('button', { name: 'Next' }).click();
    // the Voice step: no voice (the default)
    await page.getByRole('heading', { name: 'Voice' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Style' }).waitFor();
    await shootWidths(page, 'text-wall-style-step');
    // the team has no subscription (402), but the request shows what the videos would be made with
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/text-wall-videos/bulk_create/'));
    await page.getByRole('button', { name: /Create 1 video/ }).click();
    const body = (await sent).postDataJSON() as { background_video_ids: string[]; style: { clipFit: string; barColor: string } };
    expect(body.background_video_ids).toHaveLength(2);
    expect(body.style).toMatchObject({ clipFit: 'fit', barColor: '#1d4ed8' });
    expect(realErrors(errors).filter((e) => !/status of 402/.test(e))).toEqual([]);
  });

  it("shows each video in the grid in its own shape, at a phone's width and a desktop's", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const errors = watchConsole(page);
    await signUp(page, server.url, { firstName: 'Ada', email: 'ada@example.com' });
    const login = await fetch(`${server.url}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ada@example.com', password: PASSWORD }) });
    const headers = { authorization: `Bearer ${((await login.json()) as { jwt: { access: string } }).jwt.access}`, 'content-type': 'application/json' };
    // drafts (no subscription needed): the card's frame has the video's shape before any thumbnail exists
    for (const aspect of ['16:9', '1:1', '9:16']) {
      const res = await fetch(`${server.url}/api/text-wall-videos/`, { method: 'POST', headers, body: JSON.stringify({ text: `A ${aspect} video`, aspect, render: false }) });
      expect(res.status).toBe(201);
    }
    await page.goto(`${server.url}/videos`);
    await dismissSubscriptionModal(page);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      for (const [aspect, ratio] of [['9:16', 9 / 16], ['1:1', 1], ['16:9', 16 / 9]] as const) {
        // the name carries the variant after the text (preset and background), e.g. "A 1:1 video (Bold · Gradient): not ready"
        const frame = page.getByRole('button', { name: new RegExp(`^A ${aspect} video \\(.*\\): not ready$`) });
        const box = (await frame.boundingBox())!;
        expect(box.width / box.height, `${aspect} at ${width}`).toBeCloseTo(ratio, 1);
      }
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, `videos-grid-aspects-${width}.png`), fullPage: true });
      expect(await seriousA11yViolations(page, `videos-grid@${width}`)).toEqual([]);
    }
    expect(realErrors(errors)).toEqual([]);
  });
});

