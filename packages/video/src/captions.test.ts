import { describe, expect, it } from 'vitest';
import { captionChangeFrames, captionsSettledFrame, frameAt, POP_FRAMES, wordFrames, wordLook } from './captions.ts';
import { textWallLayers } from './layers.ts';
import { thumbnailFrame } from './render-request.ts';
import { speechTokens, textWallPropsSchema } from './schemas.ts';
import { captionCues, escapeCueText, vttTime, webvtt, MAX_CUE_CHARS } from './webvtt.ts';

/** Words said one after the other, `gap` seconds of silence between, each `length` long, from `from`. */
function said(text: string, from = 0.2, length = 0.3, gap = 0.1) {
  return speechTokens(text).map((t, i) => ({ text: t, start: from + i * (length + gap), end: from + i * (length + gap) + length }));
}

describe('captions follow the words, frame by frame', () => {
  it('puts each word on the frames it is said', () => {
    expect(frameAt(0.5, 30)).toBe(15);
    expect(frameAt(0.501, 30)).toBe(16);
    expect(frameAt(1 / 3, 30)).toBe(10);
    const words = said('one two three');
    expect(wordFrames(words, 3, 30)).toEqual([
      { start: 6, end: 15 },
      { start: 18, end: 27 },
      { start: 30, end: 39 },
    ]);
    // a token the speech has no time for is taken as said at its end
    expect(wordFrames(words.slice(0, 2), 3, 30)[2]).toEqual({ start: 27, end: 27 });
  });

  it('marks, fills and pops each word as its style says', () => {
    const word = { start: 10, end: 14 };
    expect(wordLook('highlight', word, 9).isActive).toBe(false);
    expect(wordLook('highlight', word, 10).isActive).toBe(true);
    expect(wordLook('highlight', word, 14).isActive).toBe(false);
    expect([9, 10, 11, 13, 14, 30].map((f) => wordLook('karaoke', word, f).fill)).toEqual([0, 0.25, 0.5, 1, 1, 1]);
    expect(wordLook('pop', word, 9).appear).toBe(0);
    expect(wordLook('pop', word, 10).appear).toBeGreaterThan(0);
    expect(wordLook('pop', word, 10 + POP_FRAMES).appear).toBe(1);
    expect(wordLook('plain', word, 0)).toEqual({ appear: 1, isActive: false, fill: 0 });
  });

  it('lists only the frames where the drawing changes', () => {
    const text = 'one two three';
    const words = said(text);
    expect(captionChangeFrames('highlight', text, words, 30, 300)).toEqual([0, 6, 15, 18, 27, 30, 39]);
    expect(captionChangeFrames('plain', text, words, 30, 300)).toEqual([0]);
    expect(captionChangeFrames('pop', text, words, 30, 300)).toEqual([0, ...[6, 18, 30].flatMap((s) => Array.from({ length: POP_FRAMES + 1 }, (_, i) => s + i))]);
    const karaoke = captionChangeFrames('karaoke', text, words, 30, 300);
    for (let f = 6; f <= 15; f++) expect(karaoke).toContain(f);
    expect(karaoke).not.toContain(16);
    // never past the video's end
    expect(captionChangeFrames('highlight', text, words, 30, 20)).toEqual([0, 6, 15, 18]);
    // each change frame really is a change of some word's look, and between them nothing changes
    for (const style of ['highlight', 'karaoke', 'pop'] as const) {
      const timeline = wordFrames(words, 3, 30);
      const looks = (f: number) => JSON.stringify(timeline.map((w) => wordLook(style, w, f)));
      const changes = captionChangeFrames(style, text, words, 30, 60);
      for (let f = 1; f < 60; f++) expect(looks(f) !== looks(f - 1), `${style} frame ${f}`).toBe(changes.includes(f));
    }
  });

  it('the fast path draws the caption frames, and the thumbnail waits for the first words', () => {
    const text = 'Stop scrolling now, this changes everything';
    const words = said(text, 0.5, 0.4, 0.1);
    const props = textWallPropsSchema.parse({ text, background: { url: 'bg.mp4', durationInSeconds: 6 }, speech: { audio: { url: 'voice.wav', durationInSeconds: 4 }, words }, captions: { style: 'highlight' } });
    const layers = textWallLayers(props)!;
    expect(layers.voice).toMatchObject({ url: 'voice.wav', startSeconds: 0 });
    expect(layers.renderFrames).toEqual(captionChangeFrames('highlight', text, words, 30, 300));
    // a voice without captions keeps the style's entrance
    const silentCaptions = textWallLayers({ ...props, captions: null })!;
    expect(silentCaptions.renderFrames.length).toBeLessThan(25);
    expect(silentCaptions.voice).toMatchObject({ url: 'voice.wav' });
    expect(thumbnailFrame({ compositionId: 'text-wall', props: { ...props, captions: { style: 'pop' } } })).toBe(Math.max(30, captionsSettledFrame('pop', text, words, 30) + 15));
    expect(captionsSettledFrame('pop', text, words, 30)).toBe(frameAt(words[3]!.end, 30) + POP_FRAMES);
  });
});

describe('WebVTT of the spoken words', () => {
  it('writes pages of a few words, each while it is said', () => {
    const text = 'Stop scrolling right now. This changes how you make ads & videos <fast>';
    const words = said(text);
    const vtt = webvtt(text, words);
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:00.200 --> ')).toBe(true);
    const cues = captionCues(text, words);
    // a sentence's end starts a page; no page is longer than the limit
    expect(cues[0]!.text).toBe('Stop scrolling right now.');
    expect(cues.map((c) => c.text).join(' ')).toBe(text);
    for (const cue of cues) expect(cue.text.length).toBeLessThanOrEqual(MAX_CUE_CHARS);
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
    // escaped: no tag, no arrow inside a cue
    expect(vtt).toContain('&amp; videos &lt;fast&gt;');
    expect(escapeCueText('a --> b')).toBe('a --&gt; b');
    expect(vttTime(3723.4567)).toBe('01:02:03.457');
  });

  it('joins Chinese and Japanese words without spaces, keeps emoji and a long pause apart', () => {
    const text = '今日はいい天気ですね 🌞 Hello';
    const tokens = speechTokens(text);
    expect(tokens.length).toBeGreaterThan(3);
    const words = said(text);
    const cues = captionCues(text, words);
    expect(cues.map((c) => c.text).join(' ')).toBe(text);
    expect(cues[0]!.text.startsWith('今日はいい')).toBe(true);
    // a pause of a second starts a new page
    const paused = said('one two three four');
    paused[2] = { ...paused[2]!, start: 3, end: 3.3 };
    paused[3] = { ...paused[3]!, start: 3.4, end: 3.7 };
    expect(captionCues('one two three four', paused).map((c) => c.text)).toEqual(['one two', 'three four']);
    // one line of the text is one page at most
    expect(captionCues('one two\nthree', said('one two three')).map((c) => c.text)).toEqual(['one two', 'three']);
  });
});
