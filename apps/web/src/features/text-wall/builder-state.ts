import { MAX_BULK_VIDEOS, type BulkCombine } from '@hookwall/video/limits';
import { STYLE_PRESETS, type Aspect, type CaptionStyle, type PresetId, type TextStyle } from '@hookwall/video/schemas';
import { useMemo, useReducer, type Dispatch } from 'react';
import type { Context, TextWallVideo } from '@/api/api';
import { DEFAULT_MUSIC_VOLUME } from '@/features/music';
import { ANY_COPY, type CopyOptions } from './copy-options';

export const STEPS = ['Product', 'Texts', 'Backgrounds', 'Voice', 'Style'] as const;
/** Where each step sits in STEPS (the builder's field errors open the step of their field). */
export const STEP = { product: 0, texts: 1, backgrounds: 2, voice: 3, style: 4 } as const;
/** The voice speeds the API takes (`voice.speed`). */
export const SPEED_MIN = 0.5;
export const SPEED_MAX = 2;
/** The product select's value for "Write a new one here…": the context is created with the texts. */
export const INLINE = '__inline__';

/** Everything the builder's steps edit, in one value: a step that unmounts loses nothing. */
export interface BuilderState {
  step: number;
  /** the select's value: a context id, INLINE, or '' while the user has chosen nothing (see `useBuilderState`) */
  contextId: string;
  inlineName: string;
  inlineContent: string;
  /** how many texts "Generate texts" asks for */
  count: number;
  copyOptions: CopyOptions;
  texts: string[];
  /** the "paste texts, one per line" box, kept when the user goes to another step and back */
  paste: string;
  /** how the paste box is cut into texts: one per line, or one per block of lines between blank lines */
  pasteSplit: PasteSplit;
  backgroundIds: string[];
  style: TextStyle;
  aspect: Aspect;
  duration: number;
  previewIndex: number;
  /** one video per text with the backgrounds in turn ('cycle'), or every text × background × style ('matrix', matrix.ts) */
  combine: BulkCombine;
  /** the presets a matrix tests, each with the style's own changes; none chosen yet: the style's preset */
  matrixPresets: PresetId[];
  /** the voice that reads each video's text (an id of `GET /api/voices/`), null: silent videos */
  voiceId: string | null;
  /** the Voice step's language filter: a primary language subtag ('fr'), '' for every language */
  voiceLanguage: string;
  /** how fast the voice reads, 0.5 to 2 */
  speed: number;
  /** with a voice: how the wall's words follow it */
  captionStyle: CaptionStyle;
  /**
   * with a voice: each video lasts its speech plus a short tail (no `duration_seconds` is sent);
   * moving the length slider sets a length the speech must fit
   */
  fitVoice: boolean;
  /** the brand kit the videos take: 'default' (the team's default kit), 'none', or a kit's id */
  brandKit: string;
  /** close each video with the kit's end card (`end_card: true`); only when the chosen kit has one */
  endCard: boolean;
  /** the music under every video (an id of `GET /api/music-tracks/`), null: none */
  musicTrackId: string | null;
  /** how loud the music plays, 0 to 1 */
  musicVolume: number;
}

export type PasteSplit = 'line' | 'block';

type Settable =
  | 'step'
  | 'contextId'
  | 'inlineName'
  | 'inlineContent'
  | 'count'
  | 'copyOptions'
  | 'paste'
  | 'pasteSplit'
  | 'style'
  | 'aspect'
  | 'duration'
  | 'previewIndex'
  | 'voiceId'
  | 'voiceLanguage'
  | 'speed'
  | 'captionStyle'
  | 'fitVoice'
  | 'brandKit'
  | 'endCard'
  | 'musicTrackId'
  | 'musicVolume';

/** What a template sets in the builder (template-state.ts): its whole setup, not the texts, product or step. */
export type BuilderSetup = Pick<
  BuilderState,
  'backgroundIds' | 'style' | 'combine' | 'matrixPresets' | 'aspect' | 'duration' | 'voiceId' | 'speed' | 'captionStyle' | 'fitVoice' | 'musicTrackId' | 'musicVolume' | 'count' | 'copyOptions' | 'brandKit' | 'endCard'
>;

export type BuilderAction =
  | { type: 'set'; patch: Partial<Pick<BuilderState, Settable>> }
  /** a template's setup, in place of the builder's (the texts and product stay) */
  | { type: 'applyTemplate'; setup: BuilderSetup }
  /** texts generated, uploaded or pasted: after the non-blank ones, up to MAX_BULK_VIDEOS */
  | { type: 'addTexts'; texts: string[] }
  /** the paste box's texts (its lines or its blocks, as `pasteSplit` says); the box empties */
  | { type: 'addPasted' }
  | { type: 'addBlankText' }
  | { type: 'editText'; index: number; text: string }
  | { type: 'removeText'; index: number }
  | { type: 'toggleBackground'; id: string }
  | { type: 'setCombine'; combine: BulkCombine }
  /** adds or removes a preset of the matrix; the last one stays */
  | { type: 'toggleMatrixPreset'; preset: PresetId }
  /**
   * a background made or uploaded in the step: chosen (kept when it already is), at `at` (the place
   * it had in the order when its clip was clicked, as it is made after a request) or last
   */
  | { type: 'chooseBackground'; id: string; at?: number }
  /** some fields of the style (the clips' placement), the others kept */
  | { type: 'setStyle'; patch: Partial<TextStyle> };

export type BuilderDispatch = Dispatch<BuilderAction>;

/** A new builder, or (duplicate and edit) one that starts from a video's text, background and style, on the Texts step. */
export function initialBuilderState(source?: TextWallVideo): BuilderState {
  const blank: BuilderState = {
    step: 0,
    contextId: '',
    inlineName: '',
    inlineContent: '',
    count: 10,
    copyOptions: ANY_COPY,
    texts: [],
    paste: '',
    pasteSplit: 'line',
    backgroundIds: [],
    style: STYLE_PRESETS.bold.style,
    aspect: '9:16',
    duration: 10,
    previewIndex: 0,
    combine: 'cycle',
    matrixPresets: [],
    voiceId: null,
    voiceLanguage: '',
    speed: 1,
    captionStyle: 'highlight',
    fitVoice: true,
    brandKit: 'default',
    endCard: false,
    musicTrackId: null,
    musicVolume: DEFAULT_MUSIC_VOLUME,
  };
  if (!source) return blank;
  return {
    ...blank,
    step: 1,
    contextId: source.context_id ? String(source.context_id) : '',
    texts: [source.text],
    backgroundIds: source.background_video_id ? [source.background_video_id] : [],
    style: source.style,
    aspect: source.aspect,
    duration: source.duration_seconds,
    // a voiced video's copy keeps its voice; its length followed the voice, so the copy's does too
    ...(source.voice ? { voiceId: source.voice.voice_id, speed: source.voice.speed, fitVoice: true } : {}),
    ...(source.captions ? { captionStyle: source.captions.style } : {}),
    brandKit: source.brand_kit_id ?? 'none',
    // a copy closes with its kit's card again when the video had a card
    endCard: !!source.end_card,
    ...(source.music ? { musicTrackId: source.music.track_id, musicVolume: source.music.volume } : {}),
  };
}

/**
 * The texts a paste makes: one per non-blank line, or one per block (lines kept together, blocks
 * separated by one or more blank lines), trimmed.
 */
export function splitPasted(paste: string, split: PasteSplit): string[] {
  const normalized = paste.replace(/\r\n?/g, '\n');
  const parts = split === 'block' ? normalized.split(/\n[^\S\n]*\n\s*/) : normalized.split('\n');
  return parts.map((t) => t.trim()).filter(Boolean);
}

function appendTexts(texts: string[], more: string[]): string[] {
  return [...texts.filter((t) => t.trim()), ...more].slice(0, MAX_BULK_VIDEOS);
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'set':
      return { ...state, ...action.patch };
    case 'applyTemplate':
      return { ...state, ...action.setup };
    case 'addTexts':
      return { ...state, texts: appendTexts(state.texts, action.texts) };
    case 'addPasted':
      return {
        ...state,
        texts: appendTexts(state.texts, splitPasted(state.paste, state.pasteSplit)),
        paste: '',
      };
    case 'addBlankText':
      return state.texts.length >= MAX_BULK_VIDEOS ? state : { ...state, texts: [...state.texts, ''] };
    case 'editText':
      return { ...state, texts: state.texts.map((t, i) => (i === action.index ? action.text : t)) };
    case 'removeText':
      return { ...state, texts: state.texts.filter((_, i) => i !== action.index) };
    case 'toggleBackground': {
      const { backgroundIds: ids } = state;
      return { ...state, backgroundIds: ids.includes(action.id) ? ids.filter((x) => x !== action.id) : [...ids, action.id] };
    }
    case 'setCombine':
      return { ...state, combine: action.combine };
    case 'toggleMatrixPreset': {
      const chosen = matrixPresetsOf(state);
      const next = chosen.includes(action.preset) ? chosen.filter((p) => p !== action.preset) : [...chosen, action.preset];
      return next.length === 0 ? state : { ...state, matrixPresets: next };
    }
    case 'chooseBackground': {
      const { backgroundIds: ids } = state;
      if (ids.includes(action.id)) return state;
      const at = Math.min(action.at ?? ids.length, ids.length);
      return { ...state, backgroundIds: [...ids.slice(0, at), action.id, ...ids.slice(at)] };
    }
    case 'setStyle':
      return { ...state, style: { ...state.style, ...action.patch } };
  }
}

/** The presets a matrix makes videos in: the ones chosen, else the style's own. */
export function matrixPresetsOf(state: Pick<BuilderState, 'matrixPresets' | 'style'>): PresetId[] {
  return state.matrixPresets.length ? state.matrixPresets : [state.style.preset];
}

/**
 * The context the videos are for: the user's choice, else (until they choose) the first of their
 * contexts, or a new one written inline when they have none; '' while the list is loading.
 */
export function effectiveContextId(chosen: string, contexts: Context[] | undefined): string {
  if (chosen) return chosen;
  if (!contexts) return '';
  return contexts.length > 0 ? String(contexts[0]!.id) : INLINE;
}

/** Whether the stepper and "Next" may go to `step`: a product first, then at least one text. */
export function canReach(step: number, contextId: string, textCount: number): boolean {
  if (step === 0) return true;
  if (!contextId) return false;
  return step === 1 || textCount > 0;
}

/**
 * The builder's state and what follows from it. `source` and `restore` (the saved draft, draft.ts)
 * are read once, when the builder mounts: the page remounts the builder (a new `key`) when a video
 * to copy arrives or the team changes.
 */
export function useBuilderState(source: TextWallVideo | undefined, contexts: Context[] | undefined, restore?: () => Partial<BuilderState> | null) {
  const [state, dispatch] = useReducer(builderReducer, source, (from) => ({ ...initialBuilderState(from), ...restore?.() }));
  const contextId = effectiveContextId(state.contextId, contexts);
  // the texts that make videos: blank ones are skipped (memoised, so the preview's props stay put while nothing changes)
  const cleanTexts = useMemo(() => state.texts.map((t) => t.trim()).filter(Boolean), [state.texts]);
  return {
    state,
    dispatch,
    contextId,
    cleanTexts,
    tooMany: cleanTexts.length > MAX_BULK_VIDEOS,
    canReach: (step: number) => canReach(step, contextId, cleanTexts.length),
  };
}
