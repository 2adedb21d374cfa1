import { randomUUID } from 'node:crypto';
import type { Formula, Language, WrittenText } from '@hookwall/copywriter';
import { videoHook } from '@hookwall/text-files/file-names';
import { MAX_BULK_VIDEOS, MAX_TEXT_CHARS } from '@hookwall/video/limits';
import { STYLE_PRESETS, textStyleSchema, type Aspect, type Captions, type EndCard, type SpeechWord, type TextStyle } from '@hookwall/video/schemas';
import type { AppDeps } from '../../core/deps.ts';
import { fieldError } from '../../core/errors.ts';
import { mapInChunks } from '../../core/yield.ts';
import { findRenderableBackgrounds } from '../background-videos/background-videos.service.ts';
import { getContext } from '../contexts/contexts.service.ts';
import { precheckRenders } from '../quotas/quotas.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { checkVideoCount, combineVideos, type PlannedVideo } from './bulk-matrix.ts';
import { writeTexts } from './copywriting.service.ts';
import { normaliseSpeed, speechFor, voiceOr404, type SpeechAsset, type SpeechBatch } from '../voices/voices.service.ts';
import type { StoredMusic, StoredVoice } from '@hookwall/db';
import { musicOr404 } from '../music-tracks/music-tracks.service.ts';
import { musicRef, textWallRequest, type FoundSpeech } from './render-request.ts';
import { assertCanWrite, assertSubscribed } from './video-access.ts';
import * as repo from './videos.repository.ts';
import type { VideoInsert } from './videos.repository.ts';
import { brandForVideos, endCardFor, type VideoBrand } from '../brand-kits/brand-for-videos.ts';
import type { BulkVideoJobCreate } from './videos.schemas.ts';
import { findOr404, getVideo, saveVideos, updateVideo } from './videos.service.ts';

/**
 * A text wall's own rules (one text over a background clip, composition 'text-wall'): checking
 * what the user sends and making the videos. Listing, rendering and deleting them is the video
 * service's (videos.service.ts), the same for every kind.
 */

type StyleInput = Partial<TextStyle> | undefined;
/** a video's music as sent: one of the team's tracks and its volume (videoMusicSchema) */
type MusicInput = StoredMusic;
interface User {
  id: number;
}

/** A preset's style with the caller's changes over it; validated as a whole (errors on `field.<name>`). */
export function resolveStyle(input: StyleInput, base?: TextStyle, field = 'style'): TextStyle {
  const preset = input?.preset ?? base?.preset ?? 'bold';
  const start = base && (!input?.preset || input.preset === base.preset) ? base : STYLE_PRESETS[preset].style;
  const result = textStyleSchema.safeParse({ ...start, ...input });
  if (!result.success) {
    throw fieldError(Object.fromEntries(result.error.issues.map((i) => [`${field}.${i.path.join('.')}`, i.message])));
  }
  return result.data;
}

async function backgroundOr400(deps: AppDeps, access: TeamAccess, id: string | null | undefined) {
  if (!id) return null;
  const { found } = await findRenderableBackgrounds(deps, access, [id]);
  const clip = found.get(id);
  if (!clip) throw fieldError({ background_video_id: 'This background video does not exist or is not ready yet.' });
  return clip;
}

async function contextOr400(deps: AppDeps, access: TeamAccess, id: number | null | undefined) {
  if (!id) return null;
  try {
    return await getContext(deps, access, id);
  } catch {
    throw fieldError({ context_id: 'This product context does not exist.' });
  }
}

export async function createTextWall(
  deps: AppDeps,
  access: TeamAccess,
  user: User,
  input: {
    text: string;
    background_video_id?: string | null;
    style?: StyleInput;
    duration_seconds?: number;
    aspect?: Aspect;
    context_id?: number | null;
    music?: MusicInput | null;
    render?: boolean;
  },
) {
  assertCanWrite(access);
  const shouldRender = input.render ?? true;
  if (shouldRender) await assertSubscribed(deps, access);
  const background = await backgroundOr400(deps, access, input.background_video_id);
  await contextOr400(deps, access, input.context_id);
  const music = input.music ? await musicOr404(deps, access.team.id, input.music) : null;
  const values = {
    id: randomUUID(),
    createdById: user.id,
    text: input.text,
    backgroundVideoId: background?.id ?? null,
    contextId: input.context_id ?? null,
    style: resolveStyle(input.style),
    durationSeconds: input.duration_seconds ?? 10,
    aspect: input.aspect ?? '9:16',
    music: music?.stored ?? null,
  };
  const request = shouldRender ? ({ compositionId: 'text-wall', props: textWallRequest(values, background, null, null, musicRef(music?.stored, music?.track)) } as const) : null;
  await saveVideos(deps, access.team.id, 'text_wall', [{ values, request }]);
  return getVideo(deps, access, 'text_wall', values.id);
}

export async function updateTextWall(
  deps: AppDeps,
  access: TeamAccess,
  id: string,
  input: { text?: string; background_video_id?: string | null; style?: StyleInput; duration_seconds?: number; aspect?: Aspect; context_id?: number | null; music?: MusicInput | null },
  user?: User,
) {
  const { video } = await findOr404(deps, access, 'text_wall', id);
  assertCanWrite(access);
  const values: Partial<VideoInsert<'text_wall'>> = {};
  // null takes the music off; a track is checked (404 for one not of the team) before anything changes
  if (input.music !== undefined) values.music = input.music ? (await musicOr404(deps, access.team.id, input.music)).stored : null;
  if (input.text !== undefined) values.text = input.text;
  // a voiced wall keeps speaking its text: a new text is spoken (the video then lasts it, unless a length is sent), a new length must fit the speech
  const voice = video.voice;
  let speech: SpeechBatch | null = null;
  if (voice && (input.text !== undefined || input.duration_seconds !== undefined)) {
    const text = input.text ?? video.text;
    speech = await speechFor(deps, access.team.id, user?.id ?? video.createdById ?? 0, voiceOr404(deps, voice.voice_id), voice.speed, [text]);
    try {
      const asked = input.duration_seconds ?? (input.text === undefined ? video.durationSeconds : undefined);
      values.durationSeconds = videoDurations([text], speech.byText, asked).get(text)!;
      values.speechAssetId = speech.byText.get(text)!.id;
    } catch (error) {
      await speech.undo();
      throw error;
    }
  }
  if (input.background_video_id !== undefined) values.backgroundVideoId = (await backgroundOr400(deps, access, input.background_video_id))?.id ?? null;
  if (input.context_id !== undefined) values.contextId = (await contextOr400(deps, access, input.context_id))?.id ?? null;
  if (input.style !== undefined) values.style = resolveStyle(input.style, textStyleSchema.parse(video.style));
  if (input.duration_seconds !== undefined && !voice) values.durationSeconds = input.duration_seconds;
  if (input.aspect !== undefined) values.aspect = input.aspect;
  try {
    const updated = await updateVideo(deps, access, 'text_wall', id, values);
    await speech?.commit();
    return updated;
  } catch (error) {
    await speech?.undo();
    throw error;
  }
}

/**
 * The texts of the team's videos among `ids` (a text wall's text, a composite's hook), in the
 * order given; an id that is not one of the team's videos is a 400 naming it, whoever's it is.
 */
async function winningTexts(deps: AppDeps, access: TeamAccess, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const [walls, composites] = await Promise.all([repo.findVideos(deps.db, 'text_wall', access.team.id, unique), repo.findVideos(deps.db, 'composite', access.team.id, unique)]);
  const texts = new Map<string, string>([
    ...walls.map(({ video }) => [video.id, video.text] as const),
    ...composites.map(({ video }) => [video.id, videoHook(video.compositionId, video.config) || video.name] as const),
  ]);
  const missing = unique.filter((id) => !texts.has(id));
  if (missing.length) throw fieldError({ like_video_ids: `Not one of your videos: ${missing.join(', ')}.` });
  return unique.map((id) => texts.get(id)!).filter((t) => t.trim());
}

export async function generateTexts(
  deps: AppDeps,
  access: TeamAccess,
  user: User,
  input: { context_id: number; count: number; tone?: string; formula?: Formula | Formula[]; language?: Language; like_video_ids?: string[] },
) {
  assertCanWrite(access);
  const context = await contextOr400(deps, access, input.context_id);
  const formulas = input.formula === undefined ? undefined : [input.formula].flat();
  // before the copywriter is asked (and paid): the winners are the team's own videos
  const like = input.like_video_ids?.length ? await winningTexts(deps, access, input.like_video_ids) : undefined;
  const result = await writeTexts(deps, access.team.id, user.id, context!, input.count, { tone: input.tone, formulas, language: input.language, like });
  // the texts are handed over: each one the model wrote is paid, what was asked for and not written is not
  const creditsSpent = await result.settle(result.items);
  return { texts: result.texts, provider: result.provider, credits_spent: creditsSpent, items: result.items.map((t) => ({ text: t.text, formula: t.formula })), language: result.language };
}

/** Cleans a list of texts: trimmed, empty ones dropped. */
function cleanTexts(texts: string[]): string[] {
  return texts.map((t) => t.replace(/\r\n?/g, '\n').trim()).filter((t) => t.length > 0);
}

function checkTexts(texts: string[]) {
  if (texts.length > MAX_BULK_VIDEOS) throw fieldError({ texts: `At most ${MAX_BULK_VIDEOS} videos a call.` });
  const tooLong = texts.findIndex((t) => t.length > MAX_TEXT_CHARS);
  if (tooLong >= 0) throw fieldError({ texts: `Text ${tooLong + 1} is longer than ${MAX_TEXT_CHARS} characters.` });
}

/** Videos whose requests are built between two yields to the event loop (see mapInChunks). */
const REQUESTS_PER_CHUNK = 50;

/**
 * Makes the videos of texts (given, or written by the copywriter from a context) and queues their
 * renders, all in one transaction: one per text with the backgrounds and styles in turn, or one per
 * text × background × style (combine 'matrix', bulk-matrix.ts). The team's quotas are
 * checked before the texts are written and again, under the team's lock, in the transaction: a bulk
 * that would pass one is refused whole (429 or 413) and nothing is made, and so is one of more than
 * MAX_BULK_VIDEOS videos. Written texts are paid per text that became videos: everything that can refuse the request is checked before the copywriter is asked,
 * and what no video came of is given back.
 */
export async function bulkCreateTextWalls(deps: AppDeps, access: TeamAccess, user: User, input: BulkVideoJobCreate) {
  assertCanWrite(access);
  await assertSubscribed(deps, access);
  const teamId = access.team.id;
  const durationSeconds = input.duration_seconds ?? 10;
  const given = cleanTexts(input.texts ?? []);
  const context = await contextOr400(deps, access, input.context_id);
  if (given.length === 0 && (!context || !input.count)) throw fieldError({ texts: 'Send texts, or a context_id and a count to have them written.' });
  checkTexts(given);
  const { found, missing } = await findRenderableBackgrounds(deps, access, input.background_video_ids);
  if (missing.length > 0) throw fieldError({ background_video_ids: `These background videos do not exist or are not ready: ${missing.join(', ')}.` });
  const backgrounds = input.background_video_ids.map((id) => found.get(id)!);
  // the brand kit's font and colours fill the styles; a field the batch sets wins
  const kit = await brandForVideos(deps, access, input.brand_kit_id);
  // the end card after each wall (the kit's, or the request's own), kept with each video
  const endCard = endCardFor(kit, input.end_card);
  const styles = input.styles ? input.styles.map((style, i) => resolveStyle({ ...kit?.style, ...style }, undefined, `styles.${i}`)) : [resolveStyle({ ...kit?.style, ...input.style })];
  const combine = input.combine ?? 'cycle';
  // an unknown voice or music track is a 404 before anything is written or spoken
  const voice = input.voice ? { info: voiceOr404(deps, input.voice.voice_id), speed: normaliseSpeed(input.voice.speed) } : null;
  const music = input.music ? await musicOr404(deps, teamId, input.music) : null;
  // before anything is spent on writing texts: the texts given, or the number to write
  const planned = checkVideoCount(given.length || input.count!, backgrounds.length, styles.length, combine);
  await precheckRenders(deps, teamId, { renders: planned, seconds: planned * (durationSeconds + (endCard?.seconds ?? 0)) });
  const written = given.length === 0 ? await writeTexts(deps, teamId, user.id, context!, input.count!, { tone: input.tone }) : null;
  let created: Awaited<ReturnType<typeof saveBulk>>;
  let usable: WrittenText[] = [];
  let speech: SpeechBatch | null = null;
  try {
    usable = written ? written.items.map((item) => ({ ...item, text: cleanTexts([item.text])[0] ?? '' })).filter((item) => item.text && item.text.length <= MAX_TEXT_CHARS) : [];
    const texts = written ? usable.map((item) => item.text) : given;
    if (texts.length === 0) throw fieldError({ texts: 'The copywriter wrote no usable text; nothing was charged. Please try again.' });
    const plan = combineVideos(texts, backgrounds, styles, combine);
    let voiced: Voiced | null = null;
    if (voice) {
      speech = await speechFor(deps, teamId, user.id, voice.info, voice.speed, texts);
      voiced = {
        voice: { voice_id: voice.info.id, speed: voice.speed },
        captions: input.captions ?? (kit ? { style: kit.captionStyle } : null),
        speechOf: speech.byText,
        durations: videoDurations(texts, speech.byText, input.duration_seconds),
      };
    }
    created = await saveBulk(deps, teamId, user, { plan, durationSeconds, aspect: input.aspect ?? '9:16', contextId: context?.id ?? null, voiced, kit, endCard, music });
  } catch (error) {
    await written?.settle([]);
    await speech?.undo();
    throw error;
  }
  // every usable text became a video, spoken
  await written?.settle(usable);
  await speech?.commit();
  return { job_id: created.bulkId, total: created.ids.length, video_ids: created.ids };
}

/** A bulk's voice: who reads, the captions, each text's speech and the length of its video. */
interface Voiced {
  voice: StoredVoice;
  captions: Captions | null;
  speechOf: Map<string, SpeechAsset>;
  durations: Map<string, number>;
}

/** the silence after the last word */
const SPEECH_TAIL_SECONDS = 1;
/** the text wall composition's shortest and longest video */
const MIN_VIDEO_SECONDS = 5;
const MAX_VIDEO_SECONDS = 60;

/**
 * The length of each text's video: its speech plus a second's tail (5 s at least), or the length
 * asked for, which every speech must fit in (a 400 on `duration_seconds` saying which text does
 * not and what it needs). A speech too long for any video is a 400 on `texts`.
 */
function videoDurations(texts: string[], speechOf: Map<string, SpeechAsset>, asked: number | undefined): Map<string, number> {
  const out = new Map<string, number>();
  const up = (seconds: number) => Math.ceil(seconds * 10) / 10;
  texts.forEach((text, i) => {
    if (out.has(text)) return;
    const spoken = speechOf.get(text)!.durationSeconds;
    if (spoken > MAX_VIDEO_SECONDS - SPEECH_TAIL_SECONDS) {
      throw fieldError({ texts: `Text ${i + 1} takes ${up(spoken)} s to say; a video lasts at most ${MAX_VIDEO_SECONDS} s. Shorten it, or choose a faster speed.` });
    }
    if (asked !== undefined) {
      if (spoken > asked) {
        throw fieldError({
          duration_seconds: `Text ${i + 1} takes ${up(spoken)} s to say and does not fit in ${asked} s: choose at least ${up(spoken)} s, or leave duration_seconds out so each video lasts its speech.`,
        });
      }
      out.set(text, asked);
    } else {
      out.set(text, Math.min(MAX_VIDEO_SECONDS, Math.max(MIN_VIDEO_SECONDS, Math.round((spoken + SPEECH_TAIL_SECONDS) * 100) / 100)));
    }
  });
  return out;
}

const foundSpeech = (row: SpeechAsset): FoundSpeech => ({ storageKey: row.storageKey, durationSeconds: row.durationSeconds, words: row.words as SpeechWord[] });

/** The bulk job, its videos and their queued renders, saved together. */
async function saveBulk(
  deps: AppDeps,
  teamId: number,
  user: User,
  options: { plan: PlannedVideo[]; durationSeconds: number; aspect: Aspect; contextId: number | null; voiced: Voiced | null; kit: VideoBrand | null; endCard: EndCard | null; music: Awaited<ReturnType<typeof musicOr404>> | null },
) {
  const { voiced } = options;
  // the same music under every video of the bulk
  const music = options.music ? musicRef(options.music.stored, options.music.track) : null;
  const bulkId = randomUUID();
  const base = Date.now();
  // the requests are the CPU-heavy part (each is parsed by the request's schema): built in chunks,
  // before the transaction, so that other requests are answered in between
  const videos = await mapInChunks(options.plan, REQUESTS_PER_CHUNK, ({ text, background, style }, i) => {
    const speech = voiced?.speechOf.get(text) ?? null;
    const values = {
      id: randomUUID(),
      createdById: user.id,
      bulkJobId: bulkId,
      contextId: options.contextId,
      text,
      backgroundVideoId: background?.id ?? null,
      style,
      durationSeconds: voiced?.durations.get(text) ?? options.durationSeconds,
      aspect: options.aspect,
      voice: voiced?.voice ?? null,
      captions: voiced?.captions ?? null,
      speechAssetId: speech?.id ?? null,
      brandKitId: options.kit?.kitId ?? null,
      brand: options.kit?.request ?? null,
      endCard: options.endCard,
      music: options.music?.stored ?? null,
      // creation order is the plan's (the texts' order), also in lists sorted by date
      createdAt: new Date(base + i),
      updatedAt: new Date(base + i),
    };
    return { values, request: { compositionId: 'text-wall', props: textWallRequest(values, background, speech && foundSpeech(speech), values.brand, music) } as const };
  });
  await saveVideos(deps, teamId, 'text_wall', videos, { id: bulkId, kind: 'text_wall', createdById: user.id });
  return { bulkId, ids: videos.map((v) => v.values.id) };
}
