import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, watchConsole } from './support/browser';
import { realErrors, signUp, toastWith } from './support/helpers';
import { sharedServer } from './support/shared-server';
import { mediaToolsFrom } from '@hookwall/binaries';

const { ffmpeg } = mediaToolsFrom(process.env);

const SHOTS = join(import.meta.dirname, '../test-results/screenshots');

/**
 * The product's reason to exist, in a real browser on the embedded default: a subscribed team
 * goes from a product description to five rendered videos. Renders are real (the in-process
 * worker, the system Chromium) at a quarter of the size, so the suite stays quick.
 */
describe('making videos end to end', () => {
  const server = sharedServer();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const a11y: string[] = [];

  async function shoot(name: string) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
      a11y.push(...(await seriousA11yViolations(page, `${name}@${width}`)));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = watchConsole(page);
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Email').fill('nora@example.com');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    const modal = page.getByRole('dialog', { name: 'Subscription required to make videos' });
    await modal.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/billing\/checkout\//);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/settings/subscription');
    await toastWith(page, 'Subscription started');
    await uploadClips();
  });

  /**
   * Two background clips and two brand clips (a hook, a demo) in the team's library, uploaded
   * through the API's upload flow (the built-in set takes minutes to make on 2 cores; the upload
   * pages have their own end-to-end test).
   */
  async function uploadClips() {
    const login = await fetch(`${server.url}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nora@example.com', password: 'correct horse battery' }) });
    const session = ((await login.json()) as { jwt: { access: string } }).jwt;
    expect(session.access, JSON.stringify(session)).toBeTruthy();
    const { access } = session;
    const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
    for (const [name, pattern] of [['Sunset', 'testsrc2'], ['Ocean', 'smptebars']] as const) {
      const file = join(server.dataDir, `${name}.mp4`);
      execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `${pattern}=duration=3:size=270x480:rate=30`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]);
      const bytes = readFileSync(file);
      const bg = await (await fetch(`${server.url}/api/text-wall-background-videos/`, { method: 'POST', headers, body: JSON.stringify({ name, filename: `${name}.mp4`, content_type: 'video/mp4', size: bytes.length }) })).json();
      expect(bg.id, JSON.stringify(bg)).toBeTruthy();
      const target = await (await fetch(`${server.url}/api/text-wall-background-videos/${bg.id}/upload_url/`, { method: 'POST', headers, body: '{}' })).json();
      const put = await fetch(new URL(target.upload_url, server.url), { method: 'PUT', headers: target.headers, body: bytes });
      expect(put.status).toBe(200);
      const ready = await (await fetch(`${server.url}/api/text-wall-background-videos/${bg.id}/confirm_upload/`, { method: 'POST', headers, body: '{}' })).json();
      expect(ready.status).toBe('ready');
    }
    for (const [title, kind, pattern, seconds] of [['Unboxing hook', 'hook', 'mandelbrot', 1], ['App demo', 'product_demo', 'testsrc', 2]] as const) {
      const file = join(server.dataDir, `${kind}.mp4`);
      execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `${pattern}=size=270x480:rate=30`, '-t', String(seconds), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]);
      const bytes = readFileSync(file);
      const clip = await (await fetch(`${server.url}/api/brand-videos/`, { method: 'POST', headers, body: JSON.stringify({ title, kind, filename: `${kind}.mp4`, content_type: 'video/mp4', size: bytes.length }) })).json();
      const target = await (await fetch(`${server.url}/api/brand-videos/${clip.id}/upload_url/`, { method: 'POST', headers, body: '{}' })).json();
      expect((await fetch(new URL(target.upload_url, server.url), { method: 'PUT', headers: target.headers, body: bytes })).status).toBe(200);
      const ready = await (await fetch(`${server.url}/api/brand-videos/${clip.id}/confirm_upload/`, { method: 'POST', headers, body: '{}' })).json();
      expect(ready.status).toBe('ready');
    }
  }
  afterAll(async () => {
    await browser?.close();
  });
  void signUp;

  it('context → 5 generated texts, one edited → 2 backgrounds → preview → create → all 5 complete and play; a hook + demo composite completes', async () => {
    await page.goto(`${server.url}/create/text-wall`);
    await page.getByRole('heading', { name: 'Which product are these videos for?' }).waitFor();
    // a new team has no context yet: it is written inline
    await page.getByLabel('Product name').fill('Glow Serum');
    await page.getByLabel('What it does and what makes it special').fill('Gives dull skin a glow in 7 days.\nWhat makes it special:\n- Vitamin C\n- Vegan and cruelty free');
    await shoot('text-wall-product');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('How many').fill('5');
    await page.getByRole('button', { name: 'Generate texts' }).click();
    await toastWith(page, 'Texts written');
    const texts = page.getByRole('list', { name: 'Texts' }).getByRole('textbox');
    expect(await texts.count()).toBe(5);
    const values = await texts.evaluateAll((els) => els.map((el) => (el as HTMLTextAreaElement).value));
    expect(new Set(values).size).toBe(5);
    await page.getByRole('textbox', { name: 'Text 2', exact: true }).fill('Glow in 7 days ✨\nمرحبا 你好');
    await shoot('text-wall-texts');
    await page.getByRole('button', { name: 'Next' }).click();

    const tiles = page.getByRole('checkbox', { name: /^Use / });
    await tiles.first().waitFor();
    await tiles.nth(0).click();
    await tiles.nth(1).click();
    await page.getByText('2 chosen: used in turn').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    // the Voice step: these videos stay silent ("No voice", the default)
    await page.getByRole('heading', { name: 'Voice' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('button', { name: 'Boxed' }).click();
    await page.getByRole('region', { name: 'Live preview' }).waitFor();
    // the preview plays the edited text with the first background
    await page.getByRole('combobox', { name: 'Variant to preview' }).click();
    await page.getByRole('option', { name: 'Video 2' }).click();
    await page.getByRole('region', { name: 'Live preview' }).getByText('Glow', { exact: true }).last().waitFor();
    await page.getByLabel(/Length/).fill('5');
    await shoot('text-wall-style');

    await page.getByRole('button', { name: 'Create 5 videos' }).click();
    await page.waitForURL(/\/videos\?job=/);
    await page.getByRole('progressbar', { name: 'Batch progress' }).waitFor();
    await shoot('videos-batch-running');
    await page.getByText('All videos are ready.').waitFor({ timeout: 400_000 });
    await page.getByText('5 of 5 ready').waitFor();

    // every card plays in the modal
    const play = page.getByRole('button', { name: /^Play / });
    await expect.poll(() => play.count(), { timeout: 30_000 }).toBe(5);
    await play.first().click();
    const player = page.getByTestId('video-player');
    await player.waitFor();
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.duration > 4.9), { timeout: 30_000 }).toBe(true);
    await shoot('videos-player');
    await page.keyboard.press('Escape');
    await shoot('videos');

    // a hook + demo composite from the two uploaded clips
    await page.getByRole('button', { name: 'Hook + demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hook + product demo' });
    await dialog.getByText('Unboxing hook').click();
    await dialog.getByText('App demo').click();
    await dialog.getByLabel('Text over the hook').fill('Wait for it 👀');
    await dialog.getByLabel('Product name').fill('Glow Serum');
    await dialog.getByRole('region', { name: 'Preview of the first pair' }).waitFor();
    await shoot('videos-composite-dialog');
    await dialog.getByRole('button', { name: 'Create 1 video' }).click();
    await toastWith(page, 'Composites on their way');
    // the panel now follows the new batch: its own count, never the previous batch's
    await page.getByText('0 of 1 ready').waitFor();
    await page.getByText('1 of 1 ready').waitFor({ timeout: 300_000 });
    await page.getByText('All videos are ready.').waitFor();
    // named from its hook text, not from its clips' titles
    await expect.poll(() => page.getByRole('button', { name: 'Play Wait for it 👀' }).count(), { timeout: 30_000 }).toBe(1);

    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Welcome back, Nora' }).waitFor();
    await page.getByRole('listitem', { name: 'Create your first videos (done)' }).waitFor();
    await page.getByRole('heading', { name: 'Recent videos' }).waitFor();
    await shoot('home-with-videos');

    await page.goto(`${server.url}/remotion`);
    await page.getByRole('region', { name: 'Text wall example', exact: true }).waitFor();
    await shoot('remotion-gallery');

    expect(realErrors(errors)).toEqual([]);
    expect(a11y).toEqual([]);
  }, 600_000);

  it('a setup saved as a template makes the next batch from the home page in two clicks: the template, then Create', async () => {
    const from = errors.length;
    const checked = a11y.length;
    // a product to write from (the test above writes one inline; this one runs alone too)
    const login = await fetch(`${server.url}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nora@example.com', password: 'correct horse battery' }) });
    const { access } = ((await login.json()) as { jwt: { access: string } }).jwt;
    const context = await fetch(`${server.url}/api/contexts/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Tidewater Bottle', type: 'product', content: 'Keeps water cold for 24 hours.\nWhat makes it special:\n- Leak-proof lid\n- Recycled steel' }),
    });
    expect(context.status).toBe(201);

    // the setup (two texts a batch of the shortest length, the rest as a new builder has it: no
    // background, so the brand gradient, which the full render draws frame by frame), saved under a name
    await page.goto(`${server.url}/create/text-wall`);
    await page.getByRole('heading', { name: 'Which product are these videos for?' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('How many').fill('2');
    await page.getByRole('button', { name: 'Generate texts' }).click();
    await toastWith(page, 'Texts written');
    // past the backgrounds (none chosen) and the voice (none), to the style step
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Voice' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Style' }).waitFor();
    await page.getByLabel(/Length/).fill('5');
    await page.getByRole('button', { name: 'Save as template' }).click();
    const save = page.getByRole('dialog', { name: 'Save as template' });
    await save.getByRole('textbox', { name: 'Name' }).fill('Bottle pair 🧊');
    await save.getByRole('button', { name: 'Save template' }).click();
    await toastWith(page, 'Template saved');

    await page.goto(`${server.url}/`);
    const templates = page.getByRole('region', { name: 'Templates' });
    const open = templates.getByRole('link', { name: 'Bottle pair 🧊' });
    await open.waitFor();
    expect(await open.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText(/^Text walls · 9:16 · 2 texts/).waitFor();
    await shoot('home-templates');

    // click 1: the builder opens with the setup, writes the texts from the product, and stops on the last step
    await open.click();
    await page.waitForURL(/\/create\/text-wall\?template=/);
    const create = page.getByRole('button', { name: 'Create 2 videos' });
    await create.waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'Style' }).waitFor();
    await page.getByText(/Bottle pair 🧊: Texts written from your product/).waitFor();
    await shoot('text-wall-from-template');
    // click 2: the batch
    await create.click();
    await page.waitForURL(/\/videos\?job=/);
    await page.getByText('2 of 2 ready').waitFor({ timeout: 400_000 });

    expect(realErrors(errors.slice(from))).toEqual([]);
    expect(a11y.slice(checked)).toEqual([]);
  }, 600_000);
});
