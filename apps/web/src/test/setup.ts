import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
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

// a test fails on an error or warning it did not announce with expectConsole() (test/console.ts)
for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    recordConsole(level, args);
    original(...args);
  };
}

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
  const lines = takeUnexpectedConsole();
  if (lines.length > 0) throw new Error(`Unexpected console output (announce it with expectConsole):\n${lines.join('\n')}`);
});
