import { existsSync } from 'node:fs';

/**
 * The system Chromium (this product never downloads a browser): CHROMIUM_PATH when set, else
 * Debian's headless shell (lighter, made for this), else Debian's full Chromium.
 */
export function findChromium(configured?: string): string {
  const candidates = [configured, '/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  throw new Error('No Chromium found: install Debian\'s chromium-headless-shell (or chromium), or set CHROMIUM_PATH.');
}
