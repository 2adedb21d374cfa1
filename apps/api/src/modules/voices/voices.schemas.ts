import { z } from 'zod';
import { MAX_TEXT_CHARS } from '@hookwall/video/limits';
import { named } from '../../core/schema-registry.ts';

/** speeds a voice reads at: half to twice its own pace */
export const MIN_SPEED = 0.5;
export const MAX_SPEED = 2;

export const voiceIdField = z.string({ error: 'Choose a voice (its id from GET /api/voices/).' }).trim().min(1, 'Choose a voice (its id from GET /api/voices/).').max(200);
export const speedField = z
  .number({ error: `Enter the speed as a number from ${MIN_SPEED} to ${MAX_SPEED}.` })
  .min(MIN_SPEED, `The speed is at least ${MIN_SPEED}.`)
  .max(MAX_SPEED, `The speed is at most ${MAX_SPEED}.`);

export const voiceSchema = named(
  'voice',
  z.object({
    /** `espeak:<name>` for the offline voices, `remote:<name>` for the configured endpoint's */
    id: z.string(),
    name: z.string(),
    /** BCP 47, e.g. fr-FR */
    language: z.string(),
    /** offline voices are free; a remote voice costs a credit per text it speaks that is not cached */
    provider: z.enum(['offline', 'remote']),
    gender: z.enum(['female', 'male']).optional(),
    /** the voice reading a short sentence of its language (public: an <audio> element can play it) */
    sample_url: z.string(),
  }),
);
export const voiceListSchema = named(
  'voiceList',
  z.object({
    results: z.array(voiceSchema),
    /** a transcription endpoint is configured (STT_BASE_URL): uploaded clips can be transcribed (`POST /api/brand-videos/{id}/transcribe/`) */
    transcription_available: z.boolean(),
  }),
);

export const voiceIdParam = z.object({ id: z.string().min(1).max(200) });

export const speakRequest = named(
  'speakRequest',
  z.object({
    voice_id: voiceIdField,
    text: z
      .string({ error: 'Enter the text to speak.' })
      .trim()
      .min(1, 'Enter the text to speak.')
      .max(MAX_TEXT_CHARS, `Keep the text under ${MAX_TEXT_CHARS} characters.`),
    speed: speedField.default(1),
  }),
);

export const speechWordOut = z.object({ text: z.string(), start: z.number(), end: z.number() });
export const speechSchema = named(
  'speech',
  z.object({
    /** the speech asset: the same id for the same team, voice, speed and text */
    id: z.string(),
    /** a signed URL of the audio (expires; stable within the hour) */
    audio_url: z.string(),
    duration_seconds: z.number(),
    /** each word the voice says (the text's tokens, one for one) and when, in seconds */
    words: z.array(speechWordOut),
  }),
);
