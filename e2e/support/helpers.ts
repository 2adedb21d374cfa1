import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const PASSWORD = 'correct horse battery';

/** Browser-generated lines for answered 4xx requests are expected (a 401 before a refresh); anything else is a bug. */
export function realErrors(errors: string[]) {
  return errors.filter((e) => !/Failed to load resource: the server responded with a status of (401|400|404)/.test(e));
}

export async function signUp(page: Page, baseUrl: string, { firstName, email, password = PASSWORD }: { firstName: string; email: string; password?: string }) {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await dismissSubscriptionModal(page);
}

/** A team without a subscription sees the subscription-required modal after login; it is left by choosing to look around. */
export async function dismissSubscriptionModal(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Subscription required to make videos' });
  await dialog.waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Look around first' }).click();
  await dialog.waitFor({ state: 'detached' });
}

export async function logIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * The path and query of the newest email verification link mailed to `email` (the file mailer
 * writes .eml files under DATA_DIR/outbox). The outbox may be shared by several files' users: a
 * mail counts only when its To: header is `email`.
 */
export async function verificationLinkFromOutbox(dataDir: string, email: string, timeoutMs = 30_000): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(outbox)) {
      for (const name of readdirSync(outbox).sort().reverse()) {
        const text = readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
        const match = /\/verify-email\?key=[\w-]+/.exec(text);
        if (match) return match[0];
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification email for ${email} in ${outbox}`);
}

/** The id of the newest invitation mailed to `email` (its To: header, as above). */
export async function invitationIdFromOutbox(dataDir: string, email: string, timeoutMs = 30_000): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(outbox)) {
      for (const name of readdirSync(outbox).sort().reverse()) {
        const text = readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '');
        if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
        const match = /\/teams\/invitation\/([0-9a-f-]{36})/.exec(text);
        if (match) return match[1]!;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no invitation email for ${email} in ${outbox}`);
}

export async function toastWith(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-variant]').filter({ hasText: title });
  await toast.first().waitFor();
  if (description) expect(await toast.first().textContent()).toContain(description);
}
