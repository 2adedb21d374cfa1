import type { CompositeVideo, TextWallVideo, VideoListItem } from '@/api/api';

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
  error: string | null;
  createdAt: string;
  aspect: '9:16' | '1:1' | '16:9';
}

export const isWorking = (status: VideoStatus) => status === 'queued' || status === 'rendering';

export function fromTextWall(v: TextWallVideo): VideoItem {
  const firstLine = v.text.split('\n').find((l) => l.trim()) ?? v.text;
  return {
    kind: 'text_wall',
    id: v.id,
    title: firstLine,
    subtitle: `Text wall · ${v.duration_seconds} s · ${v.aspect}`,
    status: v.status,
    progress: v.progress,
    outputUrl: v.output_url,
    thumbnailUrl: v.thumbnail_url,
    error: v.error,
    createdAt: v.created_at,
    aspect: v.aspect,
  };
}

export function fromComposite(v: CompositeVideo): VideoItem {
  const aspect = (v.config.aspect as VideoItem['aspect'] | undefined) ?? '9:16';
  return {
    kind: 'composite',
    id: v.id,
    title: v.name,
    subtitle: v.composition_id === 'hook-product-demo' ? 'Hook + product demo' : 'Multi text wall',
    status: v.status,
    progress: v.progress,
    outputUrl: v.output_url,
    thumbnailUrl: v.thumbnail_url,
    error: v.error,
    createdAt: v.created_at,
    aspect,
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

export function downloadName(item: VideoItem): string {
  const base = item.title
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || item.kind}-${item.id.slice(0, 6)}.mp4`;
}

/** A video of the list of both kinds (GET /api/videos/), by its `type`. */
export function fromListItem(v: VideoListItem): VideoItem {
  return v.type === 'text_wall' ? fromTextWall(v) : fromComposite(v);
}
