import type { CaptionStyle, EndCard } from '@hookwall/video/schemas';
import { STEP, type BuilderAction, type BuilderState } from './builder-state';

/**
 * The voice part of the bulk request, and the way back: the API's 400 field errors, each put
 * under the field of the builder it names.
 */

export interface VoiceRequestPart {
  voice?: { voice_id: string; speed: number };
  captions?: { style: CaptionStyle };
  duration_seconds?: number;
}

/** With a voice: it, its captions' style, and a length only when one is chosen (else the video fits the voice). */
export function voiceRequest(state: Pick<BuilderState, 'voiceId' | 'speed' | 'captionStyle' | 'fitVoice' | 'duration'>): VoiceRequestPart {
  if (state.voiceId === null) return { duration_seconds: state.duration };
  return {
    voice: { voice_id: state.voiceId, speed: state.speed },
    captions: { style: state.captionStyle },
    ...(state.fitVoice ? {} : { duration_seconds: state.duration }),
  };
}

/** The end card after every wall: the chosen kit's (`true`), when the switch is on and the kit has one to give. */
export function endCardRequest(state: Pick<BuilderState, 'endCard'>, kitCard: EndCard | null): { end_card?: true } {
  return state.endCard && kitCard ? { end_card: true } : {};
}

/** The music under every video, when one is chosen. */
export function builderMusicRequest(state: Pick<BuilderState, 'musicTrackId' | 'musicVolume'>): { music?: { track_id: string; volume: number } } {
  return state.musicTrackId ? { music: { track_id: state.musicTrackId, volume: state.musicVolume } } : {};
}

export interface BuilderFieldErrors {
  /** by the text's index in the list the request sent (the non-blank texts) */
  texts: Record<number, string>;
  /** about the texts as a whole (too many, none) */
  textsAll?: string;
  voice?: string;
  speed?: string;
  captions?: string;
  duration?: string;
  /** `music`, `music.track_id` or `music.volume`: under the music picker */
  music?: string;
  /** `end_card` (the kit's card is off, or has no text): under the End card switch */
  endCard?: string;
  /** the first step with an error, null when none of them names a field the builder shows */
  step: number | null;
}

export const NO_FIELD_ERRORS: BuilderFieldErrors = { texts: {}, step: null };

/** Where the API's field errors (`{"voice.speed": "…"}`, as `fieldErrorsOf` gives them) show in the builder. */
export function builderFieldErrors(fields: Record<string, string>): BuilderFieldErrors {
  const out: BuilderFieldErrors = { texts: {}, step: null };
  const steps: number[] = [];
  for (const [field, message] of Object.entries(fields)) {
    // `texts.3`, or `texts` with a message that names its text ("Text 4 takes 62 s to say…")
    const text = /^texts\.(\d+)/.exec(field) ?? (field === 'texts' ? /^Text (\d+)\b/.exec(message) : null);
    if (text) {
      out.texts[field === 'texts' ? Number(text[1]) - 1 : Number(text[1])] = message;
      steps.push(STEP.texts);
    } else if (field === 'texts') {
      out.textsAll ??= message;
      steps.push(STEP.texts);
    } else if (field === 'voice.speed') {
      out.speed ??= message;
      steps.push(STEP.voice);
    } else if (field === 'voice' || field.startsWith('voice.')) {
      out.voice ??= message;
      steps.push(STEP.voice);
    } else if (field === 'captions' || field.startsWith('captions.')) {
      out.captions ??= message;
      steps.push(STEP.style);
    } else if (field === 'music' || field.startsWith('music.')) {
      out.music ??= message;
      steps.push(STEP.voice);
    } else if (field === 'end_card' || field.startsWith('end_card.')) {
      out.endCard ??= message;
      steps.push(STEP.style);
    } else if (field === 'duration_seconds') {
      out.duration ??= message;
      steps.push(STEP.style);
    }
  }
  out.step = steps.length ? Math.min(...steps) : null;
  return out;
}

/** The errors left once `action` changed a field: that field's message goes. */
export function clearFieldErrors(errors: BuilderFieldErrors, action: BuilderAction): BuilderFieldErrors {
  if (errors === NO_FIELD_ERRORS) return errors;
  const next = { ...errors, texts: { ...errors.texts } };
  if (action.type === 'set') {
    const { patch } = action;
    if ('voiceId' in patch) delete next.voice;
    if ('speed' in patch) delete next.speed;
    if ('captionStyle' in patch) delete next.captions;
    if ('musicTrackId' in patch || 'musicVolume' in patch) delete next.music;
    if ('endCard' in patch || 'brandKit' in patch) delete next.endCard;
    if ('duration' in patch || 'fitVoice' in patch || 'voiceId' in patch || 'speed' in patch) delete next.duration;
  } else if (action.type === 'editText' || action.type === 'removeText') {
    // the indexes past a removed text no longer name the same text
    next.texts = {};
    delete next.textsAll;
    delete next.duration;
  } else {
    return errors;
  }
  return next;
}
