import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_BACKGROUNDS, DEFAULT_CLIP, generateBackground, makeThumbnail, probeVideo, type ClipSize } from '@hookwall/media';
import { objectKey } from '@hookwall/storage';
import type { AppDeps } from '../../core/deps.ts';
import { notFound, permissionDenied } from '../../core/errors.ts';
import { parseOrdering } from '../../core/pagination.ts';
import { isUuid } from '../../core/uuid.ts';
import { displayName } from '../../core/user-format.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { checkUploadSize, confirmUploadedVideo, createUploadTarget, deriveTitle, discardUploads, type UploadTargetRef, PROCESSING_STALE_MS } from '../media/upload-lifecycle.ts';
import { assertStorageWithinQuota, withStorageReserved } from '../quotas/quotas.service.ts';
import { serializeVideoFile, VIDEO_TYPES, type UploadStatus, type VideoContentType } from '../media/video-files.ts';
import * as repo from './background-videos.repository.ts';
import { BACKGROUND_ORDERING } from './background-videos.schemas.ts';

export interface Author {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

export async function serializeBackground(deps: AppDeps, { video, author }: { video: repo.BackgroundRow; author: Author | null }) {
  return {
    id: video.id,
    name: video.name,
    filename: video.filename,
    content_type: video.contentType,
    size: video.size,
    status: video.status as UploadStatus,
    error: video.error,
    is_builtin: video.isBuiltin,
    source_brand_video_id: video.sourceBrandVideoId,
    ...(await serializeVideoFile(deps, video, video.isBuiltin ? 'Hookwall' : author ? displayName(author) : '')),
  };
}

/** The upload URLs of this video are recorded under this name. */
const uploadTarget = (access: TeamAccess, id: string): UploadTargetRef => ({ type: 'background_video', id, teamId: access.team.id });

async function findOr404(deps: AppDeps, access: TeamAccess, id: string) {
  const found = await repo.findVisibleBackground(deps.db, access.team.id, id);
  if (!found) throw notFound();
  return found;
}

/** 404 for other teams' videos, 403 for the built-in set and for read-only members. */
async function findForWrite(deps: AppDeps, access: TeamAccess, id: string) {
  const found = await findOr404(deps, access, id);
  if (found.video.isBuiltin) throw permissionDenied('Built-in background videos cannot be changed or deleted.');
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot change background videos.');
  return found;
}

export async function listBackgrounds(deps: AppDeps, access: TeamAccess, input: { search?: string; is_builtin?: 'true' | 'false'; status?: string; ordering?: string }, limit: number, offset: number) {
  const order = input.ordering?.trim() ? parseOrdering<(typeof BACKGROUND_ORDERING)[number]>(input.ordering, BACKGROUND_ORDERING, 'name') : null;
  const filter = {
    search: input.search?.trim() || undefined,
    isBuiltin: input.is_builtin === undefined ? undefined : input.is_builtin === 'true',
    status: input.status,
  };
  const { count, rows } = await repo.listBackgrounds(deps.db, access.team.id, filter, order, limit, offset);
  return { count, rows: await Promise.all(rows.map((row) => serializeBackground(deps, row))) };
}

export async function getBackground(deps: AppDeps, access: TeamAccess, id: string) {
  return serializeBackground(deps, await findOr404(deps, access, id));
}

export async function createBackground(deps: AppDeps, access: TeamAccess, user: Author, input: { name?: string; filename: string; content_type: VideoContentType; size: number }) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot change background videos.');
  checkUploadSize(deps, input.size);
  const name = input.name ?? deriveTitle(input.filename);
  // its declared size counts against the team's storage from now on (413 when it would not fit)
  const video = await withStorageReserved(deps, access.team.id, input.size, (tx) => repo.insertBackground(tx, access.team.id, {
    id: randomUUID(),
    name: name.slice(0, 200),
    filename: input.filename,
    contentType: input.content_type,
    size: input.size,
    status: 'pending_upload',
    storageKey: objectKey(access.team.id, 'backgrounds', VIDEO_TYPES[input.content_type]),
    createdById: user.id,
  }));
  return serializeBackground(deps, { video, author: user });
}

export async function updateBackground(deps: AppDeps, access: TeamAccess, id: string, input: { name?: string }) {
  await findForWrite(deps, access, id);
  await repo.updateBackground(deps.db, access.team.id, id, { name: input.name });
  return getBackground(deps, access, id);
}

export async function deleteBackground(deps: AppDeps, access: TeamAccess, id: string) {
  const { video } = await findForWrite(deps, access, id);
  await repo.deleteBackground(deps.db, access.team.id, id);
  await Promise.all([deps.storage.delete(video.storageKey), video.thumbnailKey ? deps.storage.delete(video.thumbnailKey) : undefined, discardUploads(deps, uploadTarget(access, id))]);
}

export async function createUploadUrl(deps: AppDeps, access: TeamAccess, id: string) {
  const { video } = await findForWrite(deps, access, id);
  // a ready or processing video gets its 409 from createUploadTarget
  if (video.status === 'pending_upload' || video.status === 'failed') await assertStorageWithinQuota(deps, access.team.id, video.status === 'failed' ? video.size : 0);
  return createUploadTarget(deps, uploadTarget(access, id), access.membership.userId, video);
}

/** Synchronous: the answer carries the final status (see confirmUploadedVideo). */
export async function confirmUpload(deps: AppDeps, access: TeamAccess, id: string) {
  const found = await findForWrite(deps, access, id);
  if (found.video.status === 'ready') return serializeBackground(deps, found);
  await assertStorageWithinQuota(deps, access.team.id, found.video.status === 'failed' ? found.video.size : 0);
  await confirmUploadedVideo(deps, uploadTarget(access, id), found.video, {
    claimForProcessing: (staleBefore) => repo.claimForProcessing(deps.db, access.team.id, id, staleBefore),
    update: (values) => repo.updateBackground(deps.db, access.team.id, id, values),
  });
  return getBackground(deps, access, id);
}

// ---- the built-in starter set ----

export interface EnsureBuiltinsOptions {
  size?: ClipSize;
  signal?: AbortSignal;
  /** whether a clip being made waits (stopped) for now: by default, while any render is running */
  pauseWhile?: () => Promise<boolean>;
  log?: { info(msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Makes every built-in background that is not ready yet (ffmpeg filters, no download), stores it
 * and registers it as a row every team sees. Idempotent and safe to run from several processes at
 * once (each clip is claimed in the database first); a clip that failed is retried at the next start.
 */
export async function ensureBuiltinBackgrounds(deps: AppDeps, options: EnsureBuiltinsOptions = {}): Promise<{ generated: string[] }> {
  const size = options.size ?? DEFAULT_CLIP;
  const paths = { ffmpegPath: deps.config.FFMPEG_PATH, ffprobePath: deps.config.FFPROBE_PATH };
  const existing = new Map((await repo.findBuiltins(deps.db)).map((row) => [row.builtinSlug, row]));
  const generated: string[] = [];
  for (const background of BUILTIN_BACKGROUNDS) {
    if (options.signal?.aborted) break;
    if (existing.get(background.slug)?.status === 'ready') continue;
    const claimed = await repo.claimBuiltin(
      deps.db,
      { id: randomUUID(), slug: background.slug, name: background.name, storageKey: `builtin/backgrounds/${background.slug}.mp4` },
      new Date(Date.now() - PROCESSING_STALE_MS),
    );
    if (!claimed) continue;
    const dir = await mkdtemp(join(tmpdir(), 'hookwall-builtin-'));
    try {
      const file = join(dir, `${background.slug}.mp4`);
      const started = Date.now();
      await generateBackground(background, file, size, paths, options.signal, options.pauseWhile ?? (() => repo.isAnyRenderRunning(deps.db)));
      const bytes = await readFile(file);
      await deps.storage.write(claimed.storageKey, bytes, { contentType: 'video/mp4' });
      const info = await probeVideo(file, paths);
      const thumbnailKey = `builtin/backgrounds/${background.slug}.jpg`;
      await deps.storage.write(thumbnailKey, await makeThumbnail(file, info, paths), { contentType: 'image/jpeg' });
      await repo.updateBuiltin(deps.db, claimed.id, {
        status: 'ready',
        error: null,
        size: bytes.length,
        thumbnailKey,
        duration: info.duration,
        width: info.width,
        height: info.height,
        fps: info.fps,
        codec: info.codec,
        uploadedAt: new Date(),
      });
      generated.push(background.slug);
      options.log?.info(`built-in background "${background.slug}" made in ${Date.now() - started} ms`);
    } catch (error) {
      const reason = options.signal?.aborted ? 'Interrupted by shutdown; made again at the next start.' : String((error as Error).message ?? error).slice(0, 500);
      await repo.updateBuiltin(deps.db, claimed.id, { status: 'failed', error: reason }).catch(() => undefined);
      if (!options.signal?.aborted) options.log?.error({ err: String(error) }, `built-in background "${background.slug}" failed`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return { generated };
}

// ---- for renders ----

export interface RenderableClip {
  id: string;
  name: string;
  storageKey: string;
  duration: number;
  isBuiltin: boolean;
}

/** The backgrounds a text wall may use (the team's own or built-in, ready); ids not found or not ready are listed apart. */
export async function findRenderableBackgrounds(deps: AppDeps, access: TeamAccess, ids: string[]): Promise<{ found: Map<string, RenderableClip>; missing: string[] }> {
  const found = new Map<string, RenderableClip>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    // a malformed id names nothing: no query (PostgreSQL would refuse it as a uuid)
    const row = isUuid(id) ? await repo.findVisibleBackground(deps.db, access.team.id, id) : null;
    if (row && row.video.status === 'ready' && row.video.duration) {
      found.set(id, { id, name: row.video.name, storageKey: row.video.storageKey, duration: row.video.duration, isBuiltin: row.video.isBuiltin });
    } else missing.push(id);
  }
  return { found, missing };
}
