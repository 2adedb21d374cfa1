import type { Language } from '../language.ts';
import { templates as de } from './de.ts';
import { templates as en } from './en.ts';
import { templates as es } from './es.ts';
import { templates as fr } from './fr.ts';
import { templates as it } from './it.ts';
import type { Template } from './kit.ts';
import { templates as pt } from './pt.ts';

export type { Kit, Template } from './kit.ts';

/** Each language's own formulas, written in that language (not translated). */
export const TEMPLATES: Record<Language, Template[]> = { en, fr, es, de, pt, it };
