import { languageScores, type Language } from './language.ts';
import type { Product } from './product-context.ts';
import { emojiIn, escapeRegExp, normalise, stripEmoji, tokens, wordCount } from './text.ts';
import { TEXT_LIMITS } from './types.ts';

/** A hook is read in about two seconds: this many words at most. */
export const MAX_WORDS = 18;
/** Longer runs of the description's own words are copying, not writing. */
export const MAX_COPIED_RUN = 8;
/** Emoji a text may add to the ones in the product's name. */
export const MAX_EMOJI = 2;
/** Openings (first words) must differ within this many consecutive texts of a batch. */
export const OPENING_WINDOW = 20;
const OPENING_WORDS = 3;

/** Words that cannot end a phrase: what is left when a phrase was cut. */
const NEVER_LAST: Record<Language, Set<string>> = {
  en: new Set('a an the of to for with from into onto at than and or but your our their its my his her that very'.split(' ')),
  fr: new Set('de du des d le la les l un une au aux à pour avec sans sur dans par et ou mais votre vos ton ta tes son sa ses leur leurs ce cet cette ces très'.split(' ')),
  es: new Set('de del el la los las un una al para con sin por en y o pero tu tus su sus mi mis muy'.split(' ')),
  de: new Set('den dem des einen einem einer und oder aber mit ohne für von zum zur im dein deine deinen sehr'.split(' ')),
  pt: new Set('de do da dos das o os as um uma ao à para com sem por em no na e ou mas seu sua seus suas muito'.split(' ')),
  it: new Set('di del della dei il lo la i gli le un uno una al alla da dal in nel per con senza su e o ma tuo tua molto'.split(' ')),
};

/** English writes these with a capital anywhere */
const ALWAYS_CAPITAL = /^(?:I|I['’](?:m|ve|ll|d)|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|POV)$/u;

export interface QualityReport {
  text: string;
  /** empty when the text passes; else why it does not, in words a model can act on */
  problems: string[];
}

function ngrams(list: string[], n: number): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + n <= list.length; i++) out.add(list.slice(i, i + n).join(' '));
  return out;
}

const sourceRuns = new WeakMap<Product, Set<string>>();

/**
 * The first words of a text's first sentence (no emoji, no quotes, no list marks): two texts that
 * open alike read alike ("¿Sin tiempo?" and "«¿Sin tiempo?»"), while "POV: you…" and "POV: your…"
 * do not.
 */
export function openingOf(text: string): string {
  const first = /^[^.!?\n]*[.!?]?/u.exec(text.trim())?.[0] ?? text;
  return tokens(first).slice(0, OPENING_WORDS).join(' ');
}

/** Problems of one text for this product, whoever wrote it (none: it passes). */
export function checkText(text: string, product: Product): string[] {
  const problems: string[] = [];
  const lang = product.language;
  const t = text.replace(/\r\n?/g, '\n');
  const lines = t.split('\n').map((l) => l.trim());
  if (!t.trim()) return ['The text is empty.'];

  // length: a hook read in two seconds that fits the text wall
  const count = wordCount(t);
  if (count > MAX_WORDS) problems.push(`It has ${count} words; at most ${MAX_WORDS}.`);
  if (t.length > TEXT_LIMITS.maxChars) problems.push(`It is ${t.length} characters long; at most ${TEXT_LIMITS.maxChars}.`);
  if (lines.length > TEXT_LIMITS.maxLines) problems.push(`It has ${lines.length} lines; at most ${TEXT_LIMITS.maxLines}.`);
  if (lines.some((l) => !l)) problems.push('It has an empty line.');

  // truncation: no ellipsis, no phrase that stops on "the", "for", "de"
  if (/…|\.\.\./u.test(t)) problems.push('It is cut with an ellipsis ("…"); write a whole sentence.');
  for (const line of lines) {
    const bare = stripEmoji(line).replace(/[\s.!?:;,"“”«»)]+$/u, '');
    const last = (bare.toLowerCase().match(/[\p{L}\p{N}'’]+$/u) ?? [''])[0].replace(/^.*['’]/u, '');
    if (last && NEVER_LAST[lang].has(last)) problems.push(`A line stops on "${last}", as if it was cut.`);
    if (/[,;\-–—]\s*$/u.test(stripEmoji(line))) problems.push('A line ends on a comma or a dash, as if it was cut.');
  }

  // copying: no run of the description's words longer than MAX_COPIED_RUN
  let runs = sourceRuns.get(product);
  if (!runs) {
    runs = new Set(product.sourceTokens.flatMap((sentence) => [...ngrams(sentence, MAX_COPIED_RUN + 1)]));
    sourceRuns.set(product, runs);
  }
  const own = tokens(t);
  for (const gram of ngrams(own, MAX_COPIED_RUN + 1)) {
    if (runs.has(gram)) {
      problems.push(`It copies more than ${MAX_COPIED_RUN} words in a row from the description ("${gram}"); say it in new words.`);
      break;
    }
  }

  // the name: as the user wrote it, at most once
  const name = stripEmoji(product.name).trim();
  if (name) {
    const loose = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'giu');
    const found = t.match(loose) ?? [];
    if (found.length > 1) problems.push(`It names "${product.name}" ${found.length} times; once at most.`);
    if (found.some((f) => f !== name)) problems.push(`It writes the name differently from "${product.name}".`);
    // "Tidewater Bottle 🌊 tidewater is…": the name's own first word again
    const first = name.split(/\s+/)[0]!;
    const rest = t.replace(loose, ' ');
    if (name.includes(' ') && first.length >= 4 && !product.commonWords.has(first.toLowerCase()) && !tokens(product.category?.text ?? '').includes(first.toLowerCase()) && new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(first)}(?![\\p{L}\\p{N}])`, 'iu').test(rest)) {
      problems.push(`It names the product twice ("${first}"); once at most.`);
    }
  }

  // a fact or benefit of this product
  const nameWords = new Set(tokens(product.name));
  if (!own.some((w) => !nameWords.has(w) && product.benefitWords.has(w))) problems.push('It says nothing this product does or has: name one of its facts or benefits.');

  if (/\b(?:undefined|null|NaN)\b|\[object Object\]/u.test(t)) problems.push('It has a placeholder ("undefined") in it.');

  // the product's language (when the description is in one of the six)
  const scores = languageScores(stripEmoji(t.replace(new RegExp(escapeRegExp(name), 'giu'), ' ')));
  const louder = (Object.keys(scores) as Language[]).filter((l) => scores[l] > scores[lang] + 1);
  if (louder.length > 0 && product.languageKnown) problems.push(`It is not written in the product's language (${lang}).`);

  problems.push(...caseProblems(lines, product), ...punctuationProblems(t, lines, lang));

  // emoji: a few, and never inside a word
  // list marks ("✔ ") are not emoji
  const added = emojiIn((name ? t.split(product.name).join(' ') : t).replace(/^\s*[✔✓☑]\u{FE0F}?\s/gmu, '')).length;
  if (added > MAX_EMOJI) problems.push(`It has ${added} emoji besides the name's; ${MAX_EMOJI} at most.`);
  if (/[\p{L}\p{N}](?:\p{Extended_Pictographic})|(?:\p{Extended_Pictographic})[\p{L}\p{N}]/u.test(t)) problems.push('An emoji touches a word; put a space around it.');
  if (/(?:^|\s)#[\p{L}\p{N}]/u.test(t)) problems.push('It has a hashtag; a text wall has none.');
  if (/https?:\/\/|www\./iu.test(t)) problems.push('It has a web address; a text wall has none.');
  return problems;
}

function caseProblems(lines: string[], product: Product): string[] {
  const problems: string[] = [];
  const name = stripEmoji(product.name).trim();
  for (const raw of lines) {
    const line = stripEmoji(raw).replace(/^(?:\d+[.)]|[-•→✔✓·*])\s*/u, '').replace(/\b(?:vs|z\.\s?B|e\.g|i\.e|etc|ca|approx)\./giu, (m) => m.replace(/\./g, '')).trim();
    // each sentence starts with a capital (or the name, a number, a name the user writes in lower case)
    const sentences = line.split(/(?<=[.!?])\s+(?=\S)/u);
    for (const sentence of sentences) {
      const start = sentence.replace(/^[¿¡"“«„'‘(\s]+/u, '');
      if (!start || /^[\p{N}$€£%]/u.test(start) || (name && start.startsWith(name))) continue;
      const word = /^[\p{L}][\p{L}'’-]*/u.exec(start)?.[0] ?? '';
      if (word && word[0] !== word[0]!.toUpperCase() && !product.properNouns.has(word.toLowerCase()) && !/^\p{Ll}+\p{Lu}/u.test(word)) {
        problems.push(`"${word}" starts a sentence in lower case.`);
      }
    }
  }
  // no shouting and no Title Case (German writes its nouns with a capital)
  const sourceWords = new Set(product.sourceTokens.flat());
  const text = stripEmoji(lines.join(' ')).replace(new RegExp(escapeRegExp(name), 'gu'), ' ');
  const shouted = (text.match(/\b\p{Lu}{4,}\b/gu) ?? []).filter((w) => !sourceWords.has(w.toLowerCase()) || !/\b\p{Lu}{4,}\b/u.test(product.sentences.concat(product.bullets).join(' ')));
  if (shouted.length > 0) problems.push(`"${shouted[0]}" is in capitals; write in sentence case.`);
  if (product.language !== 'de') {
    // a capital inside a sentence belongs to a name the description writes that way ("Montréal", "WhatsApp")
    const capital = lines
      .map((l) => stripEmoji(l).replace(new RegExp(escapeRegExp(name), 'gu'), ' '))
      .flatMap((l) => l.split(/(?<=[.!?:»”])\s+/u))
      .flatMap((s) => s.replace(/^[\s"“«„¿¡'‘(]*(?:\d+[.)]|[-•→✔✓·])?\s*/u, '').split(/\s+/).slice(1))
      .map((w) => w.replace(/^[("“«„'‘¿¡]+|[.,!?:;)"”»'’]+$/gu, ''))
      .find((w) => /^\p{Lu}\p{Ll}/u.test(w) && !product.properNouns.has(w.toLowerCase()) && !ALWAYS_CAPITAL.test(w));
    if (capital) problems.push(`"${capital}" has a capital in the middle of a sentence.`);
    const inner = lines
      .map((l) => stripEmoji(l).replace(new RegExp(escapeRegExp(name), 'gu'), ' ').replace(/^\s*(?:\d+[.)]|[-•→✔✓·*])\s*/u, ''))
      .flatMap((l) => l.split(/(?<=[.!?:])\s+/u))
      .flatMap((s) => s.trim().split(/\s+/).slice(1)).filter((w) => /^[\p{L}'’-]{4,}[.,!?:;]*$/u.test(w) && !product.properNouns.has(w.replace(/[.,!?:;]+$/u, '').toLowerCase()));
    const capitalised = inner.filter((w) => /^\p{Lu}\p{Ll}/u.test(w));
    if (inner.length >= 3 && capitalised.length / inner.length > 0.5) problems.push('It is written in Title Case; write in sentence case.');
  }
  return problems;
}

function punctuationProblems(text: string, lines: string[], lang: Language): string[] {
  const problems: string[] = [];
  // "Tidewater Bottle 🌊: …" has no space before its colon once the emoji is gone
  const t = text.replace(/[ \t]*(?:\p{Extended_Pictographic}|\p{Regional_Indicator})[\u{FE0F}\u{200D}\p{Extended_Pictographic}\p{Emoji_Modifier}]*/gu, '');
  if (/\s[,.]/u.test(t.replace(/\s\d/gu, ''))) problems.push('A space stands before a comma or a full stop.');
  if (lang === 'fr') {
    if (/[^\s\u00A0\u202F\d][?!;:](?!\/)/u.test(t.replace(/\b(?:https?|www)[^\s]*/gu, ''))) problems.push('French puts a (non-breaking) space before "?", "!", ":" and ";".');
  } else if (/\s[?!;:]/u.test(t)) problems.push('A space stands before "?", "!", ":" or ";".');
  if (/[,;:](?=[\p{L}])/u.test(t)) problems.push('A comma, colon or semicolon has no space after it.');
  if (/[.!?](?=\p{Lu}\p{Ll})/u.test(t)) problems.push('A sentence has no space after its full stop.');
  if (/[,;:]{2,}|[.]{2,}|[!?]{2,}|[!?][.,;:]|[.,;:][!?]|,\.|\.,/u.test(t.replace(/\?!|!\?/gu, ''))) problems.push('It doubles its punctuation.');
  if (/ {2,}/u.test(t.replace(/^\s+|\s+$/gmu, ''))) problems.push('It has a double space.');
  if (lang === 'es') {
    for (const line of lines) {
      for (const sentence of line.split(/(?<=[.!?])\s+/u)) {
        if (/\?/u.test(sentence) && !/¿/u.test(sentence)) problems.push('Spanish opens a question with "¿".');
        if (/!/u.test(sentence) && !/¡/u.test(sentence)) problems.push('Spanish opens an exclamation with "¡".');
      }
    }
  }
  const pairs: [RegExp, RegExp][] = [
    lang === 'de' ? [/„/gu, /“/gu] : [/“/gu, /”/gu],
    [/«/gu, /»/gu],
    [/\(/gu, /\)/gu],
  ];
  for (const [open, close] of pairs) if ((t.match(open) ?? []).length !== (t.match(close) ?? []).length) problems.push('A quote or bracket is not closed.');
  if ((t.match(/"/gu) ?? []).length % 2 === 1) problems.push('A quote is not closed.');
  return [...new Set(problems)];
}

/**
 * Checks a batch: each text on its own, then that no text repeats another (or one to avoid) and
 * that openings differ within any OPENING_WINDOW consecutive texts.
 */
export function checkBatch(texts: string[], product: Product, avoid: string[] = []): QualityReport[] {
  const seen = new Set(avoid.map(normalise));
  return texts.map((text, i) => {
    const problems = checkText(text, product);
    const key = normalise(text);
    if (seen.has(key)) problems.push('It repeats another text of the batch.');
    seen.add(key);
    const opening = openingOf(text);
    const clash = texts.slice(Math.max(0, i - OPENING_WINDOW + 1), i).findIndex((other) => openingOf(other) === opening);
    if (opening && clash >= 0) problems.push(`It opens like another text ("${opening}"); start differently.`);
    return { text, problems };
  });
}
