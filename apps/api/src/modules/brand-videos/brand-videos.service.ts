import { randomUUID } from 'node:crypto';
import { objectKey } from '@hookwall/storage';
import type { SpeechWord } from '@hookwall/video/schemas';
import type { AppDeps } from '../../core/deps.ts';
import { conflict, fieldError, notFound, permissionDenied } from '../../core/errors.ts';
import { parseOrdering } from '../../core/pagination.ts';
import { isUuid } from '../../core/uuid.ts';
import { displayName } from '../../core/user-format.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { checkUploadSize, confirmUploadedVideo, createUploadTarget, deriveTitle, discardUploads, type UploadTargetRef } from '../media/upload-lifecycle.ts';
import { assertStorageWithinQuota, withStorageReserved } from '../quotas/quotas.service.ts';
import { MAX_TAGS, normalizeTags, serializeVideoFile, VIDEO_TYPES, type UploadStatus, type VideoContentType } from '../media/video-files.ts';
import { compositesUsingClip } from '../videos/clip-usage.ts';
import * as repo from './brand-videos.repository.ts';
import { BRAND_VIDEO_ORDERING } from './brand-videos.schemas.ts';
import { serializeTranscript, transcriptWords } from './transcripts.service.ts';

export { transcribeBrandVideo, transcriptWords } from './transcripts.service.ts';

export interface Author {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

export async function serializeBrandVideo(deps: AppDeps, { video, author }: { video: repo.BrandVideoRow; author: Author | null }) {
  return {
    id: video.id,
    title: video.title,
    filename: video.filename,
    content_type: video.contentType,
    size: video.size,
    kind: video.kind,
    tags: video.tags,
    status: video.status as UploadStatus,
    error: video.error,
    ...(await serializeVideoFile(deps, video, author ? displayName(author) : '')),
    transcript: serializeTranscript(video),
  };
}

function requireWriter(access: TeamAccess) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot change brand videos.');
}

/** The upload URLs of this video are recorded under this name. */
const uploadTarget = (access: TeamAccess, id: string): UploadTargetRef => ({ type: 'brand_video', id, teamId: access.team.id });

async function findOr404(deps: AppDeps, access: TeamAccess, id: string) {
  const found = await repo.findBrandVideo(deps.db, access.team.id, id);
  if (!found) throw notFound();
  return found;
}

/** Loads the video (404 for other teams) and only then checks the caller may change it. */
async function findForWrite(deps: AppDeps, access: TeamAccess, id: string) {
  const found = await findOr404(deps, access, id);
  requireWriter(access);
  return found;
}

function checkTagCount(tags: string[]) {
  if (tags.length > MAX_TAGS) throw fieldError({ tags: `A video can have at most ${MAX_TAGS} tags.` });
}

export interface BrandVideoListInput {
  kind?: string;
  tag: string[];
  status?: string;
  search?: string;
  ordering?: string;
}

export async function listBrandVideos(deps: AppDeps, access: TeamAccess, input: BrandVideoListInput, limit: number, offset: number) {
  const order = parseOrdering<(typeof BRAND_VIDEO_ORDERING)[number]>(input.ordering, BRAND_VIDEO_ORDERING, '-created_at');
  const filter = { kind: input.kind, status: input.status, tags: normalizeTags(input.tag), search: input.search?.trim() || undefined };
  const { count, rows } = await repo.listBrandVideos(deps.db, access.team.id, filter, order, limit, offset);
  return { count, rows: await Promise.all(rows.map((row) => serializeBrandVideo(deps, row))) };
}

export async function getBrandVideo(deps: AppDeps, access: TeamAccess, id: string) {
  return serializeBrandVideo(deps, await findOr404(deps, access, id));
}

export interface BrandVideoCreateInput {
  title?: string;
  filename: string;
  content_type: VideoContentType;
  size: number;
  kind: string;
  tags?: string[];
}

export async function createBrandVideo(deps: AppDeps, access: TeamAccess, user: Author, input: BrandVideoCreateInput) {
  requireWriter(access);
  checkUploadSize(deps, input.size);
  const tags = normalizeTags(input.tags ?? []);
  checkTagCount(tags);
  const title = input.title ?? deriveTitle(input.filename);
  // its declared size counts against the team's storage from now on (413 when it would not fit)
  const video = await withStorageReserved(deps, access.team.id, input.size, (tx) => repo.insertBrandVideo(tx, access.team.id, {
    id: randomUUID(),
    title: title.slice(0, 200),
    filename: input.filename,
    contentType: input.content_type,
    size: input.size,
    kind: input.kind,
    tags,
    status: 'pending_upload',
    // the key is made by the server; the user's file name is only ever shown, never stored as a path
    storageKey: objectKey(access.team.id, 'brand-videos', VIDEO_TYPES[input.content_type]),
    createdById: user.id,
  }));
  return serializeBrandVideo(deps, { video, author: user });
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
  if (found.video.status === 'ready') return serializeBrandVideo(deps, found);
  await assertStorageWithinQuota(deps, access.team.id, found.video.status === 'failed' ? found.video.size : 0);
  await confirmUploadedVideo(deps, uploadTarget(access, id), found.video, {
    claimForProcessing: (staleBefore) => repo.claimForProcessing(deps.db, access.team.id, id, staleBefore),
    update: (values) => repo.updateBrandVideo(deps.db, access.team.id, id, values),
  });
  return getBrandVideo(deps, access, id);
}

export async function updateBrandVideo(deps: AppDeps, access: TeamAccess, id: string, input: { title?: string; kind?: string; tags?: string[] }) {
  await findForWrite(deps, access, id);
  const tags = input.tags === undefined ? undefined : normalizeTags(input.tags);
  if (tags) checkTagCount(tags);
  await repo.updateBrandVideo(deps.db, access.team.id, id, { title: input.title, kind: input.kind, tags });
  return getBrandVideo(deps, access, id);
}

/** Deletes the video and its stored files; 409 with the list while a composite video uses it (a render of it would fail). */
export async function deleteBrandVideo(deps: AppDeps, access: TeamAccess, id: string) {
  const { video } = await findForWrite(deps, access, id);
  const users = await compositesUsingClip(deps, access.team.id, id);
  if (users.length > 0) {
    throw conflict(`This video is used by ${users.length} composite video${users.length === 1 ? '' : 's'}. Delete those first.`, {
      composite_videos: users,
    });
  }
  await repo.deleteBrandVideo(deps.db, access.team.id, id);
  await Promise.all([deps.storage.delete(video.storageKey), video.thumbnailKey ? deps.storage.delete(video.thumbnailKey) : undefined, discardUploads(deps, uploadTarget(access, id))]);
}

/** The team's clip as stored (its keys and probe data), or null: for copying it (a background made from it). */
export async function findBrandVideoRow(deps: AppDeps, access: TeamAccess, id: string): Promise<repo.BrandVideoRow | null> {
  return isUuid(id) ? ((await repo.findBrandVideo(deps.db, access.team.id, id))?.video ?? null) : null;
}

export interface RenderableBrandClip {
  id: string;
  title: string;
  kind: string;
  storageKey: string;
  duration: number;
  /** what the clip says (its transcript's words, in seconds from its start); none when not transcribed */
  words: SpeechWord[];
}

/** The team's ready clips among `ids`; the others (unknown, another team's, not ready) are listed apart. */
export async function findRenderableBrandVideos(deps: AppDeps, access: TeamAccess, ids: string[]): Promise<{ found: Map<string, RenderableBrandClip>; missing: string[] }> {
  const found = new Map<string, RenderableBrandClip>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    // a malformed id names nothing: no query (PostgreSQL would refuse it as a uuid)
    const row = isUuid(id) ? await repo.findBrandVideo(deps.db, access.team.id, id) : null;
    if (row && row.video.status === 'ready' && row.video.duration) {
      found.set(id, { id, title: row.video.title, kind: row.video.kind, storageKey: row.video.storageKey, duration: row.video.duration, words: transcriptWords(row.video) });
    } else missing.push(id);
  }
  return { found, missing };
}

export async function availableTags(deps: AppDeps, access: TeamAccess, kind?: string) {
  return repo.distinctTags(deps.db, access.team.id, kind);
}

/** Adds and removes tags on several videos; ids of other teams are ignored (and not counted). */
export async function bulkTag(deps: AppDeps, access: TeamAccess, input: { ids: string[]; add?: string[]; remove?: string[] }) {
  requireWriter(access);
  const add = normalizeTags(input.add ?? []);
  const remove = new Set(normalizeTags(input.remove ?? []));
  if (add.length === 0 && remove.size === 0) throw fieldError({ non_field_errors: 'Give tags to add or to remove.' });
  const current = await repo.findTagsOf(deps.db, access.team.id, [...new Set(input.ids)]);
  const changes = current.map((v) => ({ id: v.id, tags: normalizeTags([...v.tags.filter((t) => !remove.has(t)), ...add]) }));
  const tooMany = changes.find((c) => c.tags.length > MAX_TAGS);
  if (tooMany) throw fieldError({ add: `Video ${tooMany.id} would have more than ${MAX_TAGS} tags.` });
  await repo.setTags(deps.db, access.team.id, changes);
  return { updated: changes.length };
}
