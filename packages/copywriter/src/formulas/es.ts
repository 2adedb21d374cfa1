import type { Category, Problem } from '../product-context.ts';
import { ALL, cap, low, words, type Kit, type Template } from './kit.ts';

/** "tomar café" → "tomando café": the gerund after "¿Sigues…?" */
function gerund(verbal: string): string | undefined {
  const [verb, ...rest] = words(verbal);
  if (!verb) return undefined;
  const irregular: Record<string, string> = { ir: 'yendo', leer: 'leyendo', traer: 'trayendo', oír: 'oyendo', decir: 'diciendo', pedir: 'pidiendo', dormir: 'durmiendo', sentir: 'sintiendo', venir: 'viniendo', poder: 'pudiendo', seguir: 'siguiendo', servir: 'sirviendo' };
  const g = irregular[verb] ?? (/ar$/u.test(verb) ? `${verb.slice(0, -2)}ando` : /uir$/u.test(verb) ? `${verb.slice(0, -2)}yendo` : /[ei]r$/u.test(verb) ? `${verb.slice(0, -2)}iendo` : undefined);
  return g ? [g, ...rest].join(' ') : undefined;
}

function un(c: Category | undefined): string | undefined {
  if (!c || !c.gender) return undefined;
  return `${c.plural ? (c.gender === 'f' ? 'unas' : 'unos') : c.gender === 'f' ? 'una' : 'un'} ${c.text}`;
}

function otro(c: Category | undefined): string | undefined {
  if (!c || !c.gender) return undefined;
  return `${c.plural ? (c.gender === 'f' ? 'otras' : 'otros') : c.gender === 'f' ? 'otra' : 'otro'} ${c.text}`;
}

const tu = (c: Category) => `${c.plural ? 'tus' : 'tu'} ${c.text}`;

/** "el café rancio", "los …" (as the description wrote it) */
/** the problem as a bare noun phrase: "café rancio de supermercado" */
const withArticle = (p: Problem) => p.np;

function vp(k: Kit): string | undefined {
  if (!k.vp) return undefined;
  return k.vp.plural === !!k.category?.plural ? k.vp.text : undefined;
}

const strong = (k: Kit) => (k.problem?.strong ? k.problem : undefined);
const isVerbLine = (k: Kit, line: string | undefined) => !!line && k.product.verbPhrases.some((v) => v.text.toLowerCase() === line.toLowerCase());
const thingLine = (k: Kit, line: string | undefined) => (line && !isVerbLine(k, line) && !/^(?:\p{L}+(?:amos|emos|imos)|lo|la|te)\s/iu.test(line) ? line : undefined);
const fullLine = (line: string | undefined) => (line && words(line).length >= 3 ? line : undefined);
const stateLine = (k: Kit) => (k.state && k.state.tail && words(k.state.tail).length <= 4 ? `${k.state.state} ${k.state.tail}` : undefined);

const t = (id: string, formula: Template['formula'], tones: Template['tones'], write: Template['write']): Template => ({ id: `es.${id}`, formula, tones, write });

export const templates: Template[] = [
  // pregunta
  t('pregunta.sigues', 'question', ['playful', 'urgent', 'educational'], (k) => k.problem?.verbal && gerund(k.problem.verbal) && vp(k) && `¿Sigues ${gerund(k.problem.verbal)}?\n${k.name} ${vp(k)}.`),
  t('pregunta.seacabo', 'question', ['playful', 'urgent'], (k) => strong(k)?.np && `¿${cap(withArticle(k.problem!)!)}?\nCon ${k.name}, se acabó.`),
  t('pregunta.buscas', 'question', ['educational', 'premium'], (k) => un(k.category) && vp(k) && `¿Buscas ${un(k.category)}?\n${k.name} ${vp(k)}.`),
  t('pregunta.sabias', 'question', ['educational', 'playful'], (k) => vp(k) && `¿Sabías que ${k.name} ${vp(k)}?`),
  t('pregunta.conoces', 'question', ['playful'], (k) => fullLine(k.line) && `¿Ya conoces ${k.name}?\n${k.line}.`),
  t('pregunta.porque', 'question', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `¿Por qué ${k.name}?\n${k.line}. ${k.line2}.`),

  // POV
  t('pov.dejaste', 'pov', ['playful', 'urgent'], (k) => k.problem?.verbal && `POV: dejaste de ${k.problem.verbal}.`),
  t('pov.encontraste', 'pov', ['playful', 'educational'], (k) => un(k.category) && vp(k) && `POV: encontraste ${un(k.category)} que ${vp(k)}.`),
  t('pov.probaste', 'pov', ['playful'], (k) => fullLine(k.line) && `POV: por fin probaste ${k.name}.\n${k.line}.`),
  t('pov.descubres', 'pov', ['playful', 'premium'], (k) => thingLine(k, k.line) && `POV: acabas de descubrir ${k.name}.\n${thingLine(k, k.line)}.`),
  t('pov.adios', 'pov', ['playful', 'urgent'], (k) => strong(k)?.np && `POV: le dices adiós ${/^(?:el)\s/u.test(withArticle(k.problem!)!) ? `al ${k.problem!.np}` : `a ${withArticle(k.problem!)}`}.`),

  // número
  t('numero.deverdad', 'number', ['playful', 'urgent'], (k) => fullLine(k.fact?.line) && `${cap(k.fact!.line)}.\nSí, de verdad.`),
  t('numero.cifras', 'number', ['educational', 'premium'], (k) => k.numbers && `${k.name} en cifras:\n· ${k.numbers.join('\n· ')}`),
  t('numero.ojo', 'number', ['playful', 'educational', 'urgent'], (k) => fullLine(k.fact?.line) && `Ojo al dato:\n${cap(k.fact!.line)}.`),
  t('numero.leebien', 'number', ['premium', 'educational'], (k) => k.fact && `Léelo otra vez:\n${cap(k.fact.line)}.`),

  // objeción
  t('objecion.corta', 'objection', ALL, (k) => k.objection && `${k.objection.question}\n${k.objection.answer}.`),
  t('objecion.siguiente', 'objection', ['playful'], (k) => k.objection && `«${k.objection.question}»\n${k.objection.answer}. Siguiente pregunta.`),
  t('objecion.nombre', 'objection', ['premium', 'educational'], (k) => k.objection && `${k.objection.question}\n${k.name}: ${low(k, k.objection.answer)}.`),
  t('objecion.dudas', 'objection', ['urgent', 'playful'], (k) => k.objection && k.line2 && k.line2 !== k.objection.answer && `¿Aún lo dudas?\n${k.objection.answer}. ${k.line2}.`),
  t('objecion.demasiado', 'objection', ['playful', 'urgent'], (k) => vp(k) && `¿Demasiado bueno para ser verdad?\n${k.name} ${vp(k)}. De verdad.`),
  t('objecion.merece', 'objection', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `«¿Merece la pena?»\n${k.line}. ${k.line2}.`),

  // antes / después
  t('antes.despues', 'before_after', ['playful', 'educational'], (k) => strong(k)?.np && `Antes: ${low(k, withArticle(k.problem!)!)}.\nDespués: ${k.name}.`),
  t('antes.verbal', 'before_after', ['playful', 'urgent'], (k) => k.problem?.verbal && `Antes: ${k.problem.verbal}.\nAhora: ${k.name}.`),
  t('antes.ayer', 'before_after', ['premium', 'educational'], (k) => strong(k)?.np && `Ayer: ${low(k, withArticle(k.problem!)!)}.\nHoy: ${k.name}.`),
  t('antes.estado', 'before_after', ['playful'], (k) => strong(k)?.np && stateLine(k) && `Antes de ${k.name}: ${low(k, withArticle(k.problem!)!)}.\nAhora: ${stateLine(k)}.`),

  // lista de tres
  t('lista.razones', 'list', ['educational', 'playful'], (k) => k.list && `3 razones para probar ${k.name}:\n1. ${k.list[0]}\n2. ${k.list[1]}\n3. ${k.list[2]}`),
  t('lista.tienes', 'list', ['premium', 'educational'], (k) => k.list && `Lo que tienes con ${k.name}:\n· ${k.list.join('\n· ')}`),
  t('lista.para', 'list', ['playful', 'urgent'], (k) => k.audience && k.list && `Para ${k.audience}:\n→ ${k.list.join('\n→ ')}`),
  t('lista.todo', 'list', ['playful'], (k) => k.list && `${k.name} lo tiene todo:\n✔ ${k.list.join('\n✔ ')}`),

  // curiosidad
  t('curiosidad.nadie', 'curiosity', ['educational', 'playful'], (k) => un(k.category) && (stateLine(k) ?? fullLine(thingLine(k, k.line))) && `Nadie espera esto de ${un(k.category)}:\n${cap(stateLine(k) ?? thingLine(k, k.line)!)}.`),
  t('curiosidad.cuenta', 'curiosity', ['educational', 'playful'], (k) => fullLine(k.line) && `Lo que nadie te cuenta de ${k.name}:\n${cap(k.line!)}.`),
  t('curiosidad.secreto', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `¿El secreto de ${k.name}?\n${k.line}.`),
  t('curiosidad.nocompres', 'curiosity', ['urgent'], (k) => otro(k.category) && !k.category!.service && fullLine(k.line) && `No compres ${otro(k.category)} sin leer esto:\n${k.line}.`),
  t('curiosidad.nunca', 'curiosity', ['playful', 'premium'], (k) => un(k.category) && fullLine(k.line) && `Nunca has visto ${un(k.category)} así.\n${k.line}.`),

  // reto
  t('reto.encuentra', 'challenge', ['playful', 'urgent'], (k) => otro(k.category) && vp(k) && `Te reto a encontrar ${otro(k.category)} así.\n${k.name} ${vp(k)}.`),
  t('reto.deja', 'challenge', ['urgent'], (k) => k.problem?.verbal && vp(k) && `Deja de ${k.problem.verbal}.\n${k.name} ${vp(k)}.`),
  t('reto.hace', 'challenge', ['playful', 'urgent'], (k) => k.category && vp(k) && `¿${cap(tu(k.category))} ${k.category.plural ? 'hacen' : 'hace'} esto?\n${k.name} ${vp(k)}.`),
  t('reto.prueba', 'challenge', ['urgent', 'premium'], (k) => fullLine(k.line) && `Pon a prueba ${k.name}.\n${k.line}.`),
  t('reto.suficiente', 'challenge', ['playful', 'urgent'], (k) => k.category && fullLine(k.line) && `¿Crees que ${tu(k.category)} ${k.category.plural ? 'son suficientes' : 'es suficiente'}?\n${k.name}: ${low(k, k.line!)}.`),

  // comparación
  t('comparacion.vs', 'comparison', ['playful', 'premium'], (k) => strong(k)?.np && (stateLine(k) ?? vp(k)) && `${k.name} vs. ${low(k, withArticle(k.problem!)!)}:\n${cap(stateLine(k) ?? vp(k)!)}. Sin dudarlo.`),
  t('comparacion.normal', 'comparison', ['premium', 'educational'], (k) => un(k.category) && vp(k) && `¿${cap(un(k.category)!)} ${k.category!.plural ? 'normales' : 'normal'} o ${un(k.category)} que ${vp(k)}?`),
  t('comparacion.desiempre', 'comparison', ['playful', 'educational'], (k) => k.category && fullLine(k.line) && `¿${k.name} o ${tu(k.category)} de siempre?\n${k.line}.`),
  t('comparacion.verbal', 'comparison', ['playful', 'urgent'], (k) => k.problem?.verbal && `${cap(k.problem.verbal)} o ${k.name}.\nFácil.`),

  // líneas de cualquier tipo, para descripciones cortas
  t('pregunta.creer', 'question', ['playful'], (k) => fullLine(k.line) && `¿Te lo puedes creer?\n${k.name}: ${low(k, k.line!)}.`),
  t('pov.todos', 'pov', ['playful'], (k) => fullLine(k.line) && `POV: todo el mundo te habla de ${k.name}.\n${k.line}.`),
  t('curiosidad.sorprender', 'curiosity', ['playful', 'educational'], (k) => fullLine(k.line) && `Esto te va a sorprender:\n${cap(k.line!)}.`),
  t('reto.atrevete', 'challenge', ['playful', 'urgent'], (k) => fullLine(k.line) && `Atrévete a probar ${k.name}.\n${k.line}.`),
  t('comparacion.losiempre', 'comparison', ['premium', 'educational'], (k) => fullLine(k.line) && `¿Lo de siempre o ${k.name}?\n${k.line}.`),
  t('pov.primera', 'pov', ['playful', 'premium'], (k) => fullLine(k.line) && `POV: tu primer día con ${k.name}.\n${k.line}.`),
  t('pregunta.necesitas', 'question', ['educational', 'premium'], (k) => un(k.category) && fullLine(k.line) && `¿Necesitas ${un(k.category)}?\n${k.name}: ${low(k, k.line!)}.`),
  t('curiosidad.mejor', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `¿Lo mejor de ${k.name}?\n${k.line}.`),
  t('reto.pruebalo', 'challenge', ['urgent', 'playful'], (k) => fullLine(k.line) && `Prueba ${k.name} una vez.\n${k.line}.`),
  t('comparacion.resto', 'comparison', ['playful', 'urgent'], (k) => fullLine(k.line) && `${k.name} contra el resto:\n${k.line}.`),
];
