import type { Formula } from './types.ts';

/** The formula a text's shape says (a model's text without one; a winning text whose shape new ones follow). */
export function guessFormulaOf(text: string): Formula {
  const t = text.trim();
  if (/^pov\b/iu.test(t)) return 'pov';
  if (/^(?:before|avant|antes|vorher|prima|then|hier|ayer|gestern|ontem|ieri)\b/iu.test(t)) return 'before_after';
  if (t.split('\n').filter((l) => /^\s*(?:\d+[.)]|[-•·→✔✓])\s/u.test(l)).length >= 3) return 'list';
  if (/\bvs\.?\b|\b(?:or|ou|o|oder)\b.*\?$/iu.test(t)) return 'comparison';
  if (/^[\d$€£]/u.test(t)) return 'number';
  if (/^[¿«"“„]?[^\n]*\?/u.test(t)) return 'question';
  return 'curiosity';
}
