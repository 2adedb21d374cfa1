import { openBrowser, type ChromiumOptions } from '@remotion/renderer';
import { resolveChromium, type BinariesMode } from '@hookwall/binaries';
import { childProcesses, killAndWait } from './processes.ts';

/** Where the rendering modules log: the worker's logger (pino's shape). */
export interface RenderLog {
  info(o: object, m?: string): void;
  error(o: object, m?: string): void;
}

// Remotion's default renderer (gl: null): Chromium's own software compositing. Forcing ANGLE on
// SwiftShader ('swangle') made every screenshot go through emulated GL, several times slower for
// both the overlay frames and the full render
export const chromiumOptions: ChromiumOptions = { gl: null, headless: true };

export interface Browser {
  /** the Chromium executable, found (and, the first time, unpacked) when first needed */
  executable(): Promise<string>;
  /** the browser, opened on first use and kept across renders (starting Chromium takes a while) */
  get(): ReturnType<typeof openBrowser>;
  close(): Promise<void>;
}

/** One kept browser: a browser that failed to start is not kept, the next render tries again. */
export function createBrowser(options: { chromiumPath?: string; binaries?: BinariesMode; log?: RenderLog }): Browser {
  let executable: Promise<string> | null = null;
  const findExecutable = () => {
    executable ??= resolveChromium({ configured: options.chromiumPath, mode: options.binaries }).then((tool) => tool.path);
    executable.catch(() => {
      executable = null;
    });
    return executable;
  };
  let browser: ReturnType<typeof openBrowser> | null = null;
  return {
    executable: findExecutable,
    get() {
      if (!browser) {
        browser = launchBrowser(async () => openBrowser('chrome', { browserExecutable: await findExecutable(), chromiumOptions, logLevel: 'error', chromeMode: 'headless-shell' }), BROWSER_LAUNCH_ATTEMPTS, options.log);
        browser.catch(() => {
          browser = null;
        });
      }
      return browser;
    },
    async close() {
      const current = browser;
      browser = null;
      // a browser that already died (a signal to the process group) has nothing left to close
      if (current) await (await current.catch(() => null))?.close({ silent: true }).catch(() => undefined);
    },
  };
}

const BROWSER_LAUNCH_ATTEMPTS = 2;
const isBrowserProcess = (args: string[]) => args.some((a) => a.startsWith('--user-data-dir='));

/**
 * Opens the browser, a second time if the first did not answer in time. On a machine saturated
 * for a while (a burst of renders and other work beside them) Chromium can miss Remotion's 25 s
 * start-up deadline; Remotion then gives up on it but leaves it running, so the browser this
 * launch started is killed before the next try and after the last.
 */
export async function launchBrowser<T>(open: () => Promise<T>, attempts = BROWSER_LAUNCH_ATTEMPTS, log?: RenderLog): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const before = new Set((await childProcesses()).map((c) => c.pid));
    try {
      return await open();
    } catch (error) {
      const started = (await childProcesses()).filter((c) => !before.has(c.pid) && isBrowserProcess(c.args)).map((c) => c.pid);
      await killAndWait(started);
      const timedOut = error instanceof Error && /timed out .*connect to the browser/i.test(error.message);
      if (!timedOut || attempt >= attempts) throw error;
      log?.info({ attempt, attempts }, 'Chromium did not start in time; trying again');
    }
  }
}
