import { randomUUID } from 'node:crypto';
import { objectKey } from '@hookwall/storage';
import type { AppDeps } from '../../core/deps.ts';
import { fieldError, permissionDenied } from '../../core/errors.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { VIDEO_TYPES, type VideoContentType } from '../media/video-files.ts';
import { assertStorageWithinQuota, withStorageReserved } from '../quotas/quotas.service.ts';
import { findBrandVideoRow } from '../brand-videos/brand-videos.service.ts';
import * as repo from './background-videos.repository.ts';
import { serializeBackground, type Author } from './background-videos.service.ts';

const unknownClip = () => fieldError({ brand_video_id: 'No clip of your team has this id.' });

/** A foreign key the insert named is gone (PostgreSQL's 23503): the clip was deleted meanwhile. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

/**
 * `POST /api/text-wall-background-videos/from_brand_video/`: one of the team's clips as a text-wall
 * background, without uploading it again (docs/media.md, Own clips as backgrounds). The file and its
 * thumbnail are copied inside the store, so deleting the clip later leaves the background whole; a
 * clip has at most one background (a unique index), so a second call, or two at once, answers the
 * same one with `created: false`.
 */
export async function backgroundFromBrandVideo(deps: AppDeps, access: TeamAccess, user: Author, brandVideoId: string) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot change background videos.');
  const teamId = access.team.id;
  const existing = await repo.findBySourceBrandVideo(deps.db, teamId, brandVideoId);
  if (existing) return { created: false, background: await serializeBackground(deps, existing) };
  const clip = await findBrandVideoRow(deps, access, brandVideoId);
  if (!clip) throw unknownClip();
  if (clip.status !== 'ready' || !clip.duration) throw fieldError({ brand_video_id: 'This clip is not ready yet: choose it once its upload has finished.' });
  // the copy counts against the team's storage like an upload of the same file
  await assertStorageWithinQuota(deps, teamId, clip.size);

  const storageKey = objectKey(teamId, 'backgrounds', VIDEO_TYPES[clip.contentType as VideoContentType] ?? 'mp4');
  const thumbnailKey = clip.thumbnailKey ? objectKey(teamId, 'thumbnails', 'jpg') : null;
  const discard = () => Promise.all([deps.storage.delete(storageKey), thumbnailKey ? deps.storage.delete(thumbnailKey) : undefined]);
  try {
    await deps.storage.copy(clip.storageKey, storageKey);
    if (thumbnailKey) await deps.storage.copy(clip.thumbnailKey!, thumbnailKey);
  } catch (error) {
    await discard();
    // deleted while it was copied: the same answer as an unknown clip
    if (!(await findBrandVideoRow(deps, access, brandVideoId))) throw unknownClip();
    throw error;
  }

  let row: repo.BackgroundRow | null;
  try {
    row = await withStorageReserved(deps, teamId, clip.size, (tx) =>
      repo.insertBackgroundFromBrandVideo(tx, teamId, brandVideoId, {
        id: randomUUID(),
        name: clip.title,
        filename: clip.filename,
        contentType: clip.contentType,
        size: clip.size,
        status: 'ready',
        storageKey,
        thumbnailKey,
        duration: clip.duration,
        width: clip.width,
        height: clip.height,
        fps: clip.fps,
        codec: clip.codec,
        createdById: user.id,
        uploadedAt: new Date(),
      }),
    );
  } catch (error) {
    await discard();
    if (isForeignKeyViolation(error)) throw unknownClip();
    throw error;
  }
  if (row) return { created: true, background: await serializeBackground(deps, { video: row, author: user }) };
  // another call made it first: its background is the one, this copy goes
  await discard();
  const winner = await repo.findBySourceBrandVideo(deps.db, teamId, brandVideoId);
  if (!winner) throw unknownClip();
  return { created: false, background: await serializeBackground(deps, winner) };
}
