import { backgroundLabel, textWallVariant, videoFileName } from '@hookwall/text-files/file-names';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import type { CompositeVideo, TextWallVideo, VideoListItem } from '@/api/api';
import { compositeMetaLine } from './composite-meta';

export type VideoKind = 'text_wall' | 'composite';
export type VideoStatus = TextWallVideo['status'];

/** A text wall or a composite, as the grid shows it. */
export interface VideoItem {
  kind: VideoKind;
  id: string;
  title: string;
  subtitle: string;
  status: VideoStatus;
  progress: number;
  outputUrl: string | null;
  thumbnailUrl: string | null;
  /** a voiced text wall's WebVTT captions (the words as spoken), stored beside its MP4 */
  captionsUrl?: string | null;
  error: string | null;
  createdAt: string;
  aspect: '9:16' | '1:1' | '16:9' | '4:5';
  /** its ad code (HW-XXXXXX): in the ad's name, it lets imported results find the video */
  adCode: string;
  /** the name its MP4 is saved under, the one the API's download gives it, its ad code last (packages/text-files/src/file-names.ts) */
  fileName: string;
  /** a text wall's preset and background ("Punchy, Ocean waves"): what tells it from others of the same text */
  variant?: string;
  /** a text wall's name with its variant, for a zip that holds others of the same text */
  variantFileName?: string;
  /** a text wall's text: the zip tells apart the ones that share it */
  text?: string;
  /** a composite as the API gave it: what its edit and duplicate dialogs start from */
  composite?: CompositeVideo;
}

export const isWorking = (status: VideoStatus) => status === 'queued' || status === 'rendering';

export function fromTextWall(v: TextWallVideo): VideoItem {
  const firstLine = v.text.split('\n').find((l) => l.trim()) ?? v.text;
  const preset = STYLE_PRESETS[v.style.preset]?.label ?? v.style.preset;
  const background = { id: v.background_video_id, name: v.background_name ?? null };
  const variant = textWallVariant(preset, background);
  return {
    kind: 'text_wall',
    id: v.id,
    title: firstLine,
    subtitle: `${preset} · ${backgroundLabel(background)} · ${v.duration_seconds} s · ${v.aspect}${v.voice ? ' · Voice' : ''}`,
    status: v.status,
    progress: v.progress,
    outputUrl: v.output_url,
    thumbnailUrl: v.thumbnail_url,
    captionsUrl: v.captions_url ?? null,
    error: v.error,
    createdAt: v.created_at,
    aspect: v.aspect,
    adCode: v.ad_code,
    fileName: videoFileName({ compositionId: 'text-wall', props: { text: v.text }, code: v.ad_code }),
    variant,
    variantFileName: videoFileName({ compositionId: 'text-wall', props: { text: v.text }, variant, code: v.ad_code }),
    text: v.text,
  };
}

export function fromComposite(v: CompositeVideo): VideoItem {
  const aspect = (v.config.aspect as VideoItem['aspect'] | undefined) ?? '9:16';
  return {
    kind: 'composite',
    id: v.id,
    title: v.name,
    subtitle: compositeMetaLine(v),
    status: v.status,
    progress: v.progress,
    outputUrl: v.output_url,
    thumbnailUrl: v.thumbnail_url,
    error: v.error,
    createdAt: v.created_at,
    aspect,
    adCode: v.ad_code,
    fileName: videoFileName({ compositionId: v.composition_id, props: v.config, title: v.name, code: v.ad_code }),
    composite: v,
  };
}

export const STATUS_LABELS: Record<VideoStatus, string> = {
  draft: 'Draft',
  queued: 'Queued',
  rendering: 'Rendering',
  completed: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The name a video is saved under, alone or in a zip: from its hook, accents and scripts kept, its ad code last. */
export function downloadName(item: VideoItem): string {
  return item.fileName;
}

/** The name a video's captions are saved under: its MP4's, as a WebVTT file. */
export function captionsName(item: VideoItem): string {
  return item.fileName.replace(/\.mp4$/, '') + '.vtt';
}

/** The card's name of a video for screen readers: a text wall's with its variant, so that cards of the same text differ. */
export function accessibleName(item: VideoItem): string {
  return item.variant ? `${item.title} (${item.variant})` : item.title;
}

/** A video of the list of both kinds (GET /api/videos/), by its `type`. */
export function fromListItem(v: VideoListItem): VideoItem {
  return v.type === 'text_wall' ? fromTextWall(v) : fromComposite(v);
}
