import { MAX_BULK_STYLES, MAX_BULK_VIDEOS } from '@hookwall/video/limits';
import { aspectSchema, captionStyleSchema, presetSchema, textStyleSchema } from '@hookwall/video/schemas';
import { z } from 'zod';
import { initialBuilderState, SPEED_MAX, SPEED_MIN, STEPS, type BuilderState } from './builder-state';
import { FORMULA_LABELS, LANGUAGE_LABELS, TONE_LABELS } from './copy-options';

/**
 * The builder's draft: its texts and choices, kept per team (and per video being copied) so that a
 * reload or a slip of the back button loses nothing. It is written on every change and removed
 * once the videos are created. It lives in sessionStorage, as the tab's current team does: local
 * storage holds only the original client's four keys (docs/ui.md, Session), and closing the tab
 * with texts in the builder asks first (beforeunload).
 */

/**
 * One draft per team, one per video being duplicated and one per template opened (a copy, or a
 * batch started from a template, never overwrites the new builder's draft).
 */
export function draftKey(teamSlug: string, sourceId?: string, like?: string[], templateId?: string): string {
  return `hookwall:text-wall-draft:${teamSlug}${sourceId ? `:from:${sourceId}` : ''}${like?.length ? ':like' : ''}${templateId ? `:template:${templateId}` : ''}`;
}

const choice = (labels: Record<string, string>) => z.string().refine((value) => value === 'any' || Object.hasOwn(labels, value));

// what a draft may hold; anything else (an older shape, a hand edit) is dropped field by field
const draftSchema = z
  .object({
    step: z.number().int().min(0).max(STEPS.length - 1),
    contextId: z.string().max(100),
    inlineName: z.string(),
    inlineContent: z.string(),
    count: z.number().int().min(1).max(MAX_BULK_VIDEOS),
    copyOptions: z.object({ tone: choice(TONE_LABELS), formula: choice(FORMULA_LABELS), language: choice(LANGUAGE_LABELS) }),
    texts: z.array(z.string()).max(MAX_BULK_VIDEOS),
    paste: z.string(),
    pasteSplit: z.enum(['line', 'block']),
    backgroundIds: z.array(z.string()).max(50),
    style: textStyleSchema,
    aspect: aspectSchema,
    duration: z.number().min(5).max(60),
    combine: z.enum(['cycle', 'matrix']),
    matrixPresets: z
      .array(presetSchema)
      .max(MAX_BULK_STYLES)
      .refine((presets) => new Set(presets).size === presets.length),
    // a voice the team no longer has is dropped by the Voice step once the list is in
    voiceId: z.string().min(1).max(200).nullable(),
    voiceLanguage: z.string().max(20),
    speed: z.number().min(SPEED_MIN).max(SPEED_MAX),
    captionStyle: captionStyleSchema,
    fitVoice: z.boolean(),
    brandKit: z.string().min(1).max(100),
    endCard: z.boolean(),
    // a track the team no longer has is dropped by the builder once the list is in
    musicTrackId: z.string().min(1).max(200).nullable(),
    musicVolume: z.number().min(0).max(1),
  })
  .partial();

type Draft = Omit<BuilderState, 'previewIndex'>;

/** The draft saved under `key`, as much of it as is still valid; null when there is none. */
export function loadDraft(key: string): Partial<Draft> | null {
  let raw: unknown;
  try {
    const stored = window.sessionStorage.getItem(key);
    if (!stored) return null;
    raw = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const draft: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(draftSchema.shape)) {
    const parsed = schema.safeParse((raw as Record<string, unknown>)[field]);
    if (parsed.success && parsed.data !== undefined) draft[field] = parsed.data;
  }
  return draft as Partial<Draft>;
}

/** Whether the builder holds work that leaving would lose: a text, or something in the paste box. */
export function hasUnsavedWork(state: Pick<BuilderState, 'texts' | 'paste'>): boolean {
  return state.texts.some((t) => t.trim()) || state.paste.trim() !== '';
}

const withoutPreview = ({ previewIndex: _previewIndex, ...draft }: BuilderState): Draft => draft;
const BLANK = JSON.stringify(withoutPreview(initialBuilderState()));

/** Saves the draft, or removes it when it is a new builder's (nothing to keep). Storage full or blocked: the draft is simply not kept. */
export function saveDraft(key: string, state: BuilderState): void {
  try {
    const draft = JSON.stringify(withoutPreview(state));
    if (draft === BLANK) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, draft);
  } catch {
    // private mode or a full quota: the builder works on, without a draft
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // as above
  }
}
