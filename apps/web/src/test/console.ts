/**
 * Keeps the console loud in tests: an error or warning a test did not announce fails it (see
 * setup.ts). A test that expects one says so first: `expectConsole(/Request failed: GET/)`.
 */
const allowed: RegExp[] = [];
/**
 * Redux Toolkit's development checks say when they ran slowly; that measures the machine's load,
 * not the code under test, so it never fails a test.
 */
const ALWAYS_ALLOWED = [/^(Serializable|Immutable)StateInvariantMiddleware took \d+ms/];
const unexpected: string[] = [];

export function expectConsole(...patterns: RegExp[]) {
  allowed.push(...patterns);
}

export function recordConsole(level: 'error' | 'warn', args: unknown[]) {
  const text = args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  if (![...ALWAYS_ALLOWED, ...allowed].some((p) => p.test(text))) unexpected.push(`console.${level}: ${text.slice(0, 300)}`);
}

/** The unexpected lines of the test that just ended; clears the record and the test's allowances. */
export function takeUnexpectedConsole(): string[] {
  const lines = unexpected.splice(0);
  allowed.length = 0;
  return lines;
}
