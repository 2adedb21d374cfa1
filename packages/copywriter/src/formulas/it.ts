import type { Category, Problem } from '../product-context.ts';
import { ALL, cap, low, words, type Kit, type Template } from './kit.ts';

const vowel = (w: string) => /^[aeiouàèéìòù]/iu.test(w);
const sImpure = (w: string) => /^(?:s[^aeiouàèéìòù]|z|gn|ps|x|y)/iu.test(w);

/** "una crema", "un'app", "uno zaino", "un caricatore" */
function un(c: Category | undefined): string | undefined {
  if (!c || !c.gender || c.plural) return undefined;
  if (c.gender === 'f') return vowel(c.text) ? `un'${c.text}` : `una ${c.text}`;
  return sImpure(c.text) ? `uno ${c.text}` : `un ${c.text}`;
}

/** "un'altra crema", "un altro caricatore" */
function unAltro(c: Category | undefined): string | undefined {
  if (!c || !c.gender || c.plural) return undefined;
  return `${c.gender === 'f' ? "un'altra" : 'un altro'} ${c.text}`;
}

/** "la tua crema", "il tuo caricatore", "lo zaino" → "il tuo zaino" */
function ilTuo(c: Category | undefined): string | undefined {
  if (!c || !c.gender) return undefined;
  if (c.plural) return `${c.gender === 'f' ? 'le tue' : 'i tuoi'} ${c.text}`;
  return `${c.gender === 'f' ? 'la tua' : 'il tuo'} ${c.text}`;
}

/** "il solito caricatore", "la solita crema" */
function ilSolito(c: Category | undefined): string | undefined {
  if (!c || !c.gender || c.plural) return undefined;
  return c.gender === 'f' ? `la solita ${c.text}` : `${sImpure(c.text) ? 'lo' : 'il'} solito ${c.text}`;
}

/** "da un"/"da una": after "da" the article stays as it is */
const withArticle = (p: Problem) => p.np;

function vp(k: Kit): string | undefined {
  if (!k.vp) return undefined;
  return k.vp.plural === !!k.category?.plural ? k.vp.text : undefined;
}

const strong = (k: Kit) => (k.problem?.strong ? k.problem : undefined);
const isVerbLine = (k: Kit, line: string | undefined) => !!line && k.product.verbPhrases.some((v) => v.text.toLowerCase() === line.toLowerCase());
const thingLine = (k: Kit, line: string | undefined) => (line && !isVerbLine(k, line) && !/^(?:\p{L}+iamo|te|ti|noi)\s/iu.test(line) ? line : undefined);
const fullLine = (line: string | undefined) => (line && words(line).length >= 3 ? line : undefined);
const stateLine = (k: Kit) => (k.state && k.state.tail && words(k.state.tail).length <= 4 ? `${k.state.state} ${k.state.tail}` : undefined);

const t = (id: string, formula: Template['formula'], tones: Template['tones'], write: Template['write']): Template => ({ id: `it.${id}`, formula, tones, write });

export const templates: Template[] = [
  // domanda
  t('domanda.ancora', 'question', ['playful', 'urgent', 'educational'], (k) => strong(k)?.np && vp(k) && `Ancora ${low(k, withArticle(k.problem!)!)}?\n${k.name} ${vp(k)}.`),
  t('domanda.maipiu', 'question', ['playful', 'urgent'], (k) => strong(k)?.np && `${cap(withArticle(k.problem!)!)}?\nCon ${k.name}, mai più.`),
  t('domanda.cerchi', 'question', ['educational', 'premium'], (k) => un(k.category) && vp(k) && `Cerchi ${un(k.category)}?\n${k.name} ${vp(k)}.`),
  t('domanda.sapevi', 'question', ['educational', 'playful'], (k) => vp(k) && `Lo sapevi che ${k.name} ${vp(k)}?`),
  t('domanda.conosci', 'question', ['playful'], (k) => fullLine(k.line) && `Conosci già ${k.name}?\n${k.line}.`),
  t('domanda.perche', 'question', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `Perché ${k.name}?\n${k.line}. ${k.line2}.`),
  t('domanda.verbal', 'question', ['playful', 'urgent'], (k) => k.problem?.verbal && vp(k) && `Ancora a ${k.problem.verbal}?\n${k.name} ${vp(k)}.`),

  // POV
  t('pov.smesso', 'pov', ['playful', 'urgent'], (k) => k.problem?.verbal && `POV: hai smesso di ${k.problem.verbal}.`),
  t('pov.trovato', 'pov', ['playful', 'educational'], (k) => un(k.category) && vp(k) && `POV: hai trovato ${un(k.category)} che ${vp(k)}.`),
  t('pov.provato', 'pov', ['playful'], (k) => fullLine(k.line) && `POV: hai finalmente provato ${k.name}.\n${k.line}.`),
  t('pov.scoperto', 'pov', ['playful', 'premium'], (k) => thingLine(k, k.line) && `POV: hai appena scoperto ${k.name}.\n${thingLine(k, k.line)}.`),
  t('pov.niente', 'pov', ['playful', 'urgent'], (k) => strong(k)?.np && `POV: niente più ${low(k, k.problem!.np!)}.`),

  // numero
  t('numero.davvero', 'number', ['playful', 'urgent'], (k) => fullLine(k.fact?.line) && `${cap(k.fact!.line)}.\nSì, davvero.`),
  t('numero.numeri', 'number', ['educational', 'premium'], (k) => k.numbers && `${k.name} in numeri:\n· ${k.numbers.join('\n· ')}`),
  t('numero.segna', 'number', ['playful', 'educational', 'urgent'], (k) => fullLine(k.fact?.line) && `Segnatelo:\n${cap(k.fact!.line)}.`),
  t('numero.letto', 'number', ['premium', 'educational'], (k) => k.fact && `Hai letto bene:\n${cap(k.fact.line)}.`),

  // obiezione
  t('obiezione.breve', 'objection', ALL, (k) => k.objection && `${k.objection.question}\n${k.objection.answer}.`),
  t('obiezione.prossima', 'objection', ['playful'], (k) => k.objection && `«${k.objection.question}»\n${k.objection.answer}. Prossima domanda.`),
  t('obiezione.nome', 'objection', ['premium', 'educational'], (k) => k.objection && `${k.objection.question}\n${k.name}: ${low(k, k.objection.answer)}.`),
  t('obiezione.dubbi', 'objection', ['urgent', 'playful'], (k) => k.objection && k.line2 && k.line2 !== k.objection.answer && `Hai ancora dubbi?\n${k.objection.answer}. ${k.line2}.`),
  t('obiezione.troppo', 'objection', ['playful', 'urgent'], (k) => vp(k) && `Troppo bello per essere vero?\n${k.name} ${vp(k)}. Davvero.`),
  t('obiezione.vale', 'objection', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `«Ne vale la pena?»\n${k.line}. ${k.line2}.`),

  // prima / dopo
  t('prima.dopo', 'before_after', ['playful', 'educational'], (k) => strong(k)?.np && `Prima: ${low(k, withArticle(k.problem!)!)}.\nDopo: ${k.name}.`),
  t('prima.verbal', 'before_after', ['playful', 'urgent'], (k) => k.problem?.verbal && `Prima: ${k.problem.verbal}.\nAdesso: ${k.name}.`),
  t('prima.ieri', 'before_after', ['premium', 'educational'], (k) => strong(k)?.np && `Ieri: ${low(k, withArticle(k.problem!)!)}.\nOggi: ${k.name}.`),
  t('prima.stato', 'before_after', ['playful'], (k) => strong(k)?.np && stateLine(k) && `Prima di ${k.name}: ${low(k, withArticle(k.problem!)!)}.\nAdesso: ${stateLine(k)}.`),

  // lista di tre
  t('lista.motivi', 'list', ['educational', 'playful'], (k) => k.list && `3 motivi per provare ${k.name}:\n1. ${k.list[0]}\n2. ${k.list[1]}\n3. ${k.list[2]}`),
  t('lista.ottieni', 'list', ['premium', 'educational'], (k) => k.list && `Cosa ottieni con ${k.name}:\n· ${k.list.join('\n· ')}`),
  t('lista.per', 'list', ['playful', 'urgent'], (k) => k.audience && k.list && `Per ${k.audience}:\n→ ${k.list.join('\n→ ')}`),
  t('lista.tutto', 'list', ['playful'], (k) => k.list && `${k.name} ha tutto:\n✔ ${k.list.join('\n✔ ')}`),

  // curiosità
  t('curiosita.nessuno', 'curiosity', ['educational', 'playful'], (k) => un(k.category) && (stateLine(k) ?? fullLine(thingLine(k, k.line))) && `Nessuno se lo aspetta da ${un(k.category)}:\n${cap(stateLine(k) ?? thingLine(k, k.line)!)}.`),
  t('curiosita.dice', 'curiosity', ['educational', 'playful'], (k) => fullLine(k.line) && `Quello che nessuno ti dice su ${k.name}:\n${cap(k.line!)}.`),
  t('curiosita.segreto', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `Il segreto di ${k.name}?\n${k.line}.`),
  t('curiosita.noncomprare', 'curiosity', ['urgent'], (k) => unAltro(k.category) && !k.category!.service && fullLine(k.line) && `Non comprare ${unAltro(k.category)} prima di leggere questo:\n${k.line}.`),
  t('curiosita.maivisto', 'curiosity', ['playful', 'premium'], (k) => un(k.category) && fullLine(k.line) && `Non hai mai visto ${un(k.category)} così.\n${k.line}.`),

  // sfida
  t('sfida.trovami', 'challenge', ['playful', 'urgent'], (k) => unAltro(k.category) && vp(k) && `Ti sfido a trovare ${unAltro(k.category)} così.\n${k.name} ${vp(k)}.`),
  t('sfida.smetti', 'challenge', ['urgent'], (k) => k.problem?.verbal && vp(k) && `Smetti di ${k.problem.verbal}.\n${k.name} ${vp(k)}.`),
  t('sfida.fa', 'challenge', ['playful', 'urgent'], (k) => ilTuo(k.category) && vp(k) && `${cap(ilTuo(k.category)!)} ${k.category!.plural ? 'fanno' : 'fa'} lo stesso?\n${k.name} ${vp(k)}.`),
  t('sfida.allaprova', 'challenge', ['urgent', 'premium'], (k) => fullLine(k.line) && `Metti alla prova ${k.name}.\n${k.line}.`),
  t('sfida.basta', 'challenge', ['playful', 'urgent'], (k) => ilTuo(k.category) && fullLine(k.line) && `Pensi che ${ilTuo(k.category)} ${k.category!.plural ? 'bastino' : 'basti'}?\n${k.name}: ${low(k, k.line!)}.`),

  // confronto
  t('confronto.vs', 'comparison', ['playful', 'premium'], (k) => strong(k)?.np && (stateLine(k) ?? vp(k)) && `${k.name} vs ${low(k, withArticle(k.problem!)!)}:\n${cap(stateLine(k) ?? vp(k)!)}. Scelta facile.`),
  t('confronto.qualsiasi', 'comparison', ['premium', 'educational'], (k) => un(k.category) && vp(k) && `${cap(un(k.category)!)} qualsiasi o ${un(k.category)} che ${vp(k)}?`),
  t('confronto.solito', 'comparison', ['playful', 'educational'], (k) => ilSolito(k.category) && fullLine(k.line) && `${k.name} o ${ilSolito(k.category)}?\n${k.line}.`),
  t('confronto.verbal', 'comparison', ['playful', 'urgent'], (k) => k.problem?.verbal && `${cap(k.problem.verbal)} o ${k.name}?\nScelta facile.`),

  // righe di ogni tipo, per le descrizioni brevi
  t('domanda.credi', 'question', ['playful'], (k) => fullLine(k.line) && `Ci credi?\n${k.name}: ${low(k, k.line!)}.`),
  t('pov.tutti', 'pov', ['playful'], (k) => fullLine(k.line) && `POV: tutti ti parlano di ${k.name}.\n${k.line}.`),
  t('curiosita.sorprendera', 'curiosity', ['playful', 'educational'], (k) => fullLine(k.line) && `Questo ti sorprenderà:\n${cap(k.line!)}.`),
  t('sfida.chance', 'challenge', ['playful', 'urgent'], (k) => fullLine(k.line) && `Dai una chance a ${k.name}.\n${k.line}.`),
  t('confronto.ilsolito', 'comparison', ['premium', 'educational'], (k) => fullLine(k.line) && `Il solito o ${k.name}?\n${k.line}.`),
  t('pov.primo', 'pov', ['playful', 'premium'], (k) => fullLine(k.line) && `POV: il tuo primo giorno con ${k.name}.\n${k.line}.`),
  t('domanda.serve', 'question', ['educational', 'premium'], (k) => un(k.category) && fullLine(k.line) && `Ti serve ${un(k.category)}?\n${k.name}: ${low(k, k.line!)}.`),
  t('curiosita.bello', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `Il bello di ${k.name}?\n${k.line}.`),
  t('sfida.prova', 'challenge', ['urgent', 'playful'], (k) => fullLine(k.line) && `Prova ${k.name} e vedrai.\n${k.line}.`),
  t('confronto.tutti', 'comparison', ['playful', 'urgent'], (k) => fullLine(k.line) && `${k.name} contro tutti:\n${k.line}.`),
];
