import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchConsole } from './support/browser';
import { dismissSubscriptionModal, invitationIdFromOutbox, logIn, PASSWORD, realErrors, signUp, toastWith, verificationLinkFromOutbox } from './support/helpers';
import { sharedServer } from './support/shared-server';
import { startServer, type RunningServer } from './support/server';

const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('Hookwall in a real browser', () => {
  const server = sharedServer();
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let ownerErrors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await owner.newPage();
    ownerErrors = watchConsole(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up and lands in a team of their own', async () => {
    await signUp(page, server.url, { firstName: 'Olivia', email: 'olivia@example.com' });
    await page.getByRole('heading', { name: /^Welcome( back)?, Olivia$/ }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('accessToken') !== null, localStorage.getItem('refreshToken') !== null, localStorage.getItem('theme')])).toEqual([true, true, 'light']);
    await page.getByRole('button', { name: /Olivia.*Switch team/ }).waitFor();
  });

  it('verifies the email address through the mailed link, in any browser', async () => {
    const elsewhere = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const other = await elsewhere.newPage();
      const link = await verificationLinkFromOutbox(server.dataDir, 'olivia@example.com');
      await other.goto(`${server.url}${link}`);
      await other.getByRole('heading', { name: 'Email address verified' }).waitFor();
      await other.getByText('olivia@example.com is confirmed as your address.').waitFor();
      await other.getByRole('link', { name: 'Log in' }).waitFor();
      // a link that is not ours says so
      await other.goto(`${server.url}/verify-email?key=not-a-real-key`);
      await other.getByRole('heading', { name: 'This link did not work' }).waitFor();
    } finally {
      await elsewhere.close();
    }
  });

  it('creates a team, which becomes the current team', async () => {
    await page.getByRole('button', { name: /Switch team/ }).click();
    await page.getByRole('menuitem', { name: 'Create Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Team' });
    await dialog.getByText('Create a new team').waitFor();
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await dialog.getByText('Name must be at least 3 characters').waitFor();
    await dialog.getByLabel('Team Name').fill('Acme Studio');
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Acme Studio.*Switch team/ }).waitFor();
  });

  it('invites two emails, changes the role of one and cancels the other', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings/account');
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.waitForURL('**/settings/team');
    await page.getByText('Manage your team members and their account permissions here.').waitFor();
    const emails = page.getByPlaceholder('name@company.com');
    expect(await emails.count()).toBe(3);
    await emails.nth(0).fill('ines@example.com');
    await emails.nth(1).fill('bruno@example.com');
    await page.getByRole('button', { name: 'Send invites' }).click();
    await toastWith(page, 'Invitations sent', 'Invitations have been sent to 2 email(s).');
    for (const email of ['ines@example.com', 'bruno@example.com']) {
      const row = page.getByRole('row', { name: new RegExp(email) });
      await row.getByText('Invited', { exact: true }).waitFor();
      await row.getByText('Invited by Olivia').waitFor();
      await row.getByText('Read only').waitFor();
    }

    await page.getByRole('button', { name: 'Edit invitation for bruno@example.com' }).click();
    await page.getByRole('combobox', { name: 'Role of bruno@example.com' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await toastWith(page, 'Role updated');
    await page.getByRole('row', { name: /bruno@example.com/ }).getByText('Admin').waitFor();

    await page.getByRole('button', { name: 'Delete invitation for bruno@example.com' }).click();
    await toastWith(page, 'Invitation cancelled', 'The invitation has been cancelled successfully.');
    await page.getByRole('row', { name: /bruno@example.com/ }).waitFor({ state: 'detached' });
  });

  it('accepts the invitation in a second browser as the invited user', async () => {
    const invitationId = await invitationIdFromOutbox(server.dataDir, 'ines@example.com');
    const invited = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const invitedPage = await invited.newPage();
    const errors = watchConsole(invitedPage);
    // the /invite routes show the same invitation
    await invitedPage.goto(`${server.url}/invite?invitation_id=${invitationId}&team_id=1&email=ines%40example.com`);
    await invitedPage.getByRole('heading', { name: 'Join Acme Studio' }).waitFor();
    await invitedPage.goto(`${server.url}/invite/acme-studio?invitation_id=${invitationId}`);
    await invitedPage.getByRole('heading', { name: 'Join Acme Studio' }).waitFor();
    await invitedPage.goto(`${server.url}/teams/invitation/${invitationId}`);
    await invitedPage.getByRole('heading', { name: 'Join Acme Studio' }).waitFor();
    await invitedPage.getByText('Olivia invited you').waitFor();
    await invitedPage.getByRole('link', { name: 'Sign up to accept' }).click();
    await invitedPage.waitForURL(/\/signup\?/);
    expect(await invitedPage.getByLabel('Email').inputValue()).toBe('ines@example.com');
    await invitedPage.getByLabel('First name').fill('Ines');
    await invitedPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitedPage.getByLabel('Confirm password').fill(PASSWORD);
    await invitedPage.getByRole('button', { name: 'Create account' }).click();
    await dismissSubscriptionModal(invitedPage);
    await invitedPage.getByRole('heading', { name: /^Welcome( back)?, Ines$/ }).waitFor();
    await invitedPage.getByText('You are working in Acme Studio.').waitFor();
    expect(realErrors(errors)).toEqual([]);
    await invited.close();

    await page.reload();
    await dismissSubscriptionModal(page);
    await page.getByRole('row', { name: /Ines/ }).getByText('Read only').waitFor();

    // an admin changes a member's role
    await page.getByRole('button', { name: 'Edit Ines' }).click();
    await page.getByRole('combobox', { name: 'Role of Ines' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await toastWith(page, 'Role updated', 'Ines is now Admin.');
    await page.getByRole('row', { name: /Ines/ }).getByText('Admin').waitFor();
  });

  it('changes the password, logs out and logs in with the new one', async () => {
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByText('Update your account settings here').waitFor();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('New password must be at least 8 characters').waitFor();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Confirm new password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Update password' }).click();
    await toastWith(page, 'Password updated', 'Your password has been changed successfully. You can use it the next time you log in.');

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);

    await logIn(page, server.url, 'olivia@example.com', PASSWORD);
    await page.getByText('Unable to log in with provided credentials.').waitFor();
    await logIn(page, server.url, 'olivia@example.com', 'a brand new secret');
    await dismissSubscriptionModal(page);
    await page.getByRole('heading', { name: /^Welcome( back)?, Olivia$/ }).waitFor();
  });

  it('uploads an avatar', async () => {
    await page.goto(`${server.url}/settings/account`);
    await dismissSubscriptionModal(page);
    await page.getByLabel('Profile photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG, 'base64') });
    await toastWith(page, 'Image selected', 'Click Save to update your profile photo.');
    await page.getByRole('img', { name: 'New profile photo preview' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await toastWith(page, 'Profile photo updated', 'Your new profile photo has been uploaded and is now visible to other users.');
    const src = await page.getByRole('img', { name: 'Your profile photo' }).getAttribute('src');
    expect(src).toMatch(/\/media\/avatars\/.+\.png\?t=\d+$/);

    // over 1 MB: resized to fit 800x800 and uploaded as JPEG
    const noisyPng = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 1400;
      canvas.height = 1000;
      const context = canvas.getContext('2d')!;
      const pixels = context.createImageData(canvas.width, canvas.height);
      for (let offset = 0; offset < pixels.data.length; offset += 65536) crypto.getRandomValues(pixels.data.subarray(offset, offset + 65536));
      for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255;
      context.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    });
    const big = Buffer.from(noisyPng, 'base64');
    expect(big.length).toBeGreaterThan(1024 * 1024);
    await page.getByLabel('Profile photo file').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await toastWith(page, 'Image selected');
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await toastWith(page, 'Profile photo updated');
    await page.waitForFunction(() => /\.jpg\?t=/.test(document.querySelector('img[alt="Your profile photo"]')?.getAttribute('src') ?? ''));

    await page.getByLabel('Profile photo file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toastWith(page, 'Unsupported file format', 'Please upload a valid image file (SVG, PNG, JPG or GIF). Other file formats are not supported.');
  });

  it('enables two-factor authentication and logs in with a code', async () => {
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('otp-secret').textContent())!.trim();
    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await toastWith(page, 'Two-factor authentication enabled');
    expect(await page.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await logIn(page, server.url, 'olivia@example.com', 'a brand new secret');
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tempOtpToken'))).toBeTruthy();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid OTP code').waitFor();
    // a code is accepted once: enabling used this step's, so the next step's (still within the window)
    await page.getByLabel('Authentication code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await dismissSubscriptionModal(page);
    await page.getByRole('heading', { name: /^Welcome( back)?, Olivia$/ }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tempOtpToken'))).toBeNull();
  });

  it('redirects /settings/ to the account tab and shows Not Found for unknown paths', async () => {
    await page.goto(`${server.url}/settings/`);
    await dismissSubscriptionModal(page);
    await page.waitForURL('**/settings/account');
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    // a signed-in user is bounced away from /login and /signup
    for (const path of ['/login', '/signup']) {
      await page.goto(`${server.url}${path}`);
      await dismissSubscriptionModal(page);
      await page.getByRole('heading', { name: /^Welcome( back)?, Olivia$/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    }
  });

  it('sends a visitor without a session to /login', async () => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${server.url}/settings/team`);
    await visitor.waitForURL('**/login');
    await visitor.getByRole('button', { name: 'Log in' }).waitFor();
    await context.close();
  });

  it('logged no unexpected console errors', () => {
    expect(realErrors(ownerErrors)).toEqual([]);
  });
});

describe('an expired access token', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ ACCESS_TOKEN_LIFETIME_SECONDS: '3' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is refreshed transparently, on reload and on the next request', async () => {
    const page = await browser.newPage();
    await signUp(page, server.url, { firstName: 'Rui', email: 'rui@example.com' });
    const first = await page.evaluate(() => localStorage.getItem('accessToken'));
    await page.waitForTimeout(4500);
    // the next call answers 401, the client refreshes once and retries it
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('row', { name: /Rui/ }).waitFor();
    await page.getByPlaceholder('name@company.com').first().fill('friend@example.com');
    await page.getByRole('button', { name: 'Send invites' }).click();
    await toastWith(page, 'Invitations sent', 'Invitations have been sent to 1 email(s).');
    const second = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(second).not.toBe(first);
    expect(page.url()).toContain('/settings/team');

    await page.waitForTimeout(4500);
    await page.reload();
    await dismissSubscriptionModal(page);
    await page.getByText('Manage your team members and their account permissions here.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(second);
  });
});
