import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { endReauthentication } from '@/app/reauthentication';
import { resetToasts } from '@/components/ui/use-toast';
import { recordConsole, takeUnexpectedConsole } from './console';
import { resetApi, server } from './msw';

// jsdom lacks what Radix's pointer and layout code touches
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

/*
 * The web project runs without isolation (vitest.config.ts, `isolate: false`): one worker runs the
 * files one after another in one jsdom window, and the modules they import (the app, MSW's server,
 * test/console.ts) are evaluated once and shared. This file alone runs again before each file. So
 * what it installs is installed once per console or window, and what a test may change is put back
 * after every test, below: nothing a test does reaches the next one, in its file or the next file.
 */

// a test fails on an error or warning it did not announce with expectConsole() (test/console.ts);
// the console a previous file wrapped is still in place, and is wrapped once (a second wrapper
// would record every line twice)
const recording = Symbol.for('hookwall.test.recordConsole');
for (const level of ['error', 'warn'] as const) {
  if ((console[level] as { [recording]?: true })[recording]) continue;
  const original = console[level].bind(console);
  console[level] = Object.assign((...args: unknown[]) => {
    recordConsole(level, args);
    original(...args);
  }, { [recording]: true as const });
}

// each file starts from a blank page, as in a window of its own: whatever a file's last test left
// on the body (a portal, Radix's `pointer-events: none`, a scroll lock) is gone before the next file
document.body.replaceChildren();
for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);

// the API answers through MSW handlers typed from the generated client (test/msw.ts); a request no
// handler answers is an error, logged, so it fails the test like any unexpected console error
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  takeUnexpectedConsole();
});
afterEach(() => {
  cleanup();
  resetToasts();
  resetApi();
  // what a test may have swapped: spies (vi.spyOn), globals and env (vi.stubGlobal, vi.stubEnv), fake timers
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  // a change still waiting for a new sign-in (app/reauthentication.ts) is given up, so the next
  // test's first 403 opens the dialog again
  endReauthentication(() => undefined as never, false);
  const lines = takeUnexpectedConsole();
  if (lines.length > 0) throw new Error(`Unexpected console output (announce it with expectConsole):\n${lines.join('\n')}`);
});
