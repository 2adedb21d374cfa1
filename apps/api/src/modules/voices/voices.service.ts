import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { findVoice, listVoices, sampleText, SpeechProviderError, synthesize, type VoiceInfo, type VoiceSettings } from '@hookwall/voices';
import type { Config } from '@hookwall/config';
import type { AppDeps } from '../../core/deps.ts';
import { AppError, notFound, permissionDenied } from '../../core/errors.ts';
import { refundCredits, spendCredits } from '../billing/billing.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import * as repo from './voices.repository.ts';

/**
 * Voices and speech as an asset (docs/voices.md, API). A text spoken by a voice at a speed is
 * stored once per team (`speech_assets`): the preview (`speak/`) and every render of a text wall
 * that follows play the same audio with the same word times, and a remote voice's call is paid
 * once. The engine is `@hookwall/voices` (offline eSpeak NG, or an OpenAI-compatible endpoint).
 */

export type { VoiceInfo };
export type SpeechAsset = repo.SpeechAssetRow;

let cachedSettings: { config: Config; settings: VoiceSettings } | null = null;

/** The engine's settings from the configuration (TTS_*, STT_*, SPEECH_TIMEOUT_MS). */
export function voiceSettings(config: Config): VoiceSettings {
  if (cachedSettings?.config === config) return cachedSettings.settings;
  const settings: VoiceSettings = {
    ttsBaseUrl: config.TTS_BASE_URL,
    ttsApiKey: config.TTS_API_KEY,
    ttsModel: config.TTS_MODEL,
    ttsVoices: config.TTS_BASE_URL ? config.TTS_VOICES : [],
    sttBaseUrl: config.STT_BASE_URL,
    sttApiKey: config.STT_API_KEY,
    sttModel: config.STT_MODEL,
    timeoutMs: config.SPEECH_TIMEOUT_MS,
  };
  cachedSettings = { config, settings };
  return settings;
}

/** The path of a voice's sample, served to anyone (an <audio> element sends no token). */
export const sampleUrl = (voiceId: string) => `/api/voices/${encodeURIComponent(voiceId)}/sample/`;

export function listTeamVoices(deps: AppDeps) {
  return {
    results: listVoices(voiceSettings(deps.config)).map((v) => ({
      id: v.id,
      name: v.name,
      language: v.language,
      provider: v.provider,
      ...(v.gender && { gender: v.gender }),
      sample_url: sampleUrl(v.id),
    })),
    transcription_available: Boolean(deps.config.STT_BASE_URL),
  };
}

/** The voice, or a 404 that says which. */
export function voiceOr404(deps: AppDeps, voiceId: string): VoiceInfo {
  const voice = findVoice(voiceSettings(deps.config), voiceId);
  if (!voice) throw new AppError('not_found', `There is no voice "${voiceId}".`);
  return voice;
}

/** The text as it is spoken and cached: line ends made one, trimmed (as text walls store their texts). */
export function speechText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

const textHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** speeds are kept to two decimals, so 1 and 1.000001 are one cache entry */
export const normaliseSpeed = (speed: number) => Math.round(speed * 100) / 100;

/** The answer of a failed remote call: its reason, which the user can read (the credit came back). */
function providerFailed(error: SpeechProviderError, which?: string) {
  const detail = which ? `${which}: ${error.message}` : error.message;
  return new AppError('bad_gateway', detail, { body: { detail, code: 'speech_failed' } });
}

// ---- making speech, once ----

/** syntheses under way in this process, by team, voice, speed and text: identical calls share one */
const inFlight = new Map<string, Promise<{ row: SpeechAsset; created: boolean }>>();

async function storeSpeech(deps: AppDeps, teamId: number, voice: VoiceInfo, speed: number, text: string, signal?: AbortSignal): Promise<{ row: SpeechAsset; created: boolean }> {
  const speech = await synthesize(voiceSettings(deps.config), { voiceId: voice.id, text, speed, signal });
  const id = randomUUID();
  const extension = /^[a-z0-9]{1,8}$/.test(speech.extension) ? speech.extension : 'bin';
  // under the team's folder: deleting the team deletes it
  const key = `teams/${teamId}/speech/${id}.${extension}`;
  await deps.storage.write(key, speech.audio, { contentType: speech.contentType });
  try {
    const row = await repo.insertSpeechAsset(deps.db, {
      id,
      teamId,
      voiceId: voice.id,
      speed,
      text,
      textHash: textHash(text),
      storageKey: key,
      contentType: speech.contentType,
      size: speech.audio.length,
      durationSeconds: speech.durationSeconds,
      words: speech.words,
      provider: voice.provider,
    });
    if (row) return { row, created: true };
    // another process stored the same speech first: theirs is kept
    await deps.storage.delete(key);
    const [existing] = await repo.findSpeechAssets(deps.db, teamId, voice.id, speed, [textHash(text)]);
    if (!existing) throw new Error('speech asset vanished after a conflicting insert');
    return { row: existing, created: false };
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The speech of `text`, made by this call (`created`) or by one under way with the same key. */
function speechOnce(deps: AppDeps, teamId: number, voice: VoiceInfo, speed: number, text: string, signal?: AbortSignal) {
  const key = `${teamId}|${voice.id}|${speed}|${textHash(text)}`;
  const running = inFlight.get(key);
  if (running) return running.then(({ row }) => ({ row, created: false }));
  const made = storeSpeech(deps, teamId, voice, speed, text, signal).finally(() => inFlight.delete(key));
  inFlight.set(key, made);
  return made;
}

/** Runs `work` over `items` with at most `limit` at once; the first failure aborts the rest (their signal) and is thrown once all have ended. */
async function allBounded<T, R>(items: T[], limit: number, work: (item: T, index: number, signal: AbortSignal) => Promise<R>): Promise<R[]> {
  const controller = new AbortController();
  const out: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        out[i] = await work(items[i]!, i, controller.signal);
      } catch (error) {
        failure ??= { error };
        controller.abort();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
  return out;
}

/** syntheses one bulk runs at once: the offline engine takes a core each, a remote endpoint is a network wait */
const CONCURRENCY = { offline: 2, remote: 4 } as const;

/**
 * The team's speech of each text (by its `speechText`), made where missing: all or nothing. A
 * remote voice costs a credit per text not stored yet, paid up front (402 `insufficient_credits`
 * when short, nothing made); a text another request made meanwhile is given back, and on any
 * failure every credit comes back and the speech this call stored is removed (a 502 with the
 * provider's reason, naming the text when there are several). Offline speech is free.
 */
export async function speechFor(
  deps: AppDeps,
  teamId: number,
  userId: number,
  voice: VoiceInfo,
  speed: number,
  texts: string[],
): Promise<SpeechBatch> {
  const distinct = [...new Set(texts.map(speechText))];
  const byText = new Map<string, SpeechAsset>();
  for (const row of await repo.findSpeechAssets(deps.db, teamId, voice.id, speed, distinct.map(textHash))) byText.set(row.text, row);
  const missing = distinct.filter((t) => !byText.has(t));
  const nothing = async () => undefined;
  if (missing.length === 0) return { byText, commit: nothing, undo: nothing };
  const price = voice.provider === 'remote' && deps.config.BILLING !== 'none' ? 1 : 0;
  const cost = price * missing.length;
  const spend = cost > 0 ? await spendCredits(deps, teamId, cost, { reason: `Speech of ${missing.length} text${missing.length === 1 ? '' : 's'} by the voice ${voice.name}`, userId }) : null;
  const created: SpeechAsset[] = [];
  let failedText: string | null = null;
  try {
    await allBounded(missing, CONCURRENCY[voice.provider], async (text, _i, signal) => {
      try {
        const made = await speechOnce(deps, teamId, voice, speed, text, signal);
        if (made.created) created.push(made.row);
        byText.set(text, made.row);
      } catch (error) {
        failedText ??= text;
        throw error;
      }
    });
  } catch (error) {
    await removeSpeech(deps, teamId, created);
    if (spend) await refundCredits(deps, teamId, spend.id, { reason: 'The speech service failed; credits returned.', userId });
    if (error instanceof SpeechProviderError) {
      throw providerFailed(error, distinct.length > 1 && failedText ? `Text "${preview(failedText)}"` : undefined);
    }
    throw error;
  }
  // what another request made meanwhile was paid by it
  const paid = created.length * price;
  // a spend is refunded once: either what another request made meanwhile (commit), or all of it (undo)
  let settled: Promise<void> | null = null;
  return {
    byText,
    commit: () =>
      (settled ??= (async () => {
        if (spend && paid < cost) await refundCredits(deps, teamId, spend.id, { reason: 'Speech another request had just made; credits returned.', userId, amount: cost - paid });
      })()),
    undo: () =>
      (settled ??= (async () => {
        await removeSpeech(deps, teamId, created);
        if (spend) await refundCredits(deps, teamId, spend.id, { reason: 'No video was made of the speech; credits returned.', userId });
      })()),
  };
}

/**
 * The speech of a batch, by text. Then one of: `commit` (it is used: what another request made
 * meanwhile is given back) or `undo` (nothing came of it: every credit back, and what it stored
 * that no video uses removed).
 */
export interface SpeechBatch {
  byText: Map<string, SpeechAsset>;
  commit(): Promise<void>;
  undo(): Promise<void>;
}

async function removeSpeech(deps: AppDeps, teamId: number, rows: SpeechAsset[]) {
  const removed = await repo.deleteUnusedSpeechAssets(deps.db, teamId, rows.map((r) => r.id));
  await Promise.all(removed.map((r) => deps.storage.delete(r.storageKey).catch(() => undefined)));
}

const preview = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** The answer of `speak/` and of a text wall's speech. */
export async function serializeSpeech(deps: AppDeps, row: SpeechAsset) {
  return {
    id: row.id,
    audio_url: await deps.storage.getUrl(row.storageKey, { contentType: row.contentType }),
    duration_seconds: row.durationSeconds,
    words: row.words as { text: string; start: number; end: number }[],
  };
}

/** speech is made for videos: read-only members listen to what exists, admins make it */
function assertCanWrite(access: TeamAccess) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot make speech.');
}

export async function speak(deps: AppDeps, access: TeamAccess, userId: number, input: { voice_id: string; text: string; speed?: number }) {
  assertCanWrite(access);
  const voice = voiceOr404(deps, input.voice_id);
  const text = speechText(input.text);
  const batch = await speechFor(deps, access.team.id, userId, voice, normaliseSpeed(input.speed ?? 1), [text]);
  await batch.commit();
  const row = batch.byText.get(text)!;
  return serializeSpeech(deps, row);
}

export async function findSpeechAsset(deps: AppDeps, teamId: number, id: string) {
  return repo.findSpeechAssetById(deps.db, teamId, id);
}

// ---- samples ----

/** samples being made in this process, by storage key: the first requests share one synthesis */
const samplesInFlight = new Map<string, Promise<void>>();
/** a sample whose remote voice failed is not tried again for a minute (the route is public) */
const sampleFailures = new Map<string, { at: number; error: SpeechProviderError }>();
const SAMPLE_RETRY_MS = 60_000;

/**
 * A voice's sample: the voice reading `sampleText(language)`, made once and kept in storage
 * (`voices/samples/…`, named after the voice, its text and, for a remote voice, the model), free:
 * nobody is charged. 404 for an unknown voice.
 */
export async function voiceSample(deps: AppDeps, voiceId: string): Promise<{ body: Readable; contentType: string }> {
  const voice = voiceOr404(deps, voiceId);
  const text = sampleText(voice.language);
  const model = voice.provider === 'remote' ? `${deps.config.TTS_BASE_URL}|${deps.config.TTS_MODEL}` : '';
  // no extension: the stored content type says what it is (WAV offline, what the endpoint sent remotely)
  const key = `voices/samples/${textHash(`${voice.id}|${text}|${model}`)}`;
  if (!(await deps.storage.head(key))) {
    const failure = sampleFailures.get(key);
    if (failure && Date.now() - failure.at < SAMPLE_RETRY_MS) throw providerFailed(failure.error);
    let making = samplesInFlight.get(key);
    if (!making) {
      making = (async () => {
        const speech = await synthesize(voiceSettings(deps.config), { voiceId: voice.id, text, speed: 1 });
        await deps.storage.write(key, speech.audio, { contentType: speech.contentType });
      })().finally(() => samplesInFlight.delete(key));
      samplesInFlight.set(key, making);
    }
    try {
      await making;
    } catch (error) {
      if (error instanceof SpeechProviderError) {
        sampleFailures.set(key, { at: Date.now(), error });
        throw providerFailed(error);
      }
      throw error;
    }
  }
  const info = await deps.storage.head(key);
  if (!info) throw notFound();
  return { body: await deps.storage.read(key), contentType: info.contentType ?? 'audio/wav' };
}
