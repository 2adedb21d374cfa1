import { z } from 'zod';
import type { AppDeps } from '../../core/deps.ts';
import { AppError, conflict, fieldError } from '../../core/errors.ts';
import { processUploadedVideo, videoContentType } from './video-files.ts';

/**
 * The upload lifecycle that brand videos and text-wall backgrounds share: create a row
 * (`pending_upload`), hand out a signed PUT URL, then confirm (`processing` → `ready` | `failed`).
 * Each module keeps its own table and repository; it passes in its row and its repository
 * functions bound to that row, so only repositories touch the database.
 */

/** A processing claim older than this belongs to a process that died: another confirm may take over. */
export const PROCESSING_STALE_MS = 10 * 60 * 1000;

/** The fields of a create request that describe the file to upload. */
export const uploadRequestShape = {
  filename: z.string().trim().min(1).max(255),
  content_type: videoContentType,
  size: z.coerce.number().int().min(1),
};

/** A shape, not a schema: each module registers its own object under the name the spec gives it. */
export const uploadTargetShape = {
  upload_url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expires_at: z.string(),
};

/** The columns of an uploaded video that the lifecycle reads. */
export interface UploadRow {
  status: string;
  storageKey: string;
  contentType: string;
  size: number;
  thumbnailKey: string | null;
}

/** What confirming writes back to the row. */
export type UploadOutcome =
  | { status: 'pending_upload' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; error: null; thumbnailKey: string; duration: number; width: number; height: number; fps: number; codec: string; uploadedAt: Date };

/** The calling module's repository functions, bound to the row being confirmed. */
export interface UploadRepository {
  /** Moves the row to `processing` unless another request has it (a stale claim may be taken over); null when not claimed. */
  claimForProcessing(staleBefore: Date): Promise<UploadRow | null>;
  update(values: UploadOutcome): Promise<unknown>;
}

export function checkUploadSize(deps: AppDeps, size: number) {
  if (size > deps.config.MAX_UPLOAD_BYTES) {
    throw fieldError({ size: `The file is too large: at most ${deps.config.MAX_UPLOAD_BYTES} bytes can be uploaded.` });
  }
}

/** The title a video gets when none is given: its file name without the extension. */
export function deriveTitle(filename: string) {
  return filename.replace(/\.[^.]+$/, '').trim() || filename;
}

export async function createUploadTarget(deps: AppDeps, video: UploadRow) {
  if (video.status === 'ready') throw conflict('This video has already been uploaded.');
  if (video.status === 'processing') throw conflict('This video is being processed.');
  // an earlier, unconfirmed upload gives way: S3 URLs are conditional writes that need a free key
  if (await deps.storage.head(video.storageKey)) await deps.storage.delete(video.storageKey);
  const target = await deps.storage.putUrl(video.storageKey, video.contentType, video.size);
  return { upload_url: target.url, method: target.method, headers: target.headers, expires_at: target.expiresAt.toISOString() };
}

/**
 * Checks the uploaded object and probes it, synchronously, so the caller's answer carries the final
 * status (`ready`, or `failed` with the reason). ffprobe reads only the container's index, and the
 * thumbnail decodes one frame, so this takes well under a second even for large files.
 * The caller answers for a row that is already `ready` before calling this.
 */
export async function confirmUploadedVideo(deps: AppDeps, teamId: number, video: UploadRow, repository: UploadRepository) {
  const head = await deps.storage.head(video.storageKey);
  if (!head) throw new AppError('bad_request', 'The file has not been uploaded yet.', { body: { detail: 'The file has not been uploaded yet.', code: 'upload_missing' } });
  const claimed = await repository.claimForProcessing(new Date(Date.now() - PROCESSING_STALE_MS));
  if (!claimed) throw conflict('This video is already being processed.');
  let result;
  try {
    result = await processUploadedVideo(deps, { key: claimed.storageKey, size: claimed.size, contentType: claimed.contentType }, `teams/${teamId}/thumbnails`);
  } catch (error) {
    // an infrastructure failure (storage down, ffmpeg missing): let the client confirm again
    await repository.update({ status: 'pending_upload' });
    throw error;
  }
  if (result.ok) {
    // a thumbnail of an earlier upload would otherwise stay in storage with nothing pointing at it
    if (video.thumbnailKey) await deps.storage.delete(video.thumbnailKey);
    const { duration, width, height, fps, codec } = result.info;
    await repository.update({ status: 'ready', error: null, thumbnailKey: result.thumbnailKey, duration, width, height, fps, codec, uploadedAt: new Date() });
  } else {
    await repository.update(result.isMissing ? { status: 'pending_upload' } : { status: 'failed', error: result.reason });
  }
}
