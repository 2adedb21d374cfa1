import { textWallVariant, videoFileName } from '@hookwall/text-files/file-names';
import type { RenderRequest } from '@hookwall/video/render-request';
import { STYLE_PRESETS, textStyleSchema } from '@hookwall/video/schemas';
import type { AppDeps } from '../../core/deps.ts';
import { fieldError } from '../../core/errors.ts';
import { isUuid } from '../../core/uuid.ts';
import { findRenderableBackgrounds } from '../background-videos/background-videos.service.ts';
import { findRenderableBrandVideos } from '../brand-videos/brand-videos.service.ts';
import { findSpeechAsset } from '../voices/voices.service.ts';
import { storedMusic, tracksOf } from '../music-tracks/music-tracks.service.ts';
import type { TargetType } from '../render-jobs/render-jobs.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { hookProductDemoRequest, musicRef, multiTextWallRequest, textWallRequest } from './render-request.ts';
import type * as repo from './videos.repository.ts';

/**
 * What differs between the two kinds of video, and nothing else: how the API shows one, and what
 * rendering it asks for. A text wall renders the 'text-wall' composition; a composite renders the
 * composition it names ('hook-product-demo' or 'multi-text-wall'). Everything the kinds share
 * (list, get, render, status, delete, saving with their renders) is written once, in
 * videos.service.ts, over these.
 */

type Row<K extends repo.VideoKind> = repo.VideoRow<K>;

/** A composite's config: its composition's props as the user set them, without the clips (those are ids). */
export type Config = Record<string, unknown>;
/** A multi text wall's wall as stored: the background is the id of a library video, resolved when rendered. */
export type StoredWall = { text: string; durationInSeconds: number; background_video_id?: string | null };

/** What a page of videos needs beyond their rows: for text walls, their variants (videos.repository.ts) */
export type VariantFacts = Awaited<ReturnType<typeof repo.textWallVariantFacts>>;

function textWallFields(video: Row<'text_wall'>, facts: VariantFacts) {
  return {
    id: video.id,
    text: video.text,
    background_video_id: video.backgroundVideoId,
    background_name: facts.backgroundName(video.backgroundVideoId),
    context_id: video.contextId,
    style: textStyleSchema.parse(video.style),
    duration_seconds: video.durationSeconds,
    aspect: video.aspect,
    voice: video.voice,
    captions: video.captions,
    brand_kit_id: video.brandKitId,
    end_card: video.endCard,
    music: storedMusic(video.music),
    ad_code: video.adCode,
    bulk_job_id: video.bulkJobId,
    render_job_id: video.renderJobId,
  };
}

function compositeFields(video: Row<'composite'>) {
  return {
    id: video.id,
    name: video.name,
    composition_id: video.compositionId,
    config: video.config as Config,
    hook_video_id: video.hookVideoId,
    product_demo_video_id: video.productDemoVideoId,
    voice: video.voice,
    brand_kit_id: video.brandKitId,
    music: storedMusic(video.music),
    ad_code: video.adCode,
    bulk_job_id: video.bulkJobId,
    render_job_id: video.renderJobId,
  };
}

/**
 * A text wall's render now. A background deleted since the video was made does not block the
 * render call: the request names it as missing, and the render job fails with the reason.
 */
async function textWallRender(deps: AppDeps, access: TeamAccess, video: Row<'text_wall'>): Promise<RenderRequest> {
  const id = video.backgroundVideoId;
  const background = id ? ((await findRenderableBackgrounds(deps, access, [id])).found.get(id) ?? { missingId: id }) : null;
  const speech = video.speechAssetId ? await findSpeechAsset(deps, access.team.id, video.speechAssetId) : undefined;
  return { compositionId: 'text-wall', props: textWallRequest(video, background, speech ?? null, video.brand, await musicNow(deps, access, video.music)) };
}

/** The walls' backgrounds that are not valid ids: a 400 on each such wall, never a query with it. */
export function checkWallIds(walls: StoredWall[]) {
  const malformed = walls.flatMap((w, i) => (w.background_video_id && !isUuid(w.background_video_id) ? [i] : []));
  if (malformed.length) throw fieldError(Object.fromEntries(malformed.map((i) => [`config.walls.${i}.background_video_id`, 'Must be a valid UUID.'])));
}

/** A video's stored music as its render plays it now: its track looked up again (a deleted one is named missing). */
async function musicNow(deps: AppDeps, access: TeamAccess, stored: unknown) {
  const music = storedMusic(stored);
  return musicRef(music, music ? (await tracksOf(deps, access.team.id, [music])).get(music.track_id) : null);
}

/** A composite's render now: its clips, voice-over and music looked up again (a multi text wall's deleted background fails the render with the reason). */
export async function compositeRender(
  deps: AppDeps,
  access: TeamAccess,
  video: Pick<Row<'composite'>, 'compositionId' | 'config' | 'hookVideoId' | 'productDemoVideoId' | 'music'> & Partial<Pick<Row<'composite'>, 'speechAssetId' | 'brand'>>,
): Promise<RenderRequest> {
  // the brand the video was made with (a kit's logo and font, kept for it)
  const config: Config = { ...(video.config as Config), brand: video.brand };
  const music = await musicNow(deps, access, video.music);
  if (video.compositionId === 'hook-product-demo') {
    const ids = [video.hookVideoId, video.productDemoVideoId].filter((id): id is string => !!id);
    const { found } = await findRenderableBrandVideos(deps, access, ids);
    const clip = (id: string | null) => (id ? found.get(id) : null);
    const speech = video.speechAssetId ? await findSpeechAsset(deps, access.team.id, video.speechAssetId) : undefined;
    return {
      compositionId: 'hook-product-demo',
      props: hookProductDemoRequest(config, clip(video.hookVideoId), clip(video.productDemoVideoId), speech ? { storageKey: speech.storageKey, durationSeconds: speech.durationSeconds, words: speech.words } : null, music),
    };
  }
  const walls = (config.walls as StoredWall[]) ?? [];
  // a config stored before ids were checked may hold anything
  checkWallIds(walls);
  const { found } = await findRenderableBackgrounds(deps, access, walls.map((w) => w.background_video_id).filter((id): id is string => !!id));
  const background = (id: string | null | undefined) => (id ? (found.get(id) ?? { missingId: id }) : null);
  return {
    compositionId: 'multi-text-wall',
    props: multiTextWallRequest(config, walls.map((w) => ({ text: w.text, durationInSeconds: w.durationInSeconds, background: background(w.background_video_id) })), music),
  };
}

/** "Punchy, Ocean waves": what tells a text wall from the others of its bulk job with the same text */
function textWallVariantOf(video: Row<'text_wall'>, facts: VariantFacts): string {
  const preset = textStyleSchema.parse(video.style).preset;
  return textWallVariant(STYLE_PRESETS[preset].label, { id: video.backgroundVideoId, name: facts.backgroundName(video.backgroundVideoId) });
}

interface KindRules<K extends repo.VideoKind, F> {
  /** the target type of its render jobs */
  target: TargetType;
  /** the video as the API shows it, but for its render state */
  fields(video: Row<K>, facts: VariantFacts): F;
  /** the render of the video as it is now, its media looked up */
  renderRequest(deps: AppDeps, access: TeamAccess, video: Row<K>): Promise<RenderRequest>;
  /** the name its MP4 is saved under: from its hook and its ad code, as the web app names it in a zip (packages/text-files/src/file-names.ts) */
  fileName(video: Row<K>, facts: VariantFacts): string;
}

type Fields = { text_wall: ReturnType<typeof textWallFields>; composite: ReturnType<typeof compositeFields> };
export type VideoFields<K extends repo.VideoKind> = Fields[K];

export const videoKinds: { [K in repo.VideoKind]: KindRules<K, Fields[K]> } = {
  text_wall: {
    target: 'text_wall_video',
    fields: textWallFields,
    renderRequest: textWallRender,
    fileName: (video, facts) => videoFileName({ compositionId: 'text-wall', props: { text: video.text }, variant: facts.sharesText(video) ? textWallVariantOf(video, facts) : null, code: video.adCode }),
  },
  composite: {
    target: 'composite_video',
    fields: compositeFields,
    renderRequest: compositeRender,
    fileName: (video) => videoFileName({ compositionId: video.compositionId, props: video.config, title: video.name, code: video.adCode }),
  },
};
