import { describe, expect, it } from 'vitest';
import { ffconcatList } from './join.ts';
import { chunkRanges } from './plan.ts';

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

describe('the ffconcat list of a join', () => {
  it('gives each file its length so that the lengths add up to the whole, and quotes every path', () => {
    // three 1-frame files at 30 fps: 33 333.3 us each, rounded per file they would sum to 99 999
    const list = ffconcatList(
      [
        { path: '/tmp/a.mp4', frames: 1 },
        { path: "/tmp/it's.mp4", frames: 1 },
        { path: '/tmp/c.mp4', frames: 1 },
      ],
      30,
    );
    expect(list).toBe("ffconcat version 1.0\nfile '/tmp/a.mp4'\nduration 33333us\nfile '/tmp/it'\\''s.mp4'\nduration 33334us\nfile '/tmp/c.mp4'\nduration 33333us\n");
    // many parts of a long render still end on the whole's length, to the microsecond
    const parts = Array.from({ length: 97 }, (_, i) => ({ path: `p${i}.mp4`, frames: 7 + (i % 5) }));
    const frames = parts.reduce((sum, p) => sum + p.frames, 0);
    const total = [...ffconcatList(parts, 30).matchAll(/duration (\d+)us/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(total).toBe(Math.round((frames * 1e6) / 30));
  });
});
