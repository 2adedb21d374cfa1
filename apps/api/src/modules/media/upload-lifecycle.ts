import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { objectKey } from '@hookwall/storage';
import type { AppDeps } from '../../core/deps.ts';
import { AppError, conflict, fieldError } from '../../core/errors.ts';
import * as uploadUrls from './upload-urls.repository.ts';
import { processUploadedVideo, videoContentType } from './video-files.ts';

/**
 * The upload lifecycle that brand videos and text-wall backgrounds share: create a row
 * (`pending_upload`), hand out a signed PUT URL, then confirm (`processing` → `ready` | `failed`).
 * Each module keeps its own table and repository; it passes in its row and its repository
 * functions bound to that row, so only repositories touch the database.
 *
 * Every upload URL is recorded (`upload_urls`) and names a key of its own,
 * `teams/{teamId}/uploads/{uuid}.{ext}`. A new URL closes the video's earlier ones; confirming closes
 * them all and moves the file of the latest one to the video's own key, which no URL names, so
 * nothing that arrives later can change a confirmed video. On local storage the app receives the
 * PUT itself and refuses one whose URL no longer counts (`assertUploadAllowed`); a presigned S3 URL
 * cannot be revoked, but what it writes lands on a key nobody reads, removed with its video or by
 * the worker's sweep.
 */

export type { UploadTargetRef, UploadTargetType } from './upload-urls.repository.ts';

/** A processing claim older than this belongs to a process that died: another confirm may take over. */
export const PROCESSING_STALE_MS = 10 * 60 * 1000;

/** The fields of a create request that describe the file to upload. */
export const uploadRequestShape = {
  filename: z.string().trim().min(1).max(255),
  content_type: videoContentType,
  size: z.coerce.number().int().min(1),
};

/** A shape, not a schema: each module registers its own object under its request or response name. */
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
  /** null when the row is gone (the video was deleted meanwhile) */
  update(values: UploadOutcome): Promise<object | null>;
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

const statusConflict = (status: string | null) => {
  if (status === 'ready') return conflict('This video has already been uploaded.');
  if (status === 'processing') return conflict('This video is being processed.');
  return conflict('This video cannot take an upload now.');
};

/**
 * A new upload URL for the video, to a key of its own; the video's earlier URL stops counting and
 * whatever was uploaded through it is removed. `userId` is who asks: the URL counts only while
 * they may change the team's videos.
 */
export async function createUploadTarget(deps: AppDeps, target: uploadUrls.UploadTargetRef, userId: number, video: UploadRow) {
  if (video.status === 'ready' || video.status === 'processing') throw statusConflict(video.status);
  const ext = video.storageKey.split('.').pop() ?? 'bin';
  const key = objectKey(target.teamId, 'uploads', ext);
  const signed = await deps.storage.putUrl(key, video.contentType, video.size);
  const opened = await uploadUrls
    .openUploadUrl(deps.db, target, { id: randomUUID(), createdById: userId, storageKey: key, expiresAt: signed.expiresAt })
    .catch((error: unknown) => {
      // two requests for a URL at once: the unique index keeps one open URL, the other asks again
      if (/upload_urls_open_uq/.test(String((error as { cause?: unknown }).cause ?? error))) throw conflict('Another upload URL was just issued for this video. Ask again.');
      throw error;
    });
  if (!opened.isOpened) throw statusConflict(opened.status);
  // what came through the earlier URLs (and a file an interrupted confirm had moved) gives way to the new upload
  await Promise.all([...opened.replacedKeys, video.storageKey].map((replaced) => deps.storage.delete(replaced)));
  return { upload_url: signed.url, method: signed.method, headers: signed.headers, expires_at: signed.expiresAt.toISOString() };
}

const refusals: Record<uploadUrls.UploadRefusal, { detail: string; code: string }> = {
  unknown: { detail: 'This upload URL is no longer valid. Ask for a new one.', code: 'upload_url_revoked' },
  team_deleted: { detail: 'The team this upload URL was for has been deleted.', code: 'upload_url_revoked' },
  deleted: { detail: 'The video this upload URL was for has been deleted.', code: 'upload_url_revoked' },
  not_allowed: { detail: "Whoever asked for this upload URL can no longer change this team's videos.", code: 'upload_url_revoked' },
  replaced: { detail: 'A newer upload URL was issued for this video; only the latest one works.', code: 'upload_url_replaced' },
  closed: { detail: 'The upload of this video has been confirmed; this upload URL no longer works.', code: 'upload_url_closed' },
};

/** For the app's own upload route (local storage): 403 with the reason when the URL of `storageKey` no longer counts. */
export async function assertUploadAllowed(deps: AppDeps, storageKey: string) {
  const refusal = await uploadUrls.findUploadRefusal(deps.db, storageKey);
  if (refusal) throw new AppError('permission_denied', refusals[refusal].detail, { body: refusals[refusal] });
}

/** A deleted video's uploads: its URLs stop counting and every file uploaded through them is removed. */
export async function discardUploads(deps: AppDeps, target: uploadUrls.UploadTargetRef) {
  await uploadUrls.closeUploadUrls(deps.db, target);
  await Promise.all((await uploadUrls.uploadUrlKeys(deps.db, target)).map((key) => deps.storage.delete(key)));
}

const uploadMissing = () => new AppError('bad_request', 'The file has not been uploaded yet.', { body: { detail: 'The file has not been uploaded yet.', code: 'upload_missing' } });

/**
 * Checks the uploaded object and probes it, synchronously, so the caller's answer carries the final
 * status (`ready`, or `failed` with the reason). ffprobe reads only the container's index, and the
 * thumbnail decodes one frame, so this takes well under a second even for large files.
 * The caller answers for a row that is already `ready` before calling this.
 *
 * Only the file of the video's open upload URL is read (or, after an interrupted confirm, the one
 * already moved to the video's key): what arrived through an earlier URL is never looked at.
 */
export async function confirmUploadedVideo(deps: AppDeps, target: uploadUrls.UploadTargetRef, video: UploadRow, repository: UploadRepository) {
  const open = await uploadUrls.findOpenUploadUrl(deps.db, target);
  const isUploaded = (open && (await deps.storage.head(open.storageKey))) || (await deps.storage.head(video.storageKey));
  if (!isUploaded) throw uploadMissing();
  const claimed = await repository.claimForProcessing(new Date(Date.now() - PROCESSING_STALE_MS));
  if (!claimed) throw conflict('This video is already being processed.');
  // processing: no new URL can be issued now, so the open one read here is the last one
  const latest = await uploadUrls.findOpenUploadUrl(deps.db, target);
  await uploadUrls.closeUploadUrls(deps.db, target);
  let result;
  try {
    if (latest && (await deps.storage.head(latest.storageKey))) await deps.storage.move(latest.storageKey, claimed.storageKey);
    result = await processUploadedVideo(deps, { key: claimed.storageKey, size: claimed.size, contentType: claimed.contentType }, `teams/${target.teamId}/thumbnails`);
  } catch (error) {
    // an infrastructure failure (storage down, ffmpeg missing): let the client confirm again
    await repository.update({ status: 'pending_upload' });
    throw error;
  }
  if (result.ok) {
    // a thumbnail of an earlier upload would otherwise stay in storage with nothing pointing at it
    if (video.thumbnailKey) await deps.storage.delete(video.thumbnailKey);
    const { duration, width, height, fps, codec } = result.info;
    const updated = await repository.update({ status: 'ready', error: null, thumbnailKey: result.thumbnailKey, duration, width, height, fps, codec, uploadedAt: new Date() });
    // deleted while it was probed: its deletion could not see these files yet
    if (!updated) await Promise.all([deps.storage.delete(claimed.storageKey), deps.storage.delete(result.thumbnailKey)]);
  } else {
    await repository.update(result.isMissing ? { status: 'pending_upload' } : { status: 'failed', error: result.reason });
  }
}
