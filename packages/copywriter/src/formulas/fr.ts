import type { Category, Problem } from '../product-context.ts';
import { ALL, cap, low, words, type Kit, type Template } from './kit.ts';

const vowel = (word: string) => /^[aeiouyhàâéèêëîïôûœ]/iu.test(word);

/** The description says "vous": the ad does too; else "tu", as French ads on TikTok do. */
const vous = (k: Kit) => /\b(?:vous|votre|vos)\b/iu.test([...k.product.sentences, ...k.product.bullets].join(' '));
const tu = (k: Kit, forTu: string, forVous: string) => (vous(k) ? forVous : forTu);

/** "une crème de nuit", "un pain de mie", "des …" */
function un(c: Category | undefined): string | undefined {
  if (!c) return undefined;
  if (c.plural) return `des ${c.text}`;
  if (!c.gender) return undefined;
  return `${c.gender === 'f' ? 'une' : 'un'} ${c.text}`;
}

/** "une autre crème", "un autre pain" */
function unAutre(c: Category | undefined): string | undefined {
  if (!c || c.plural || !c.gender) return undefined;
  return `${c.gender === 'f' ? 'une autre' : 'un autre'} ${c.text}`;
}

/** "ta crème de nuit", "ton application" (or "votre") */
function ton(k: Kit, c: Category | undefined): string | undefined {
  if (!c) return undefined;
  if (c.plural) return `${tu(k, 'tes', 'vos')} ${c.text}`;
  if (vous(k)) return `votre ${c.text}`;
  if (!c.gender) return undefined;
  return `${c.gender === 'f' && !vowel(c.text) ? 'ta' : 'ton'} ${c.text}`;
}

/** "de" before a word: "d'une", "de Moulin Roux", "d'Alba" */
const de = (text: string) => (vowel(text) ? `d'${text}` : `de ${text}`);

/** "des tiraillements du matin", "de la …", "du …" */
function deNp(p: Problem): string | undefined {
  if (!p.np) return undefined;
  switch (p.article) {
    case 'les':
    case 'des':
      return `des ${p.np}`;
    case 'le':
    case 'du':
      return `du ${p.np}`;
    case 'la':
      return `de la ${p.np}`;
    case "l'":
    case 'l’':
      return `de l'${p.np}`;
    default:
      return de(p.np);
  }
}

/** "les tiraillements du matin" (with the article the description used) */
const withArticle = (p: Problem) => (p.np ? (p.article && /^(?:les|le|la|des|du)$/u.test(p.article) ? `${p.article === 'des' ? 'les' : p.article === 'du' ? 'le' : p.article} ${p.np}` : p.article && /^l['’]$/u.test(p.article) ? `l'${p.np}` : p.np) : undefined);

/** "la peau" → "ta peau" */
function tonThing(k: Kit): string | undefined {
  const s = k.state;
  if (!s) return undefined;
  const m = /^(la|le|les|l['’])\s?(.+)$/iu.exec(s.thing);
  if (!m) return undefined;
  const article = m[1]!.toLowerCase();
  if (vous(k)) return `${article === 'les' ? 'vos' : 'votre'} ${m[2]}`;
  return `${article === 'les' ? 'tes' : article === 'la' && !vowel(m[2]!) ? 'ta' : 'ton'} ${m[2]}`;
}

function vp(k: Kit): string | undefined {
  if (!k.vp) return undefined;
  return k.vp.plural === !!k.category?.plural ? k.vp.text : undefined;
}

const strong = (k: Kit) => (k.problem?.strong ? k.problem : undefined);
const isVerbLine = (k: Kit, line: string | undefined) => !!line && k.product.verbPhrases.some((v) => v.text.toLowerCase() === line.toLowerCase());
const thingLine = (k: Kit, line: string | undefined) => (line && !isVerbLine(k, line) && !/^(?:nous|on)\s/iu.test(line) ? line : undefined);
const fullLine = (line: string | undefined) => (line && words(line).length >= 3 ? line : undefined);
const stateLine = (k: Kit) => (k.state && k.state.tail && words(k.state.tail).length <= 4 ? `${k.state.state} ${k.state.tail}` : undefined);

const t = (id: string, formula: Template['formula'], tones: Template['tones'], write: Template['write']): Template => ({ id: `fr.${id}`, formula, tones, write });

export const templates: Template[] = [
  // question
  t('question.toujours', 'question', ['playful', 'urgent', 'educational'], (k) => k.problem?.verbal && vp(k) && `Toujours en train ${de(k.problem.verbal)} ?\n${k.name} ${vp(k)}.`),
  t('question.marre', 'question', ['playful', 'urgent'], (k) => strong(k) && deNp(k.problem!) && vp(k) && `Marre ${deNp(k.problem!)} ?\n${k.name} ${vp(k)}.`),
  t('question.cherches', 'question', ['educational', 'premium'], (k) => un(k.category) && vp(k) && `${tu(k, 'Tu cherches', 'Vous cherchez')} ${un(k.category)} qui ${vp(k)} ?\n${tu(k, 'Découvre', 'Découvrez')} ${k.name}.`),
  t('question.savais', 'question', ['educational', 'playful'], (k) => vp(k) && `${tu(k, 'Tu savais', 'Saviez-vous')} que ${k.name} ${vp(k)} ?`),
  t('question.pasavec', 'question', ['playful', 'urgent'], (k) => strong(k)?.np && `${cap(withArticle(k.problem!)!)} ?\nPas avec ${k.name}.`),
  t('question.etsi', 'question', ['premium', 'educational', 'playful'], (k) => tonThing(k) && `Et si ${tonThing(k)} ${k.state!.plural ? 'restaient' : 'restait'} ${k.state!.state}${k.state!.tail ? ` ${k.state!.tail}` : ''} ?`),
  t('question.connais', 'question', ['playful'], (k) => fullLine(k.line) && `${tu(k, 'Tu connais', 'Vous connaissez')} ${k.name} ?\n${k.line}.`),
  t('question.pourquoi', 'question', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `Pourquoi ${k.name} ?\n${k.line}. ${k.line2}.`),

  // POV
  t('pov.arrete', 'pov', ['playful', 'urgent'], (k) => k.problem?.verbal && `POV : ${tu(k, 'tu as', 'vous avez')} arrêté ${de(k.problem.verbal)}.`),
  t('pov.trouve', 'pov', ['playful', 'educational'], (k) => un(k.category) && vp(k) && `POV : ${tu(k, 'tu as', 'vous avez')} trouvé ${un(k.category)} qui ${vp(k)}.`),
  t('pov.etat', 'pov', ['playful'], (k) => tonThing(k) && k.state!.tail && `POV : ${tonThing(k)} ${k.state!.plural ? 'sont' : 'est'} ${k.state!.state} ${k.state!.tail}.`),
  t('pov.teste', 'pov', ['playful'], (k) => fullLine(k.line) && `POV : ${tu(k, 'tu as', 'vous avez')} enfin testé ${k.name}.\n${k.line}.`),
  t('pov.decouvre', 'pov', ['playful', 'premium'], (k) => thingLine(k, k.line) && `POV : ${tu(k, 'tu viens', 'vous venez')} de découvrir ${k.name}.\n${thingLine(k, k.line)}.`),
  t('pov.fini', 'pov', ['playful', 'urgent'], (k) => strong(k)?.np && `POV : fini ${withArticle(k.problem!)}.`),

  // number
  t('number.vraiment', 'number', ['playful', 'urgent'], (k) => fullLine(k.fact?.line) && `${cap(k.fact!.line)}.\nOui, vraiment.`),
  t('number.chiffres', 'number', ['educational', 'premium'], (k) => k.numbers && `${k.name} en chiffres :\n· ${k.numbers.join('\n· ')}`),
  t('number.bienlu', 'number', ['playful', 'educational', 'urgent'], (k) => fullLine(k.fact?.line) && `Oui, ${tu(k, 'tu as', 'vous avez')} bien lu :\n${cap(k.fact!.line)}.`),
  t('number.precision', 'number', ['premium', 'educational'], (k) => k.fact && `Petite précision :\n${cap(k.fact.line)}.`),

  // objection answered
  t('objection.court', 'objection', ALL, (k) => k.objection && `${k.objection.question}\n${k.objection.answer}.`),
  t('objection.suivante', 'objection', ['playful'], (k) => k.objection && `« ${k.objection.question} »\n${k.objection.answer}. Question suivante.`),
  t('objection.nom', 'objection', ['premium', 'educational'], (k) => k.objection && `${k.objection.question}\n${k.name} : ${low(k, k.objection.answer)}.`),
  t('objection.hesites', 'objection', ['urgent', 'playful'], (k) => k.objection && k.line2 && k.line2 !== k.objection.answer && `${tu(k, 'Tu hésites', 'Vous hésitez')} encore ?\n${k.objection.answer}. ${k.line2}.`),
  t('objection.tropbeau', 'objection', ['playful', 'urgent'], (k) => vp(k) && `Trop beau pour être vrai ?\n${k.name} ${vp(k)}. Pour de vrai.`),
  t('objection.vautlecoup', 'objection', ['educational', 'premium'], (k) => fullLine(k.line) && fullLine(k.line2) && `« Ça vaut le coup ? »\n${k.line}. ${k.line2}.`),

  // before / after
  t('avant.apres', 'before_after', ['playful', 'educational'], (k) => strong(k)?.np && `Avant : ${low(k, withArticle(k.problem!)!)}.\nAprès : ${k.name}.`),
  t('avant.verbal', 'before_after', ['playful', 'urgent'], (k) => k.problem?.verbal && `Avant : ${k.problem.verbal}.\nAprès : ${k.name}.`),
  t('avant.hier', 'before_after', ['premium', 'educational'], (k) => strong(k)?.np && `Hier : ${low(k, withArticle(k.problem!)!)}.\nAujourd'hui : ${k.name}.`),
  t('avant.etat', 'before_after', ['playful'], (k) => strong(k)?.np && stateLine(k) && `Avant ${k.name} : ${low(k, withArticle(k.problem!)!)}.\nAprès : ${stateLine(k)}.`),

  // list of three
  t('liste.raisons', 'list', ['educational', 'playful'], (k) => k.list && `3 raisons de craquer pour ${k.name} :\n1. ${k.list[0]}\n2. ${k.list[1]}\n3. ${k.list[2]}`),
  t('liste.avec', 'list', ['premium', 'educational'], (k) => k.list && `Avec ${k.name}, ${tu(k, 'tu as', 'vous avez')} :\n· ${k.list.join('\n· ')}`),
  t('liste.pour', 'list', ['playful', 'urgent'], (k) => k.audience && k.list && `Pour les ${k.audience} :\n→ ${k.list.join('\n→ ')}`),
  t('liste.cases', 'list', ['playful'], (k) => k.list && `${k.name} coche toutes les cases :\n✔ ${k.list.join('\n✔ ')}`),

  // curiosity gap
  t('curiosite.personne', 'curiosity', ['educational', 'playful'], (k) => un(k.category) && !k.category!.plural && (stateLine(k) ?? fullLine(thingLine(k, k.line))) && `Personne n'attend ça ${de(un(k.category)!)} :\n${cap(stateLine(k) ?? thingLine(k, k.line)!)}.`),
  t('curiosite.dit', 'curiosity', ['educational', 'playful'], (k) => fullLine(k.line) && `Ce que personne ne ${tu(k, 'te', 'vous')} dit sur ${k.name} :\n${cap(k.line!)}.`),
  t('curiosite.secret', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `Le secret ${de(k.name)} ?\n${k.line}.`),
  t('curiosite.nachete', 'curiosity', ['urgent'], (k) => unAutre(k.category) && !k.category!.service && fullLine(k.line) && `${tu(k, "N'achète pas", "N'achetez pas")} ${unAutre(k.category)} avant d'avoir lu ça :\n${k.line}.`),
  t('curiosite.jamais', 'curiosity', ['playful', 'premium'], (k) => un(k.category) && !k.category!.plural && fullLine(k.line) && `${tu(k, "Tu n'as", "Vous n'avez")} jamais vu ${un(k.category)} comme ça.\n${k.line}.`),

  // direct challenge
  // "qui" + subjunctive: only verbs of the first group, whose subjunctive is their present ("reste", "pèse")
  t('defi.trouve', 'challenge', ['playful', 'urgent'], (k) => unAutre(k.category) && vp(k) && /^\p{L}+e\b/u.test(vp(k)!) && `${tu(k, 'Trouve-moi', 'Trouvez-moi')} ${unAutre(k.category)} qui ${vp(k)}.\nOn attend.`),
  t('defi.arrete', 'challenge', ['urgent'], (k) => k.problem?.verbal && vp(k) && `${tu(k, 'Arrête', 'Arrêtez')} ${de(k.problem.verbal)}.\n${k.name} ${vp(k)}.`),
  t('defi.autant', 'challenge', ['playful', 'urgent'], (k) => ton(k, k.category) && vp(k) && `${cap(ton(k, k.category)!)} en ${k.category!.plural ? 'font' : 'fait'} autant ?\n${k.name} ${vp(k)}.`),
  t('defi.epreuve', 'challenge', ['urgent', 'premium'], (k) => fullLine(k.line) && `${tu(k, 'Mets', 'Mettez')} ${k.name} à l'épreuve.\n${k.line}.`),
  t('defi.suffit', 'challenge', ['playful', 'urgent'], (k) => ton(k, k.category) && fullLine(k.line) && `${tu(k, 'Tu crois', 'Vous croyez')} que ${ton(k, k.category)} ${k.category!.plural ? 'suffisent' : 'suffit'} ?\n${k.name} : ${low(k, k.line!)}.`),

  // comparison
  t('comparaison.vs', 'comparison', ['playful', 'premium'], (k) => strong(k)?.np && (stateLine(k) ?? vp(k)) && `${k.name} vs ${low(k, withArticle(k.problem!)!)} :\n${cap(stateLine(k) ?? vp(k)!)}. Le choix est vite fait.`),
  t('comparaison.classique', 'comparison', ['premium', 'educational'], (k) => un(k.category) && vp(k) && `${cap(un(k.category)!)} ${k.category!.plural ? 'classiques' : 'classique'}, ou ${un(k.category)} qui ${vp(k)} ?`),
  t('comparaison.habituel', 'comparison', ['playful', 'educational'], (k) => ton(k, k.category) && k.category!.gender && fullLine(k.line) && `${k.name} ou ${ton(k, k.category)} ${k.category!.plural ? (k.category!.gender === 'f' ? 'habituelles' : 'habituels') : k.category!.gender === 'f' ? 'habituelle' : 'habituel'} ?\n${k.line}.`),
  t('comparaison.verbal', 'comparison', ['playful', 'urgent'], (k) => k.problem?.verbal && `${cap(k.problem.verbal)}, ou ${k.name} ?\nLe choix est vite fait.`),

  // des lignes de toute sorte, pour les descriptions courtes
  t('question.ycrois', 'question', ['playful'], (k) => fullLine(k.line) && `${tu(k, 'Tu y crois', 'Vous y croyez')} ?\n${k.name} : ${low(k, k.line!)}.`),
  t('pov.toutlemonde', 'pov', ['playful'], (k) => fullLine(k.line) && `POV : tout le monde ${tu(k, 'te', 'vous')} parle de ${k.name}.\n${k.line}.`),
  t('curiosite.surprendre', 'curiosity', ['playful', 'educational'], (k) => fullLine(k.line) && `Ça va ${tu(k, 'te', 'vous')} surprendre :\n${cap(k.line!)}.`),
  t('defi.defi', 'challenge', ['playful', 'urgent'], (k) => fullLine(k.line) && `Je ${tu(k, 'te', 'vous')} mets au défi de tester ${k.name}.\n${k.line}.`),
  t('comparaison.habitude', 'comparison', ['premium', 'educational'], (k) => fullLine(k.line) && `L'habitude, ou ${k.name} ?\n${k.line}.`),
  t('pov.premiere', 'pov', ['playful', 'premium'], (k) => fullLine(k.line) && `POV : ${tu(k, 'ton', 'votre')} premier jour avec ${k.name}.\n${k.line}.`),
  t('question.besoin', 'question', ['educational', 'premium'], (k) => un(k.category) && !k.category!.plural && fullLine(k.line) && `Besoin ${de(un(k.category)!)} ?\n${k.name} : ${low(k, k.line!)}.`),
  t('curiosite.meilleur', 'curiosity', ['premium', 'playful'], (k) => fullLine(k.line) && `Ce qu'on préfère chez ${k.name} ?\n${k.line}.`),
  t('defi.essaie', 'challenge', ['urgent', 'playful'], (k) => fullLine(k.line) && `${tu(k, 'Essaie', 'Essayez')} ${k.name}, une fois.\n${k.line}.`),
  t('comparaison.reste', 'comparison', ['playful', 'urgent'], (k) => fullLine(k.line) && `${k.name} contre le reste :\n${k.line}.`),
];
