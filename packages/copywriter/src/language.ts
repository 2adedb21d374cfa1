/** The languages the copywriter writes natively. */
export const LANGUAGES = ['en', 'fr', 'es', 'de', 'pt', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Short, frequent words that tell the languages apart: articles, pronouns, prepositions and
 * auxiliaries. Words shared by several languages count for each of them.
 */
const MARKERS: Record<Language, string> = {
  en: 'the a an and or of to in on for with your you it its is are was be this that our we they their from by at as so no not just every all more than can will has have get into out up only what when who which while without',
  fr: 'le la les un une des du de et ou en au aux pour avec sans votre vos ton ta tes tu te toi je ça il elle est sont ce cette ces qui que dans sur par plus pas ne se sa son leur nous vous on très tout toute tous fini même été chaque avez avons',
  es: 'el la los las un una unos unas y o de del en para con sin tu tus su sus es son este esta que por más no se lo le al muy todo toda cada como pero también ya sus nuestro nuestra solo te esto',
  de: 'der die das ein eine einen einem einer und oder mit ohne für auf von zu im in ist sind dein deine ihr ihre es sie er wir nicht kein keine mehr auch nur noch jede jeder jedes den dem des aus bei bis nach über wie was damit dass',
  pt: 'o a os as um uma uns umas e ou de do da dos das em no na nos nas para com sem seu sua seus suas você é são este esta que por mais não se ao muito todo toda cada como também já só pelo pela te isso',
  it: 'il lo la i gli le un uno una e o di del della dei delle in nel nella per con senza tuo tua tuoi tue suo sua è sono questo questa che da più non si al alla molto ogni come anche già solo dal dalla ti te li hai ha sei ci',
};
const markerSets = Object.fromEntries(LANGUAGES.map((l) => [l, new Set(MARKERS[l].split(' '))])) as Record<Language, Set<string>>;

/** Letters and endings that only some of the languages use. */
const SIGNS: [Language, RegExp, number][] = [
  ['es', /[ñ¿¡]/u, 3],
  ['es', /ción\b|ciones\b/u, 2],
  ['de', /[ßäöü]/u, 2],
  ['de', /(?:ung|keit|heit|lich|chen)\b/u, 1],
  ['pt', /[ãõ]|ção\b|ções\b/u, 3],
  ['pt', /lh|nh/u, 0.5],
  ['fr', /[ëîïûœ]|\b(?:qu|j|n|s)['’]/u, 1.5],
  ['fr', /[è]|\b(?:l|d|c)['’]/u, 0.5],
  ['it', /\b(?:l|d|c|dell|nell|all|un|quest)['’]/u, 0.5],
  ['fr', /(?:eau|eux|tion)\b/u, 0.5],
  ['it', /(?:zione|zioni|zza|cch|gli)\b|\b(?:nell|dell|un)['’]/u, 1.5],
  ['it', /[ìò]/u, 1],
  ['en', /\b(?:[a-z]+ing|[a-z]+ly)\b/u, 0.3],
];

export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)?/gu) ?? [];
}

/** How strongly each language speaks in `text` (0 when nothing tells). */
export function languageScores(text: string): Record<Language, number> {
  const scores = Object.fromEntries(LANGUAGES.map((l) => [l, 0])) as Record<Language, number>;
  for (const word of wordsOf(text)) {
    for (const l of LANGUAGES) if (markerSets[l].has(word)) scores[l] += 1;
    for (const [l, re, weight] of SIGNS) if (re.test(word)) scores[l] += weight;
  }
  return scores;
}

/** The language a piece of text is written in, or null when it does not say (too short, no markers). */
export function sentenceLanguage(text: string): Language | null {
  const scores = languageScores(text);
  const ranked = [...LANGUAGES].sort((a, b) => scores[b] - scores[a]);
  const best = ranked[0]!;
  if (scores[best] < 1 || scores[best] === scores[ranked[1]!]) return null;
  return best;
}

/**
 * The main language of a description: each sentence votes for its language with its length, so a
 * description with one line of another language keeps its own.
 */
export function detectLanguage(sentences: string[], fallback: Language = 'en'): Language {
  const votes = Object.fromEntries(LANGUAGES.map((l) => [l, 0])) as Record<Language, number>;
  const total = Object.fromEntries(LANGUAGES.map((l) => [l, 0])) as Record<Language, number>;
  for (const sentence of sentences) {
    const l = sentenceLanguage(sentence);
    const scores = languageScores(sentence);
    for (const k of LANGUAGES) total[k] += scores[k];
    if (l) votes[l] += wordsOf(sentence).length;
  }
  const ranked = [...LANGUAGES].sort((a, b) => votes[b] - votes[a] || total[b] - total[a]);
  const best = ranked[0]!;
  return votes[best] > 0 || total[best] > 0 ? best : fallback;
}
