import type { Category } from '../product-context.ts';
import { ALL, cap, low, words, type Kit, type Template } from './kit.ts';

/**
 * German puts the verb last in a subordinate clause, so these formulas only use the description's
 * verb phrases in main clauses ("Alpina halten die Füße warm") and its categories in the nominative.
 */

/** "irgendein kompakter Schrauber", "irgendeine Kochbox", plural: "irgendwelche Wandersocken" */
function irgendein(c: Category | undefined): string | undefined {
  if (!c) return undefined;
  if (c.plural) return `irgendwelche ${c.text}`;
  if (c.article === 'eine') return `irgendeine ${c.text}`;
  if (c.article === 'ein') return `irgendein ${c.text}`;
  return undefined;
}

/** "dein kompakter Schrauber", "deine Kochbox", "deine Wandersocken" */
function dein(c: Category | undefined): string | undefined {
  if (!c) return undefined;
  if (c.plural || c.article === 'eine') return `deine ${c.text}`;
  if (c.article === 'ein') return `dein ${c.text}`;
  return undefined;
}

function vp(k: Kit): string | undefined {
  if (!k.vp) return undefined;
  return k.vp.plural === !!k.category?.plural ? k.vp.text : undefined;
}

const strong = (k: Kit) => (k.problem?.strong ? k.problem : undefined);
const isVerbLine = (k: Kit, line: string | undefined) => !!line && k.product.verbPhrases.some((v) => v.text.toLowerCase() === line.toLowerCase());
const thingLine = (k: Kit, line: string | undefined) => (line && !isVerbLine(k, line) && !/^wir\s/iu.test(line) ? line : undefined);
const fullLine = (line: string | undefined) => (line && words(line).length >= 3 ? line : undefined);

const t = (id: string, formula: Template['formula'], tones: Template['tones'], write: Template['write']): Template => ({ id: `de.${id}`, formula, tones, write });

export const templates: Template[] = [
  // Frage
  t('frage.keinelust', 'question', ['playful', 'urgent'], (k) => strong(k)?.np && vp(k) && `Keine Lust mehr auf ${k.problem!.np}?\n${k.name} ${vp(k)}.`),
  t('frage.nichtmit', 'question', ['playful', 'urgent'], (k) => strong(k)?.np && `${cap(k.problem!.np!)}?\nNicht mit ${k.name}.`),
  t('frage.gewusst', 'question', ['educational', 'playful'], (k) => vp(k) && `Schon gewusst?\n${k.name} ${vp(k)}.`),
  // accusative: the same as the nominative only for feminine and plural nouns without an adjective
  t('frage.suchst', 'question', ['educational', 'premium'], (k) => k.category && (k.category.plural || k.category.article === 'eine') && words(k.category.text).length === 1 && k.audience && vp(k) && `Du suchst ${k.category.plural ? '' : 'eine '}${k.category.text} für ${k.audience}?\n${k.name} ${vp(k)}.`),
  t('frage.kennst', 'question', ['playful'], (k) => fullLine(k.line) && `Kennst du schon ${k.name}?\n${k.line}.`),
  t('frage.warum', 'question', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `Warum ${k.name}?\n${k.line}. ${k.line2}.`),
  t('frage.jeden', 'question', ['playful', 'urgent'], (k) => k.problem?.verbal && vp(k) && `Jeden Tag ${k.problem.verbal}?\n${k.name} ${vp(k)}.`),

  // POV
  t('pov.probiert', 'pov', ['playful'], (k) => fullLine(k.line) && `POV: du hast ${k.name} endlich ausprobiert.\n${k.line}.`),
  t('pov.gefunden', 'pov', ['playful', 'premium'], (k) => thingLine(k, k.line) && `POV: du hast gerade ${k.name} entdeckt.\n${thingLine(k, k.line)}.`),
  t('pov.keine', 'pov', ['playful', 'urgent'], (k) => strong(k)?.np && `POV: nie wieder ${k.problem!.np}.`),
  t('pov.vp', 'pov', ['playful', 'educational'], (k) => vp(k) && `POV: ${k.name} ${vp(k)}.\nUnd du fragst dich, warum erst jetzt.`),
  t('pov.verbal', 'pov', ['playful', 'urgent'], (k) => k.problem?.verbal && `POV: du musst nie wieder ${k.problem.verbal}.`),

  // Zahl
  t('zahl.wirklich', 'number', ['playful', 'urgent'], (k) => fullLine(k.fact?.line) && `${cap(k.fact!.line)}.\nJa, wirklich.`),
  t('zahl.zahlen', 'number', ['educational', 'premium'], (k) => k.numbers && `${k.name} in Zahlen:\n· ${k.numbers.join('\n· ')}`),
  t('zahl.sacken', 'number', ['playful', 'educational', 'urgent'], (k) => fullLine(k.fact?.line) && `Lass das mal sacken:\n${k.fact!.line}.`),
  t('zahl.richtig', 'number', ['premium', 'educational'], (k) => k.fact && `Richtig gelesen:\n${k.fact.line}.`),

  // Einwand
  t('einwand.kurz', 'objection', ALL, (k) => k.objection && `${k.objection.question}\n${k.objection.answer}.`),
  t('einwand.naechste', 'objection', ['playful'], (k) => k.objection && `„${k.objection.question}“\n${k.objection.answer}. Nächste Frage.`),
  t('einwand.name', 'objection', ['premium', 'educational'], (k) => k.objection && `${k.objection.question}\n${k.name}: ${low(k, k.objection.answer)}.`),
  t('einwand.unsicher', 'objection', ['urgent', 'playful'], (k) => k.objection && k.line2 && k.line2 !== k.objection.answer && `Noch nicht überzeugt?\n${k.objection.answer}. ${k.line2}.`),
  t('einwand.zugut', 'objection', ['playful', 'urgent'], (k) => vp(k) && `Klingt zu gut, um wahr zu sein?\n${k.name} ${vp(k)}. Wirklich.`),
  t('einwand.lohnt', 'objection', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `„Lohnt sich das?“\n${k.line}. ${k.line2}.`),

  // Vorher / Nachher
  t('vorher.nachher', 'before_after', ['playful', 'educational'], (k) => strong(k)?.np && `Vorher: ${k.problem!.np}.\nNachher: ${k.name}.`),
  t('vorher.verbal', 'before_after', ['playful', 'urgent'], (k) => k.problem?.verbal && `Vorher: jeden Tag ${k.problem.verbal}.\nJetzt: ${k.name}.`),
  t('vorher.gestern', 'before_after', ['premium', 'educational'], (k) => strong(k)?.np && `Gestern: ${k.problem!.np}.\nHeute: ${k.name}.`),

  // Liste
  t('liste.gruende', 'list', ['educational', 'playful'], (k) => k.list && `3 Gründe für ${k.name}:\n1. ${k.list[0]}\n2. ${k.list[1]}\n3. ${k.list[2]}`),
  t('liste.bekommst', 'list', ['premium', 'educational'], (k) => k.list && `Das bekommst du mit ${k.name}:\n· ${k.list.join('\n· ')}`),
  t('liste.fuer', 'list', ['playful', 'urgent'], (k) => k.audience && k.list && `Für ${k.audience}:\n→ ${k.list.join('\n→ ')}`),
  t('liste.haken', 'list', ['playful'], (k) => k.list && `${k.name} hakt alles ab:\n✔ ${k.list.join('\n✔ ')}`),

  // Neugier
  t('neugier.erwartet', 'curiosity', ['educational', 'playful'], (k) => vp(k) && `Das erwartet keiner:\n${k.name} ${vp(k)}.`),
  t('neugier.sagt', 'curiosity', ['educational', 'playful'], (k) => fullLine(k.line) && `Was dir niemand über ${k.name} sagt:\n${k.line}.`),
  t('neugier.geheimnis', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `Das Geheimnis von ${k.name}?\n${k.line}.`),
  t('neugier.lies', 'curiosity', ['urgent'], (k) => !k.category?.service && fullLine(k.line) && `Lies das, bevor du etwas anderes kaufst:\n${k.line}.`),
  t('neugier.gesehen', 'curiosity', ['playful', 'premium'], (k) => irgendein(k.category) && fullLine(k.line) && `${k.name} ist nicht ${irgendein(k.category)}.\n${k.line}.`),

  // Challenge
  t('challenge.wetten', 'challenge', ['playful', 'urgent'], (k) => dein(k.category) && vp(k) && `Wetten, ${dein(k.category)} ${k.category!.plural ? 'können' : 'kann'} das nicht?\n${k.name} ${vp(k)}.`),
  t('challenge.niewieder', 'challenge', ['urgent'], (k) => k.problem?.verbal && `Nie wieder ${k.problem.verbal}.\nProbier ${k.name}.`),
  t('challenge.probe', 'challenge', ['urgent', 'premium'], (k) => fullLine(k.line) && `Stell ${k.name} auf die Probe.\n${k.line}.`),
  t('challenge.reicht', 'challenge', ['playful', 'urgent'], (k) => dein(k.category) && fullLine(k.line) && `Glaubst du, ${dein(k.category)} ${k.category!.plural ? 'reichen' : 'reicht'}?\n${k.name}: ${low(k, k.line!)}.`),
  t('challenge.zeig', 'challenge', ['playful'], (k) => vp(k) && `Zeig mir eine Alternative, die das kann:\n${k.name} ${vp(k)}.`),

  // Vergleich
  t('vergleich.vs', 'comparison', ['playful', 'premium'], (k) => strong(k)?.np && vp(k) && `${k.name} vs. ${k.problem!.np}:\n${cap(vp(k)!)}. Klare Sache.`),
  t('vergleich.irgendein', 'comparison', ['premium', 'educational'], (k) => irgendein(k.category) && fullLine(k.line) && `${k.name} oder ${irgendein(k.category)}?\n${k.line}.`),
  t('vergleich.verbal', 'comparison', ['playful', 'urgent'], (k) => k.problem?.verbal && `${cap(k.problem.verbal)}${/,/.test(k.problem.verbal) ? ',' : ''} oder ${k.name}?\nKlare Sache.`),
  t('vergleich.statt', 'comparison', ['educational'], (k) => strong(k)?.np && vp(k) && `Statt ${k.problem!.np}:\n${k.name} ${vp(k)}.`),

  // Zeilen jeder Art, für kurze Beschreibungen
  t('frage.glauben', 'question', ['playful'], (k) => fullLine(k.line) && `Kaum zu glauben?\n${k.name}: ${low(k, k.line!)}.`),
  t('pov.alle', 'pov', ['playful'], (k) => fullLine(k.line) && `POV: alle reden plötzlich über ${k.name}.\n${k.line}.`),
  t('neugier.ueberraschen', 'curiosity', ['playful', 'educational'], (k) => fullLine(k.line) && `Das wird dich überraschen:\n${k.line}.`),
  t('challenge.trau', 'challenge', ['playful', 'urgent'], (k) => fullLine(k.line) && `Trau dich und teste ${k.name}.\n${k.line}.`),
  t('vergleich.ueblich', 'comparison', ['premium', 'educational'], (k) => fullLine(k.line) && `Das Übliche oder ${k.name}?\n${k.line}.`),
  t('pov.erste', 'pov', ['playful', 'premium'], (k) => fullLine(k.line) && `POV: dein erster Tag mit ${k.name}.\n${k.line}.`),
  t('frage.suche', 'question', ['educational', 'premium'], (k) => fullLine(k.line) && `Noch auf der Suche?\n${k.name}: ${low(k, k.line!)}.`),
  t('neugier.beste', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `Das Beste an ${k.name}?\n${k.line}.`),
  t('challenge.probier', 'challenge', ['urgent', 'playful'], (k) => fullLine(k.line) && `Probier ${k.name} einmal aus.\n${k.line}.`),
  t('vergleich.rest', 'comparison', ['playful', 'urgent'], (k) => fullLine(k.line) && `${k.name} gegen den Rest:\n${k.line}.`),
];
