import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { makeThumbnail, probeVideo, UnreadableVideoError, type VideoInfo } from '@hookwall/media';
import type { AppDeps } from '../../core/deps.ts';

/** The video types an upload may declare, with the extension its key gets. */
export const VIDEO_TYPES = { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' } as const;
export type VideoContentType = keyof typeof VIDEO_TYPES;
export const videoContentType = z.enum(Object.keys(VIDEO_TYPES) as [VideoContentType, ...VideoContentType[]], {
  error: 'Only MP4, QuickTime and WebM videos can be uploaded.',
});

export type ProcessedUpload =
  | { ok: true; info: VideoInfo; thumbnailKey: string; size: number }
  | { ok: false; reason: string; isMissing?: boolean };

/**
 * What confirm_upload does for any uploaded video: the object must exist with the declared size;
 * ffprobe reads its metadata and ffmpeg makes a JPEG thumbnail, stored beside it. A file that fails
 * is deleted, so a video never points at a missing or unreadable file.
 */
export async function processUploadedVideo(
  deps: AppDeps,
  upload: { key: string; size: number; contentType: string },
  thumbnailPrefix: string,
): Promise<ProcessedUpload> {
  const { key, size: declaredSize, contentType } = upload;
  const { storage, config } = deps;
  const head = await storage.head(key);
  if (!head) return { ok: false, reason: 'The file has not been uploaded yet.', isMissing: true };
  if (head.size !== declaredSize) {
    await storage.delete(key);
    return { ok: false, reason: `The uploaded file is ${head.size} bytes, not the ${declaredSize} bytes declared.` };
  }
  const paths = { ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH };
  try {
    const source = await storage.sourceFor(key);
    // both take one of the process's probe slots (packages/media)
    const info = await probeVideo(source, paths, contentType);
    const thumbnail = await makeThumbnail(source, info, paths, contentType);
    const thumbnailKey = `${thumbnailPrefix}/${randomUUID()}.jpg`;
    await storage.write(thumbnailKey, thumbnail, { contentType: 'image/jpeg' });
    return { ok: true, info, thumbnailKey, size: head.size };
  } catch (error) {
    if (!(error instanceof UnreadableVideoError)) throw error;
    await storage.delete(key);
    return { ok: false, reason: error.message };
  }
}

export const UPLOAD_STATUSES = ['pending_upload', 'processing', 'ready', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** The response fields every stored video ends with, in the order `serializeVideoFile` gives them. */
export const videoFileShape = {
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  fps: z.number().nullable(),
  codec: z.string().nullable(),
  /** a signed, expiring URL that plays the video (null until ready) */
  url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
};

export interface VideoFileRow {
  storageKey: string;
  thumbnailKey: string | null;
  status: string;
  filename: string;
  contentType: string;
  duration: number | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  codec: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields of `videoFileShape`; the URLs are signed and expire, and stay null until the files exist. */
export async function serializeVideoFile(deps: AppDeps, row: VideoFileRow, createdBy: string) {
  const isReady = row.status === 'ready';
  return {
    duration: row.duration,
    width: row.width,
    height: row.height,
    fps: row.fps,
    codec: row.codec,
    url: isReady ? await deps.storage.getUrl(row.storageKey, { filename: row.filename, contentType: row.contentType }) : null,
    thumbnail_url: row.thumbnailKey ? await deps.storage.getUrl(row.thumbnailKey, { contentType: 'image/jpeg' }) : null,
    created_by: createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Tags are trimmed and lower-cased, 1 to 40 characters, at most 20 per video, without repeats. */
export const MAX_TAGS = 20;
export function normalizeTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t.length > 0))];
}
