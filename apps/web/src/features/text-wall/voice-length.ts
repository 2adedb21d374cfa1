import type { BuilderState } from './builder-state';

/**
 * The pause after the voice when a video fits it (no length chosen), as the API adds it
 * (apps/api/src/modules/videos/text-walls.ts, videoDurations): the preview lasts what the video will.
 */
export const SPEECH_TAIL_SECONDS = 1;
/** A text wall's length limits (textWallPropsSchema's durationInSeconds). */
const MIN_SECONDS = 5;
const MAX_SECONDS = 60;

/** How long a video lasts: its chosen length, or (with a voice and no length chosen) its speech and the tail. */
export function videoSeconds(state: Pick<BuilderState, 'duration' | 'voiceId' | 'fitVoice'>, speechSeconds: number | null): number {
  if (state.voiceId === null || !state.fitVoice || speechSeconds === null) return state.duration;
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.round((speechSeconds + SPEECH_TAIL_SECONDS) * 100) / 100));
}
