/**
 * Lets the event loop run what waits (other requests, timers) before going on: long CPU work in a
 * request, such as building the props of a bulk of videos, does it in chunks with this between.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Maps `items` in chunks of `size`, yielding to the event loop between chunks. */
export async function mapInChunks<T, R>(items: readonly T[], size: number, map: (item: T, index: number) => R): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await yieldToEventLoop();
    for (let j = i; j < Math.min(items.length, i + size); j++) out.push(map(items[j]!, j));
  }
  return out;
}
