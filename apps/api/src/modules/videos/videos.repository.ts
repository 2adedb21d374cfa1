import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { bulkJobs, compositeVideos, insertMany, renderJobs, textWallVideos, type Db } from '@hookwall/db';

export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export type TextWallRow = typeof textWallVideos.$inferSelect;
export type CompositeRow = typeof compositeVideos.$inferSelect;
export type BulkJobRow = typeof bulkJobs.$inferSelect;
export type RenderJobRow = typeof renderJobs.$inferSelect;

export function inTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** a video's status is its latest render job's, 'draft' without one */
const statusOf = (renderJobId: typeof textWallVideos.renderJobId | typeof compositeVideos.renderJobId) =>
  sql<string>`coalesce((select ${renderJobs.status} from ${renderJobs} where ${renderJobs.id} = ${renderJobId}), 'draft')`;

// ---- text walls ----

export interface VideoFilter {
  status?: string[];
  bulkJobId?: string;
  search?: string;
}

function textWallWhere(teamId: number, filter: VideoFilter): SQL {
  const parts: SQL[] = [eq(textWallVideos.teamId, teamId)];
  if (filter.bulkJobId) parts.push(eq(textWallVideos.bulkJobId, filter.bulkJobId));
  if (filter.search) parts.push(ilike(textWallVideos.text, likePattern(filter.search)));
  if (filter.status?.length) parts.push(inArray(statusOf(textWallVideos.renderJobId), filter.status));
  return and(...parts)!;
}

export async function listTextWalls(db: Db, teamId: number, filter: VideoFilter, limit: number, offset: number) {
  const condition = textWallWhere(teamId, filter);
  const [{ total }] = await db.select({ total: count() }).from(textWallVideos).where(condition);
  const rows = await db
    .select({ video: textWallVideos, job: renderJobs })
    .from(textWallVideos)
    .leftJoin(renderJobs, eq(renderJobs.id, textWallVideos.renderJobId))
    .where(condition)
    .orderBy(desc(textWallVideos.createdAt), desc(textWallVideos.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

export async function findTextWall(db: Executor, teamId: number, id: string) {
  const [row] = await db
    .select({ video: textWallVideos, job: renderJobs })
    .from(textWallVideos)
    .leftJoin(renderJobs, eq(renderJobs.id, textWallVideos.renderJobId))
    .where(and(eq(textWallVideos.teamId, teamId), eq(textWallVideos.id, id)));
  return row ?? null;
}

/** Inserts the videos in one statement (`insertMany`); the caller already holds their values. */
export async function insertTextWalls(tx: Executor, teamId: number, values: Omit<typeof textWallVideos.$inferInsert, 'teamId'>[]): Promise<void> {
  await insertMany(tx, textWallVideos, values.map((v) => ({ ...v, teamId })));
}

export async function updateTextWall(tx: Executor, teamId: number, id: string, values: Partial<typeof textWallVideos.$inferInsert>) {
  const [row] = await tx
    .update(textWallVideos)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(textWallVideos.teamId, teamId), eq(textWallVideos.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTextWall(tx: Executor, teamId: number, id: string) {
  await tx.delete(textWallVideos).where(and(eq(textWallVideos.teamId, teamId), eq(textWallVideos.id, id)));
}

/** Sets the latest render only if it is still the one the caller saw: two concurrent clicks make one render. */
export async function swapTextWallRender(tx: Executor, teamId: number, id: string, expected: string | null, next: string) {
  const [row] = await tx
    .update(textWallVideos)
    .set({ renderJobId: next, updatedAt: new Date() })
    .where(
      and(
        eq(textWallVideos.teamId, teamId),
        eq(textWallVideos.id, id),
        expected ? eq(textWallVideos.renderJobId, expected) : sql`${textWallVideos.renderJobId} is null`,
      ),
    )
    .returning();
  return row ?? null;
}

// ---- composites ----

function compositeWhere(teamId: number, filter: VideoFilter): SQL {
  const parts: SQL[] = [eq(compositeVideos.teamId, teamId)];
  if (filter.bulkJobId) parts.push(eq(compositeVideos.bulkJobId, filter.bulkJobId));
  if (filter.search) parts.push(ilike(compositeVideos.name, likePattern(filter.search)));
  if (filter.status?.length) parts.push(inArray(statusOf(compositeVideos.renderJobId), filter.status));
  return and(...parts)!;
}

export async function listComposites(db: Db, teamId: number, filter: VideoFilter, limit: number, offset: number) {
  const condition = compositeWhere(teamId, filter);
  const [{ total }] = await db.select({ total: count() }).from(compositeVideos).where(condition);
  const rows = await db
    .select({ video: compositeVideos, job: renderJobs })
    .from(compositeVideos)
    .leftJoin(renderJobs, eq(renderJobs.id, compositeVideos.renderJobId))
    .where(condition)
    .orderBy(desc(compositeVideos.createdAt), desc(compositeVideos.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

export async function findComposite(db: Executor, teamId: number, id: string) {
  const [row] = await db
    .select({ video: compositeVideos, job: renderJobs })
    .from(compositeVideos)
    .leftJoin(renderJobs, eq(renderJobs.id, compositeVideos.renderJobId))
    .where(and(eq(compositeVideos.teamId, teamId), eq(compositeVideos.id, id)));
  return row ?? null;
}

/** Inserts the videos in one statement (`insertMany`); the caller already holds their values. */
export async function insertComposites(tx: Executor, teamId: number, values: Omit<typeof compositeVideos.$inferInsert, 'teamId'>[]): Promise<void> {
  await insertMany(tx, compositeVideos, values.map((v) => ({ ...v, teamId })));
}

export async function updateComposite(tx: Executor, teamId: number, id: string, values: Partial<typeof compositeVideos.$inferInsert>) {
  const [row] = await tx
    .update(compositeVideos)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(compositeVideos.teamId, teamId), eq(compositeVideos.id, id)))
    .returning();
  return row ?? null;
}

export async function swapCompositeRender(tx: Executor, teamId: number, id: string, expected: string | null, next: string) {
  const [row] = await tx
    .update(compositeVideos)
    .set({ renderJobId: next, updatedAt: new Date() })
    .where(
      and(
        eq(compositeVideos.teamId, teamId),
        eq(compositeVideos.id, id),
        expected ? eq(compositeVideos.renderJobId, expected) : sql`${compositeVideos.renderJobId} is null`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteComposite(tx: Executor, teamId: number, id: string) {
  await tx.delete(compositeVideos).where(and(eq(compositeVideos.teamId, teamId), eq(compositeVideos.id, id)));
}

/** The composites of a team that use a brand video (as hook or demo). */
export async function compositesUsingClip(db: Db, teamId: number, videoId: string) {
  return db
    .select({ id: compositeVideos.id, name: compositeVideos.name })
    .from(compositeVideos)
    .where(and(eq(compositeVideos.teamId, teamId), or(eq(compositeVideos.hookVideoId, videoId), eq(compositeVideos.productDemoVideoId, videoId))))
    .limit(50);
}

// ---- bulk jobs ----

export async function insertBulkJob(tx: Executor, teamId: number, values: { id: string; kind: string; total: number; createdById: number }): Promise<void> {
  await tx.insert(bulkJobs).values({ ...values, teamId });
}

export async function findBulkJob(db: Db, teamId: number, id: string) {
  const [row] = await db.select().from(bulkJobs).where(and(eq(bulkJobs.teamId, teamId), eq(bulkJobs.id, id)));
  return row ?? null;
}

/** Every video of a bulk job with its latest render's status and error, in creation order. */
export async function bulkJobVideos(db: Db, teamId: number, bulkJobId: string) {
  const walls = await db
    .select({ id: textWallVideos.id, status: renderJobs.status, error: renderJobs.error, createdAt: textWallVideos.createdAt })
    .from(textWallVideos)
    .leftJoin(renderJobs, eq(renderJobs.id, textWallVideos.renderJobId))
    .where(and(eq(textWallVideos.teamId, teamId), eq(textWallVideos.bulkJobId, bulkJobId)));
  const composites = await db
    .select({ id: compositeVideos.id, status: renderJobs.status, error: renderJobs.error, createdAt: compositeVideos.createdAt })
    .from(compositeVideos)
    .leftJoin(renderJobs, eq(renderJobs.id, compositeVideos.renderJobId))
    .where(and(eq(compositeVideos.teamId, teamId), eq(compositeVideos.bulkJobId, bulkJobId)));
  return [...walls, ...composites].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}
