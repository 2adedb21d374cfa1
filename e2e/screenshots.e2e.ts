import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, watchConsole } from './support/browser';
import { dismissSubscriptionModal, invitationIdFromOutbox, realErrors, signUp } from './support/helpers';
import { sharedServer } from './support/shared-server';

/**
 * Screenshots of every page at a phone and a desktop width, in test-results/screenshots (looked at
 * by hand), and an axe-core check of each: no serious or critical violations.
 */
const OUT = join(import.meta.dirname, '../test-results/screenshots');
const WIDTHS = [390, 1440] as const;

describe('screenshots', () => {
  const server = sharedServer();
  let browser: Browser;
  let invitationId: string;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    browser = await launchBrowser();
    // a user with a team, a pending invitation and a member, so the team page has rows
    const page = await browser.newPage();
    await signUp(page, server.url, { firstName: 'Olivia', email: 'olivia.screenshots@example.com' });
    await page.goto(`${server.url}/settings/team`);
    await dismissSubscriptionModal(page);
    await page.getByPlaceholder('name@company.com').first().fill('pending@example.com');
    await page.getByRole('button', { name: 'Send invites' }).click();
    await page.getByText('Invited by Olivia').waitFor();
    invitationId = await invitationIdFromOutbox(server.dataDir, 'pending@example.com');
    await page.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  let a11y: string[] = [];
  async function shoot(page: Page, name: string, width: number) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage: true });
    a11y.push(...(await seriousA11yViolations(page, `${name}@${width}`)));
  }

  for (const width of WIDTHS) {
    it(`public pages at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      a11y = [];
      for (const [name, path] of [
        ['login', '/login'],
        ['signup', '/signup'],
        ['remotion', '/remotion'],
        ['invitation', `/teams/invitation/${invitationId}`],
        ['not-found-public', '/nowhere'],
        ['forgot-password', '/forgot-password'],
        ['reset-password-incomplete-link', '/reset-password'],
        ['reset-password-dead-link', '/reset-password?uid=1&token=not-a-real-token'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await shoot(page, name, width);
      }
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText('Enter your email address.').waitFor();
      await shoot(page, 'login-errors', width);
      expect(realErrors(errors)).toEqual([]);
      expect(a11y).toEqual([]);
      await context.close();
    });

    it(`signed-in pages at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      a11y = [];
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Email').fill('olivia.screenshots@example.com');
      await page.getByLabel('Password').fill('correct horse battery');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, 'subscription-required-modal', width);
      await dismissSubscriptionModal(page);
      for (const [name, path] of [
        ['home', '/'],
        ['videos', '/videos'],
        ['product-demos', '/product-demos'],
        ['context', '/context'],
        ['brand', '/brand'],
        ['insights', '/insights'],
        ['text-wall', '/create/text-wall'],
        ['settings-account', '/settings/account'],
        ['settings-team', '/settings/team'],
        ['settings-subscription', '/settings/subscription'],
        ['not-found', '/nowhere'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await dismissSubscriptionModal(page);
        await shoot(page, name, width);
      }
      await page.goto(`${server.url}/`);
      await dismissSubscriptionModal(page);
      if (width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        await shoot(page, 'mobile-menu', width);
        await page.keyboard.press('Escape');
      }
      await page.goto(`${server.url}/brand`);
      await dismissSubscriptionModal(page);
      await page.getByRole('button', { name: 'New brand kit' }).first().click();
      await page.getByRole('dialog', { name: 'New brand kit' }).waitFor();
      await shoot(page, 'brand-kit-dialog', width);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.goto(`${server.url}/context`);
      await dismissSubscriptionModal(page);
      await page.getByRole('button', { name: 'New product context' }).first().click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, 'context-modal', width);
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: /Switch team/ }).click();
      await page.getByRole('menuitem', { name: 'Create Team' }).click();
      await page.getByRole('dialog', { name: 'Create Team' }).getByRole('button', { name: 'Create Team' }).click();
      await page.getByText('Name must be at least 3 characters').waitFor();
      await shoot(page, 'create-team-modal', width);
      expect(realErrors(errors)).toEqual([]);
      expect(a11y).toEqual([]);
      await context.close();
    });
  }
});
