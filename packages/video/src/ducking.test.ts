import { describe, expect, it } from 'vitest';
import { captionPages, hookProductDemoCaptionPages, pageChangeFrames, PAGE_WORDS } from './caption-pages.ts';
import { DUCK, duckExpression, duckGain, musicExpression, musicGain, speechSpans } from './ducking.ts';
import { hookProductDemoLayers } from './layers.ts';
import { hookProductDemoMeta, hookProductDemoPropsSchema, hookProductDemoSegments, type SpeechWord } from './schemas.ts';

/** An ffmpeg expression of t evaluated here (its functions are JavaScript's, by the same names). */
function evaluate(expression: string, t: number): number {
  const clip = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
  return new Function('t', 'clip', 'max', 'min', `return ${expression};`)(t, clip, Math.max, Math.min) as number;
}

const words = (spec: [string, number, number][]): SpeechWord[] => spec.map(([text, start, end]) => ({ text, start, end }));

describe('ducking', () => {
  const said = words([['One', 0.5, 0.8], ['two', 0.9, 1.2], ['three', 3, 3.4], ['🙂', 3.4, 3.4]]);

  it('joins words over short pauses into spans, moved to where the voice starts', () => {
    expect(speechSpans(said, 0)).toEqual([[0.5, 1.2], [3, 3.4]]);
    expect(speechSpans(said, 2)).toEqual([[2.5, 3.2], [5, 5.4]]);
    expect(speechSpans([], 0)).toEqual([]);
  });

  it('lowers the sound to DUCK.gain while the voice speaks and ramps at the edges', () => {
    const spans = speechSpans(said, 0);
    expect(duckGain(spans, 0)).toBe(1);
    expect(duckGain(spans, 0.6)).toBeCloseTo(DUCK.gain);
    expect(duckGain(spans, 0.5 - DUCK.attack / 2)).toBeCloseTo((1 + DUCK.gain) / 2);
    expect(duckGain(spans, 1.2 + DUCK.release / 2)).toBeCloseTo((1 + DUCK.gain) / 2);
    expect(duckGain(spans, 2)).toBe(1);
  });

  it('gives ffmpeg the same gains as the browser, in a chunk too', () => {
    const spans = speechSpans(said, 0.1);
    for (let t = 0; t < 6; t += 0.01) {
      expect(evaluate(duckExpression(spans), t)).toBeCloseTo(duckGain(spans, t), 3);
      expect(evaluate(duckExpression(spans, 2), t)).toBeCloseTo(duckGain(spans, t + 2), 3);
      expect(evaluate(musicExpression(0.4, spans, 6, 1.5), t)).toBeCloseTo(musicGain(0.4, spans, t + 1.5, 6), 3);
    }
    expect(duckExpression([])).toBe('1');
    // music fades out over the last second
    expect(musicGain(0.5, [], 5.5, 6)).toBeCloseTo(0.25);
    expect(musicGain(0.5, [], 6, 6)).toBe(0);
  });
});

describe('caption pages', () => {
  it('cuts speech into pages of a few words, at pauses and sentence ends, each shown until the next', () => {
    const said = words([['Stop', 0, 0.3], ['scrolling.', 0.3, 0.8], ['This', 0.9, 1.1], ['changes', 1.1, 1.5], ['how', 1.5, 1.7], ['you', 1.7, 1.8], ['make', 1.8, 2], ['ads', 3.5, 3.9]]);
    const pages = captionPages(said, 1, 30, 1000);
    expect(pages.map((p) => p.text)).toEqual(['Stop scrolling.', 'This changes how you', 'make', 'ads']);
    expect(pages.every((p) => p.words.length <= PAGE_WORDS)).toBe(true);
    // moved by the offset; a page runs to the next one, or a moment after its last word
    expect(pages[0]).toMatchObject({ from: 30, to: 57 });
    expect(pages[2]!.to).toBe(Math.ceil((3 + 0.5) * 30));
    expect(pages[3]!.from).toBe(135);
    // cut at the end
    expect(captionPages(said, 0, 30, 40).map((p) => p.text)).toEqual(['Stop scrolling.', 'This changes how you']);
    const changes = pageChangeFrames('highlight', pages, 30);
    for (const p of pages) expect(changes).toEqual(expect.arrayContaining([p.from, p.to]));
  });

  it("captions a composite's voice-over from the demo and the hook's own words over the hook", () => {
    const hookWords = words([['Hi', 0.2, 0.5], ['there', 0.5, 0.9], ['late', 2.5, 2.9]]);
    const voice = words([['Buy', 0.1, 0.4], ['now', 0.4, 0.8]]);
    const props = hookProductDemoPropsSchema.parse({
      hook: { url: 'h.mp4', durationInSeconds: 2 },
      demo: { url: 'd.mp4', durationInSeconds: 1 },
      speech: { audio: { url: 'v.wav', durationInSeconds: 4 }, words: voice },
      captions: { style: 'pop' },
      hookWords,
    });
    // the voice (4 s) is longer than the demo (1 s): the demo lasts until half a second after it
    expect(hookProductDemoSegments(props).demo).toBe(135);
    expect(hookProductDemoMeta.calculate(props).durationInFrames).toBe(60 + 135 + 60);
    const pages = hookProductDemoCaptionPages(props);
    expect(pages.map((p) => [p.text, p.from])).toEqual([['Hi there', 6], ['Buy now', 63]]);
    const plan = hookProductDemoLayers(props)!;
    expect(plan.voice).toEqual({ url: 'v.wav', startSeconds: 2, spans: [[2.1, 2.8]] });
    for (const p of pages) expect(plan.renderFrames).toEqual(expect.arrayContaining([p.from, p.to]));
    // read from the hook: the hook's own words are not captioned, the voice starts at 0
    const fromHook = { ...props, speechStart: 'hook' as const };
    expect(hookProductDemoCaptionPages(fromHook).map((p) => p.text)).toEqual(['Buy now']);
    expect(hookProductDemoLayers(fromHook)!.voice!.startSeconds).toBe(0);
    expect(hookProductDemoCaptionPages({ ...props, captions: null })).toEqual([]);
  });
});
