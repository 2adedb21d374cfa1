import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { StoredMusic } from '@hookwall/db';
import { MUSIC_CANONICAL, probeStreams, sniffFile, transcodeMusic, UnreadableAudioError } from '@hookwall/media';
import { objectKey } from '@hookwall/storage';
import type { AppDeps } from '../../core/deps.ts';
import { AppError, fieldError, notFound, permissionDenied } from '../../core/errors.ts';
import { parseOrdering } from '../../core/pagination.ts';
import { isUuid } from '../../core/uuid.ts';
import { assertStorageWithinQuota, withStorageReserved } from '../quotas/quotas.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import type { ReceivedFile } from './music-upload.ts';
import * as repo from './music-tracks.repository.ts';
import { MAX_MUSIC_SECONDS, MIN_MUSIC_SECONDS, MUSIC_TRACK_ORDERING } from './music-tracks.schemas.ts';

/**
 * A team's music tracks (docs/media.md, Music tracks): uploaded through the API (they are small),
 * checked from their bytes, and kept only as a canonical copy that every render mixes the same way.
 */

export type MusicTrack = repo.MusicTrackRow;

const FORMATS = 'MP3, M4A, WAV, OGG or FLAC';
export const MUSIC_MESSAGES = {
  video: `This is a video; upload an audio track (${FORMATS}).`,
  empty: 'The file is empty. Upload an audio track.',
  playlist: `This is a playlist, which only lists other files. Upload the audio file itself (${FORMATS}).`,
  concat: `This is a list of other files (an ffconcat list), not audio. Upload the audio file itself (${FORMATS}).`,
  text: `This is a text file, not audio. Upload an audio track (${FORMATS}).`,
  image: `This is an image, not audio. Upload an audio track (${FORMATS}).`,
  unknown: `This file is not audio we can read. Upload an audio track (${FORMATS}).`,
  format: `This format is not supported. Upload an audio track (${FORMATS}).`,
  tooShort: (seconds: number) => `This track lasts ${seconds.toFixed(1)} s; a track must last at least ${MIN_MUSIC_SECONDS} second.`,
  tooLong: (seconds: number) => `This track lasts ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s; a track may last at most ${MAX_MUSIC_SECONDS / 60} minutes.`,
} as const;

const refuse = (message: string) => fieldError({ file: message });

export async function serializeMusicTrack(deps: AppDeps, row: MusicTrack) {
  return {
    id: row.id,
    name: row.name,
    duration_seconds: row.durationSeconds,
    audio_url: await deps.storage.getUrl(row.storageKey, { filename: `${row.name}.${MUSIC_CANONICAL.extension}`, contentType: MUSIC_CANONICAL.contentType }),
    size_bytes: row.size,
    created_at: row.createdAt.toISOString(),
  };
}

/** Tracks are the team's media: read-only members listen, admins upload, rename and delete. */
export function assertCanWrite(access: TeamAccess) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot change music tracks.');
}

async function findOr404(deps: AppDeps, access: TeamAccess, id: string) {
  const row = await repo.findMusicTrack(deps.db, access.team.id, id);
  if (!row) throw notFound();
  return row;
}

export async function listMusicTracks(deps: AppDeps, access: TeamAccess, query: { search?: string; ordering?: string }, limit: number, offset: number) {
  const order = parseOrdering<(typeof MUSIC_TRACK_ORDERING)[number]>(query.ordering, MUSIC_TRACK_ORDERING, '-created_at');
  const { count, rows } = await repo.listMusicTracks(deps.db, access.team.id, query.search?.trim() || undefined, order, limit, offset);
  return { count, rows: await Promise.all(rows.map((row) => serializeMusicTrack(deps, row))) };
}

export async function getMusicTrack(deps: AppDeps, access: TeamAccess, id: string) {
  return serializeMusicTrack(deps, await findOr404(deps, access, id));
}

/**
 * Before the upload's body is read: the caller may upload (403) and the team's storage is not full
 * already (413), so a refused upload costs nothing.
 */
export async function assertCanUpload(deps: AppDeps, access: TeamAccess) {
  assertCanWrite(access);
  await assertStorageWithinQuota(deps, access.team.id);
}

/**
 * Makes a track of an uploaded file: what it is is told from its bytes (a playlist, a list of files,
 * text, an image or a video is refused, each with its reason, on `file`), then ffprobe reads it with
 * the demuxer of that format forced, and its length must be 1 s to 10 minutes. The canonical copy
 * (transcodeMusic) is what is stored and counted against the team's storage (413 when it does not
 * fit); the upload itself is never kept.
 */
export async function createMusicTrack(deps: AppDeps, access: TeamAccess, userId: number, file: ReceivedFile, name: string | undefined) {
  assertCanWrite(access);
  const paths = { ffmpegPath: deps.config.FFMPEG_PATH, ffprobePath: deps.config.FFPROBE_PATH };
  const sniffed = sniffFile(file.head);
  if (sniffed.kind === 'refused') throw refuse(MUSIC_MESSAGES[sniffed.reason]);
  const probed = await probeStreams(file.path, paths, sniffed.contentType).catch((error: unknown) => {
    if (error instanceof UnreadableAudioError) throw refuse(MUSIC_MESSAGES.unknown);
    throw error;
  });
  if (probed.hasVideo) throw refuse(MUSIC_MESSAGES.video);
  if (sniffed.kind === 'container') throw refuse(MUSIC_MESSAGES.format);
  if (!probed.hasAudio) throw refuse(MUSIC_MESSAGES.unknown);
  checkLength(probed.durationSeconds);

  const out = join(file.path, '..', `canonical.${MUSIC_CANONICAL.extension}`);
  try {
    await transcodeMusic(file.path, sniffed.contentType, out, { ...paths, maxSeconds: MAX_MUSIC_SECONDS + 1 });
  } catch {
    // a file whose header reads but whose audio does not decode
    throw refuse(MUSIC_MESSAGES.unknown);
  }
  // the copy's own length (ffmpeg wrote it: it is what every render plays), checked again
  const canonical = await probeStreams(out, paths, MUSIC_CANONICAL.contentType).catch(() => null);
  if (!canonical?.hasAudio) throw refuse(MUSIC_MESSAGES.unknown);
  checkLength(canonical.durationSeconds);
  // at most 10 minutes at 128 kb/s: about 10 MB
  const bytes = await readFile(out);
  const size = bytes.length;

  const id = randomUUID();
  // under the team's folder: deleting the team deletes it
  const key = objectKey(access.team.id, 'music', MUSIC_CANONICAL.extension);
  await deps.storage.write(key, bytes, { contentType: MUSIC_CANONICAL.contentType });
  try {
    const row = await withStorageReserved(deps, access.team.id, size, (tx) =>
      repo.insertMusicTrack(tx, access.team.id, {
        id,
        name: (name ?? trackNameOf(file.filename)).slice(0, 200),
        filename: file.filename,
        storageKey: key,
        size,
        durationSeconds: Math.round(canonical.durationSeconds * 1000) / 1000,
        createdById: userId,
      }),
    );
    return serializeMusicTrack(deps, row);
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

function checkLength(seconds: number) {
  if (!(seconds > 0)) throw refuse(MUSIC_MESSAGES.unknown);
  if (seconds < MIN_MUSIC_SECONDS) throw refuse(MUSIC_MESSAGES.tooShort(seconds));
  if (seconds > MAX_MUSIC_SECONDS) throw refuse(MUSIC_MESSAGES.tooLong(seconds));
}

/** The name a track gets when none is given: its file's name without the extension. */
export function trackNameOf(filename: string): string {
  return filename.replace(/\.[^.]+$/, '').trim() || filename;
}

export async function renameMusicTrack(deps: AppDeps, access: TeamAccess, id: string, name: string | undefined) {
  const row = await findOr404(deps, access, id);
  assertCanWrite(access);
  if (name === undefined || name === row.name) return serializeMusicTrack(deps, row);
  const renamed = await repo.renameMusicTrack(deps.db, access.team.id, id, name);
  if (!renamed) throw notFound();
  return serializeMusicTrack(deps, renamed);
}

/**
 * Deletes the track and its file. Videos that use it keep naming it: their next render fails with
 * the reason ("The music track of this video was deleted."), as with a deleted clip. Of two
 * deletes at once, one deletes and the other gets the 404.
 */
export async function deleteMusicTrack(deps: AppDeps, access: TeamAccess, id: string) {
  await findOr404(deps, access, id);
  assertCanWrite(access);
  const row = await repo.deleteMusicTrack(deps.db, access.team.id, id);
  if (!row) throw notFound();
  await deps.storage.delete(row.storageKey).catch(() => undefined);
}

/** A track as a video's render reads it. */
export interface RenderableTrack {
  id: string;
  storageKey: string;
  durationSeconds: number;
}

/** The team's tracks among `ids` (an unknown, malformed or another team's id is simply not in the map). */
export async function findRenderableTracks(deps: AppDeps, teamId: number, ids: string[]): Promise<Map<string, RenderableTrack>> {
  const valid = [...new Set(ids)].filter(isUuid);
  const rows = await repo.findMusicTracks(deps.db, teamId, valid);
  return new Map(rows.map((r) => [r.id, { id: r.id, storageKey: r.storageKey, durationSeconds: r.durationSeconds }]));
}

/** A video's music as stored on its row (text_wall_videos.music, composite_videos.music). */
export type { StoredMusic };

/**
 * The music a video asks for, checked: one of the team's tracks (a 404 for an unknown track or
 * another team's, as for a voice), with the volume the schema already bounded. Answers what the
 * video stores and the track its render reads.
 */
export async function musicOr404(deps: AppDeps, teamId: number, input: { track_id: string; volume: number }): Promise<{ stored: StoredMusic; track: RenderableTrack }> {
  const track = (await findRenderableTracks(deps, teamId, [input.track_id])).get(input.track_id);
  if (!track) throw new AppError('not_found', 'This music track does not exist in your team.');
  return { stored: { track_id: track.id, volume: input.volume }, track };
}

/** A stored `music` value read back (null for none, or for a value this version does not know). */
export function storedMusic(value: unknown): StoredMusic | null {
  if (!value || typeof value !== 'object') return null;
  const { track_id, volume } = value as Record<string, unknown>;
  return typeof track_id === 'string' && typeof volume === 'number' ? { track_id, volume } : null;
}

/** The tracks a video's stored music names now (a deleted one is absent: its render fails with the reason). */
export async function tracksOf(deps: AppDeps, teamId: number, music: (StoredMusic | null)[]): Promise<Map<string, RenderableTrack>> {
  const ids = music.flatMap((m) => (m ? [m.track_id] : []));
  return ids.length ? findRenderableTracks(deps, teamId, ids) : new Map();
}
