import { splitWords } from './schemas.ts';

/**
 * Which words of a text are highlighted: `style.highlightWords` holds words and phrases ("24
 * hours"); a phrase highlights every run of consecutive words that reads the same. Case and the
 * punctuation and symbols around or inside a word are ignored ("Hours!" is "hours"); a piece that is
 * nothing but those (an emoji, a dash) is skipped over by a phrase and never highlighted itself.
 */
export function normaliseWord(word: string): string {
  return word.toLocaleLowerCase().replace(/[\p{P}\p{S}]/gu, '');
}

/** The indexes (in `words`, the text's splitWords) of the highlighted words; entries overlapping or repeated are fine. */
export function highlightedWords(words: string[], entries: readonly string[]): Set<number> {
  const phrases = entries.map((entry) => splitWords(entry).map(normaliseWord).filter(Boolean)).filter((p) => p.length > 0);
  const highlighted = new Set<number>();
  if (phrases.length === 0) return highlighted;
  // the words that can match, by their index in the text
  const keys: { key: string; index: number }[] = [];
  words.forEach((word, index) => {
    const key = normaliseWord(word);
    if (key) keys.push({ key, index });
  });
  for (const phrase of phrases) {
    for (let start = 0; start + phrase.length <= keys.length; start++) {
      if (phrase.every((key, k) => keys[start + k]!.key === key)) for (let k = 0; k < phrase.length; k++) highlighted.add(keys[start + k]!.index);
    }
  }
  return highlighted;
}
