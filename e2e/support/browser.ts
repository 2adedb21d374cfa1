import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumFrom } from '@hookwall/binaries';

/** The product's own Chromium (CHROMIUM_PATH, else the system's, else the one shipped in npm); a browser is never downloaded. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumFrom(process.env),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Collects console errors and page errors, so a test can assert there were none. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
