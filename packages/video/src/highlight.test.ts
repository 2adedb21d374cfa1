import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextContent } from './components/text-block.tsx';
import { highlightedWords } from './highlight.ts';
import { STYLE_PRESETS, splitWords } from './schemas.ts';

/** The highlighted words of `text`, in order. */
function marked(text: string, entries: string[]): string[] {
  const words = splitWords(text);
  return [...highlightedWords(words, entries)].sort((a, b) => a - b).map((i) => words[i]!);
}

describe('highlighted words and phrases', () => {
  it('single words, whatever their case and punctuation', () => {
    expect(marked('Ads that sell. More ADS!', ['ads'])).toEqual(['Ads', 'ADS!']);
    expect(marked('Ready in 24 hours', ['READY', 'nothing'])).toEqual(['Ready']);
  });

  it('a phrase highlights each run of its words, and nothing of a partial run', () => {
    expect(marked('Delivered in 24 hours, or 24 days. Hours later: 24 hours!', ['24 hours'])).toEqual(['24', 'hours,', '24', 'hours!']);
    // across a line break, in another case, with punctuation around and inside the words
    expect(marked('Free shipping within 24\nHOURS. Free (shipping)!', ['"24 Hours"', 'free  shipping'])).toEqual(['Free', 'shipping', '24', 'HOURS.', 'Free', '(shipping)!']);
    // a piece with no letters in between (an emoji, a dash) does not break the run and stays plain
    expect(marked('Glow 🔥 serum — every day', ['glow serum', 'serum every'])).toEqual(['Glow', 'serum', 'every']);
  });

  it('overlapping and repeated entries, and entries that are only punctuation', () => {
    expect(marked('the best serum of the year', ['best serum', 'serum of the', 'best', 'best serum'])).toEqual(['best', 'serum', 'of', 'the']);
    expect(marked('wait... what?', ['...', '', '  ', '!'])).toEqual([]);
    expect(marked('a b a b a', ['a b a'])).toEqual(['a', 'b', 'a', 'b', 'a']);
  });

  it('the text block colours a phrase, each of its words, and leaves the rest', () => {
    const style = { ...STYLE_PRESETS.bold.style, textColor: '#ffffff', highlightColor: '#facc15', highlightWords: ['24 hours', 'ads'] };
    const html = renderToStaticMarkup(createElement(TextContent, { text: 'Your ads in 24 hours,\nnot 24 days', style, wordAppear: () => 1, breakWords: false }));
    const colourOf = (word: string) => [...html.matchAll(/<span style="color:(#[0-9a-f]{6})[^"]*">([^<]*)<\/span>/g)].filter((m) => m[2] === word).map((m) => m[1]);
    expect(colourOf('ads')).toEqual(['#facc15']);
    expect(colourOf('24')).toEqual(['#facc15', '#ffffff']);
    expect(colourOf('hours,')).toEqual(['#facc15']);
    expect(colourOf('days')).toEqual(['#ffffff']);
    expect(colourOf('Your')).toEqual(['#ffffff']);
  });
});
