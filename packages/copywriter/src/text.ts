/** Small text helpers shared by the reader, the formulas and the quality check. */

const EMOJI = /(?:\p{Extended_Pictographic}|\p{Regional_Indicator})(?:\u{FE0F}|\u{200D}(?:\p{Extended_Pictographic})|\p{Emoji_Modifier}|\u{20E3})*/gu;

export function emojiIn(text: string): string[] {
  return text.match(EMOJI) ?? [];
}

export function stripEmoji(text: string): string {
  return text.replace(EMOJI, ' ').replace(/[\u{FE0F}\u{200D}]/gu, '').replace(/[ \t]+/g, ' ').trim();
}

export const endsWithEmoji = (text: string) => /(?:\p{Extended_Pictographic}|\p{Regional_Indicator})[\u{FE0F}\u{200D}\p{Emoji_Modifier}]*\s*$/u.test(text);

/** The words of a text, lower case, letters and digits only ("24", "ice", "cold"). */
export function tokens(text: string): string[] {
  return (
    stripEmoji(text)
      .toLowerCase()
      .replace(/(\d)[.,\u00A0\u202F ](?=\d{3}\b)/g, '$1')
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []
  );
}

/** Words as the quality check counts them: a number with its separators is one word, emoji are none. */
export function wordCount(text: string): number {
  return stripEmoji(text)
    .replace(/(\d)[.,\u00A0\u202F ](?=\d{3}\b)/g, '$1')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w) && !/^(?:\d+[.)]|[-•→✔✓·])$/u.test(w)).length;
}

export function capitalize(text: string): string {
  // only a letter that opens the text (after opening marks): "750 ml" stays as it is
  const i = text.search(/[\p{L}\p{N}]/u);
  if (i < 0 || !/\p{L}/u.test(text[i]!)) return text;
  // leave words written with a capital inside ("iPhone", "eBay") as they are
  const word = /^\p{L}[\p{L}\p{N}-]*/u.exec(text.slice(i))?.[0] ?? '';
  if (/^\p{Ll}+\p{Lu}/u.test(word)) return text;
  return text.slice(0, i) + text[i]!.toUpperCase() + text.slice(i + 1);
}

export const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
