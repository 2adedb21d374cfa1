import { randomUUID } from 'node:crypto';
import { MAX_COMPOSITES_PER_CALL, MAX_NAME_CHARS, MAX_VOICEOVER_SECONDS } from '@hookwall/video/limits';
import { compositionMetas, hookProductDemoPropsSchema, multiTextWallPropsSchema, propsJsonSchema, STYLE_PRESETS, textStyleSchema, type Aspect, type Captions, type SpeechWord, type TextStyle } from '@hookwall/video/schemas';
import type { z } from 'zod';
import type { AppDeps } from '../../core/deps.ts';
import { fieldError } from '../../core/errors.ts';
import { isUuid } from '../../core/uuid.ts';
import { mapInChunks } from '../../core/yield.ts';
import { findRenderableBackgrounds } from '../background-videos/background-videos.service.ts';
import { findRenderableBrandVideos } from '../brand-videos/brand-videos.service.ts';
import { brandForVideos, endCardFor, type EndCardInput, type VideoBrand } from '../brand-kits/brand-for-videos.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { compositeName, fallbackName } from './composite-names.ts';
import type { StoredMusic, StoredVoice } from '@hookwall/db';
import { musicOr404 } from '../music-tracks/music-tracks.service.ts';
import { hookProductDemoRequest, musicRef, type FoundSpeech } from './render-request.ts';
import { normaliseSpeed, speechFor, speechText, voiceOr404, type SpeechAsset, type SpeechBatch } from '../voices/voices.service.ts';
import { resolveStyle } from './text-walls.ts';
import { assertCanWrite, assertSubscribed } from './video-access.ts';
import { checkWallIds, compositeRender, type Config, type StoredWall } from './video-kinds.ts';
import * as repo from './videos.repository.ts';
import { findOr404, getVideo, saveVideos, updateVideo } from './videos.service.ts';

/**
 * A composite's own rules (compositions 'hook-product-demo' and 'multi-text-wall'): checking the
 * config the user sends and making the videos. Listing, rendering and deleting them is the video
 * service's (videos.service.ts), the same for every kind.
 */

interface User {
  id: number;
}

export function compositionConfigs() {
  return compositionMetas.map((meta) => {
    const size = meta.calculate(meta.defaultProps as never);
    return {
      id: meta.id,
      name: meta.name,
      description: meta.description,
      width: size.width,
      height: size.height,
      fps: size.fps,
      duration_in_frames: size.durationInFrames,
      default_props: meta.defaultProps as Record<string, unknown>,
      props_schema: propsJsonSchema(meta as never),
    };
  });
}

function configError(error: z.ZodError): never {
  throw fieldError(Object.fromEntries(error.issues.map((i) => [['config', ...i.path].join('.'), i.message])));
}

/**
 * The user's props, checked against the composition. Media come from the ids, not from here, and
 * so do the voice-over's speech, the hook's words and the music: those props are the server's.
 */
function checkConfig(compositionId: string, config: Config): Config {
  const { hook: _hook, demo: _demo, speech: _speech, hookWords: _words, music: _music, ...rest } = config;
  if (compositionId === 'hook-product-demo') {
    const result = hookProductDemoPropsSchema.safeParse({ ...rest, hook: null, demo: null });
    if (!result.success) configError(result.error);
    const { hook: _h, demo: _d, speech: _s, hookWords: _w, music: _m, ...props } = result.data;
    return props;
  }
  const result = multiTextWallPropsSchema.safeParse(rest);
  if (!result.success) configError(result.error);
  // the walls keep which library background they use (resolved to a clip at render time): a uuid or
  // nothing, checked here, before any query sees it
  const given = (Array.isArray(rest.walls) ? rest.walls : []) as ({ background_video_id?: unknown } | null)[];
  const ids = given.map((wall) => wall?.background_video_id ?? null);
  const malformed = ids.flatMap((id, i) => (id === null || isUuid(id) ? [] : [i]));
  if (malformed.length) throw fieldError(Object.fromEntries(malformed.map((i) => [`config.walls.${i}.background_video_id`, 'Must be a valid UUID.'])));
  const walls: StoredWall[] = result.data.walls.map((w, i) => {
    const id = ids[i];
    return { text: w.text, durationInSeconds: w.durationInSeconds, background_video_id: typeof id === 'string' ? id : null };
  });
  return { ...result.data, walls };
}

/** The walls' backgrounds, each a ready background of the team's library (or a built-in), else a 400 on that wall's field. */
async function wallBackgroundsOr400(deps: AppDeps, access: TeamAccess, walls: StoredWall[]) {
  checkWallIds(walls);
  const { found } = await findRenderableBackgrounds(deps, access, walls.map((w) => w.background_video_id).filter((id): id is string => !!id));
  const missing = walls.flatMap((w, i) => (w.background_video_id && !found.has(w.background_video_id) ? [i] : []));
  if (missing.length) throw fieldError(Object.fromEntries(missing.map((i) => [`config.walls.${i}.background_video_id`, 'This background video does not exist or is not ready yet.'])));
}

/** A voice-over's voice, as the API takes it. */
interface VoiceInput {
  voice_id: string;
  speed?: number;
  start?: 'demo' | 'hook';
}

/** The longest a voice-over may be read, as a 400 on `field` naming the script. */
function checkVoiceoverLength(speech: SpeechAsset, field: string, which?: number) {
  if (speech.durationSeconds <= MAX_VOICEOVER_SECONDS) return;
  const name = which === undefined ? 'The voice-over' : `Voice-over ${which + 1}`;
  throw fieldError({ [field]: `${name} takes ${Math.ceil(speech.durationSeconds * 10) / 10} s to say; a voice-over lasts at most ${MAX_VOICEOVER_SECONDS} s. Shorten it, or choose a faster speed.` });
}

/** A hook + demo's end card from its kit (when the kit's is on), under what the request itself sets. */
function kitEndCard(kit: VideoBrand | null): Config {
  if (!kit) return {};
  const card = kit.endCard;
  return {
    brandColor: kit.primary,
    ...(card.enabled ? { productName: card.headline, endCardText: card.cta, endCardUrl: card.url, endCardSeconds: card.seconds } : {}),
  };
}

export const foundSpeech = (row: SpeechAsset): FoundSpeech => ({ storageKey: row.storageKey, durationSeconds: row.durationSeconds, words: row.words as SpeechWord[] });

async function clipsOr400(deps: AppDeps, access: TeamAccess, ids: { field: string; id: string | null | undefined }[]) {
  const { found } = await findRenderableBrandVideos(deps, access, ids.flatMap((x) => (x.id ? [x.id] : [])));
  const errors: Record<string, string> = {};
  for (const { field, id } of ids) if (id && !found.get(id)) errors[field] = 'This video does not exist or is not ready yet.';
  if (Object.keys(errors).length) throw fieldError(errors);
  return found;
}

export async function createComposite(
  deps: AppDeps,
  access: TeamAccess,
  user: User,
  input: {
    name?: string;
    composition_id: 'hook-product-demo' | 'multi-text-wall';
    hook_video_id?: string | null;
    product_demo_video_id?: string | null;
    config: Config;
    voice?: VoiceInput | null;
    music?: StoredMusic | null;
    brand_kit_id?: string | null;
    render?: boolean;
  },
) {
  assertCanWrite(access);
  const shouldRender = input.render ?? true;
  if (shouldRender) await assertSubscribed(deps, access);
  const isHookDemo = input.composition_id === 'hook-product-demo';
  if (isHookDemo) {
    const missing: Record<string, string> = {};
    if (!input.hook_video_id) missing.hook_video_id = 'Choose a hook clip.';
    if (!input.product_demo_video_id) missing.product_demo_video_id = 'Choose a product demo clip.';
    if (Object.keys(missing).length) throw fieldError(missing);
  }
  if (input.voice && !isHookDemo) throw fieldError({ voice: 'A voice-over is read over a hook + product demo; a multi text wall has none.' });
  // every check before anything is written: a request that fails leaves no row
  // a style names a preset and the changes over it, as a text wall's does
  // the brand kit's style, colours and end card under what the config sets
  const kit = await brandForVideos(deps, access, input.brand_kit_id);
  const given = kit ? { ...(isHookDemo ? kitEndCard(kit) : {}), ...input.config, style: { ...kit.style, ...((input.config.style as object | undefined) ?? {}) } } : input.config;
  const config = checkConfig(input.composition_id, 'style' in given ? { ...given, style: patchedStyle(undefined, given.style) } : given);
  // a voice-over takes the kit's caption style unless the config names one
  if (kit && input.voice && !('captions' in input.config)) config.captions = { style: kit.captionStyle };
  const voice = input.voice ? { info: voiceOr404(deps, input.voice.voice_id), speed: normaliseSpeed(input.voice.speed ?? 1) } : null;
  if (voice && !config.voiceoverText) throw fieldError({ 'config.voiceoverText': 'Write the voice-over script.' });
  if (!voice && config.voiceoverText) throw fieldError({ voice: 'Choose a voice to read the voice-over.' });
  if (voice) config.speechStart = input.voice!.start ?? 'demo';
  const clips = await clipsOr400(deps, access, [
    { field: 'hook_video_id', id: isHookDemo ? input.hook_video_id : null },
    { field: 'product_demo_video_id', id: isHookDemo ? input.product_demo_video_id : null },
  ]);
  if (!isHookDemo) await wallBackgroundsOr400(deps, access, config.walls as StoredWall[]);
  const music = input.music ? (await musicOr404(deps, access.team.id, input.music)).stored : null;
  // named from its text; the clips' titles only when it has none (composite-names.ts)
  const titles = isHookDemo ? { hook: clips.get(input.hook_video_id!)!.title, demo: clips.get(input.product_demo_video_id!)!.title } : {};
  const name = input.name ?? compositeName(input.composition_id, config, fallbackName(input.composition_id, config, titles));
  // the voice-over spoken last, once nothing else can refuse the request (a remote voice costs a credit)
  const speech = voice ? await speechFor(deps, access.team.id, user.id, voice.info, voice.speed, [config.voiceoverText as string]) : null;
  try {
    const asset = speech?.byText.get(speechText(config.voiceoverText as string)) ?? null;
    if (asset) checkVoiceoverLength(asset, 'config.voiceoverText');
    const values = {
      id: randomUUID(),
      createdById: user.id,
      name: name.slice(0, MAX_NAME_CHARS),
      compositionId: input.composition_id,
      config,
      hookVideoId: isHookDemo ? input.hook_video_id! : null,
      productDemoVideoId: isHookDemo ? input.product_demo_video_id! : null,
      voice: voice ? { voice_id: voice.info.id, speed: voice.speed } : null,
      speechAssetId: asset?.id ?? null,
      brandKitId: kit?.kitId ?? null,
      brand: kit?.request ?? null,
      music,
    };
    const request = shouldRender ? await compositeRender(deps, access, values) : null;
    await saveVideos(deps, access.team.id, 'composite', [{ values, request }]);
    await speech?.commit();
    return getVideo(deps, access, 'composite', values.id);
  } catch (error) {
    await speech?.undo();
    throw error;
  }
}

/**
 * A style sent in a PATCH changes the fields it names: the others keep the stored style's values
 * (or the new preset's, when the preset changes), as a text wall's style does. Anything that is
 * not an object is left for the config's check to refuse.
 */
function patchedStyle(stored: unknown, given: unknown): unknown {
  if (!given || typeof given !== 'object' || Array.isArray(given)) return given;
  const base = textStyleSchema.safeParse(stored ?? {});
  if (!base.success) return given;
  const { preset } = given as { preset?: unknown };
  const start = preset === undefined || preset === base.data.preset ? base.data : (STYLE_PRESETS[preset as keyof typeof STYLE_PRESETS]?.style ?? base.data);
  return { ...start, ...given };
}

export async function updateComposite(deps: AppDeps, access: TeamAccess, id: string, input: { name?: string; config?: Config; music?: StoredMusic | null }) {
  const { video } = await findOr404(deps, access, 'composite', id);
  assertCanWrite(access);
  const values: Partial<repo.VideoInsert<'composite'>> = {};
  // null takes the music off; a track is checked (404 for one not of the team) before anything changes
  if (input.music !== undefined) values.music = input.music ? (await musicOr404(deps, access.team.id, input.music)).stored : null;
  if (input.name !== undefined) values.name = input.name;
  let speech: SpeechBatch | null = null;
  if (input.config !== undefined) {
    const stored = video.config as Config;
    const patch = 'style' in input.config ? { ...input.config, style: patchedStyle(stored.style, input.config.style) } : input.config;
    const config = checkConfig(video.compositionId, { ...stored, ...patch });
    // a voiced composite keeps reading its script: a new script is spoken, an empty one is refused
    const voice = video.voice;
    if (!voice && config.voiceoverText) throw fieldError({ 'config.voiceoverText': 'This video has no voice to read a voice-over; make it again with a voice.' });
    if (voice && !config.voiceoverText) throw fieldError({ 'config.voiceoverText': 'Write the voice-over script.' });
    if (voice && config.voiceoverText !== stored.voiceoverText) {
      speech = await speechFor(deps, access.team.id, video.createdById ?? 0, voiceOr404(deps, voice.voice_id), voice.speed, [config.voiceoverText as string]);
      const asset = speech.byText.get(speechText(config.voiceoverText as string))!;
      try {
        checkVoiceoverLength(asset, 'config.voiceoverText');
      } catch (error) {
        await speech.undo();
        throw error;
      }
      values.speechAssetId = asset.id;
    }
    // new walls name backgrounds that must exist now (the stored ones were checked when stored)
    if (Array.isArray(input.config.walls)) await wallBackgroundsOr400(deps, access, config.walls as StoredWall[]);
    values.config = config;
    // a name the API gave follows the new text; one the user gave stays
    if (input.name === undefined) {
      const titles = await clipTitles(deps, access, video);
      const old = video.config as Config;
      const given = [compositeName(video.compositionId, old, fallbackName(video.compositionId, old, titles)), fallbackName(video.compositionId, old, titles)];
      if (given.includes(video.name)) values.name = compositeName(video.compositionId, config, fallbackName(video.compositionId, config, titles));
    }
  }
  try {
    const updated = await updateVideo(deps, access, 'composite', id, values);
    await speech?.commit();
    return updated;
  } catch (error) {
    await speech?.undo();
    throw error;
  }
}

/** The titles of a hook + demo composite's clips (those still there), for its default name. */
async function clipTitles(deps: AppDeps, access: TeamAccess, video: { hookVideoId: string | null; productDemoVideoId: string | null }) {
  const ids = [video.hookVideoId, video.productDemoVideoId].filter((id): id is string => !!id);
  if (!ids.length) return {};
  const { found } = await findRenderableBrandVideos(deps, access, ids);
  return { hook: video.hookVideoId ? found.get(video.hookVideoId)?.title : undefined, demo: video.productDemoVideoId ? found.get(video.productDemoVideoId)?.title : undefined };
}

/** Pairs whose configs and requests are built between two yields to the event loop (see mapInChunks). */
const PAIRS_PER_CHUNK = 25;

/** One composite per (hook, demo) pair, at most MAX_COMPOSITES_PER_CALL, rendered as one bulk job. */
export async function bulkCreateHookProductDemo(
  deps: AppDeps,
  access: TeamAccess,
  user: User,
  input: {
    hook_video_ids: string[];
    product_demo_video_ids: string[];
    overlay_texts?: string[];
    demo_text?: string;
    caption_text?: string;
    product_name?: string;
    end_card_text?: string;
    brand_color?: string;
    style?: Partial<TextStyle>;
    aspect?: Aspect;
    voiceover_texts?: string[];
    voice?: VoiceInput;
    captions?: Captions;
    brand_kit_id?: string | null;
    music?: StoredMusic | null;
  },
) {
  assertCanWrite(access);
  await assertSubscribed(deps, access);
  // an unknown voice is a 404 before anything is written or spoken
  const voice = input.voice ? { info: voiceOr404(deps, input.voice.voice_id), speed: normaliseSpeed(input.voice.speed ?? 1) } : null;
  const hooks = [...new Set(input.hook_video_ids)];
  const demos = [...new Set(input.product_demo_video_ids)];
  if (hooks.length * demos.length > MAX_COMPOSITES_PER_CALL) {
    throw fieldError({ hook_video_ids: `${hooks.length} hooks × ${demos.length} demos make ${hooks.length * demos.length} videos; at most ${MAX_COMPOSITES_PER_CALL} a call.` });
  }
  const { found, missing } = await findRenderableBrandVideos(deps, access, [...hooks, ...demos]);
  if (missing.length) throw fieldError({ hook_video_ids: `These videos do not exist or are not ready: ${missing.join(', ')}.` });
  const kit = await brandForVideos(deps, access, input.brand_kit_id);
  const style = resolveStyle({ ...kit?.style, ...input.style });
  // the same music under every pair; an unknown track is a 404 before anything is spoken
  const music = input.music ? await musicOr404(deps, access.team.id, input.music) : null;
  // pair i (hooks in the order sent, each with every demo in turn) gets overlay_texts[i % n]: one
  // text per pair gives each pair its own, an empty one leaves that pair's hook without text
  const texts = input.overlay_texts ?? [];
  // pair i is read voiceover_texts[i % n], as its hook text (an empty one: no voice-over)
  const scripts = voice ? (input.voiceover_texts ?? []) : [];
  const bulkId = randomUUID();
  const base = Date.now();
  const pairs = hooks.flatMap((hook) => demos.map((demo) => ({ hook, demo })));
  const scriptOf = (i: number) => (scripts.length ? scripts[i % scripts.length]! : '');
  // the scripts spoken last, once nothing else can refuse the request (a remote voice costs a credit per script)
  const spoken = [...new Set(pairs.map((_, i) => scriptOf(i)).filter(Boolean))];
  const speech = voice && spoken.length ? await speechFor(deps, access.team.id, user.id, voice.info, voice.speed, spoken) : null;
  try {
    spoken.forEach((script) => checkVoiceoverLength(speech!.byText.get(speechText(script))!, 'voiceover_texts', scripts.indexOf(script)));
    const result = await saveHookDemoBulk(deps, access, user, { input, pairs, found, style, texts, bulkId, base, scriptOf, speech, voice: voice && { voice_id: voice.info.id, speed: voice.speed }, kit, music });
    await speech?.commit();
    return result;
  } catch (error) {
    await speech?.undo();
    throw error;
  }
}

/** The bulk's composites, each with its voice-over, and their renders, saved as one bulk job. */
async function saveHookDemoBulk(
  deps: AppDeps,
  access: TeamAccess,
  user: User,
  options: {
    input: Parameters<typeof bulkCreateHookProductDemo>[3];
    pairs: { hook: string; demo: string }[];
    found: Awaited<ReturnType<typeof findRenderableBrandVideos>>['found'];
    style: TextStyle;
    texts: string[];
    bulkId: string;
    base: number;
    scriptOf: (i: number) => string;
    speech: SpeechBatch | null;
    voice: StoredVoice | null;
    kit: VideoBrand | null;
    music: Awaited<ReturnType<typeof musicOr404>> | null;
  },
) {
  const { input, pairs, found, style, texts, bulkId, base, scriptOf, speech } = options;
  const music = options.music ? musicRef(options.music.stored, options.music.track) : null;
  // the configs and requests are the CPU-heavy part (each parsed by a schema): built in chunks,
  // before the transaction, so that other requests are answered in between
  const videos = await mapInChunks(pairs, PAIRS_PER_CHUNK, (pair, i) => {
    const config = checkConfig('hook-product-demo', {
      ...kitEndCard(options.kit),
      hookText: texts.length ? texts[i % texts.length] : '',
      demoText: input.demo_text ?? '',
      captionText: input.caption_text ?? '',
      ...(input.product_name !== undefined || !options.kit?.endCard.enabled ? { productName: input.product_name ?? '' } : {}),
      ...(input.end_card_text !== undefined ? { endCardText: input.end_card_text } : {}),
      ...(input.brand_color !== undefined ? { brandColor: input.brand_color } : {}),
      style,
      aspect: input.aspect ?? '9:16',
      voiceoverText: scriptOf(i),
      speechStart: input.voice?.start ?? 'demo',
      captions: input.captions ?? (options.kit ? { style: options.kit.captionStyle } : null),
    });
    const asset = scriptOf(i) ? (speech?.byText.get(speechText(scriptOf(i))) ?? null) : null;
    const values = {
      id: randomUUID(),
      createdById: user.id,
      bulkJobId: bulkId,
      voice: asset ? options.voice : null,
      speechAssetId: asset?.id ?? null,
      brandKitId: options.kit?.kitId ?? null,
      brand: options.kit?.request ?? null,
      name: compositeName('hook-product-demo', config, fallbackName('hook-product-demo', config, { hook: found.get(pair.hook)!.title, demo: found.get(pair.demo)!.title })),
      compositionId: 'hook-product-demo',
      config,
      hookVideoId: pair.hook,
      productDemoVideoId: pair.demo,
      music: options.music?.stored ?? null,
      createdAt: new Date(base + i),
      updatedAt: new Date(base + i),
    };
    return { values, request: { compositionId: 'hook-product-demo', props: hookProductDemoRequest({ ...config, brand: options.kit?.request ?? null }, found.get(pair.hook), found.get(pair.demo), asset && foundSpeech(asset), music) } as const };
  });
  await saveVideos(deps, access.team.id, 'composite', videos, { id: bulkId, kind: 'hook_product_demo', createdById: user.id });
  return { job_id: bulkId, total: videos.length, video_ids: videos.map((v) => v.values.id) };
}

/** A multi text wall from existing text walls (their texts and backgrounds) or from texts. */
export async function createMultiTextWall(
  deps: AppDeps,
  access: TeamAccess,
  user: User,
  input: {
    name?: string;
    text_wall_video_ids?: string[];
    texts?: string[];
    background_video_ids: string[];
    seconds_per_wall?: number;
    transition?: 'none' | 'fade' | 'slide';
    style?: Partial<TextStyle>;
    aspect?: Aspect;
    music?: StoredMusic | null;
    brand_kit_id?: string | null;
    end_card?: EndCardInput;
  },
) {
  assertCanWrite(access);
  await assertSubscribed(deps, access);
  const music = input.music ? (await musicOr404(deps, access.team.id, input.music)).stored : null;
  const seconds = input.seconds_per_wall ?? 3;
  let walls: StoredWall[];
  const kit = await brandForVideos(deps, access, input.brand_kit_id);
  // an end card after the last wall (the kit's, or the request's own), kept in the config
  const endCard = endCardFor(kit, input.end_card);
  let style = resolveStyle({ ...kit?.style, ...input.style });
  if (input.text_wall_video_ids?.length) {
    walls = [];
    for (const id of input.text_wall_video_ids) {
      const found = await repo.findVideo(deps.db, 'text_wall', access.team.id, id);
      if (!found) throw fieldError({ text_wall_video_ids: `The text wall video ${id} does not exist.` });
      walls.push({ text: found.video.text, durationInSeconds: input.seconds_per_wall ?? Math.min(found.video.durationSeconds, 6), background_video_id: found.video.backgroundVideoId });
      if (!input.style && walls.length === 1) style = resolveStyle(found.video.style);
    }
  } else {
    const { found, missing } = await findRenderableBackgrounds(deps, access, input.background_video_ids);
    if (missing.length) throw fieldError({ background_video_ids: `These background videos do not exist or are not ready: ${missing.join(', ')}.` });
    const bgs = input.background_video_ids.map((id) => found.get(id)!);
    walls = input.texts!.map((text, i) => ({ text, durationInSeconds: seconds, background_video_id: bgs.length ? bgs[i % bgs.length]!.id : null }));
  }
  const config = { walls, transition: input.transition ?? 'fade', style, aspect: input.aspect ?? '9:16', ...(endCard ? { endCard } : {}) };
  const check = multiTextWallPropsSchema.safeParse({ ...config, walls: walls.map((w) => ({ text: w.text, durationInSeconds: w.durationInSeconds })) });
  if (!check.success) configError(check.error);
  const bulkId = randomUUID();
  const values = {
    id: randomUUID(),
    createdById: user.id,
    bulkJobId: bulkId,
    name: (input.name ?? compositeName('multi-text-wall', config, fallbackName('multi-text-wall', config))).slice(0, MAX_NAME_CHARS),
    compositionId: 'multi-text-wall',
    config,
    hookVideoId: null,
    productDemoVideoId: null,
    brandKitId: kit?.kitId ?? null,
    brand: kit?.request ?? null,
    music,
  };
  const request = await compositeRender(deps, access, values);
  // the batch, the composite and its render together, or none of them
  await saveVideos(deps, access.team.id, 'composite', [{ values, request }], { id: bulkId, kind: 'multi_text_wall', createdById: user.id });
  return { job_id: bulkId, total: 1, video_ids: [values.id] };
}
