import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { musicTracks, type Db } from '@hookwall/db';

/** the database, or a transaction of it (a track's row is inserted under the team's storage lock) */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export type MusicTrackRow = typeof musicTracks.$inferSelect;
export type MusicTrackInsert = Omit<typeof musicTracks.$inferInsert, 'teamId'>;

const orderColumns = {
  name: sql`lower(${musicTracks.name})`,
  created_at: musicTracks.createdAt,
  duration_seconds: musicTracks.durationSeconds,
} as const;
export type MusicTrackOrderField = keyof typeof orderColumns;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(teamId: number, search?: string): SQL {
  return and(eq(musicTracks.teamId, teamId), search ? ilike(musicTracks.name, likePattern(search)) : undefined)!;
}

export async function listMusicTracks(db: Db, teamId: number, search: string | undefined, order: { field: MusicTrackOrderField; isDescending: boolean }, limit: number, offset: number) {
  const condition = where(teamId, search);
  const [{ total }] = await db.select({ total: count() }).from(musicTracks).where(condition);
  const direction = order.isDescending ? desc : asc;
  const rows = await db.select().from(musicTracks).where(condition).orderBy(direction(orderColumns[order.field]), direction(musicTracks.id)).limit(limit).offset(offset);
  return { count: Number(total), rows };
}

export async function findMusicTrack(db: Db, teamId: number, id: string): Promise<MusicTrackRow | null> {
  const [row] = await db.select().from(musicTracks).where(and(eq(musicTracks.teamId, teamId), eq(musicTracks.id, id)));
  return row ?? null;
}

/** The team's tracks among `ids` (the others, unknown or another team's, are simply not there). */
export async function findMusicTracks(db: Db, teamId: number, ids: string[]): Promise<MusicTrackRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(musicTracks).where(and(eq(musicTracks.teamId, teamId), inArray(musicTracks.id, ids)));
}

export async function insertMusicTrack(db: Executor, teamId: number, values: MusicTrackInsert): Promise<MusicTrackRow> {
  const [row] = await db.insert(musicTracks).values({ ...values, teamId }).returning();
  return row!;
}

export async function renameMusicTrack(db: Db, teamId: number, id: string, name: string): Promise<MusicTrackRow | null> {
  const [row] = await db
    .update(musicTracks)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(musicTracks.teamId, teamId), eq(musicTracks.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the track; the row deleted (its file is the caller's), or null when another request deleted it first. */
export async function deleteMusicTrack(db: Db, teamId: number, id: string): Promise<MusicTrackRow | null> {
  const [row] = await db.delete(musicTracks).where(and(eq(musicTracks.teamId, teamId), eq(musicTracks.id, id))).returning();
  return row ?? null;
}
