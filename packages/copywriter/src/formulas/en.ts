import type { Category } from '../product-context.ts';
import { ALL, cap, lastingFor, low, words, type Kit, type Template } from './kit.ts';

/** "keeps" → "keep": the verb after "can", "to", "should". */
function base(verb: string): string {
  const irregular: Record<string, string> = { has: 'have', does: 'do', is: 'be', goes: 'go' };
  if (irregular[verb]) return irregular[verb]!;
  if (/[^aeiou]ies$/u.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z|o)es$/u.test(verb)) return verb.slice(0, -2);
  if (/[^s]s$/u.test(verb)) return verb.slice(0, -1);
  return verb;
}

/** The verb phrase after "can", "to": only from a phrase whose subject was singular. */
function vpBase(k: Kit): string | undefined {
  if (!k.vp || k.vp.plural) return undefined;
  const [verb, ...rest] = words(k.vp.text);
  if (!verb || !/s$/u.test(verb)) return undefined;
  return [base(verb), ...rest].join(' ');
}

/** The verb phrase with the name (or "it") as its subject. */
function vp(k: Kit): string | undefined {
  if (!k.vp) return undefined;
  const productPlural = !!k.category?.plural;
  return k.vp.plural === productPlural ? k.vp.text : undefined;
}

const an = (word: string) => (/^(?:[aeio]|u(?!ni|s[aeu]|r[aeo])|hour|honest)/iu.test(word) ? 'an' : 'a');

function a(c: Category | undefined): string | undefined {
  if (!c) return undefined;
  return c.plural ? c.text : `${an(c.text)} ${c.text}`;
}

/** "water bottle" → "water bottles" */
function plural(c: Category | undefined): string | undefined {
  if (!c) return undefined;
  if (c.plural) return c.text;
  const w = words(c.text);
  const last = w.pop()!;
  const p = /[^aeiou]y$/u.test(last) ? `${last.slice(0, -1)}ies` : /(?:s|sh|ch|x|z)$/u.test(last) ? `${last}es` : `${last}s`;
  return [...w, p].join(' ');
}

/** "commuters, hikers and gym-goers" → "commuter" */
function onePerson(audience: string | undefined): string | undefined {
  const first = audience?.split(/\s*,\s*|\s+(?:and|or)\s+/u)[0];
  if (!first || !/[^s]s$/u.test(first) || /people|children|men$/u.test(first)) return undefined;
  return first.replace(/ies$/u, 'y').replace(/s$/u, '');
}

/** "drinks" + "ice-cold" → "your drinks are still ice-cold" */
function thingIs(k: Kit): string | undefined {
  const s = k.state;
  if (!s) return undefined;
  return `your ${s.thing} ${s.plural ? 'are' : 'is'} still ${s.state}`;
}

/** "ice-cold for 24 hours": the state with what it lasts */
function stateLine(k: Kit): string | undefined {
  const s = k.state;
  if (!s) return undefined;
  return s.tail && words(s.tail).length <= 4 ? `${s.state} ${s.tail}` : undefined;
}

const later = (k: Kit) => (k.state ? lastingFor(k.state.tail, /for/) : undefined);
const isVerbLine = (k: Kit, line: string | undefined) => !!line && k.product.verbPhrases.some((v) => v.text.toLowerCase() === line.toLowerCase());
/** a line that reads as a thing (not a verb phrase), after "After:", "with" */
const thingLine = (k: Kit, line: string | undefined) => (line && !isVerbLine(k, line) && !/^(?:we|you)\s/iu.test(line) ? line : undefined);
/** a line with something to say (not "Free plan") */
const fullLine = (line: string | undefined) => (line && words(line).length >= 3 ? line : undefined);
const strongProblem = (k: Kit) => (k.problem?.strong ? k.problem : undefined);

const t = (id: string, formula: Template['formula'], tones: Template['tones'], write: Template['write']): Template => ({ id: `en.${id}`, formula, tones, write });

export const templates: Template[] = [
  // question
  t('question.still', 'question', ['playful', 'urgent', 'educational'], (k) => k.problem?.verbal && vp(k) && `Still ${k.problem.verbal}?\n${k.name} ${vp(k)}.`),
  t('question.tired', 'question', ['playful', 'urgent'], (k) => strongProblem(k)?.np && !/tired/iu.test(k.problem!.np!) && vp(k) && `Tired of ${k.problem!.np}?\n${k.name} ${vp(k)}.`),
  t('question.looking', 'question', ['educational', 'premium'], (k) => a(k.category) && vp(k) && `Looking for ${a(k.category)} that ${vp(k)}?\nMeet ${k.name}.`),
  t('question.didyouknow', 'question', ['educational', 'playful'], (k) => a(k.category) && vpBase(k) && `Did you know ${a(k.category)} can ${vpBase(k)}?`),
  t('question.notwith', 'question', ['playful', 'urgent'], (k) => strongProblem(k)?.np && `${cap(k.problem!.np!)}?\nNot with ${k.name}.`),
  t('question.want', 'question', ['educational', 'premium', 'playful'], (k) => k.state && `Want your ${k.state.thing} to stay ${k.state.state}${k.state.tail && words(k.state.tail).length <= 4 ? ` ${k.state.tail}` : ''}?\nMeet ${k.name}.`),
  t('question.whatif', 'question', ['premium', 'educational'], (k) => fullLine(k.line) && !isVerbLine(k, k.line) && `What if your ${k.category && !k.category.plural ? k.category.text : 'next buy'} came with this?\n${k.line}.`),
  t('question.ready', 'question', ['urgent', 'playful'], (k) => k.you && `Ready for this?\n${cap(k.you)}.`),
  t('question.met', 'question', ['playful'], (k) => fullLine(k.line) && `Have you met ${k.name} yet?\n${k.line}.`),
  t('question.why', 'question', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `Why ${k.name}?\n${k.line}. ${k.line2}.`),

  // POV
  t('pov.you', 'pov', ['playful'], (k) => k.you && `POV: ${k.you}.`),
  t('pov.stopped', 'pov', ['playful', 'urgent'], (k) => k.problem?.verbal && `POV: you just stopped ${k.problem.verbal}.`),
  t('pov.still', 'pov', ['playful'], (k) => thingIs(k) && later(k) && `POV: ${thingIs(k)} ${later(k)} later.`),
  t('pov.stays', 'pov', ['playful', 'premium'], (k) => k.state && !later(k) && `POV: your ${k.state.thing} finally ${k.state.plural ? 'stay' : 'stays'} ${k.state.state}.`),
  t('pov.found', 'pov', ['playful', 'educational'], (k) => a(k.category) && vp(k) && `POV: you found ${a(k.category)} that ${vp(k)}.`),
  t('pov.your', 'pov', ['playful'], (k) => k.category && !k.category.plural && k.vp && !k.vp.plural && `POV: your ${k.category.text} ${k.vp.text}.`),
  t('pov.person', 'pov', ['playful'], (k) => onePerson(k.audience) && thingIs(k) && later(k) && `POV: you're ${an(onePerson(k.audience)!)} ${onePerson(k.audience)} and ${thingIs(k)} ${later(k)} later.`),
  t('pov.switched', 'pov', ['playful'], (k) => thingLine(k, k.line) && `POV: you switched to ${k.name}.\n${thingLine(k, k.line)}.`),
  t('pov.tried', 'pov', ['playful'], (k) => fullLine(k.line) && isVerbLine(k, k.line) && `POV: you finally tried ${k.name}.\nIt ${low(k, k.line!)}.`),

  // number
  t('number.howlong', 'number', ALL, (k) => k.vp?.duration?.prep === 'for' && vp(k) && `${cap(k.vp.duration.value)}.\nThat's how long ${k.name} ${k.vp.duration.without}.`),
  t('number.howfast', 'number', ALL, (k) => k.vp?.duration && /^(?:in|within)$/u.test(k.vp.duration.prep) && vp(k) && `${cap(k.vp.duration.value)}.\nThat's how fast ${k.name} ${k.vp.duration.without}.`),
  t('number.really', 'number', ['playful', 'urgent'], (k) => fullLine(k.fact?.line) && `${cap(k.fact!.line)}.\nYes, really.`),
  t('number.numbers', 'number', ['educational', 'premium'], (k) => k.numbers && `${k.name} in numbers:\n· ${k.numbers.join('\n· ')}`),
  t('number.sink', 'number', ['educational', 'urgent', 'playful'], (k) => fullLine(k.fact?.line) && `Let that sink in:\n${cap(k.fact!.line)}.`),

  // objection answered
  t('objection.short', 'objection', ALL, (k) => k.objection && `${k.objection.question}\n${k.objection.answer}.`),
  t('objection.next', 'objection', ['playful'], (k) => k.objection && `“${k.objection.question}”\n${k.objection.answer}. Next question.`),
  t('objection.named', 'objection', ['premium', 'educational'], (k) => k.objection && `${k.objection.question}\n${k.name}: ${low(k, k.objection.answer)}.`),
  t('objection.fence', 'objection', ['urgent', 'playful'], (k) => k.objection && k.line2 && k.line2 !== k.objection.answer && `Still on the fence?\n${k.objection.answer}. ${k.line2}.`),
  t('objection.toogood', 'objection', ['playful', 'urgent'], (k) => vp(k) && `Sounds too good to be true?\n${k.name} ${vp(k)}. Really.`),
  t('objection.worth', 'objection', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `“Is it worth it?”\n${k.line}. ${k.line2}.`),

  // before / after, with a real before
  t('before.after', 'before_after', ['playful', 'educational'], (k) => strongProblem(k)?.np && `Before: ${low(k, k.problem!.np!)}.\nAfter: ${k.state && stateLine(k) ? `${k.state.thing} ${stateLine(k)}` : k.name}.`),
  t('before.named', 'before_after', ['playful'], (k) => strongProblem(k)?.np && stateLine(k) && `Before ${k.name}: ${low(k, k.problem!.np!)}.\nAfter: ${stateLine(k)}.`),
  t('before.then', 'before_after', ['premium', 'educational'], (k) => strongProblem(k)?.np && `Then: ${low(k, k.problem!.np!)}.\nNow: ${k.name}.`),
  t('before.verbal', 'before_after', ['playful', 'urgent'], (k) => k.problem?.verbal && `Before: ${k.problem.verbal}.\nAfter: ${k.name}.`),
  t('before.state', 'before_after', ['playful', 'educational'], (k) => k.state && `Before: your ${k.state.thing} won't stay ${k.state.state}.\nAfter: ${k.name}.`),

  // a list of three
  t('list.reasons', 'list', ['educational', 'playful'], (k) => k.list && `3 reasons to try ${k.name}:\n1. ${k.list[0]}\n2. ${k.list[1]}\n3. ${k.list[2]}`),
  t('list.get', 'list', ['premium', 'educational'], (k) => k.list && `What you get with ${k.name}:\n· ${k.list.join('\n· ')}`),
  t('list.madefor', 'list', ['playful', 'urgent'], (k) => k.audience && k.list && `Made for ${k.audience}:\n→ ${k.list.join('\n→ ')}`),
  t('list.checks', 'list', ['playful'], (k) => k.list && `${k.name} checks every box:\n✔ ${k.list.join('\n✔ ')}`),
  t('list.three', 'list', ['premium'], (k) => k.list && k.category && !k.category.plural && `Three things this ${k.category.text} gets right:\n${k.list.join('.\n')}.`),

  // curiosity gap
  t('curiosity.nobody', 'curiosity', ['educational', 'playful'], (k) => a(k.category) && (stateLine(k) ?? (k.line && !k.vp ? low(k, k.line) : undefined)) && `Nobody expects this from ${a(k.category)}:\n${cap(stateLine(k) ?? k.line!)}.`),
  t('curiosity.expect', 'curiosity', ['playful'], (k) => a(k.category) && vpBase(k) && `I didn't expect ${a(k.category)} to ${vpBase(k)}.`),
  t('curiosity.detail', 'curiosity', ['educational', 'premium'], (k) => k.category && !k.category.plural && fullLine(thingLine(k, k.line)) && `The ${k.category.text} detail nobody talks about:\n${cap(thingLine(k, k.line)!)}.`),
  t('curiosity.dontbuy', 'curiosity', ['urgent'], (k) => k.category && !k.category.service && fullLine(k.line) && `Don't buy another ${k.category.plural ? 'pair of ' : ''}${k.category.text} before you read this:\n${k.line}.`),
  t('curiosity.secret', 'curiosity', ['premium', 'playful'], (k) => k.line && `The secret behind ${k.name}?\n${k.line}.`),
  t('curiosity.onejob', 'curiosity', ['playful', 'premium'], (k) => vpBase(k) && `It has one job: ${vpBase(k)}.\n${k.name} nails it.`),
  t('curiosity.nobodytells', 'curiosity', ['educational', 'playful'], (k) => fullLine(k.line) && `What nobody tells you about ${k.name}:\n${cap(k.line!)}.`),
  t('curiosity.never', 'curiosity', ['playful', 'premium'], (k) => a(k.category) && !k.category!.plural && fullLine(k.line) && `You've never seen ${a(k.category)} like this.\n${k.line}.`),

  // direct challenge
  t('challenge.nameone', 'challenge', ['playful', 'urgent'], (k) => k.category && !k.category.plural && vp(k) && `Name one ${k.category.text} that ${vp(k)}.\nWe'll wait.`),
  t('challenge.goback', 'challenge', ['playful', 'urgent'], (k) => strongProblem(k)?.np && `Try going back to ${low(k, k.problem!.np!)} after this.\n${k.name}.`),
  t('challenge.stop', 'challenge', ['urgent'], (k) => k.problem?.verbal && vp(k) && `Stop ${k.problem.verbal}.\n${k.name} ${vp(k)}.`),
  t('challenge.bet', 'challenge', ['playful'], (k) => k.category && !k.category.plural && (stateLine(k) ?? vpBase(k)) && `Bet your ${k.category.text} can't do this:\n${cap(stateLine(k) ?? vpBase(k)!)}.`),
  t('challenge.should', 'challenge', ['urgent', 'educational'], (k) => k.category && !k.category.plural && vpBase(k) && `Your ${k.category.text} should ${vpBase(k)}.\nDoes it?`),
  t('challenge.test', 'challenge', ['urgent', 'premium'], (k) => fullLine(k.line) && `Put ${k.name} to the test.\n${k.line}.`),
  t('challenge.goodenough', 'challenge', ['playful', 'urgent'], (k) => k.category && !k.category.plural && fullLine(k.line) && `Think your ${k.category.text} is good enough?\n${k.name}: ${low(k, k.line!)}.`),

  // comparison
  t('comparison.vs', 'comparison', ['playful', 'premium'], (k) => strongProblem(k)?.np && (stateLine(k) ?? vp(k)) && `${k.name} vs ${low(k, k.problem!.np!)}:\n${cap(stateLine(k) ?? vp(k)!)}. Easy choice.`),
  t('comparison.most', 'comparison', ['premium', 'educational'], (k) => plural(k.category) && (stateLine(k) ?? fullLine(thingLine(k, k.line))) && `Most ${plural(k.category)}: fine.\n${k.name}: ${low(k, stateLine(k) ?? thingLine(k, k.line)!)}.`),
  t('comparison.or', 'comparison', ['premium', 'educational'], (k) => a(k.category) && vp(k) && `${cap(a(k.category)!)}, or ${a(k.category)} that ${vp(k)}?`),
  t('comparison.verbal', 'comparison', ['playful', 'urgent'], (k) => k.problem?.verbal && `${cap(k.problem.verbal)}, or ${k.name}?\nEasy choice.`),
  t('comparison.other', 'comparison', ['premium'], (k) => plural(k.category) && thingLine(k, k.line) && thingLine(k, k.line2) && `Other ${plural(k.category)} stop at the basics.\n${k.name}: ${low(k, k.line!)}, ${low(k, k.line2!)}.`),
  t('comparison.usual', 'comparison', ['playful', 'educational'], (k) => k.category && !k.category.plural && fullLine(k.line) && `${k.name} or the usual ${k.category.text}?\n${k.line}.`),

  // lines of any kind, for short descriptions
  t('question.believe', 'question', ['playful'], (k) => fullLine(k.line) && `Can you believe it?\n${k.name}: ${low(k, k.line!)}.`),
  t('pov.friend', 'pov', ['playful'], (k) => fullLine(k.line) && `POV: your friend won't stop talking about ${k.name}.\n${k.line}.`),
  t('curiosity.surprise', 'curiosity', ['playful', 'educational'], (k) => fullLine(k.line) && `This might surprise you:\n${cap(k.line!)}.`),
  t('challenge.dare', 'challenge', ['playful', 'urgent'], (k) => fullLine(k.line) && `I dare you to try ${k.name}.\n${k.line}.`),
  t('comparison.usualway', 'comparison', ['premium', 'educational'], (k) => fullLine(k.line) && `The usual way, or ${k.name}?\n${k.line}.`),
  t('pov.first', 'pov', ['playful', 'premium'], (k) => fullLine(k.line) && `POV: your first day with ${k.name}.\n${k.line}.`),
  t('question.need', 'question', ['educational', 'premium'], (k) => a(k.category) && fullLine(k.line) && `Need ${a(k.category)}?\n${k.name}: ${low(k, k.line!)}.`),
  t('curiosity.best', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `The best part about ${k.name}?\n${k.line}.`),
  t('challenge.try', 'challenge', ['urgent', 'playful'], (k) => fullLine(k.line) && `Give ${k.name} one try.\n${k.line}.`),
  t('comparison.rest', 'comparison', ['playful', 'urgent'], (k) => fullLine(k.line) && `${k.name} vs the rest:\n${k.line}.`),
];
