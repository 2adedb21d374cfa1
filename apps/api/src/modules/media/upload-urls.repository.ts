import { and, eq, gte, isNull, ne } from 'drizzle-orm';
import { brandVideos, memberships, teams, textWallBackgroundVideos, uploadUrls, type Db } from '@hookwall/db';

export type UploadUrlRow = typeof uploadUrls.$inferSelect;

/** The tables whose rows take uploads, by the `target_type` their upload URLs name. */
const targetTables = { brand_video: brandVideos, background_video: textWallBackgroundVideos } as const;
export type UploadTargetType = keyof typeof targetTables;

export interface UploadTargetRef {
  type: UploadTargetType;
  id: string;
  teamId: number;
}

/** The statuses in which a video takes an upload (a failed one may be uploaded again). */
const UPLOADABLE = ['pending_upload', 'failed'];

/**
 * Hands out a new upload URL for a video: under a lock of the video's row (so a confirm or another
 * upload_url waits), checks it still takes an upload, closes its open URL and records the new one.
 * Returns the keys of the URLs it closed, or the status that forbids an upload (null: no such video).
 */
export async function openUploadUrl(
  db: Db,
  target: UploadTargetRef,
  values: { id: string; createdById: number; storageKey: string; expiresAt: Date },
): Promise<{ isOpened: true; replacedKeys: string[] } | { isOpened: false; status: string | null }> {
  const table = targetTables[target.type];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: table.status })
      .from(table)
      .where(and(eq(table.id, target.id), eq(table.teamId, target.teamId)))
      .for('update');
    if (!row || !UPLOADABLE.includes(row.status)) return { isOpened: false as const, status: row?.status ?? null };
    const replaced = await tx
      .update(uploadUrls)
      .set({ closedAt: new Date() })
      .where(and(eq(uploadUrls.targetType, target.type), eq(uploadUrls.targetId, target.id), isNull(uploadUrls.closedAt)))
      .returning({ storageKey: uploadUrls.storageKey });
    await tx.insert(uploadUrls).values({ ...values, teamId: target.teamId, targetType: target.type, targetId: target.id });
    return { isOpened: true as const, replacedKeys: replaced.map((r) => r.storageKey) };
  });
}

/** Whether the user may still change the team's videos (an admin of it; a deleted team has no members). */
async function isTeamWriter(db: Db, teamId: number, userId: number | null) {
  if (userId === null) return false;
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId), eq(memberships.role, 'admin')));
  return !!row;
}

/** The video's open upload URL, if its uploader may still change the team's videos; else null. */
export async function findOpenUploadUrl(db: Db, target: UploadTargetRef): Promise<UploadUrlRow | null> {
  const [row] = await db
    .select()
    .from(uploadUrls)
    .where(and(eq(uploadUrls.teamId, target.teamId), eq(uploadUrls.targetType, target.type), eq(uploadUrls.targetId, target.id), isNull(uploadUrls.closedAt)));
  if (!row || !(await isTeamWriter(db, row.teamId, row.createdById))) return null;
  return row;
}

export type UploadRefusal = 'unknown' | 'team_deleted' | 'deleted' | 'not_allowed' | 'replaced' | 'closed';

/** Why a PUT to this key must be refused, or null when its URL still counts. */
export async function findUploadRefusal(db: Db, storageKey: string): Promise<UploadRefusal | null> {
  const [url] = await db.select().from(uploadUrls).where(eq(uploadUrls.storageKey, storageKey));
  if (!url || !(url.targetType in targetTables)) return 'unknown';
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, url.teamId));
  if (!team) return 'team_deleted';
  const table = targetTables[url.targetType as UploadTargetType];
  const [video] = await db
    .select({ status: table.status })
    .from(table)
    .where(and(eq(table.id, url.targetId), eq(table.teamId, url.teamId)));
  if (!video) return 'deleted';
  if (!(await isTeamWriter(db, url.teamId, url.createdById))) return 'not_allowed';
  if (url.closedAt) {
    const [newer] = await db
      .select({ id: uploadUrls.id })
      .from(uploadUrls)
      .where(and(eq(uploadUrls.targetType, url.targetType), eq(uploadUrls.targetId, url.targetId), ne(uploadUrls.id, url.id), gte(uploadUrls.createdAt, url.createdAt)))
      .limit(1);
    return newer ? 'replaced' : 'closed';
  }
  if (!UPLOADABLE.includes(video.status)) return 'closed';
  return null;
}

/** Closes the video's open upload URL (confirming); returns the keys closed. */
export async function closeUploadUrls(db: Db, target: UploadTargetRef): Promise<string[]> {
  const rows = await db
    .update(uploadUrls)
    .set({ closedAt: new Date() })
    .where(and(eq(uploadUrls.teamId, target.teamId), eq(uploadUrls.targetType, target.type), eq(uploadUrls.targetId, target.id), isNull(uploadUrls.closedAt)))
    .returning({ storageKey: uploadUrls.storageKey });
  return rows.map((r) => r.storageKey);
}

/** The keys of every upload URL the video was given (a deleted video's uploads are removed with it). */
export async function uploadUrlKeys(db: Db, target: UploadTargetRef): Promise<string[]> {
  const rows = await db
    .select({ storageKey: uploadUrls.storageKey })
    .from(uploadUrls)
    .where(and(eq(uploadUrls.teamId, target.teamId), eq(uploadUrls.targetType, target.type), eq(uploadUrls.targetId, target.id)));
  return rows.map((r) => r.storageKey);
}
