import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { brandFonts, brandKits, brandVideos, compositeVideos, executeRows, musicTracks, renderJobs, speechAssets, teams, textWallBackgroundVideos, textWallVideos, type Db } from '@hookwall/db';

export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export function inTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/**
 * Takes the team's quota lock until the transaction ends: the team's row, `FOR NO KEY UPDATE`.
 * Two transactions that check and then add to the same team's use thus run one after the other,
 * and the second counts what the first added. It does not wait for inserts elsewhere that only
 * reference the team (those take `FOR KEY SHARE`). False when the team is gone.
 */
export async function lockTeam(tx: Executor, teamId: number): Promise<boolean> {
  const rows = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
  return rows.length > 0;
}

/** The team's renders that have not finished (queued or rendering): how many, and their length in seconds. */
export async function openRenders(db: Executor, teamId: number): Promise<{ renders: number; seconds: number }> {
  const [row] = await db
    .select({
      renders: sql<number>`count(*)::int`.mapWith(Number),
      seconds: sql<number>`coalesce(sum(${renderJobs.durationSeconds}), 0)::float8`.mapWith(Number),
    })
    .from(renderJobs)
    .where(and(eq(renderJobs.teamId, teamId), inArray(renderJobs.status, ['queued', 'rendering'])));
  return { renders: row?.renders ?? 0, seconds: row?.seconds ?? 0 };
}

/**
 * A render job whose video still exists: only those count, since deleting a video deletes the
 * files of all its renders (and a job of a video deleted before that was so has nobody to delete it).
 */
const ofExistingVideo = sql`(
  (${renderJobs.targetType} = 'text_wall_video' and exists (select 1 from ${textWallVideos} where ${textWallVideos.id} = ${renderJobs.targetId} and ${textWallVideos.teamId} = ${renderJobs.teamId}))
  or (${renderJobs.targetType} = 'composite_video' and exists (select 1 from ${compositeVideos} where ${compositeVideos.id} = ${renderJobs.targetId} and ${compositeVideos.teamId} = ${renderJobs.teamId}))
)`;

/**
 * The bytes the team stores, from the sizes the database holds: its uploaded clips (brand and
 * background videos, at their declared size from the moment the upload is created, until it
 * fails, when the file is deleted), its rendered videos with their thumbnails (once measured), its
 * stored speech, its brand fonts (with their previews) and kit logos, and its music tracks (their
 * canonical copies).
 */
export async function storedBytes(db: Executor, teamId: number): Promise<number> {
  const [row] = await executeRows<{ bytes: number | string }>(
    db,
    sql`select (
      (select coalesce(sum(${brandVideos.size}), 0) from ${brandVideos} where ${brandVideos.teamId} = ${teamId} and ${brandVideos.status} <> 'failed')
      + (select coalesce(sum(${textWallBackgroundVideos.size}), 0) from ${textWallBackgroundVideos} where ${textWallBackgroundVideos.teamId} = ${teamId} and ${textWallBackgroundVideos.status} <> 'failed')
      + (select coalesce(sum(${renderJobs.outputBytes}), 0) from ${renderJobs} where ${renderJobs.teamId} = ${teamId} and ${renderJobs.outputKey} is not null and ${ofExistingVideo})
      + (select coalesce(sum(${speechAssets.size}), 0) from ${speechAssets} where ${speechAssets.teamId} = ${teamId})
      + (select coalesce(sum(${brandFonts.size}), 0) from ${brandFonts} where ${brandFonts.teamId} = ${teamId})
      + (select coalesce(sum(${brandKits.logoSize}), 0) from ${brandKits} where ${brandKits.teamId} = ${teamId})
      + (select coalesce(sum(${musicTracks.size}), 0) from ${musicTracks} where ${musicTracks.teamId} = ${teamId})
    )::float8 as bytes`,
  );
  return Number(row?.bytes ?? 0);
}

/** Finished renders whose files the database has no size for yet (at most `limit`). */
export async function unmeasuredOutputs(db: Executor, teamId: number, limit: number) {
  return db
    .select({ id: renderJobs.id, outputKey: renderJobs.outputKey, thumbnailKey: renderJobs.thumbnailKey })
    .from(renderJobs)
    .where(and(eq(renderJobs.teamId, teamId), isNotNull(renderJobs.outputKey), isNull(renderJobs.outputBytes), ofExistingVideo))
    .limit(limit);
}

/** Records a render's size, unless its files changed meanwhile (then it is measured again next time). */
export async function recordOutputBytes(db: Executor, teamId: number, id: string, outputKey: string, bytes: number) {
  await db
    .update(renderJobs)
    .set({ outputBytes: bytes })
    .where(and(eq(renderJobs.teamId, teamId), eq(renderJobs.id, id), eq(renderJobs.outputKey, outputKey), isNull(renderJobs.outputBytes)));
}
