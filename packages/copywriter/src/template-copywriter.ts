import { TEMPLATES, type Kit } from './formulas/index.ts';
import type { Language } from './language.ts';
import { readProduct, type Product } from './product-context.ts';
import { createRandom, pick, shuffle } from './prng.ts';
import { checkText, openingOf, OPENING_WINDOW } from './quality.ts';
import { repeatsExample, shapeDistance, shapeOf, type Shape } from './shape.ts';
import { emojiIn, endsWithEmoji, normalise, stripEmoji, tokens } from './text.ts';
import { FORMULAS, TONES, type Copywriter, type Formula, type GenerateTextsInput, type Tone, type WrittenText } from './types.ts';

export interface Draft {
  text: string;
  formula: Formula;
  template: string;
  /** the kit it was written from: lower kits carry the stronger lines */
  kit: number;
  /** the product's words it says ("ice", "cold", "24"): a batch spreads them */
  says: string[];
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** Two lines that share three words in a row ("una sola sesión") say the same thing twice. */
function overlaps(a: string, b: string): boolean {
  const ta = tokens(a);
  const tb = tokens(b).join(' ');
  for (let i = 0; i + 3 <= ta.length; i++) if (tb.includes(ta.slice(i, i + 3).join(' '))) return true;
  return a.toLowerCase().includes(b.toLowerCase()) || b.toLowerCase().includes(a.toLowerCase());
}

/** Kits: each a different choice of verb phrase, lines, fact, problem and objection. */
function kitsFor(product: Product, random: () => number): Kit[] {
  const lex = product.lexicon;
  // the strongest lines first: what the product does, with a number, in a few words
  const verbLines = new Set([...product.verbPhrases.map((v) => v.text.toLowerCase()), ...product.youLines.map((y) => y.toLowerCase())]);
  const strength = (l: string) => {
    const n = wordsOf(l).length;
    let score = 0;
    if (verbLines.has(l.toLowerCase()) || /^(?:we|nous|wir)\s/iu.test(l)) score += 2;
    if (/\d/u.test(l) && n >= 3) score += 1;
    if (n >= 3 && n <= 6) score += 1;
    if (n <= 2) score -= 2;
    if (/,/u.test(l)) score -= 1;
    return score + random();
  };
  const lines = product.lines.filter((l) => wordsOf(l).length <= 8).map((l) => ({ l, s: strength(l) })).sort((a, b) => b.s - a.s).map((x) => x.l);
  const short = lines.filter((l) => wordsOf(l).length <= 5 && !/^[\d.,\s]+\S*$/u.test(l));
  const facts = shuffle(random, product.facts.filter((f) => wordsOf(f.line).length <= 8));
  const numbered = lines.filter((l) => /\d/u.test(l) && wordsOf(l).length <= 5);
  const vps = shuffle(random, product.verbPhrases);
  // a "without" is a feature, not a before
  const problems = shuffle(random, product.problems.filter((p) => p.strong));
  const objections = shuffle(random, product.objections);
  const states = shuffle(random, product.states);
  const you = shuffle(random, product.youLines);
  const size = Math.min(12, Math.max(1, lines.length, vps.length, facts.length, problems.length, objections.length));
  const at = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);
  const kits: Kit[] = [];
  for (let i = 0; i < size; i++) {
    // three list items that do not say the same thing twice
    let list: Kit['list'];
    if (short.length >= 3) {
      const picked: string[] = [];
      for (let j = 0; j < short.length && picked.length < 3; j++) {
        const candidate = short[(i + j) % short.length]!;
        const stems = new Set(tokens(candidate).filter((w) => !lex.functionWords.has(w)).map((w) => w.slice(0, 5)));
        if (picked.some((p) => overlaps(p, candidate) || tokens(p).some((w) => stems.has(w.slice(0, 5)) && !lex.functionWords.has(w)))) continue;
        picked.push(candidate);
      }
      if (picked.length === 3) list = picked as [string, string, string];
    }
    const line = at(lines, i);
    kits.push({
      product,
      name: product.name,
      vp: at(vps, i),
      line,
      line2: line ? (lines.find((l, j) => j >= (i + 1 + Math.floor(lines.length / 2)) % lines.length && !overlaps(l, line)) ?? lines.find((l) => !overlaps(l, line))) : undefined,
      list,
      fact: at(facts, i),
      numbers: numbered.length >= 3 ? ([0, 1, 2].map((j) => numbered[(i + j) % numbered.length]!) as [string, string, string]) : undefined,
      problem: at(problems, i),
      objection: at(objections, i),
      state: at(states, i),
      you: at(you, i),
      audience: product.audience,
      category: product.category,
    });
  }
  return kits;
}

/** Spacing and punctuation each language wants, and no full stop after the name's emoji. */
function finish(text: string, language: Language): string {
  let t = text
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/([?!])\./gu, '$1')
    .replace(/\.{2,}/gu, '.')
    .replace(/:\./gu, '.')
    .replace(/((?:\p{Extended_Pictographic}|\p{Regional_Indicator})[\u{FE0F}\u{200D}]*)\s*\.(?=\s|$)/gu, '$1')
    .replace(/ +([,.])/gu, '$1');
  if (language === 'fr') t = t.replace(/[ \u00A0\u202F]*([?!:;])(?!\/)/gu, (m, p: string, offset: number, all: string) => (/\d/.test(all[offset - 1] ?? '') && /\d/.test(all[offset + m.length] ?? '') ? m : `\u00A0${p}`));
  else t = t.replace(/ +([?!:;])/gu, '$1');
  return t;
}

const EMOJI_RATE: Record<Tone | 'none', number> = { playful: 0.7, urgent: 0.4, educational: 0.3, premium: 0, none: 0.45 };

/** An emoji that fits the words: the product's own (near the same words), else one the words call for. */
function fittingEmoji(text: string, product: Product, random: () => number): string | undefined {
  const present = new Set(emojiIn(text));
  const called = product.lexicon.emoji.filter(([re, e]) => re.test(text) && !present.has(e)).map(([, e]) => e);
  if (called.length) return pick(random, called);
  // the product's own emoji, when the text says the words they stood next to
  const own = new Set(tokens(text));
  const mine = product.emoji.filter((e) => !present.has(e.emoji) && [...e.words].filter((w) => w.length > 3 && own.has(w)).length >= 2);
  return mine.length ? pick(random, mine).emoji : undefined;
}

function decorate(text: string, product: Product, tone: Tone | undefined, random: () => number): string {
  const roll = random();
  if (roll >= EMOJI_RATE[tone ?? 'none']) return text;
  if (emojiIn(text).length - emojiIn(product.name).length >= 1 || endsWithEmoji(text)) return text;
  const emoji = fittingEmoji(text, product, random);
  if (!emoji) return text;
  // at the end of the last line, in place of its full stop
  return /[.]$/u.test(text) ? `${text.slice(0, -1)} ${emoji}` : `${text} ${emoji}`;
}

/** Every text the formulas can write for this product that passes the quality check. */
export function draftTexts(product: Product, options: { tone?: Tone; formulas?: readonly Formula[]; seed?: number; onReject?: (draft: Draft, problems: string[]) => void } = {}): Draft[] {
  if (!product.languageKnown) return [];
  const random = createRandom(options.seed ?? 1);
  const wanted = new Set(options.formulas?.length ? options.formulas : FORMULAS);
  const templates = TEMPLATES[product.language].filter((tpl) => wanted.has(tpl.formula) && (!options.tone || tpl.tones.includes(options.tone)));
  const kits = kitsFor(product, random);
  const drafts: Draft[] = [];
  const seen = new Set<string>();
  for (const template of templates) {
    for (const [index, kit] of kits.entries()) {
      const raw = template.write(kit);
      if (!raw) continue;
      const text = decorate(finish(raw, product.language), product, options.tone, random);
      const key = normalise(text);
      if (seen.has(key)) continue;
      seen.add(key);
      const says = [...new Set(tokens(text).filter((w) => product.benefitWords.has(w)))];
      const draft = { text, formula: template.formula, template: template.id, kit: index, says };
      const problems = checkText(text, product);
      if (problems.length > 0) {
        options.onReject?.(draft, problems);
        continue;
      }
      drafts.push(draft);
    }
  }
  return drafts;
}

/**
 * A batch: formulas in turn, each template before any is used twice, openings that differ within
 * a window, nothing to avoid. Fewer texts than asked when the description gives no more.
 */
export function selectBatch(drafts: Draft[], count: number, random: () => number, avoid: string[] = [], rank: Map<string, number> = new Map()): Draft[] {
  // each draft's normalised text and opening, worked out once
  const keyOf = new Map<Draft, string>();
  const openOf = new Map<Draft, string>();
  const key = (d: Draft) => keyOf.get(d) ?? (keyOf.set(d, normalise(d.text)), keyOf.get(d)!);
  const opening = (d: Draft) => openOf.get(d) ?? (openOf.set(d, openingOf(d.text)), openOf.get(d)!);
  const byTemplate = new Map<string, Draft[]>();
  // within a template, the drafts of the strongest kits first (with some chance, for variety across seeds)
  const order = drafts.map((d) => ({ d, key: d.kit + random() * 3 })).sort((a, b) => a.key - b.key).map((x) => x.d);
  for (const d of order) byTemplate.set(d.template, [...(byTemplate.get(d.template) ?? []), d]);
  const formulas = shuffle(random, [...new Set(drafts.map((d) => d.formula))]);
  const seen = new Set(avoid.map(normalise));
  // the texts just before this batch (the end of `avoid`) keep their openings
  const before = avoid.slice(-(OPENING_WINDOW - 1)).map((text) => ({ text }) as Draft);
  // how often the batch already says each of the product's words: a new text says something else
  const said = new Map<string, number>();
  const repeats = (d: Draft) => (d.says.length === 0 ? 0 : d.says.reduce((n, w) => n + Math.min(2, said.get(w) ?? 0), 0) / d.says.length);
  const batch: Draft[] = [];
  const uses = new Map<string, number>();
  for (let round = 0; batch.length < count && round < 400; round++) {
    let added = false;
    for (const formula of formulas) {
      if (batch.length >= count) break;
      const recent = new Set([...before, ...batch].slice(-(OPENING_WINDOW - 1)).map(opening));
      // the least used template of this formula that still has a text opening differently
      const options = [...byTemplate.entries()]
        .filter(([, list]) => list[0]?.formula === formula)
        .map(([id, list]) => {
          const open = list.filter((d) => !seen.has(key(d)) && !recent.has(opening(d)));
          // within the template: the strongest kit that repeats the batch least
          const best = open.map((d, i) => ({ d, key: i * 0.2 + repeats(d) * 3 })).sort((a, b) => a.key - b.key)[0]?.d;
          return { id, best, score: (uses.get(id) ?? 0) * 100 + (rank.get(id) ?? 0) * 0.6 + (best ? repeats(best) : 0) + random() * 2 };
        })
        .filter((o) => o.best)
        .sort((x, y) => x.score - y.score);
      const choice = options[0];
      if (!choice || (uses.get(choice.id) ?? 0) > round) continue;
      const draft = choice.best!;
      seen.add(key(draft));
      for (const w of draft.says) said.set(w, (said.get(w) ?? 0) + 1);
      uses.set(choice.id, (uses.get(choice.id) ?? 0) + 1);
      batch.push(draft);
      added = true;
    }
    if (!added && round > 0 && batch.length > 0 && ![...byTemplate.values()].some((list) => list.some((d) => !seen.has(key(d))))) break;
  }
  return batch;
}

/** A template's place among its formula's templates: the first ones read best and come first. */
function templateRanks(language: Language): Map<string, number> {
  const ranks = new Map<string, number>();
  const perFormula = new Map<Formula, number>();
  for (const tpl of TEMPLATES[language]) {
    const n = perFormula.get(tpl.formula) ?? 0;
    ranks.set(tpl.id, n);
    perFormula.set(tpl.formula, n + 1);
  }
  return ranks;
}

/**
 * A draft brought to the winners' shape where a small change does it: an emoji added (one the words
 * call for) when most winners carry one, taken away when none does; a final full stop made the
 * winners' "!" or dropped as they drop it. Anything else of the shape is chosen, not changed.
 */
function toShape(text: string, shape: Shape, product: Product, random: () => number, language: Language): string {
  let t = text;
  // the product's name may carry its own emoji ("Tidewater Bottle 🌊"): that one is not the text's
  const hasEmoji = emojiIn(t.replace(product.name, '')).length > 0;
  if (shape.emojiShare === 0 && hasEmoji) t = finish(stripEmoji(t).replace(/\s+([.!?])/gu, '$1'), language);
  if (shape.ending === '!' && /\.$/u.test(t)) t = finish(`${t.slice(0, -1)}!`, language);
  if (shape.ending === 'word' && /\.$/u.test(t)) t = t.slice(0, -1);
  if (shape.emojiShare >= 0.5 && !hasEmoji) {
    const emoji = fittingEmoji(t, product, random);
    if (emoji) t = /[.]$/u.test(t) ? `${t.slice(0, -1)} ${emoji}` : `${t} ${emoji}`;
  }
  return t;
}

/**
 * A batch like the winners: every draft brought to their shape (toShape), those that repeat a
 * winner (or four of its words in a row) or fail the check left out, then the nearest in shape
 * first, openings that differ within a window, nothing of `avoid`.
 */
function selectLike(drafts: Draft[], count: number, like: string[], product: Product, random: () => number, avoid: string[] = []): Draft[] {
  const shape = shapeOf(like);
  const seen = new Set([...avoid, ...like].map(normalise));
  const shaped = drafts
    .map((d) => ({ ...d, text: toShape(d.text, shape, product, random, product.language) }))
    .filter((d) => !repeatsExample(d.text, like) && checkText(d.text, product).length === 0)
    .map((d) => ({ d, distance: shapeDistance(d.text, shape, d.formula) + random() * 0.15 }))
    .sort((a, b) => a.distance - b.distance);
  const batch: Draft[] = [];
  for (const { d } of shaped) {
    if (batch.length >= count) break;
    const key = normalise(d.text);
    if (seen.has(key)) continue;
    // the batch's openings differ within the quality check's window, as selectBatch keeps them
    if (batch.slice(-(OPENING_WINDOW - 1)).some((b) => openingOf(b.text) === openingOf(d.text))) continue;
    seen.add(key);
    batch.push(d);
  }
  return batch;
}

export const isTone = (tone: string | undefined): tone is Tone => !!tone && (TONES as readonly string[]).includes(tone.trim().toLowerCase());

/** Writes texts offline from the context with native hook formulas; the same seed writes the same batch. */
export function createTemplateCopywriter(): Copywriter {
  async function write(input: GenerateTextsInput) {
    const count = Math.max(1, Math.min(200, Math.floor(input.count)));
    const product = readProduct(input.context, { language: input.language });
    const tone = isTone(input.tone) ? (input.tone.trim().toLowerCase() as Tone) : undefined;
    const seed = input.seed ?? 1;
    const drafts = draftTexts(product, { tone, formulas: input.formulas, seed });
    const random = createRandom(seed ^ 0x5bd1e995);
    const batch = input.like?.length ? selectLike(drafts, count, input.like, product, random, input.avoid) : selectBatch(drafts, count, random, input.avoid, templateRanks(product.language));
    const texts: WrittenText[] = batch.map((d) => ({ text: d.text, formula: d.formula, writer: 'template' }));
    return { texts, language: product.language };
  }
  return {
    provider: 'template',
    costPerText: 0,
    write,
    async generateTexts(input) {
      return (await write(input)).texts.map((t) => t.text);
    },
  };
}

