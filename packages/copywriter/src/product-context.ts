import { detectLanguage, languageScores, sentenceLanguage, type Language } from './language.ts';
import { LEXICONS, type Lexicon } from './lexicon.ts';
import { capitalize, emojiIn, escapeRegExp, stripEmoji, tokens } from './text.ts';

const BULLET = /^\s*(?:[-•*·▪–→]|\d+[.)]|[✅✔✓☑👉➡🔹🔸⭐★▶](?:\u{FE0F})?)\s*/u;

/**
 * Reads a context's content as the product form writes it: what the product does, then a line
 * "What makes it special:" and the features, one per line (bullets optional).
 */
export function parseProductContext(content: string): { whatItDoes: string; features: string[] } {
  const text = content.replace(/\r\n?/g, '\n').trim();
  const marker = /^\s*what makes it special\s*:?\s*$/im;
  const match = marker.exec(text);
  const head = match ? text.slice(0, match.index) : text;
  const tail = match ? text.slice(match.index + match[0].length) : '';
  const clean = (line: string) => line.replace(BULLET, '').trim();
  let features = tail.split('\n').map(clean).filter(Boolean);
  const headLines = head.split('\n').map((l) => l.trim()).filter(Boolean);
  // without the marker, bullet lines in the text are the features
  if (!match) {
    const bullets = headLines.filter((l) => BULLET.test(l) && !/^\s*\d+[.,]\d/.test(l));
    if (bullets.length > 0) features = bullets.map(clean);
  }
  const whatItDoes = headLines.filter((l) => match || !BULLET.test(l) || /^\s*\d+[.,]\d/.test(l)).join(' ').trim();
  return { whatItDoes, features: [...new Set(features)].slice(0, 20) };
}

/** A verb phrase about the product, without its subject: "keeps drinks ice-cold for 24 hours". */
export interface VerbPhrase {
  text: string;
  /** the description spoke of the product in the plural ("They keep", "Tienen") */
  plural: boolean;
  /** the time it ends with ("for 24 hours"), and the phrase without it */
  duration?: { prep: string; value: string; without: string };
}

export interface Fact {
  /** the number with its unit: "24 hours", "90%", "$9 a month" */
  value: string;
  /** a short line that says it: "Keeps drinks ice-cold for 24 hours", "Weighs only 340 g" */
  line: string;
}

export interface Category {
  /** a short name for what it is: "water bottle", "crème de nuit", "Kochbox" */
  text: string;
  /** the article the description used, lower case ("a", "une", "eine"), or '' */
  article: string;
  plural: boolean;
  /** a service or an app: one subscribes or books, one does not "buy another" */
  service: boolean;
  /** Romance languages and German: the grammatical gender, when the article tells */
  gender?: 'm' | 'f';
}

export interface Problem {
  /** a noun phrase: "single-use plastic bottles", "dark spots" */
  np?: string;
  /** the article the description put before it ("les" of "les tiraillements"), lower case */
  article?: string;
  /** a phrase about doing: "buying single-use plastic bottles", "jongler entre les tableurs" */
  verbal?: string;
  /** a clear pain (named as one) or only a "without" */
  strong: boolean;
}

export interface Objection {
  question: string;
  answer: string;
}

/** "keeps drinks ice-cold for 24 hours": the thing, its state, and what follows */
export interface State {
  thing: string;
  state: string;
  tail: string;
  plural: boolean;
}

/** What the copywriter knows of a product after reading its context. */
export interface Product {
  name: string;
  language: Language;
  /** false when the description is in none of the six languages (another script): nothing to write offline */
  languageKnown: boolean;
  lexicon: Lexicon;
  /** the main-language sentences and the bullets, as read (no emoji) */
  sentences: string[];
  bullets: string[];
  category?: Category;
  /** who it is for: "commuters, hikers and gym-goers" */
  audience?: string;
  /** what it is for when that is not people: "dull, tired skin" */
  target?: string;
  problems: Problem[];
  verbPhrases: VerbPhrase[];
  /** "so you get your weekend back": lines about the buyer */
  youLines: string[];
  /** short lines about the product, each true on its own: "Leak-proof lid", "Dishwasher safe" */
  lines: string[];
  facts: Fact[];
  objections: Objection[];
  states: State[];
  /** the product's own emoji, with the words near them */
  emoji: { emoji: string; words: Set<string> }[];
  /** the words of its benefits and facts: a text naming one speaks of this product */
  benefitWords: Set<string>;
  /** the content's words in order, sentence by sentence (all languages), to find phrases copied whole */
  sourceTokens: string[][];
  /** words the description writes with a capital inside a sentence: names, places */
  properNouns: Set<string>;
  /** words the description writes in lower case: common words, even when the name has them ("café") */
  commonWords: Set<string>;
}

interface Unit {
  text: string;
  emoji: string[];
  bullet: boolean;
  question: boolean;
  first: boolean;
}

const ABBREVIATION = /\b(?:e\.g|i\.e|etc|approx|incl|z\.b|bzw|usw|ca|dr|mr|mrs|st|vs|nr|no|n°)\.$/iu;

function splitSentences(paragraph: string): string[] {
  const out: string[] = [];
  let current = '';
  const parts = paragraph.split(/(?<=[.!?…])\s+/u);
  for (const part of parts) {
    current = current ? `${current} ${part}` : part;
    if (ABBREVIATION.test(current)) continue;
    out.push(current);
    current = '';
  }
  if (current) out.push(current);
  return out;
}

function cleanUnit(text: string): string {
  return stripEmoji(words(text).slice(0, MAX_UNIT_WORDS).join(' '))
    .replace(/^[\s"“”«»'‘’]+|[\s"“”«»]+$/gu, '')
    .replace(/[.!?…:;,]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * "Brand: Maison Brise.", "Prix : 29,90 €": a fact's label and value on a line of their own (the URL
 * import writes them so; people do too). Data about the product, not a sentence to put in an ad:
 * read as copy, they wrote "Yes, you read that right: Price: 29.90 EUR." in a French batch.
 */
const LABEL_LINE = /^\s*(?:brand|price|marque|prix|marca|precio|marke|preis|preço|prezzo|sku|gtin|ean|mpn|currency|devise)\s*:/iu;

function readUnits(content: string, lexicon: (text: string) => Lexicon): Unit[] {
  const units: Unit[] = [];
  let inFeatures = false;
  for (const rawLine of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    if (!line || LABEL_LINE.test(line)) continue;
    const bare = cleanUnit(line);
    if (lexicon(bare).heading.test(bare) || (/:\s*$/u.test(line) && bare.split(' ').length <= 4 && !/\d/.test(bare))) {
      inFeatures = true;
      continue;
    }
    const isBullet = BULLET.test(line) && !/^\s*\d+[.,]\d/.test(line);
    const body = isBullet ? line.replace(BULLET, '') : line;
    const sentences = (isBullet || inFeatures ? body.split(/(?<=\?)\s+/u) : splitSentences(body)).flatMap((s) => {
      // "Bolla è una lavanderia a Milano: ritiriamo i tuoi capi…" says two things
      const i = s.indexOf(': ');
      return i > 0 && s.slice(0, i).split(' ').length > 3 && s.slice(i + 2).split(' ').length >= 3 ? [s.slice(0, i), s.slice(i + 2)] : [s];
    });
    for (const sentence of sentences) {
      const emoji = emojiIn(sentence);
      const text = cleanUnit(sentence);
      const leading = /^\s*(?:\p{Extended_Pictographic}[\u{FE0F}\u{200D}]?\s*)+/u.exec(sentence)?.[0];
      // emoji that open a sentence comment the one before
      if (leading && units.length > 0 && !isBullet) {
        const before = emojiIn(leading);
        units.at(-1)!.emoji.push(...before);
        emoji.splice(0, before.length);
      }
      if (!text || !/\p{L}/u.test(text)) continue;
      if (units.length >= MAX_UNITS) return units;
      units.push({ text, emoji, bullet: isBullet || inFeatures, question: /\?\s*$/u.test(stripEmoji(sentence)), first: units.length === 0 });
    }
  }
  return units;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** An ad needs the gist: the first sentences and bullets, each cut to its first words, are read. */
const MAX_UNITS = 200;
const MAX_UNIT_WORDS = 60;
const lowerWord = (w: string | undefined) => (w ?? '').toLowerCase().replace(/[.,;:!?]+$/u, '');

/** The product's name at the start of a sentence (with an article before it, or only its first word). */
function nameAtStart(text: string, name: string): string | null {
  const clean = stripEmoji(name).trim();
  if (!clean) return null;
  const parts = words(clean).slice(0, 4);
  for (let n = parts.length; n >= 1; n--) {
    const prefix = parts.slice(0, n).join(' ');
    if (n === 1 && prefix.length < 3) continue;
    const re = new RegExp(`^(?:(?:the|le|la|les|l['’]|el|los|las|der|die|das|o|os|a|as|il|lo|gli)\\s+)?${escapeRegExp(prefix)}(?=\\s)`, 'iu');
    const m = re.exec(text);
    if (!m) continue;
    // a one-word prefix of a longer name ("Taladro" of "Taladro Forja") is the subject only when a verb follows
    const rest = text.slice(m[0].length).trim();
    if (n === 1 && parts.length > 1 && !Object.values(LEXICONS).some((lex) => lex.copula.test(rest) || lex.copulaPlural.test(rest) || opensWithVerb(lex, rest))) continue;
    return m[0];
  }
  return null;
}

/** "…, and Ledgerly sorts every transaction": the part from the name on, when it follows a comma or "and". */
function nameAfterJoin(text: string, name: string): string | null {
  const first = stripEmoji(name).split(' ')[0] ?? '';
  if (first.length < 3) return null;
  const m = new RegExp(`(?:,|\\s(?:and|et|y|und|e|ed))\\s+(${escapeRegExp(first)}\\s.*)$`, 'u').exec(text);
  return m ? m[1]! : null;
}

/** "Mantiene las", "Keeps any": a sentence opening with its verb (no subject, or dropped). */
function opensWithVerb(lex: Lexicon, text: string): boolean {
  const [first, second] = words(text);
  if (!first) return false;
  const w = first.toLowerCase();
  if (lex.functionWords.has(w)) return false;
  return lex.verbs.has(w) || lex.verbShape(first, lowerWord(second));
}

/** German verbs leave their particle at the end: "passt sich dem Tempo an". */
const PARTICLE = /^(?:an|auf|aus|ab|ein|mit|vor|zu|zurück|weg|her|hin|fest|los)$/u;

function danglingEnd(lex: Lexicon, phrase: string): boolean {
  const last = lowerWord(words(phrase).at(-1));
  if (lex === LEXICONS.de && PARTICLE.test(last) && words(phrase).length >= 3) return false;
  return !last || lex.functionWords.has(last) || /^\d+[.,]?\d*$/.test(last) || /[-–—(]$/.test(phrase);
}

const OBJECT_CLAUSE = /^(?:what|how|which|whether|ce que|comment|qué|cómo|lo que|was|wie|welche[rsnm]?|ob|dass|o que|como|cosa|come)\b/iu;

/** A piece that opens a dependent clause ("what you can spend", "welche Fortschritte…") cannot stand alone. */
const DEPENDENT = /^(?:what|how|where|when|which|who|whether|ce que|où|quand|comment|qué|cómo|dónde|cuándo|lo que|was|wie|wo|welche[rsnm]?|ob|wann|dass|damit|weil|o que|como|onde|quando|cosa|come|dove)\b/iu;

function isGoodPhrase(lex: Lexicon, phrase: string, max = 8): boolean {
  const w = words(phrase);
  if (w.length === 0 || w.length > max) return false;
  if (danglingEnd(lex, phrase)) return false;
  if (/[()[\]"“”«»]/u.test(phrase)) return false;
  return w.some((x) => !lex.functionWords.has(lowerWord(x)) && /\p{L}/u.test(x));
}

/** Splits at commas and at conjunctions followed by a verb, so each piece is one verb phrase. */
function verbPhrasesOf(lex: Lexicon, rest: string, plural: boolean): VerbPhrase[] {
  let text = rest.trim();
  // a clause that follows without a comma ("so you stop…") is another sentence
  const tokensOf = words(text);
  const cut = tokensOf.findIndex((w, i) => i > 1 && lex.clauseStarters.has(lowerWord(w)) && !(lowerWord(w) === 'que' && i < 3));
  if (cut > 0) text = tokensOf.slice(0, cut).join(' ');
  const pieces = text.split(/\s*[,;:]\s+|\s+[–—-]\s+/u);
  // a piece that does not open with a verb continues the one before ("les plannings, les congés et les meetings")
  const joined: string[] = [];
  for (const [i, piece] of pieces.entries()) {
    let p = piece.trim();
    const w = words(p);
    if (i > 0 && w.length && lex.conjunctions.has(lowerWord(w[0])) && opensWithVerb(lex, w.slice(1).join(' '))) p = w.slice(1).join(' ');
    if (i === 0 || opensWithVerb(lex, p)) {
      joined.push(p);
      continue;
    }
    // a list goes on ("les congés et les meetings"); an afterthought ("anche dopo…", "and your data…") ends it
    const first = lowerWord(words(p)[0]);
    if (lex.determiners.has(first) || !lex.functionWords.has(first)) joined[joined.length - 1] += `, ${p}`;
    else break;
  }
  const phrases: string[] = [];
  for (const piece of joined) {
    const p = piece.trim();
    // "keeps X and hot for 12" / "tienen una suela y una amortiguación": split where a verb follows
    const w = words(p);
    let start = 0;
    for (let j = 1; j < w.length - 1; j++) {
      if (lex.conjunctions.has(lowerWord(w[j])) && opensWithVerb(lex, w.slice(j + 1).join(' '))) {
        phrases.push(w.slice(start, j).join(' '));
        start = j + 1;
      }
    }
    phrases.push(w.slice(start).join(' '));
  }
  const out: VerbPhrase[] = [];
  for (const phrase of phrases) {
    const chosen = shortestFaithful(lex, phrase);
    if (!chosen) continue;
    const vp: VerbPhrase = { text: lowerFirstVerb(chosen), plural };
    const d = lex.durationTail.exec(vp.text);
    if (d) vp.duration = { prep: d[1]!.toLowerCase(), value: d[2]!.replace(/^(?:about|over|only|just|seulement|environ|solo|unos|unas|nur|über|até|só|apenas|circa)\s+/iu, ''), without: vp.text.slice(0, d.index).trim() };
    if (vp.duration && danglingEnd(lex, vp.duration.without)) delete vp.duration;
    out.push(vp);
  }
  return out;
}

const lowerFirstVerb = (text: string) => text.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());

/** The phrase, or a shorter one that still says the same thing: before its last "and", or without its last adverb or prepositional phrase. */
function shortestFaithful(lex: Lexicon, phrase: string): string | null {
  const variants = [phrase];
  const w = words(phrase);
  const conj = w.findLastIndex((x, i) => i >= 3 && lex.conjunctions.has(lowerWord(x)));
  // "keeps drinks ice-cold for 24 hours and hot for 12": the first half is the whole thought;
  // "réunit les plannings, les congés et les meetings": cutting at "et" would leave half a list
  const left = w.slice(0, conj).join(' ');
  const listClosed = (text: string) => !/,/.test(text) || words(text.slice(text.lastIndexOf(',') + 1)).some((x) => lex.conjunctions.has(lowerWord(x)));
  const beforeConj = conj > 0 && listClosed(left) ? left : undefined;
  if (beforeConj) variants.push(beforeConj);
  const cuts = (v: string) => {
    // German keeps its verb's particle and infinitive at the end: no cutting there
    if (lex === LEXICONS.de) return;
    const vw = words(v);
    if (/ly$/u.test(lowerWord(vw.at(-1))) && vw.length > 3) variants.push(vw.slice(0, -1).join(' '));
    const prep = vw.findLastIndex((x, i) => i >= 3 && lex.prepositions.has(lowerWord(x)));
    if (prep > 0) variants.push(vw.slice(0, prep).join(' '));
  };
  if (beforeConj) cuts(beforeConj);
  cuts(phrase);
  return variants.map((v) => v.replace(/[\s,;:]+$/u, '')).find((v) => isGoodPhrase(lex, v, 8) && words(v).length >= 2) ?? null;
}

function sentenceCase(text: string): string {
  return capitalize(text.trim());
}

/** A list of people: each part's head word names people ("commuters", "petites équipes"). */
function audienceOf(lex: Lexicon, phrase: string): string | undefined {
  const w = words(phrase);
  const cut = w.findIndex((x, i) => i > 0 && (lex.clauseStarters.has(lowerWord(x)) || ['who', 'that', 'qui', 'que', 'die', 'der', 'che'].includes(lowerWord(x))));
  const text = (cut > 0 ? w.slice(0, cut) : w).join(' ').replace(/[,;]$/u, '');
  const parts = text.split(/\s*,\s*|\s+(?:and|or|et|ou|y|o|und|oder|e|ed)\s+/iu).filter(Boolean);
  if (parts.length === 0 || parts.length > 4 || words(text).length > 6) return undefined;
  // each part names people in one of its words ("small business owners", "petites équipes")
  const named = parts.every((p) => words(p).some((x) => !lex.functionWords.has(lowerWord(x)) && lex.people.test(lowerWord(x))));
  if (!named) return undefined;
  if (danglingEnd(lex, text)) return undefined;
  return text;
}

function genderOf(language: Language, article: string, noun: string): 'm' | 'f' | undefined {
  const a = article.toLowerCase();
  if (['une', 'una', 'uma', 'eine', 'unas', 'umas', 'la', 'las', 'die'].includes(a)) return a === 'die' ? undefined : 'f';
  if (['un', 'uno', 'um', 'ein', 'unos', 'uns', 'el', 'le', 'los', 'il', 'lo', 'o', 'os', 'der'].includes(a)) return a === 'ein' ? 'm' : 'm';
  if (language === 'es' || language === 'it' || language === 'pt') {
    const head = lowerWord(words(noun)[0]);
    if (/a$|ción$|dade$|zione$|ção$/u.test(head) && !/ma$/u.test(head)) return 'f';
    if (/o$/u.test(head)) return 'm';
  }
  return undefined;
}

/** The short category from the phrase after the article: "water bottle", "crème de nuit". */
function categoryOf(lex: Lexicon, language: Language, article: string, phrase: string, plural: boolean): Category | undefined {
  let w = words(phrase.replace(/[.!?]$/u, ''));
  // up to where the audience, a relative clause or a prepositional phrase starts
  const stop = w.findIndex((x, i) => i > 0 && (lex.clauseStarters.has(lowerWord(x)) || (lex.prepositions.has(lowerWord(x)) && !/^(?:de|d['’]|di|do|da|del|della|des|du)$/u.test(lowerWord(x))) || /^(?:that|which|who|made|designed|built|cultivado|feita|feito|hecho|fabriquée?|trafilata)$/iu.test(x) || (lex.headFirst && /,$/.test(w[i - 1] ?? ''))));
  if (stop > 0) w = w.slice(0, stop);
  w = w.map((x) => x.replace(/,$/, ''));
  if (w.length === 0) return undefined;
  let head: string[];
  if (lex.headFirst) {
    head = w.slice(0, 3);
    // "pain de mie bio" → "pain de mie"; never end on "de"
    while (head.length > 1 && lex.functionWords.has(lowerWord(head.at(-1)))) head.pop();
  } else if (language === 'de') {
    head = w.slice(-2);
    if (head.length === 2 && /^\p{Lu}/u.test(head[0]!)) head = head.slice(1);
  } else {
    const n = w.length >= 3 && w.at(-2)!.length <= 2 ? 3 : 2;
    head = w.slice(-n);
    if (head.length === 2 && /(?:able|ible|ful|ous|ive|al|ic|less|ed|ish|weight|proof|free)$/iu.test(head[0]!)) head = head.slice(1);
  }
  const text = head.join(' ');
  if (!isGoodPhrase(lex, text, 4)) return undefined;
  const a = article.trim().toLowerCase();
  const service = /(?:app|appli|aplica|service|servic|servizi|lavander|laundry|cleaning|clínica|clinic|agenc|box|abo|software|platform|plataform|piattaform|blanqueamiento|kurs|course|cours|curso|corso)/iu.test(text);
  return { text: language === 'de' ? text : text.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase()), service, article: a, plural: plural || ['unas', 'unos', 'des', 'umas', 'uns'].includes(a), gender: genderOf(language, a, text) };
}

const PER = String.raw`(?:\s(?:a|per|par|al|por|pro|ao|al)\s(?:month|year|week|day|mois|an|semaine|jour|mes|año|semana|día|monat|jahr|woche|tag|mês|ano|dia|mese|anno|giorno))?`;
const NUMBER = new RegExp(String.raw`(?:R\$\s?|[$€£]\s?)?\d+(?:[.,\u00A0\u202F ]\d{3})*(?:[.,]\d+)?\+?(?:\s?(?:%|°\s?C|€|[\p{L}][\p{L}-]*))?` + PER, 'giu');

function factsOf(lex: Lexicon, line: string): Fact[] {
  const out: Fact[] = [];
  for (const m of line.matchAll(NUMBER)) {
    let value = m[0].trim();
    const unit = words(value).at(-1) ?? '';
    if (lex.functionWords.has(unit.toLowerCase())) value = value.replace(/\s\S+$/u, '');
    if (!/[%€$£°]/u.test(value) && words(value).length < 2 && !/\d\p{L}/u.test(value)) continue;
    out.push({ value, line });
  }
  return out;
}

/** Reads a description: its sentences and bullets, and what an ad can say from them. */
export function readProduct(context: { name: string; content: string }, options: { language?: Language } = {}): Product {
  const name = context.name.replace(/\s+/g, ' ').trim();
  const content = context.content.replace(/\u0000/g, '');
  const anyLexicon = (text: string) => LEXICONS[sentenceLanguage(text) ?? 'en'];
  const units = readUnits(content, anyLexicon);
  const language = options.language ?? detectLanguage(units.map((u) => u.text));
  const lex = LEXICONS[language];
  // a sentence another language speaks louder than the main one is not for this ad
  const mine = units.filter((u) => {
    const scores = languageScores(u.text);
    return Object.values(scores).every((score) => score <= scores[language]);
  });
  const nameTokens = new Set(tokens(name));
  const properNouns = new Set<string>();
  for (const u of units) {
    for (const [i, w] of words(u.text).entries()) if (i > 0 && /^\p{Lu}/u.test(w)) properNouns.add(lowerWord(w));
  }

  // Arabic, Japanese, Cyrillic…: the formulas cannot speak it
  const said = units.map((u) => u.text).join(' ');
  const letters = said.match(/\p{L}/gu)?.length ?? 0;
  const latin = said.match(/\p{Script=Latin}/gu)?.length ?? 0;
  const product: Product = {
    name,
    language,
    languageKnown: options.language !== undefined || (letters > 0 && latin / letters >= 0.5),
    lexicon: lex,
    sentences: mine.filter((u) => !u.bullet).map((u) => u.text),
    bullets: mine.filter((u) => u.bullet).map((u) => u.text),
    problems: [],
    verbPhrases: [],
    youLines: [],
    lines: [],
    facts: [],
    objections: [],
    states: [],
    emoji: [],
    benefitWords: new Set(),
    sourceTokens: content.split(/\n|(?<=[.!?…])\s+/u).map(tokens).filter((t) => t.length > 0),
    properNouns,
    commonWords: new Set(content.match(/(?<![\p{L}])\p{Ll}[\p{L}'’-]*/gu) ?? []),
  };
  const lines: string[] = [];
  let target: { text: string; article?: string } | undefined;
  const addLine = (text: string) => {
    let t = text.replace(/^(?:and|or|et|ou|y|e|und|oder|ed)\s+/iu, '').trim();
    // "en una sola sesión de 60 minutos" says its thing without "en"
    const opening = /^(?:in|en|dans|em|in)\s+(\S+)\s/iu.exec(t);
    if (opening && (lex.determiners.has(opening[1]!.toLowerCase()) || /^\d/u.test(opening[1]!)) && words(t).length >= 4) t = capitalize(t.slice(opening[0].length - opening[1]!.length - 1).trim());
    if (words(t).length > 8) t = shortestFaithful(lex, t) ?? t;
    if (!isGoodPhrase(lex, t) || nameAtStart(t, name) || /\?$/.test(t)) return;
    if (DEPENDENT.test(t) || /^(?:also|too|even|aussi|même|también|incluso|auch|sogar|também|até|anche|perfino)\s/iu.test(t)) return;
    // "Te li riportiamo puliti": whom "li" stands for was in the sentence before
    if (/^(?:te|ti|ce|se|me|ve)\s+(?:lo|la|li|le|los|las|ne)\s/iu.test(t)) return;
    const first = lowerWord(words(t)[0]);
    const without = /^(?:without|sans|sin|ohne|sem|senza)$/u.test(first);
    if (lex.clauseStarters.has(first) || (lex.prepositions.has(first) && !without) || lex.conjunctions.has(first) || /^(?:it|il|elle|es|sie|er|ele|ela|lui|lei)$/u.test(first)) return;
    lines.push(sentenceCase(t));
  };

  for (const [index, u] of mine.entries()) {
    // "Not happy? We come back for free.": the description answers its own objection
    if (u.question && u.bullet) continue;
    const previous = mine[index - 1];
    if (previous?.question && previous.bullet && u.bullet && isGoodPhrase(lex, u.text, 8)) {
      product.objections.push({ question: `${sentenceCase(previous.text)}?`, answer: sentenceCase(u.text) });
      addLine(u.text);
      continue;
    }
    // "With Ledgerly the monthly close takes…": the sentence after its opening phrase
    let text = u.text.replace(new RegExp(`^(?:with|avec|con|mit|com)\\s+${escapeRegExp(stripEmoji(name).split(' ')[0] ?? '')},?\\s+`, 'iu'), '');
    text = text[0] ? text[0].toUpperCase() + text.slice(1) : text;
    // "Connect your bank once and Ledgerly sorts…": the product as the subject of the second half
    const later = nameAfterJoin(text, name);
    const nameHere = later ? null : nameAtStart(text, name);
    if (later) text = later;
    const subject = nameHere ?? (later ? nameAtStart(later, name) : null) ?? lex.subject.exec(text)?.[0] ?? null;
    const pluralSubject = !subject ? lex.pluralSubject.exec(text)?.[0] : undefined;
    const we = !subject && !pluralSubject ? lex.weSubject.exec(text)?.[0] : undefined;
    let rest: string | null = null;
    let plural = false;
    if (subject) rest = text.slice(subject.length).trim();
    else if (pluralSubject) {
      rest = text.slice(pluralSubject.length).trim();
      plural = true;
    }
    if (rest !== null) {
      const copula = lex.copula.exec(rest) ?? lex.copulaPlural.exec(rest);
      if (copula) {
        const isPlural = !lex.copula.test(rest);
        if (!product.category) product.category = categoryOf(lex, language, copula[1] ?? '', copula[2]!, isPlural);
        const aud = lex.audienceBefore.exec(` ${copula[2]!}`);
        if (aud) {
          const who = audienceOf(lex, aud[1]!);
          if (who) product.audience ??= who;
          else if (!/\d/.test(aud[1]!)) target ??= targetOf(lex, aud[1]!);
        }
        if (isPlural && product.category) product.category.plural = true;
      } else if (rest && !lex.functionWords.has(lowerWord(words(rest)[0])) || (rest && lex.verbs.has(lowerWord(words(rest)[0])))) {
        const germanPlural = language === 'de' && /^sie$/iu.test(subject ?? pluralSubject ?? '') && /en$/u.test(lowerWord(words(rest)[0]));
        product.verbPhrases.push(...verbPhrasesOf(lex, rest, plural || germanPlural));
      }
    } else if (we) {
      // "we bring our own supplies and clean your whole apartment": each thing the maker does
      const said = text.slice(we.length).trim().split(/\s*[,;]\s+|\s+(?:so|so that|pour|damit|para|per)\s+/iu)[0]!;
      for (const part of said.split(/\s+(?:and|et|y|und|e)\s+/iu)) if (words(part).length >= 2) addLine(`${we} ${part}`);
    } else if (lex.weVerb && lex.weVerb.test(lowerWord(words(text)[0]) || '') || (lex.weVerb && /^(?:lo|la|los|las|li|le|te|ti)\s/iu.test(text) && lex.weVerb.test(lowerWord(words(text)[1])))) {
      // "Lo tostamos cada semana", "ritiriamo i tuoi capi": the maker speaking
      for (const piece of text.split(/\s*[,;:]\s+|\s+(?:y|e)\s+(?=(?:(?:te|ti|lo|la|li|le|los|las)\s+)*\p{L}+(?:amos|emos|imos|iamo)\b)/u)) if (words(piece).length >= 3) addLine(piece);
    } else if (opensWithVerb(lex, text) || (/^(?:si|se|sich)\s/iu.test(text) && language !== 'fr' && language !== 'en')) {
      const pluralVerb = { es: /n$/u, it: /no$/u, pt: /(?:am|êm)$/u, fr: /nt$/u, de: /en$/u, en: /^$/u }[language].test(lowerWord(words(text)[0]));
      product.verbPhrases.push(...verbPhrasesOf(lex, text, pluralVerb));
    } else if (u.first && !product.category && !u.bullet) {
      // "Magnetic phone mount for your car.", "Unas zapatillas de trail ligeras para corredores…"
      const m = /^(\p{L}+['’]?)\s/u.exec(text);
      const article = m && lex.determiners.has(m[1]!.toLowerCase()) && !/^(?:the|le|la|les|el|los|las|der|die|das|o|os|il|lo|gli|i)$/iu.test(m[1]!) ? m[1]! : '';
      const np = article ? text.slice(article.length).trim() : text;
      const head = words(np).slice(0, 6).map(lowerWord);
      if (!head.some((x) => lex.verbs.has(x))) {
        product.category = categoryOf(lex, language, article, np, /^(?:unas|unos|des|umas|uns)$/iu.test(article));
        const aud = lex.audienceBefore.exec(` ${np}`);
        if (aud) {
          const who = audienceOf(lex, aud[1]!);
          if (who) product.audience ??= who;
          else if (!/\d|^(?:your|ton|ta|tes|votre|vos|tu|tus|dein|deine|seu|sua|il tuo|la tua)\b/iu.test(aud[1]!)) target ??= targetOf(lex, aud[1]!);
        }
      }
    }

    // the sentence's own short pieces, when they stand alone (the one that named the category says what it is, not what it does)
    const opened = rest === null && !we && (opensWithVerb(lex, text) || (/^(?:si|se|sich)\s/iu.test(text) && language !== 'fr' && language !== 'en'));
    const namedCategory = u.first && product.category && !u.bullet;
    if (namedCategory && rest === null) {
      // "Pasta di grani antichi, trafilata al bronzo…": what follows the category is a line of its own
      const pieces = text.split(/\s*[,;]\s+/u);
      for (const piece of mine.length > 2 ? pieces.slice(1) : pieces) if (words(piece).length >= 2) addLine(piece);
      // "Blanqueamiento dental | en una sola sesión de 60 minutos": what it is, then what it does
      const after = new RegExp(`^(?:\\p{L}+\\s+)?${escapeRegExp(product.category!.text)}\\s+(.+)$`, 'iu').exec(pieces[0]!)?.[1];
      if (after && mine.length <= 2 && !lex.audienceBefore.test(` ${after}`)) addLine(after);
    } else if (rest === null && !we && !opened) {
      const pieces = text.split(/\s*[,;:]\s+|\s+[–—-]\s+|\s+(?:and|et|y|und|e)\s+(?=(?:you|we|it|they|vous|tu|nous|il|elle|du|wir|es|sie|você|tu)\s)/iu);
      if (words(text).length <= 8) addLine(text);
      // a piece followed by its object clause ("Eltern sehen jede Woche, welche…") says half a thing
      else for (const [i, piece] of pieces.entries()) if (words(piece).length >= 2 && !OBJECT_CLAUSE.test(pieces[i + 1] ?? '')) addLine(piece);
    } else if (rest !== null && !lex.copula.test(rest)) {
      // "…, and your data is encrypted end to end": a clause of its own after the verb phrases
      for (const piece of text.split(/,\s+(?:and|et|y|und|e)\s+/u).slice(1)) {
        const first = lowerWord(words(piece)[0]);
        if (lex.determiners.has(first) && !lex.functionWords.has(lowerWord(words(piece)[1])) && words(piece).length >= 3) addLine(piece);
      }
    }

    // problems, lines about the buyer
    for (const { re, kind } of lex.problems) {
      const m = re.exec(text);
      if (!m) continue;
      const raw = m.slice(1).filter(Boolean).join(', ');
      const phrase = problemPhrase(lex, raw, kind === 'verbal');
      if (!phrase) continue;
      const weak = /^(?:without|sans|sin|ohne|sem|senza)\s/iu.test(m[0].trim());
      const [head = '', second] = words(phrase);
      const isVerbal = kind === 'verbal' || (lex.verbal.test(language === 'de' ? head : head.toLowerCase()) && (language === 'en' || lex.determiners.has(lowerWord(second))));
      const article = /^(?:a|an|the|les|la|le|l['’]|des|du|los|las|el|os|as|o|a|die|der|das|i|gli|il|lo|le)(?=\s|['’])/iu.exec(raw.trim())?.[0]?.toLowerCase();
      product.problems.push(isVerbal ? { verbal: phrase, np: language === 'en' ? npAfterVerb(lex, phrase) : undefined, strong: !weak } : { np: phrase, article, strong: !weak });
    }
    if (lex.youClause) {
      const m = lex.youClause.exec(text);
      if (m && isGoodPhrase(lex, m[1]!, 8)) product.youLines.push(m[1]!);
    }
  }

  for (const vp of product.verbPhrases) {
    lines.push(sentenceCase(vp.text));
    if (lex.keep) {
      const k = lex.keep.exec(vp.text);
      if (k) {
        const thing = k[1]!.replace(/^(?:your|the|any|all|every)\s+/iu, '');
        product.states.push({ thing, state: k[2]!, tail: vp.text.slice(k.index + k[0].length).trim(), plural: /s$/u.test(lowerWord(words(thing).at(-1))) });
      }
    }
  }
  // bullets: whole, or their comma-separated parts
  for (const b of mine.filter((u) => u.bullet && !u.question)) {
    if (nameAtStart(b.text, name)) continue;
    // "Tax pot: puts money aside from every payment": the explanation, not the label
    const body = /^[^:]{1,30}:\s+(.{8,})$/u.exec(b.text)?.[1] ?? b.text;
    const pieces = body.split(/\s*[,;]\s+|\s+[–—]\s+/u);
    if (pieces.length === 1 || pieces.some((p) => words(p).length < 2)) addLine(body);
    else for (const piece of pieces) addLine(piece);
  }
  product.lines = [...new Map(lines.map((l) => [l.toLowerCase(), l])).values()];

  for (const line of product.lines) product.facts.push(...factsOf(lex, line));
  product.facts = [...new Map(product.facts.map((f) => [f.value.toLowerCase(), f])).values()];

  // each doubt once, answered by the shortest line that answers it
  const seenQuestions = new Set(product.objections.flatMap((o) => [o.question, o.answer]));
  const byLength = [...product.lines].sort((a, b) => a.length - b.length);
  for (const [re, question] of lex.objections) {
    const answer = byLength.find((line) => re.test(line));
    if (answer && !seenQuestions.has(question) && !seenQuestions.has(answer)) {
      seenQuestions.add(question);
      seenQuestions.add(answer);
      product.objections.push({ question, answer });
    }
  }
  product.problems = dedupe(product.problems, (p) => `${p.np}|${p.verbal}`).filter((p) => p.np || p.verbal);
  if (target && !product.problems.some((p) => p.np === target.text)) product.problems.push({ np: target.text, article: target.article, strong: true });
  product.target = target?.text;

  for (const u of units) {
    if (u.emoji.length === 0) continue;
    const w = new Set(tokens(u.text).filter((t) => !lex.functionWords.has(t) && !nameTokens.has(t)));
    for (const e of u.emoji) product.emoji.push({ emoji: e, words: w });
  }

  const categoryHead = product.category ? tokens(product.category.text) : [];
  const benefitSources = [...product.lines, ...product.verbPhrases.map((v) => v.text), ...product.facts.map((f) => f.value), ...product.problems.map((p) => p.np ?? p.verbal ?? ''), ...product.youLines];
  for (const source of benefitSources) {
    for (const t of tokens(source)) {
      if (t.length < 2 || lex.functionWords.has(t) || nameTokens.has(t) || categoryHead.includes(t)) continue;
      product.benefitWords.add(t);
    }
  }
  return product;
}

function dedupe<T>(items: T[], key: (t: T) => string): T[] {
  return [...new Map(items.map((i) => [key(i), i])).values()];
}

/** Words that make "for X" a condition to fix ("for dull, tired skin"), not a use ("pour le vélo"). */
const CONDITION = /\b(?:dry|dull|tired|oily|sensitive|damaged|frizzy|acne|cracked|chapped|sèches?|ternes?|fatiguées?|grasses?|sensibles?|abîmée?s?|secas?|apagadas?|cansadas?|grasas?|trockene?n?|müde|fettige?n?|empfindliche?n?|oleosas?|opacas?|secche|secca|screpolat[ae]|grass[ae]|sensibili|stanch[ei])\b/iu;

function targetOf(lex: Lexicon, phrase: string): { text: string; article?: string } | undefined {
  if (!CONDITION.test(phrase)) return undefined;
  const article = /^(les|los|las|os|as|le|la|die|der|i|gli|le)\s+/iu.exec(phrase)?.[1];
  const w = words(phrase.replace(/^(?:les|los|las|os|as|le|la|die|der|i|gli|le)\s+/iu, ''));
  const cut = w.findIndex((x, i) => i > 0 && (lex.clauseStarters.has(lowerWord(x)) || (lex.prepositions.has(lowerWord(x)) && !/^(?:de|di|do|da)$/u.test(lowerWord(x)))));
  const text = (cut > 0 ? w.slice(0, cut) : w).join(' ').replace(/[,;]$/u, '');
  if (!isGoodPhrase(lex, text, 5) || lex.functionWords.has(lowerWord(w[0]))) return undefined;
  return { text, article: article?.toLowerCase() };
}

/** The problem's words up to where another clause or a second thought starts. */
function problemPhrase(lex: Lexicon, raw: string, verbal: boolean): string | undefined {
  let w = words(raw.replace(/[.!?]+$/u, ''));
  // a comma ends the problem, unless what follows is its object ("überlegen, was es heute gibt")
  const cut = w.findIndex((x, i) => i > 0 && ((/[,;:]$/u.test(w[i - 1]!) && !(verbal && OBJECT_CLAUSE.test(w.slice(i).join(' ')))) || lex.clauseStarters.has(lowerWord(x)) || (!verbal && lex.prepositions.has(lowerWord(x)) && !/^(?:de|di|do|da|du|des|del|della|dos|das|of|am|des)$/u.test(lowerWord(x)))));
  if (cut > 0) w = w.slice(0, cut);
  let text = w.join(' ').replace(/[,;:]+$/u, '');
  if (!verbal) text = text.replace(/^(?:a|an|the|les|la|le|l['’]|los|las|el|os|as|o|a|die|der|das|i|gli|il|lo|le)\s+/iu, '');
  return isGoodPhrase(lex, text, verbal ? 8 : 6) ? text : undefined;
}

function npAfterVerb(lex: Lexicon, verbal: string): string | undefined {
  let w = words(verbal).slice(1);
  if (w.length && lex.prepositions.has(lowerWord(w[0]))) w = w.slice(1);
  const cut = w.findIndex((x, i) => i > 0 && lex.prepositions.has(lowerWord(x)) && !/^(?:de|di|do|da|du|des|of)$/u.test(lowerWord(x)));
  if (cut > 0) w = w.slice(0, cut);
  const text = w.join(' ').replace(/^(?:a|an|the|les|la|le|l['’]|los|las|el|os|as|o|a|die|der|das|i|gli|il|lo)\s+/iu, '');
  return isGoodPhrase(lex, text, 5) && words(text).length >= 2 ? text : undefined;
}

export { sentenceCase };
