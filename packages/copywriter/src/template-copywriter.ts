import { asClause, parseProductContext, shorten } from './product-context.ts';
import { createRandom, pick, shuffle } from './prng.ts';
import { TEXT_LIMITS, type Copywriter, type GenerateTextsInput } from './types.ts';

interface Slots {
  name: string;
  /** what it does, as a clause: "turns notes into videos" */
  does: string;
  f1: string;
  f2: string;
  f3: string;
}

type Template = (s: InternalSlots) => string;

/**
 * Proven short-form ad formats, each in several phrasings. Line breaks give a text wall its
 * rhythm; every text names the product or what it does.
 */
const FORMATS: Record<string, Template[]> = {
  question: [
    (s) => `Still doing it the hard way?\n${s.name} ${s.does}.`,
    (s) => `What if you could\n${s.does}?\nMeet ${s.name}.`,
    (s) => `Why is nobody talking about ${s.name}?\nIt ${s.does}.`,
    (s) => `Tired of the old way?\n${s.name}: ${s.f1}.`,
    (s) => `Did you know ${s.name} ${s.does}?`,
    (s) => `Want ${s.f1}?\nThat's ${s.name}.`,
  ],
  pov: [
    (s) => `POV: you found ${s.name}\nand it ${s.does}`,
    (s) => `POV: ${s.f1}\nthanks to ${s.name}`,
    (s) => `POV: your friend shows you ${s.name}\n${s.f1}`,
    (s) => `POV: you finally tried ${s.name}`,
    (s) => `POV: you stopped struggling\nbecause ${s.name} ${s.does}`,
  ],
  reasons: [
    (s) => `3 reasons to try ${s.name}:\n1. ${s.f1}\n2. ${s.f2}\n3. ${s.f3}`,
    (s) => `Why people switch to ${s.name}:\n→ ${s.f1}\n→ ${s.f2}`,
    (s) => `${s.name} in 3 words?\n${s.f1}.\n${s.f2}.\n${s.f3}.`,
    (s) => `2 things I love about ${s.name}:\n✔ ${s.f1}\n✔ ${s.f2}`,
    (s) => `Top reasons to get ${s.name}\n• ${s.f2}\n• ${s.f1}\n• ${s.f3}`,
  ],
  beforeAfter: [
    (s) => `Before ${s.name}: the old grind.\nAfter: ${s.f1}.`,
    (s) => `Before: doing it all by hand\nAfter: ${s.name} ${s.does}`,
    (s) => `Life before ${s.name} 😩\nLife after: ${s.f1} 😍`,
    (s) => `Then: hours wasted.\nNow: ${s.name}.`,
  ],
  socialProof: [
    (s) => `Everyone is switching to ${s.name}.\nHere's why: ${s.f1}.`,
    (s) => `"I can't believe ${s.name} ${s.does}"`,
    (s) => `The ${s.name} hype is real.\n${s.f1}.`,
    (s) => `Thousands already use ${s.name}\nto ${s.doesBase}.`,
    (s) => `My whole team uses ${s.name} now.\n${s.f2}.`,
  ],
  objection: [
    (s) => `"Too good to be true?"\n${s.name} ${s.does}. For real.`,
    (s) => `Think ${s.name} isn't for you?\n${s.f1}.`,
    (s) => `"I don't have time for another tool."\n${s.name}: ${s.f2}.`,
    (s) => `No, ${s.name} is not complicated.\n${s.f1}.`,
  ],
  stopScrolling: [
    (s) => `Stop scrolling 🛑\n${s.name} ${s.does}.`,
    (s) => `Wait. Don't scroll.\nYou need ${s.name}.`,
    (s) => `Stop what you're doing.\n${s.name}: ${s.f1}.`,
    (s) => `Hold up ✋\nThis is ${s.name}.`,
  ],
  secret: [
    (s) => `The secret nobody tells you:\n${s.name} ${s.does}.`,
    (s) => `This is your sign to try ${s.name} ✨`,
    (s) => `I wish I knew about ${s.name} sooner.\n${s.f1}.`,
    (s) => `Game changer alert 🚨\n${s.name}: ${s.f2}.`,
  ],
};

const EMOJI_ENDINGS = ['', '', '', ' 🔥', ' 🚀', ' ✨', ' 👀', ' 💯', ' 🙌', ' ⚡'];

interface InternalSlots extends Slots {
  doesBase: string;
}

function slotsFor(input: GenerateTextsInput, random: () => number): InternalSlots[] {
  const { whatItDoes, features } = parseProductContext(input.context.content);
  const name = shorten(input.context.name || 'it', 28);
  const does = shorten(asClause(whatItDoes) || (input.context.type === 'general' ? `is worth your time` : `makes life easier`), 60);
  const featureList = (features.length ? features : [whatItDoes || input.context.name]).map((f) => shorten(f.replace(/[.!?]+$/u, ''), 38)).filter(Boolean);
  const orders = Array.from({ length: 6 }, () => shuffle(random, featureList));
  return orders.map((order) => {
    const [f1 = does, f2 = order[0] ?? does, f3 = order[1] ?? f2] = order;
    // "helps you X" reads well after "to": drop a leading verb's -s ("turns" → "turn")
    const doesBase = does.replace(/^(\p{L}+?)(e?s)\b/u, (_m, stem: string, end: string) => (end === 'es' && /(ss|sh|ch|x|o)$/.test(stem) ? stem : end === 'es' ? `${stem}e` : stem));
    return { name, does, doesBase, f1, f2, f3 };
  });
}

/** A list that names the same feature twice (a context with few features) reads as a mistake. */
function hasRepeatedLine(text: string): boolean {
  const lines = text.split('\n').map((l) => l.replace(/^\s*(?:\d+\.|→|•|✔)\s*/u, '').replace(/[.!?\s\p{Extended_Pictographic}]+$/gu, '').trim().toLowerCase()).filter(Boolean);
  return new Set(lines).size !== lines.length;
}

function fits(text: string): boolean {
  return text.length <= TEXT_LIMITS.maxChars && text.split('\n').length <= TEXT_LIMITS.maxLines;
}

const normalise = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').trim();

/** Writes texts offline from the context, in many formats; the same seed writes the same batch. */
export function createTemplateCopywriter(): Copywriter {
  return {
    provider: 'template',
    costPerText: 0,
    async generateTexts(input) {
      const count = Math.max(1, Math.min(200, Math.floor(input.count)));
      const random = createRandom(input.seed ?? 1);
      const slots = slotsFor(input, random);
      const seen = new Set((input.avoid ?? []).map(normalise));
      const texts: string[] = [];
      const formats = Object.keys(FORMATS);
      // walk the formats in turn (variety first), then any phrasing, feature order and ending
      let attempt = 0;
      while (texts.length < count && attempt < count * 60) {
        const format = attempt < formats.length * 3 ? formats[attempt % formats.length]! : pick(random, formats);
        const template = pick(random, FORMATS[format]!);
        const s = pick(random, slots);
        const ending = attempt < count * 20 ? pick(random, EMOJI_ENDINGS) : EMOJI_ENDINGS[(attempt % (EMOJI_ENDINGS.length - 3)) + 3]!;
        attempt++;
        let text = template(s).replace(/\.\./g, '.').replace(/…[.?]/gu, '…').replace(/ +/g, ' ').trim();
        if (ending && !/\p{Extended_Pictographic}$/u.test(text)) text += ending;
        if (!fits(text) || hasRepeatedLine(text)) continue;
        const key = normalise(text);
        if (seen.has(key)) continue;
        seen.add(key);
        texts.push(text);
      }
      // a context too thin for `count` distinct texts still gets them: numbered takes of the best lines
      for (let n = 2; texts.length < count; n++) {
        for (const base of [...texts]) {
          if (texts.length >= count) break;
          const text = `${base.split('\n')[0]} (#${n})\n${base.split('\n').slice(1).join('\n')}`.trim();
          if (!seen.has(normalise(text)) && fits(text)) {
            seen.add(normalise(text));
            texts.push(text);
          }
        }
      }
      return texts;
    },
  };
}
