import type { BrandVideoTranscript } from '@hookwall/db';
import { extractSound, NoSoundError, UnreadableSoundError, type ClipSound } from '@hookwall/media';
import { speechWordSchema, type SpeechWord } from '@hookwall/video/schemas';
import { SpeechProviderError, transcribeSpeech, type Transcription } from '@hookwall/voices';
import type { AppDeps } from '../../core/deps.ts';
import { AppError, notFound, permissionDenied } from '../../core/errors.ts';
import { refundCredits, spendCredits } from '../billing/billing.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { voiceSettings } from '../voices/voices.service.ts';
import * as repo from './brand-videos.repository.ts';

/**
 * What an uploaded clip says (docs/voices.md, Transcripts of clips): its sound, cut at five minutes,
 * sent to the OpenAI-compatible transcription endpoint (`STT_BASE_URL`), the words kept on the clip
 * (`brand_videos.transcript`) for composites to caption the hook's own words. A transcription costs
 * a credit, given back when the endpoint fails; a clip is transcribed once unless asked again.
 */

export type { BrandVideoTranscript };

/** at most this much of a clip's sound is sent (and so transcribed) */
export const MAX_TRANSCRIBED_SECONDS = 300;
/** what a composition takes of a clip's words (`speechWordSchema`, `hookWords`) */
export const MAX_TRANSCRIPT_WORDS = 2000;
export const MAX_WORD_CHARS = 200;
const MAX_TEXT_CHARS = 20_000;

const detailError = (code: 'bad_request' | 'bad_gateway', detail: string, reason: string) => new AppError(code, detail, { body: { detail, code: reason } });
const notConfigured = () => detailError('bad_request', 'Transcription is not set up on this server: set STT_BASE_URL to an OpenAI-compatible transcription endpoint.', 'transcription_not_configured');
const notReady = () => detailError('bad_request', 'This clip is not ready yet: transcribe it once its upload has been processed.', 'clip_not_ready');
const noSound = () => detailError('bad_request', 'This clip has no sound to transcribe.', 'no_sound');
const unreadableSound = () => detailError('bad_request', "This clip's sound could not be read.", 'no_sound');
const failed = (error: SpeechProviderError) => detailError('bad_gateway', error.message, 'transcription_failed');

/** control characters and the bidi overrides and isolates that could reorder the text around a word */
const UNSAFE = /[\p{Cc}\u202a-\u202e\u2066-\u2069\ufeff]/gu;
const clean = (text: string) => text.replace(UNSAFE, ' ').replace(/\s+/gu, ' ').trim();
const cut = (text: string, max: number) => {
  const points = Array.from(text);
  return points.length > max ? points.slice(0, max).join('').trimEnd() : text;
};
const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The service's words as a clip keeps them: each word's text cleaned (control characters and bidi
 * overrides out, spaces made one) and cut to 200 characters, words without a letter or digit
 * dropped, times clamped to [0, `seconds`] (the sound sent), to the millisecond, end not before
 * start, sorted by time, at most 2000. The text likewise (the words joined when the service gave
 * none), and the language only when it reads as a name or code.
 */
export function cleanTranscript(heard: Transcription, seconds: number): BrandVideoTranscript {
  const limit = Math.max(0, seconds);
  const clamp = (t: number) => roundMs(Math.min(limit, Math.max(0, t)));
  const words = heard.words
    .flatMap((w) => {
      const text = cut(clean(w.text), MAX_WORD_CHARS);
      if (!/[\p{L}\p{N}]/u.test(text) || !Number.isFinite(w.start) || !Number.isFinite(w.end)) return [];
      const start = clamp(w.start);
      return [{ text, start, end: Math.max(start, clamp(w.end)) }];
    })
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .slice(0, MAX_TRANSCRIPT_WORDS);
  const text = cut(clean(heard.text), MAX_TEXT_CHARS) || words.map((w) => w.text).join(' ');
  const language = heard.language && /^[\p{L}\p{M}][\p{L}\p{M} _-]{0,39}$/u.test(heard.language.trim()) ? heard.language.trim().toLowerCase() : null;
  return { text, language, words };
}

/**
 * A clip's words as a composition takes them (`hookProductDemoPropsSchema.hookWords`): in seconds
 * from the clip's start, sorted; none when it has no transcript (or one that is not valid).
 */
export function transcriptWords(row: { transcript: unknown }): SpeechWord[] {
  const words = (row.transcript as Partial<BrandVideoTranscript> | null)?.words;
  if (!Array.isArray(words)) return [];
  const parsed = speechWordSchema.array().max(MAX_TRANSCRIPT_WORDS).safeParse(words);
  return parsed.success ? parsed.data : [];
}

/** `transcript` in a brand video's answer: null until transcribed. */
export function serializeTranscript(row: repo.BrandVideoRow) {
  if (!row.transcript || !row.transcribedAt) return null;
  return { text: row.transcript.text, language: row.transcript.language, words: transcriptWords(row), transcribed_at: row.transcribedAt.toISOString() };
}

/** The answer of `transcribe/`. */
function answer(row: repo.BrandVideoRow) {
  return { id: row.id, ...serializeTranscript(row)! };
}
type Answer = ReturnType<typeof answer>;

/** transcriptions under way in this process, by team and clip: a second click joins the first */
const inFlight = new Map<string, Promise<Answer>>();

/**
 * `POST /api/brand-videos/{id}/transcribe/`: 404 for another team's clip, 403 for a read-only
 * member, 400 when no endpoint is configured or the clip is not ready; the stored transcript
 * unless `force`; else the clip's sound is transcribed (see makeTranscript).
 */
export async function transcribeBrandVideo(deps: AppDeps, access: TeamAccess, userId: number, id: string, input: { force?: boolean } | null | undefined): Promise<Answer> {
  const found = await repo.findBrandVideo(deps.db, access.team.id, id);
  if (!found) throw notFound();
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot transcribe clips.');
  if (!deps.config.STT_BASE_URL) throw notConfigured();
  const { video } = found;
  if (video.status !== 'ready' || !video.duration) throw notReady();
  const key = `${access.team.id}|${id}`;
  const running = inFlight.get(key);
  if (running) return running;
  if (video.transcript && video.transcribedAt && !input?.force) return answer(video);
  const made = makeTranscript(deps, access.team.id, userId, video).finally(() => inFlight.delete(key));
  inFlight.set(key, made);
  return made;
}

/** The clip's sound (free, before any credit is spent): 400 when it has none, 404 when the clip went meanwhile. */
async function clipSound(deps: AppDeps, teamId: number, video: repo.BrandVideoRow): Promise<ClipSound> {
  try {
    const source = await deps.storage.sourceFor(video.storageKey);
    return await extractSound(source, { ffmpegPath: deps.config.FFMPEG_PATH, ffprobePath: deps.config.FFPROBE_PATH }, video.contentType, { maxSeconds: MAX_TRANSCRIBED_SECONDS });
  } catch (error) {
    if (!(error instanceof NoSoundError || error instanceof UnreadableSoundError)) throw error;
    // deleted while it was read: its file is gone
    if (!(await repo.findBrandVideo(deps.db, teamId, video.id))) throw notFound();
    throw error instanceof NoSoundError ? noSound() : unreadableSound();
  }
}

/**
 * The clip's sound, then a credit (402 `insufficient_credits` when short; none under
 * `BILLING=none`), then the endpoint: a failure (a timeout past SPEECH_TIMEOUT_MS, an error answer,
 * one that is not a transcription) gives the credit back, stores nothing and is a 502 with the
 * reason. The transcript is stored only if no other was stored since the clip was read: another
 * process that got there first keeps its transcript, and this call's credit comes back, so two
 * clicks that reach two API machines still cost one credit.
 */
async function makeTranscript(deps: AppDeps, teamId: number, userId: number, video: repo.BrandVideoRow): Promise<Answer> {
  const sound = await clipSound(deps, teamId, video);
  const price = deps.config.BILLING === 'none' ? 0 : 1;
  const spend = price > 0 ? await spendCredits(deps, teamId, price, { reason: `Transcription of the clip "${cut(video.title, 80)}"`, userId }) : null;
  const refund = async (reason: string) => {
    if (spend) await refundCredits(deps, teamId, spend.id, { reason, userId });
  };
  let stored: repo.BrandVideoRow | null;
  try {
    const heard = await transcribeSpeech(voiceSettings(deps.config), { data: sound.wav, filename: 'clip.wav' });
    const seconds = Math.min(sound.durationSeconds, video.duration ?? sound.durationSeconds);
    stored = await repo.storeTranscript(deps.db, teamId, video.id, cleanTranscript(heard, seconds), video.transcribedAt);
  } catch (error) {
    await refund('The transcription service failed; credit returned.');
    if (error instanceof SpeechProviderError) throw failed(error);
    throw error;
  }
  if (stored) return answer(stored);
  await refund('The clip was transcribed by another request meanwhile; credit returned.');
  const now = await repo.findBrandVideo(deps.db, teamId, video.id);
  if (!now) throw notFound();
  if (!now.video.transcript || !now.video.transcribedAt) throw new Error('transcript vanished after a conflicting store');
  return answer(now.video);
}
