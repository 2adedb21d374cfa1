import { and, arrayContains, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { brandVideos, executeRows, users, type BrandVideoTranscript, type Db } from '@hookwall/db';

/** the database, or a transaction of it (an upload's row is inserted under the team's storage lock) */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export type BrandVideoRow = typeof brandVideos.$inferSelect;
export type BrandVideoInsert = Omit<typeof brandVideos.$inferInsert, 'teamId'>;
export type BrandVideoWithAuthor = { video: BrandVideoRow; author: typeof users.$inferSelect | null };

export interface BrandVideoFilter {
  kind?: string;
  tags: string[];
  status?: string;
  search?: string;
}

const orderColumns = {
  title: sql`lower(${brandVideos.title})`,
  created_at: brandVideos.createdAt,
  updated_at: brandVideos.updatedAt,
  duration: brandVideos.duration,
  size: brandVideos.size,
} as const;
export type BrandVideoOrderField = keyof typeof orderColumns;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(teamId: number, filter: BrandVideoFilter): SQL {
  const parts: SQL[] = [eq(brandVideos.teamId, teamId)];
  if (filter.kind) parts.push(eq(brandVideos.kind, filter.kind));
  if (filter.status) parts.push(eq(brandVideos.status, filter.status));
  if (filter.tags.length > 0) parts.push(arrayContains(brandVideos.tags, filter.tags));
  if (filter.search) parts.push(or(ilike(brandVideos.title, likePattern(filter.search)), ilike(brandVideos.filename, likePattern(filter.search)))!);
  return and(...parts)!;
}

export async function listBrandVideos(db: Db, teamId: number, filter: BrandVideoFilter, order: { field: BrandVideoOrderField; isDescending: boolean }, limit: number, offset: number) {
  const condition = where(teamId, filter);
  const [{ total }] = await db.select({ total: count() }).from(brandVideos).where(condition);
  const direction = order.isDescending ? desc : asc;
  const rows = await db
    .select({ video: brandVideos, author: users })
    .from(brandVideos)
    .leftJoin(users, eq(users.id, brandVideos.createdById))
    .where(condition)
    .orderBy(direction(orderColumns[order.field]), direction(brandVideos.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

export async function findBrandVideo(db: Db, teamId: number, id: string): Promise<BrandVideoWithAuthor | null> {
  const rows = await db
    .select({ video: brandVideos, author: users })
    .from(brandVideos)
    .leftJoin(users, eq(users.id, brandVideos.createdById))
    .where(and(eq(brandVideos.teamId, teamId), eq(brandVideos.id, id)));
  return rows[0] ?? null;
}

export async function insertBrandVideo(db: Executor, teamId: number, values: BrandVideoInsert) {
  const [row] = await db.insert(brandVideos).values({ ...values, teamId }).returning();
  return row!;
}

export async function updateBrandVideo(db: Db, teamId: number, id: string, values: Partial<BrandVideoInsert>) {
  const [row] = await db
    .update(brandVideos)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(brandVideos.teamId, teamId), eq(brandVideos.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Stores a clip's transcript, unless another one was stored since `prior` (the transcribed_at the
 * caller read: null when it had none), or the clip is gone. Returns the row, or null when not stored.
 */
export async function storeTranscript(db: Db, teamId: number, id: string, transcript: BrandVideoTranscript, prior: Date | null) {
  // a JavaScript date (milliseconds), so the next caller's `prior` compares equal to what is stored
  const now = new Date();
  const [row] = await db
    .update(brandVideos)
    .set({ transcript, transcribedAt: now, updatedAt: now })
    .where(and(eq(brandVideos.teamId, teamId), eq(brandVideos.id, id), prior ? eq(brandVideos.transcribedAt, prior) : isNull(brandVideos.transcribedAt)))
    .returning();
  return row ?? null;
}

/**
 * Moves a video to `processing` unless another request already does it; a `processing` row older
 * than `staleBefore` (its process died) may be taken over. Returns null when not claimed.
 */
export async function claimForProcessing(db: Db, teamId: number, id: string, staleBefore: Date) {
  const [row] = await db
    .update(brandVideos)
    .set({ status: 'processing', error: null, updatedAt: new Date() })
    .where(
      and(
        eq(brandVideos.teamId, teamId),
        eq(brandVideos.id, id),
        or(inArray(brandVideos.status, ['pending_upload', 'failed']), and(eq(brandVideos.status, 'processing'), lt(brandVideos.updatedAt, staleBefore))),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteBrandVideo(db: Db, teamId: number, id: string): Promise<boolean> {
  const rows = await db.delete(brandVideos).where(and(eq(brandVideos.teamId, teamId), eq(brandVideos.id, id))).returning({ id: brandVideos.id });
  return rows.length > 0;
}

export async function distinctTags(db: Db, teamId: number, kind?: string): Promise<string[]> {
  const ofKind = kind ? sql` AND ${brandVideos.kind} = ${kind}` : sql``;
  const rows = await executeRows<{ tag: string }>(db, sql`SELECT DISTINCT unnest(${brandVideos.tags}) AS tag FROM ${brandVideos} WHERE ${brandVideos.teamId} = ${teamId}${ofKind} ORDER BY 1`);
  return rows.map((r) => r.tag);
}

export async function findTagsOf(db: Db, teamId: number, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: brandVideos.id, tags: brandVideos.tags }).from(brandVideos).where(and(eq(brandVideos.teamId, teamId), inArray(brandVideos.id, ids)));
}

/** Sets the tags of several videos of the team in one transaction. */
export async function setTags(db: Db, teamId: number, changes: { id: string; tags: string[] }[]) {
  await db.transaction(async (tx) => {
    for (const change of changes) {
      await tx
        .update(brandVideos)
        .set({ tags: change.tags, updatedAt: new Date() })
        .where(and(eq(brandVideos.teamId, teamId), eq(brandVideos.id, change.id)));
    }
  });
}
