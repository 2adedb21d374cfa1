import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, watchConsole } from './support/browser';
import { dismissSubscriptionModal, realErrors, signUp } from './support/helpers';
import { sharedServer } from './support/shared-server';

const SHOTS = join(import.meta.dirname, '../test-results/screenshots');
const TEXT = 'Bonjour à tous, voici le sérum qui fait briller votre peau.';

/** Full-page screenshots at a phone's and a desktop's width (looked at by hand), each checked by axe-core. */
async function shootWidths(page: Page, name: string) {
  const violations: string[] = [];
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    violations.push(...(await seriousA11yViolations(page, `${name}@${width}`)));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(violations).toEqual([]);
}

describe('a voice in the text-wall builder, in a real browser against the real API and offline engine', () => {
  const server = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('plays a French voice’s sample, previews the text with that voice’s speech, and sends the voice and caption style', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const errors = watchConsole(page);
    await signUp(page, server.url, { firstName: 'Chloé', email: 'chloe@example.com' });
    await page.goto(`${server.url}/create/text-wall`);
    await dismissSubscriptionModal(page);
    await page.getByLabel('Product name').fill('Glow Serum');
    await page.getByLabel('What it does and what makes it special').fill('Gives dull skin a glow in 7 days.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Or paste texts, one per line').fill(TEXT);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Voice' }).waitFor();

    // the voices of the real API, filtered to French
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'French' }).click();
    const voices = page.getByRole('list', { name: 'Voices' });
    await expect.poll(() => voices.getByRole('radio').count()).toBe(2);
    const list = (await (await page.request.get(`${server.url}/api/voices/`, { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` } })).json()) as {
      results: { id: string; name: string; language: string; sample_url: string }[];
    };
    const voice = list.results.find((v) => v.language.startsWith('fr'))!;

    // its sample: the audio element plays the sample's URL, which answers real audio
    const sample = page.waitForResponse((r) => r.url().includes('/sample/'));
    await page.getByRole('button', { name: `Play the sample of ${voice.name}` }).click();
    const answer = await sample;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^audio\//);
    expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio#voice-sample')?.src)).toBe(new URL(voice.sample_url, server.url).href);
    await page.getByRole('button', { name: `Stop the sample of ${voice.name}` }).waitFor();

    // choosing it: the preview asks for the text's speech and plays that very file
    const speak = page.waitForResponse((r) => r.url().endsWith('/api/voices/speak/') && r.request().method() === 'POST', { timeout: 60_000 });
    await voices.getByRole('radio', { name: new RegExp(voice.name.replace(/[()]/g, '\\$&')) }).check();
    const spoken = await speak;
    expect(spoken.request().postDataJSON()).toEqual({ voice_id: voice.id, text: TEXT, speed: 1 });
    const speech = (await spoken.json()) as { audio_url: string; duration_seconds: number; words: { text: string }[] };
    expect(speech.words.map((w) => w.text)).toEqual(TEXT.split(' '));
    const preview = page.getByRole('region', { name: 'Live preview' });
    await expect.poll(() => preview.locator('audio').evaluateAll((tags, url) => tags.some((t) => (t as HTMLAudioElement).src === new URL(url, location.href).href), speech.audio_url)).toBe(true);
    expect((await page.request.get(new URL(speech.audio_url, server.url).href)).status()).toBe(200);
    await expect.poll(() => page.getByText('Preparing the voice…').count()).toBe(0);
    // the player's sound control is there to hear it
    await preview.hover();
    expect(await preview.getByRole('button', { name: 'Unmute sound' }).count()).toBe(1);
    await page.getByRole('button', { name: `Stop the sample of ${voice.name}` }).click();
    await page.getByLabel('Speed (1.0×)').waitFor();
    await shootWidths(page, 'text-wall-voice-step');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Style' }).waitFor();
    await page.getByText('Length: fits the voice').waitFor();
    await page.getByRole('radio', { name: /Karaoke/ }).check();
    await shootWidths(page, 'text-wall-voice-style-step');

    // the team has no subscription (402), but the request shows what the videos would be made with
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/text-wall-videos/bulk_create/'));
    await page.getByRole('button', { name: /Create 1 video/ }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ texts: [TEXT], voice: { voice_id: voice.id, speed: 1 }, captions: { style: 'karaoke' } });
    expect(body).not.toHaveProperty('duration_seconds');
    expect(realErrors(errors).filter((e) => !/status of 402/.test(e))).toEqual([]);
  });
});
