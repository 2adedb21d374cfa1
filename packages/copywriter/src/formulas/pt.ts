import type { Category, Problem } from '../product-context.ts';
import { ALL, cap, low, words, type Kit, type Template } from './kit.ts';

/** "perder tempo" → "perdendo tempo": the gerund after "Ainda…?" (Brazilian usage) */
function gerund(verbal: string): string | undefined {
  const [verb, ...rest] = words(verbal);
  if (!verb) return undefined;
  const g = verb === 'pôr' ? 'pondo' : /ar$/u.test(verb) ? `${verb.slice(0, -2)}ando` : /er$/u.test(verb) ? `${verb.slice(0, -2)}endo` : /ir$/u.test(verb) ? `${verb.slice(0, -2)}indo` : undefined;
  return g ? [g, ...rest].join(' ') : undefined;
}

function um(c: Category | undefined): string | undefined {
  if (!c || !c.gender) return undefined;
  return `${c.plural ? (c.gender === 'f' ? 'umas' : 'uns') : c.gender === 'f' ? 'uma' : 'um'} ${c.text}`;
}

function outro(c: Category | undefined): string | undefined {
  if (!c || !c.gender) return undefined;
  return `${c.plural ? (c.gender === 'f' ? 'outras' : 'outros') : c.gender === 'f' ? 'outra' : 'outro'} ${c.text}`;
}

function seu(c: Category | undefined): string | undefined {
  if (!c || !c.gender) return undefined;
  return `${c.plural ? (c.gender === 'f' ? 'suas' : 'seus') : c.gender === 'f' ? 'sua' : 'seu'} ${c.text}`;
}

/** the problem as a bare noun phrase: "pele oleosa" */
const withArticle = (p: Problem) => p.np;

function vp(k: Kit): string | undefined {
  if (!k.vp) return undefined;
  return k.vp.plural === !!k.category?.plural ? k.vp.text : undefined;
}

const strong = (k: Kit) => (k.problem?.strong ? k.problem : undefined);
const isVerbLine = (k: Kit, line: string | undefined) => !!line && k.product.verbPhrases.some((v) => v.text.toLowerCase() === line.toLowerCase());
const thingLine = (k: Kit, line: string | undefined) => (line && !isVerbLine(k, line) && !/^(?:\p{L}+(?:amos|emos|imos)|nós)\s/iu.test(line) ? line : undefined);
const fullLine = (line: string | undefined) => (line && words(line).length >= 3 ? line : undefined);
const stateLine = (k: Kit) => (k.state && k.state.tail && words(k.state.tail).length <= 4 ? `${k.state.state} ${k.state.tail}` : undefined);

const t = (id: string, formula: Template['formula'], tones: Template['tones'], write: Template['write']): Template => ({ id: `pt.${id}`, formula, tones, write });

export const templates: Template[] = [
  // pergunta
  t('pergunta.ainda', 'question', ['playful', 'urgent', 'educational'], (k) => k.problem?.verbal && gerund(k.problem.verbal) && vp(k) && `Ainda ${gerund(k.problem.verbal)}?\n${k.name} ${vp(k)}.`),
  t('pergunta.comnao', 'question', ['playful', 'urgent'], (k) => strong(k)?.np && `${cap(withArticle(k.problem!)!)}?\nCom ${k.name}, não.`),
  t('pergunta.procurando', 'question', ['educational', 'premium'], (k) => um(k.category) && vp(k) && `Procurando ${um(k.category)}?\n${k.name} ${vp(k)}.`),
  t('pergunta.sabia', 'question', ['educational', 'playful'], (k) => vp(k) && `Você sabia que ${k.name} ${vp(k)}?`),
  t('pergunta.conhece', 'question', ['playful'], (k) => fullLine(k.line) && `Já conhece ${k.name}?\n${k.line}.`),
  t('pergunta.porque', 'question', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `Por que ${k.name}?\n${k.line}. ${k.line2}.`),

  // POV
  t('pov.parou', 'pov', ['playful', 'urgent'], (k) => k.problem?.verbal && `POV: você parou de ${k.problem.verbal}.`),
  t('pov.achou', 'pov', ['playful', 'educational'], (k) => um(k.category) && vp(k) && `POV: você achou ${um(k.category)} que ${vp(k)}.`),
  t('pov.testou', 'pov', ['playful'], (k) => fullLine(k.line) && `POV: você finalmente testou ${k.name}.\n${k.line}.`),
  t('pov.descobriu', 'pov', ['playful', 'premium'], (k) => thingLine(k, k.line) && `POV: você acabou de descobrir ${k.name}.\n${thingLine(k, k.line)}.`),
  t('pov.adeus', 'pov', ['playful', 'urgent'], (k) => strong(k)?.np && `POV: adeus, ${low(k, withArticle(k.problem!)!)}.`),

  // número
  t('numero.serio', 'number', ['playful', 'urgent'], (k) => fullLine(k.fact?.line) && `${cap(k.fact!.line)}.\nSim, é sério.`),
  t('numero.numeros', 'number', ['educational', 'premium'], (k) => k.numbers && `${k.name} em números:\n· ${k.numbers.join('\n· ')}`),
  t('numero.anota', 'number', ['playful', 'educational', 'urgent'], (k) => fullLine(k.fact?.line) && `Anota aí:\n${cap(k.fact!.line)}.`),
  t('numero.leu', 'number', ['premium', 'educational'], (k) => k.fact && `Você leu certo:\n${cap(k.fact.line)}.`),

  // objeção
  t('objecao.curta', 'objection', ALL, (k) => k.objection && `${k.objection.question}\n${k.objection.answer}.`),
  t('objecao.proxima', 'objection', ['playful'], (k) => k.objection && `“${k.objection.question}”\n${k.objection.answer}. Próxima pergunta.`),
  t('objecao.nome', 'objection', ['premium', 'educational'], (k) => k.objection && `${k.objection.question}\n${k.name}: ${low(k, k.objection.answer)}.`),
  t('objecao.duvida', 'objection', ['urgent', 'playful'], (k) => k.objection && k.line2 && k.line2 !== k.objection.answer && `Ficou na dúvida?\n${k.objection.answer}. ${k.line2}.`),
  t('objecao.bomdemais', 'objection', ['playful', 'urgent'], (k) => vp(k) && `Bom demais pra ser verdade?\n${k.name} ${vp(k)}. É sério.`),
  t('objecao.vale', 'objection', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `“Vale a pena?”\n${k.line}. ${k.line2}.`),

  // antes / depois
  t('antes.depois', 'before_after', ['playful', 'educational'], (k) => strong(k)?.np && `Antes: ${low(k, withArticle(k.problem!)!)}.\nDepois: ${k.name}.`),
  t('antes.verbal', 'before_after', ['playful', 'urgent'], (k) => k.problem?.verbal && `Antes: ${k.problem.verbal}.\nAgora: ${k.name}.`),
  t('antes.ontem', 'before_after', ['premium', 'educational'], (k) => strong(k)?.np && `Ontem: ${low(k, withArticle(k.problem!)!)}.\nHoje: ${k.name}.`),
  t('antes.estado', 'before_after', ['playful'], (k) => strong(k)?.np && stateLine(k) && `Antes de ${k.name}: ${low(k, withArticle(k.problem!)!)}.\nAgora: ${stateLine(k)}.`),

  // lista de três
  t('lista.motivos', 'list', ['educational', 'playful'], (k) => k.list && `3 motivos para experimentar ${k.name}:\n1. ${k.list[0]}\n2. ${k.list[1]}\n3. ${k.list[2]}`),
  t('lista.ganha', 'list', ['premium', 'educational'], (k) => k.list && `O que você ganha com ${k.name}:\n· ${k.list.join('\n· ')}`),
  t('lista.para', 'list', ['playful', 'urgent'], (k) => k.audience && k.list && `Para ${k.audience}:\n→ ${k.list.join('\n→ ')}`),
  t('lista.tudo', 'list', ['playful'], (k) => k.list && `${k.name} tem tudo:\n✔ ${k.list.join('\n✔ ')}`),

  // curiosidade
  t('curiosidade.ninguem', 'curiosity', ['educational', 'playful'], (k) => um(k.category) && (stateLine(k) ?? fullLine(thingLine(k, k.line))) && `Ninguém espera isso de ${um(k.category)}:\n${cap(stateLine(k) ?? thingLine(k, k.line)!)}.`),
  t('curiosidade.conta', 'curiosity', ['educational', 'playful'], (k) => fullLine(k.line) && `O que ninguém te conta sobre ${k.name}:\n${cap(k.line!)}.`),
  t('curiosidade.segredo', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `O segredo de ${k.name}?\n${k.line}.`),
  t('curiosidade.naocompre', 'curiosity', ['urgent'], (k) => outro(k.category) && !k.category!.service && fullLine(k.line) && `Não compre ${outro(k.category)} antes de ler isso:\n${k.line}.`),
  t('curiosidade.nunca', 'curiosity', ['playful', 'premium'], (k) => um(k.category) && fullLine(k.line) && `Você nunca viu ${um(k.category)} assim.\n${k.line}.`),

  // desafio
  t('desafio.mostra', 'challenge', ['playful', 'urgent'], (k) => outro(k.category) && vp(k) && `Duvido você achar ${outro(k.category)} assim.\n${k.name} ${vp(k)}.`),
  t('desafio.pare', 'challenge', ['urgent'], (k) => k.problem?.verbal && vp(k) && `Pare de ${k.problem.verbal}.\n${k.name} ${vp(k)}.`),
  t('desafio.faz', 'challenge', ['playful', 'urgent'], (k) => seu(k.category) && vp(k) && `${cap(seu(k.category)!)} ${k.category!.plural ? 'fazem' : 'faz'} isso?\n${k.name} ${vp(k)}.`),
  t('desafio.prova', 'challenge', ['urgent', 'premium'], (k) => fullLine(k.line) && `Coloque ${k.name} à prova.\n${k.line}.`),
  t('desafio.conta', 'challenge', ['playful', 'urgent'], (k) => seu(k.category) && fullLine(k.line) && `Acha que ${seu(k.category)} ${k.category!.plural ? 'dão' : 'dá'} conta?\n${k.name}: ${low(k, k.line!)}.`),

  // comparação
  t('comparacao.vs', 'comparison', ['playful', 'premium'], (k) => strong(k)?.np && (stateLine(k) ?? vp(k)) && `${k.name} vs. ${low(k, withArticle(k.problem!)!)}:\n${cap(stateLine(k) ?? vp(k)!)}. Escolha fácil.`),
  t('comparacao.comum', 'comparison', ['premium', 'educational'], (k) => um(k.category) && vp(k) && `${cap(um(k.category)!)} ${k.category!.plural ? 'comuns' : 'comum'} ou ${um(k.category)} que ${vp(k)}?`),
  t('comparacao.desempre', 'comparison', ['playful', 'educational'], (k) => seu(k.category) && fullLine(k.line) && `${k.name} ou ${seu(k.category)} de sempre?\n${k.line}.`),
  t('comparacao.verbal', 'comparison', ['playful', 'urgent'], (k) => k.problem?.verbal && `${cap(k.problem.verbal)} ou ${k.name}?\nEscolha fácil.`),

  // linhas de qualquer tipo, para descrições curtas
  t('pergunta.acreditar', 'question', ['playful'], (k) => fullLine(k.line) && `Dá pra acreditar?\n${k.name}: ${low(k, k.line!)}.`),
  t('pov.todomundo', 'pov', ['playful'], (k) => fullLine(k.line) && `POV: todo mundo só fala de ${k.name}.\n${k.line}.`),
  t('curiosidade.surpreender', 'curiosity', ['playful', 'educational'], (k) => fullLine(k.line) && `Isso vai te surpreender:\n${cap(k.line!)}.`),
  t('desafio.desafio', 'challenge', ['playful', 'urgent'], (k) => fullLine(k.line) && `Te desafio a testar ${k.name}.\n${k.line}.`),
  t('comparacao.desempre2', 'comparison', ['premium', 'educational'], (k) => fullLine(k.line) && `O de sempre ou ${k.name}?\n${k.line}.`),
  t('pov.primeiro', 'pov', ['playful', 'premium'], (k) => fullLine(k.line) && `POV: seu primeiro dia com ${k.name}.\n${k.line}.`),
  t('pergunta.precisa', 'question', ['educational', 'premium'], (k) => um(k.category) && fullLine(k.line) && `Precisa de ${um(k.category)}?\n${k.name}: ${low(k, k.line!)}.`),
  t('curiosidade.melhor', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `O melhor de ${k.name}?\n${k.line}.`),
  t('desafio.experimente', 'challenge', ['urgent', 'playful'], (k) => fullLine(k.line) && `Experimente ${k.name} uma vez.\n${k.line}.`),
  t('comparacao.resto', 'comparison', ['playful', 'urgent'], (k) => fullLine(k.line) && `${k.name} contra o resto:\n${k.line}.`),
];
