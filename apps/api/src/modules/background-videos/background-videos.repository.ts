import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { renderChunks, renderJobs, textWallBackgroundVideos as backgrounds, users, type Db } from '@hookwall/db';

/** the database, or a transaction of it (an upload's row is inserted under the team's storage lock) */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export type BackgroundRow = typeof backgrounds.$inferSelect;
export type BackgroundInsert = Omit<typeof backgrounds.$inferInsert, 'teamId' | 'isBuiltin' | 'builtinSlug' | 'sourceBrandVideoId'>;
export type BackgroundWithAuthor = { video: BackgroundRow; author: typeof users.$inferSelect | null };

const orderColumns = {
  name: sql`lower(${backgrounds.name})`,
  created_at: backgrounds.createdAt,
  updated_at: backgrounds.updatedAt,
  duration: backgrounds.duration,
} as const;
export type BackgroundOrderField = keyof typeof orderColumns;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a team sees: its own uploads and the built-in set. */
const visibleTo = (teamId: number) => or(eq(backgrounds.teamId, teamId), and(isNull(backgrounds.teamId), eq(backgrounds.isBuiltin, true)))!;

export interface BackgroundFilter {
  search?: string;
  isBuiltin?: boolean;
  status?: string;
}

export async function listBackgrounds(db: Db, teamId: number, filter: BackgroundFilter, order: { field: BackgroundOrderField; isDescending: boolean } | null, limit: number, offset: number) {
  const parts: SQL[] = [visibleTo(teamId)];
  if (filter.search) parts.push(ilike(backgrounds.name, likePattern(filter.search)));
  if (filter.isBuiltin !== undefined) parts.push(eq(backgrounds.isBuiltin, filter.isBuiltin));
  if (filter.status) parts.push(eq(backgrounds.status, filter.status));
  const condition = and(...parts)!;
  const [{ total }] = await db.select({ total: count() }).from(backgrounds).where(condition);
  const orderBy = order
    ? [(order.isDescending ? desc : asc)(orderColumns[order.field]), (order.isDescending ? desc : asc)(backgrounds.id)]
    : [desc(backgrounds.isBuiltin), asc(backgrounds.builtinSlug), desc(backgrounds.createdAt), desc(backgrounds.id)];
  const rows = await db
    .select({ video: backgrounds, author: users })
    .from(backgrounds)
    .leftJoin(users, eq(users.id, backgrounds.createdById))
    .where(condition)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

/** A background the team can see (its own or built-in), or null. */
export async function findVisibleBackground(db: Db, teamId: number, id: string): Promise<BackgroundWithAuthor | null> {
  const rows = await db
    .select({ video: backgrounds, author: users })
    .from(backgrounds)
    .leftJoin(users, eq(users.id, backgrounds.createdById))
    .where(and(visibleTo(teamId), eq(backgrounds.id, id)));
  return rows[0] ?? null;
}

export async function insertBackground(db: Executor, teamId: number, values: BackgroundInsert) {
  const [row] = await db.insert(backgrounds).values({ ...values, teamId, isBuiltin: false }).returning();
  return row!;
}

/** The team's background copied from this brand video, or null. */
export async function findBySourceBrandVideo(db: Db, teamId: number, brandVideoId: string): Promise<BackgroundWithAuthor | null> {
  const rows = await db
    .select({ video: backgrounds, author: users })
    .from(backgrounds)
    .leftJoin(users, eq(users.id, backgrounds.createdById))
    .where(and(eq(backgrounds.teamId, teamId), eq(backgrounds.sourceBrandVideoId, brandVideoId)));
  return rows[0] ?? null;
}

/** The background made from a brand video; null when the clip already has one (a concurrent call made it). */
export async function insertBackgroundFromBrandVideo(db: Executor, teamId: number, brandVideoId: string, values: BackgroundInsert) {
  const [row] = await db
    .insert(backgrounds)
    .values({ ...values, teamId, isBuiltin: false, sourceBrandVideoId: brandVideoId })
    .onConflictDoNothing({ target: backgrounds.sourceBrandVideoId })
    .returning();
  return row ?? null;
}

/** Changes one of the team's own backgrounds (never a built-in one: those have no team). */
export async function updateBackground(db: Db, teamId: number, id: string, values: Partial<BackgroundInsert>) {
  const [row] = await db
    .update(backgrounds)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(backgrounds.teamId, teamId), eq(backgrounds.id, id)))
    .returning();
  return row ?? null;
}

export async function claimForProcessing(db: Db, teamId: number, id: string, staleBefore: Date) {
  const [row] = await db
    .update(backgrounds)
    .set({ status: 'processing', error: null, updatedAt: new Date() })
    .where(
      and(
        eq(backgrounds.teamId, teamId),
        eq(backgrounds.id, id),
        or(inArray(backgrounds.status, ['pending_upload', 'failed']), and(eq(backgrounds.status, 'processing'), lt(backgrounds.updatedAt, staleBefore))),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteBackground(db: Db, teamId: number, id: string): Promise<boolean> {
  const rows = await db.delete(backgrounds).where(and(eq(backgrounds.teamId, teamId), eq(backgrounds.id, id))).returning({ id: backgrounds.id });
  return rows.length > 0;
}

// ---- the built-in set (no team) ----

export async function findBuiltins(db: Db) {
  return db.select().from(backgrounds).where(and(isNull(backgrounds.teamId), eq(backgrounds.isBuiltin, true)));
}

/**
 * Claims the generation of one built-in clip: a new row, or an existing one that failed or whose
 * generator died (processing since before `staleBefore`). Several processes starting at once each
 * claim different clips, and a clip is made once.
 */
export async function claimBuiltin(db: Db, values: { id: string; slug: string; name: string; storageKey: string }, staleBefore: Date) {
  const [inserted] = await db
    .insert(backgrounds)
    .values({
      id: values.id,
      teamId: null,
      isBuiltin: true,
      builtinSlug: values.slug,
      name: values.name,
      filename: `${values.slug}.mp4`,
      contentType: 'video/mp4',
      size: 0,
      status: 'processing',
      storageKey: values.storageKey,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [taken] = await db
    .update(backgrounds)
    .set({ status: 'processing', error: null, updatedAt: new Date() })
    .where(
      and(
        eq(backgrounds.builtinSlug, values.slug),
        or(inArray(backgrounds.status, ['failed', 'pending_upload']), and(eq(backgrounds.status, 'processing'), lt(backgrounds.updatedAt, staleBefore))),
      ),
    )
    .returning();
  return taken ?? null;
}

export async function updateBuiltin(db: Db, id: string, values: Partial<BackgroundInsert>) {
  await db
    .update(backgrounds)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(backgrounds.id, id), eq(backgrounds.isBuiltin, true)));
}

/**
 * Whether a render (or a chunk of one) is running anywhere: the built-in clips wait for it (see
 * generateBackground). A running render writes its progress every second and a chunk holds a lease;
 * a row left 'rendering' by a worker that died (until another takes its job again) stops counting
 * after a minute, so it cannot hold them forever.
 */
export async function isAnyRenderRunning(db: Db): Promise<boolean> {
  const [render] = await db
    .select({ id: renderJobs.id })
    .from(renderJobs)
    .where(and(eq(renderJobs.status, 'rendering'), gt(renderJobs.updatedAt, new Date(Date.now() - 60_000))))
    .limit(1);
  if (render) return true;
  const [chunk] = await db
    .select({ id: renderChunks.renderJobId })
    .from(renderChunks)
    .where(and(eq(renderChunks.status, 'rendering'), gt(renderChunks.lockedUntil, new Date())))
    .limit(1);
  return !!chunk;
}
