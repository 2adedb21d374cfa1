import type { HeadlessBrowser } from '@remotion/renderer';
import { NoReactInternals } from 'remotion/no-react';
import type { LayerPlan } from '@hookwall/video/layers';
import { serveBundle } from './bundle-server.ts';

/**
 * The fast path's overlay frames, drawn by tabs we drive ourselves in the renderer's browser.
 *
 * Remotion's `renderFrames` opens new tabs for every call (a page, the bundle, the fonts), then
 * spends 8 or so DevTools round trips and a polled wait per frame, about twice what the
 * screenshot of a text layer alone takes. Here the
 * tabs stay open with the bundle loaded, each render hands them its props (the page is told to
 * drop the previous composition first, so no React state carries over), and a frame is one call
 * that seeks and waits inside the page, then one screenshot. The page, the props, the seek and the
 * screenshot are Remotion's own (its bundle, its `remotion_setBundleMode` and `remotion_setFrame`,
 * the same browser and flags), so the pixels are the same: the fidelity tests compare them with a
 * full Remotion render.
 */
export interface OverlayPages {
  /**
   * Draws `frames` of the plan's overlay (transparent PNGs, at the render scale), handing each over
   * as it is taken; with several tabs they can come out of order.
   */
  render(plan: LayerPlan, frames: number[], on: { onFrame: (png: Buffer, frame: number) => void; signal?: AbortSignal }): Promise<void>;
  /** opens every tab and draws one frame of the plan in each, so the first render finds them ready; gives one of those frames */
  warm(plan: LayerPlan): Promise<Buffer | null>;
  close(): Promise<void>;
}

export interface OverlayPagesOptions {
  browser: () => Promise<HeadlessBrowser>;
  bundleDir: string;
  scale: number;
  /** tabs one render uses at most (the cores); as many stay open between renders */
  tabs: number;
  /** how long the page may take to settle one frame (fonts, text fitting) */
  timeoutMs?: number;
}

type Page = Awaited<ReturnType<HeadlessBrowser['newPage']>>;
interface Tab {
  page: Page;
  browser: HeadlessBrowser;
  width: number;
  height: number;
  scale: number;
  /** renders this tab has drawn for */
  uses: number;
}

/** A tab is closed after this many renders, so whatever a page might keep from one to the next stays bounded. */
export const RENDERS_PER_TAB = 200;

export class OverlayCancelledError extends Error {
  constructor() {
    super('The overlay render was cancelled.');
  }
}

// What the page runs. Strings, not functions: the worker runs under tsx, whose transform adds
// helpers (`__name`) to functions that do not exist in the page.

/** Remotion's page globals, as its renderer sets them before the bundle loads. */
const pageGlobals = (timeoutMs: number) => `(() => {
  window.remotion_puppeteerTimeout = ${timeoutMs};
  window.remotion_isMainTab = true;
  window.remotion_mediaCacheSizeInBytes = null;
  window.remotion_initialMemoryAvailable = null;
  window.remotion_sampleRate = 48000;
  window.remotion_broadcastChannel = new BroadcastChannel('remotion-video-frame-extraction');
  if (window.process === undefined) window.process = {};
  if (window.process.env === undefined) window.process.env = {};
  window.process.env.NODE_ENV = 'production';
  window.remotion_inputProps = '{}';
  window.remotion_initialFrame = 0;
  window.remotion_attempt = 1;
  window.remotion_proxyPort = 0;
  window.remotion_audioEnabled = true;
  window.remotion_videoEnabled = true;
  window.remotion_logLevel = 'error';
})()`;

/** Resolves once the page has no pending delayRender, rejects with the page's own error when a render was cancelled in it. */
const waitReady = `const ready = () => new Promise((resolve, reject) => {
    const check = () => {
      if (window.remotion_cancelledError !== undefined) return reject(new Error(String(window.remotion_cancelledError).split('\\n')[0]));
      if (window.remotion_renderReady === true) return resolve();
      setTimeout(check, 0);
    };
    check();
  });`;

/** Drops the previous composition (so no React state survives), then mounts this one with its props. */
const mountScript = (composition: object) => `(async (c) => {
  ${waitReady}
  while (typeof window.remotion_setBundleMode !== 'function') await new Promise((r) => setTimeout(r, 5));
  window.remotion_inputProps = c.serializedResolvedPropsWithSchema;
  window.remotion_setBundleMode({ type: 'evaluation' });
  await ready();
  // the previous composition's canvas is gone once React committed the evaluation, which
  // registers every composition: mounting the next one before that commit finds only the old one
  while (document.getElementById('remotion-canvas')) await new Promise((r) => setTimeout(r, 2));
  window.remotion_setBundleMode(c);
  await ready();
  document.body.style.background = 'transparent';
})(${JSON.stringify(composition)})`;

const seekScript = (frame: number, compositionId: string) => `(async () => {
  ${waitReady}
  await ready();
  window.remotion_setFrame(${frame}, ${JSON.stringify(compositionId)}, 1);
  await ready();
  await document.fonts.ready;
})()`;

export function createOverlayPages(options: OverlayPagesOptions): OverlayPages {
  const timeoutMs = options.timeoutMs ?? 30_000;
  let server: ReturnType<typeof serveBundle> | null = null;
  const idle: Tab[] = [];
  let isClosed = false;

  const bundleUrl = () => {
    if (!server) {
      server = serveBundle(options.bundleDir);
      server.catch(() => {
        server = null;
      });
    }
    return server.then((s) => s.url);
  };

  async function openTab(): Promise<Tab> {
    const browser = await options.browser();
    const page = await browser.newPage({ context: () => null, logLevel: 'error', indent: false, pageIndex: 0, onBrowserLog: null, onLog: () => undefined });
    try {
      await page.evaluateOnNewDocument(pageGlobals(timeoutMs));
      await page.goto({ url: await bundleUrl(), timeout: timeoutMs });
      // transparent where nothing is drawn, as Remotion's PNG screenshots
      await page._client().send('Emulation.setDefaultBackgroundColorOverride', { color: { r: 0, g: 0, b: 0, a: 0 } });
    } catch (error) {
      await page.close().catch(() => undefined);
      throw error;
    }
    return { page, browser, width: 0, height: 0, scale: 0, uses: 0 };
  }

  async function acquire(): Promise<Tab> {
    const current = await options.browser();
    while (idle.length) {
      const tab = idle.pop()!;
      // a tab of a browser that was closed or replaced, or a closed tab, is gone
      if (tab.browser === current && !tab.page.closed) return tab;
      await tab.page.close().catch(() => undefined);
    }
    return openTab();
  }

  function release(tab: Tab, isHealthy: boolean) {
    tab.uses++;
    if (isHealthy && !isClosed && idle.length < options.tabs && tab.uses < RENDERS_PER_TAB) idle.push(tab);
    else void tab.page.close().catch(() => undefined);
  }

  /** Runs a script in the page, failing after the timeout or at the first uncaught exception in it. */
  async function run(tab: Tab, script: string, what: string): Promise<void> {
    const client = tab.page._client();
    let onException: ((event: { exceptionDetails: { text?: string; exception?: { description?: string } } }) => void) | null = null;
    let onCrash: ((error: Error) => void) | null = null;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        tab.page.evaluate(script),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`The overlay page took more than ${timeoutMs} ms to ${what}.`)), timeoutMs);
          onException = (event) => {
            const d = event.exceptionDetails;
            reject(new Error(`The overlay page failed to ${what}: ${(d.exception?.description ?? d.text ?? 'an error').split('\n')[0]}`));
          };
          onCrash = (error) => reject(error);
          client.on('Runtime.exceptionThrown', onException);
          tab.page.on('error', onCrash);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      if (onException) client.off('Runtime.exceptionThrown', onException);
      if (onCrash) tab.page.off('error', onCrash);
    }
  }

  async function prepare(tab: Tab, plan: LayerPlan): Promise<void> {
    if (tab.width !== plan.width || tab.height !== plan.height || tab.scale !== options.scale) {
      await tab.page.setViewport({ width: plan.width, height: plan.height, deviceScaleFactor: options.scale });
      Object.assign(tab, { width: plan.width, height: plan.height, scale: options.scale });
    }
    const serializedResolvedPropsWithSchema = NoReactInternals.serializeJSONWithSpecialTypes({ data: plan.props, indent: undefined, staticBase: null }).serializedString;
    await run(
      tab,
      mountScript({
        type: 'composition',
        compositionName: plan.overlayCompositionId,
        serializedResolvedPropsWithSchema,
        compositionDurationInFrames: plan.durationInFrames,
        compositionFps: plan.fps,
        compositionHeight: plan.height,
        compositionWidth: plan.width,
        compositionDefaultCodec: null,
        compositionDefaultOutName: null,
        compositionDefaultVideoImageFormat: null,
        compositionDefaultPixelFormat: null,
        compositionDefaultProResProfile: null,
        compositionDefaultSampleRate: null,
      }),
      'load the composition',
    );
  }

  async function shoot(tab: Tab): Promise<Buffer> {
    const { value } = await tab.page._client().send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true, fromSurface: true });
    return Buffer.from(value.data, 'base64');
  }

  /**
   * Draws `frames` with up to `tabs` tabs, each taking the next frame not yet taken; the first
   * failure stops them all. A tab that failed (or was cancelled mid-frame) is closed, not kept.
   */
  async function draw(plan: LayerPlan, frames: number[], tabs: number, on: { onFrame: (png: Buffer, frame: number) => void; signal?: AbortSignal }): Promise<void> {
    if (isClosed) throw new Error('The overlay renderer is closed.');
    let next = 0;
    let failure: { error: unknown } | null = null;
    const worker = async () => {
      let tab: Tab | null = null;
      let isHealthy = false;
      try {
        tab = await acquire();
        await prepare(tab, plan);
        while (next < frames.length && !failure) {
          if (on.signal?.aborted) throw new OverlayCancelledError();
          const frame = frames[next++]!;
          await run(tab, seekScript(frame, plan.overlayCompositionId), `draw frame ${frame}`);
          on.onFrame(await shoot(tab), frame);
        }
        isHealthy = true;
      } catch (error) {
        failure ??= { error };
      } finally {
        if (tab) release(tab, isHealthy);
      }
    };
    await Promise.all(Array.from({ length: tabs }, worker));
    if (failure) throw (failure as { error: unknown }).error;
  }

  return {
    render(plan, frames, on) {
      // a few frames: more tabs than frames only costs their setup
      return draw(plan, frames, Math.max(1, Math.min(options.tabs, Math.ceil(frames.length / 6))), on);
    },
    async warm(plan) {
      // every tab opens, loads the bundle and mounts the composition, then draws its held frame
      const held = plan.renderFrames.at(-1)!;
      let drawn: Buffer | null = null;
      await draw(plan, Array.from({ length: options.tabs }, () => held), options.tabs, { onFrame: (png) => (drawn = png) });
      return drawn;
    },
    async close() {
      isClosed = true;
      const tabs = idle.splice(0);
      await Promise.all(tabs.map((t) => t.page.close().catch(() => undefined)));
      const s = server;
      server = null;
      if (s) await (await s.catch(() => null))?.close();
    },
  };
}
