import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, watchConsole } from './support/browser';
import { dismissSubscriptionModal, realErrors, signUp } from './support/helpers';
import { sharedServer } from './support/shared-server';

/**
 * Insights in the product's browser against the real API: three videos' ad codes put in a Meta
 * export's ad names, the export imported through the page's file input, and the ranking shown
 * with its winner. A screenshot of the page lands beside the others.
 */
const OUT = join(import.meta.dirname, '../test-results/screenshots');

describe('ad results and insights', () => {
  const server = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('imports a Meta export whose ad names carry the videos’ codes, and ranks the hooks with a winner', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signUp(page, server.url, { firstName: 'Iris', email: 'iris@example.com' });
    await page.goto(`${server.url}/`);
    await dismissSubscriptionModal(page);
    // three drafts, made through the API as the builder would (a draft needs no subscription)
    const codes = await page.evaluate(async () => {
      const made: string[] = [];
      for (const text of ['Stop scrolling: coffee that stays hot', 'Your mug is lying to you', 'Hot for 12 hours']) {
        const res = await fetch('/api/text-wall-videos/', {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text, render: false }),
        });
        made.push((await res.json()).ad_code);
      }
      return made;
    });
    for (const code of codes) expect(code).toMatch(/^HW-[23456789ACDEFGHJKMNPRTVWXY]{6}$/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Videos' }).click();
    await page.getByText(codes[0]!, { exact: true }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
    await page.getByText('No ad results yet').waitFor();
    const csv = [
      'Reporting starts,Reporting ends,Campaign name,Ad set name,Ad name,Results,Reach,Impressions,Link clicks,Amount spent (EUR),Purchases conversion value,3-second video plays,ThruPlays',
      `2026-01-05,2026-01-11,Spring,Broad,Hook A ${codes[0]},64,32800,40000,1600,248.00,3840.00,14000,4200`,
      `2026-01-05,2026-01-11,Spring,Broad,Hook B ${codes[1]},9,17220,21000,231,130.20,540.00,5200,1560`,
      `2026-01-05,2026-01-11,Spring,Broad,Hook C ${codes[2]},7,16000,19500,195,120.90,420.00,4700,1410`,
      '2026-01-05,2026-01-11,Spring,Broad,An ad without a code,3,9000,11000,99,68.20,180.00,2500,750',
    ].join('\n');
    await page.getByTestId('import-file').setInputFiles({ name: 'Spring-Ads-Jan-5-2026-Jan-11-2026.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const summary = page.getByRole('region', { name: 'Last import' });
    await summary.getByText(/4 rows, 3 matched to your videos/).waitFor();
    const table = page.getByRole('table');
    await table.waitFor();
    const first = table.getByRole('row').nth(1);
    await first.getByText('Winner').waitFor();
    expect(await first.getByRole('rowheader').textContent()).toContain('Stop scrolling: coffee that stays hot');
    expect(await first.textContent()).toContain('4.00%');
    // a winner can be made more of: the builder with its setup, writing texts like it
    const more = first.getByRole('link', { name: /^Make more like this: / });
    expect(await more.getAttribute('href')).toMatch(/^\/create\/text-wall\?from=[0-9a-f-]{36}&like=[0-9a-f-]{36}$/);
    await page.getByRole('img', { name: /ctr of each group with its 95% interval/ }).waitFor();
    // the filters are in the URL
    await page.getByRole('combobox', { name: 'Rank by' }).click();
    await page.getByRole('option', { name: 'Cost per result (CPA)' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('metric')).toBe('cpa');
    await page.getByRole('region', { name: 'Imports' }).getByText('Spring-Ads-Jan-5-2026-Jan-11-2026.csv').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(OUT, 'insights-1280.png'), fullPage: true });
    expect(await seriousA11yViolations(page, 'insights@1280')).toEqual([]);
    // "Make more like this" opens the builder on the winner's setup, writing texts like it: the
    // list of winners survives the router writing the address back
    await page.getByRole('combobox', { name: 'Rank by' }).click();
    await page.getByRole('option', { name: /^Click-through rate/ }).click();
    await page.getByRole('table').getByRole('row').nth(1).getByRole('link', { name: /^Make more like this: / }).click();
    await page.getByText(/^More like the winning video: /).waitFor();
    expect(new URL(page.url()).searchParams.get('like')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Generate texts like the winners' }).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
