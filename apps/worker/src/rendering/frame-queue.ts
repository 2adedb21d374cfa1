/**
 * The overlay frames in their order, whatever order the browser's tabs finish them in: `put` keeps
 * each until those before it are sent, `end` says the renderer is done, `fail` passes its error on.
 */
export function orderedFrames(frames: number[]) {
  const ready = new Map<number, Buffer>();
  let next = 0;
  let isEnded = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  return {
    put(frame: number, png: Buffer) {
      ready.set(frame, png);
      notify();
    },
    end() {
      isEnded = true;
      notify();
    },
    fail(error: unknown) {
      failure ??= { error };
      notify();
    },
    async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
      while (next < frames.length) {
        if (failure) throw failure.error;
        const png = ready.get(frames[next]!);
        if (png) {
          ready.delete(frames[next]!);
          next++;
          yield png;
          continue;
        }
        if (isEnded) throw new Error(`overlay frame ${frames[next]} was not rendered`);
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
