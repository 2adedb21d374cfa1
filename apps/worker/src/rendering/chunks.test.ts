import { describe, expect, it } from 'vitest';
import { chunkRanges } from './chunks.ts';

describe('chunk ranges', () => {
  it('splits a long render into equal consecutive ranges that cover every frame once', () => {
    expect(chunkRanges(150, 30, 2)).toEqual([
      [0, 49],
      [50, 99],
      [100, 149],
    ]);
    // uneven: the last range is the shorter one
    const ranges = chunkRanges(1801, 30, 20);
    expect(ranges).toHaveLength(4);
    expect(ranges[0]![0]).toBe(0);
    expect(ranges.at(-1)![1]).toBe(1800);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBe(ranges[i - 1]![1] + 1);
  });

  it('keeps a render no longer than a chunk, or with chunking off, in one piece', () => {
    expect(chunkRanges(600, 30, 20)).toEqual([[0, 599]]);
    expect(chunkRanges(1800, 30, 0)).toEqual([[0, 1799]]);
  });
});

describe('render slots', () => {
  it('one render per 4 cores, at most one per 1.5 GB of memory, never none', async () => {
    const { renderSlots } = await import('./index.ts');
    const GB = 1024 ** 3;
    expect(renderSlots(2, 24 * GB)).toBe(1);
    expect(renderSlots(16, 64 * GB)).toBe(4);
    expect(renderSlots(16, 3 * GB)).toBe(2);
    expect(renderSlots(1, 1 * GB)).toBe(1);
  });
});
