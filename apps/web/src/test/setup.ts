import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { recordConsole, takeUnexpectedConsole } from './console';

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

beforeEach(() => {
  window.localStorage.clear();
  takeUnexpectedConsole();
});
afterEach(() => {
  cleanup();
  resetToasts();
  const lines = takeUnexpectedConsole();
  if (lines.length > 0) throw new Error(`Unexpected console output (announce it with expectConsole):\n${lines.join('\n')}`);
});
