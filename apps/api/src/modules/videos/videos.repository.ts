import { and, count, desc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { adCodes, bulkJobs, compositeVideos, executeRows, insertMany, renderJobs, textWallBackgroundVideos, textWallVideos, type Db } from '@hookwall/db';

export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export type BulkJobRow = typeof bulkJobs.$inferSelect;
export type RenderJobRow = typeof renderJobs.$inferSelect;

export function inTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** a video's status is its latest render job's, 'draft' without one */
const statusOf = (renderJobId: SQLWrapper) =>
  sql<string>`coalesce((select ${renderJobs.status} from ${renderJobs} where ${renderJobs.id} = ${renderJobId}), 'draft')`;

// ---- videos: text walls and composites alike ----

/**
 * The two kinds of video have their own tables (their columns differ) but are listed, found,
 * changed and rendered the same way: each function below takes the kind and works on its table.
 */
const tables = { text_wall: textWallVideos, composite: compositeVideos } as const;
export type VideoKind = keyof typeof tables;
type VideoTables = typeof tables;
export type VideoRow<K extends VideoKind> = VideoTables[K]['$inferSelect'];
/** a video's own values; its ad code is drawn as it is saved (insertVideos) */
export type VideoInsert<K extends VideoKind> = Omit<VideoTables[K]['$inferInsert'], 'teamId' | 'adCode'>;

/** what a list may be narrowed by; `search` looks in a text wall's text, a composite's name */
export interface VideoFilter {
  status?: string[];
  bulkJobId?: string;
  search?: string;
}

function where(kind: VideoKind, teamId: number, filter: VideoFilter): SQL {
  const table = tables[kind];
  const parts: SQL[] = [eq(table.teamId, teamId)];
  if (filter.bulkJobId) parts.push(eq(table.bulkJobId, filter.bulkJobId));
  // a search finds a video by its text (or name) and by its ad code, as an ads manager shows it
  if (filter.search) parts.push(or(ilike(kind === 'text_wall' ? textWallVideos.text : compositeVideos.name, likePattern(filter.search)), ilike(table.adCode, likePattern(filter.search)))!);
  if (filter.status?.length) parts.push(inArray(statusOf(table.renderJobId), filter.status));
  return and(...parts)!;
}

const byId = (kind: VideoKind, teamId: number, id: string) => and(eq(tables[kind].teamId, teamId), eq(tables[kind].id, id));

/** A video with its latest render job (null before its first render). */
export interface VideoWithJob<K extends VideoKind> {
  video: VideoRow<K>;
  job: RenderJobRow | null;
}

/** A page of a team's videos of one kind, newest first, and how many match in all. */
export async function listVideos<K extends VideoKind>(db: Db, kind: K, teamId: number, filter: VideoFilter, limit: number, offset: number) {
  const table: VideoTables[VideoKind] = tables[kind];
  const condition = where(kind, teamId, filter);
  const [{ total }] = await db.select({ total: count() }).from(table).where(condition);
  const rows = await db
    .select({ video: table, job: renderJobs })
    .from(table)
    .leftJoin(renderJobs, eq(renderJobs.id, table.renderJobId))
    .where(condition)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows: rows as VideoWithJob<K>[] };
}

/** What the list of both kinds may be ordered by; ties fall to the id, so pages never overlap. */
export const VIDEO_ORDERING = ['created_at', 'updated_at'] as const;
export type VideoOrdering = { field: (typeof VIDEO_ORDERING)[number]; isDescending: boolean };

/**
 * A page of a team's videos of both kinds (or of the `kinds` asked), in one order over both
 * tables, and how many match in all. The order is the database's, over a UNION ALL of the two
 * tables' keys, so a page is an OFFSET into one sequence: every video is on exactly one page,
 * whatever the mix of kinds. Only the page's keys come back; `findVideos` reads their rows.
 */
export async function listVideoKeys(db: Db, kinds: VideoKind[], teamId: number, filter: VideoFilter, ordering: VideoOrdering, limit: number, offset: number) {
  const counts = await Promise.all(kinds.map(async (kind) => (await db.select({ total: count() }).from(tables[kind]).where(where(kind, teamId, filter)))[0]!.total));
  // one of VIDEO_ORDERING (checked by the caller), each the name of a column of both tables
  const column = sql.identifier(ordering.field);
  const direction = sql.raw(ordering.isDescending ? 'desc' : 'asc');
  const parts = kinds.map((kind) => {
    const table = tables[kind];
    // no page reaches past the first offset + limit of either kind: each reads only those (by its
    // team_created index when ordered by created_at), whatever the size of the library
    return sql`(select ${kind}::text as kind, ${table.id} as id, ${column} as sort_at from ${table} where ${where(kind, teamId, filter)} order by sort_at ${direction}, id ${direction} limit ${offset + limit})`;
  });
  const keys = await executeRows<{ kind: VideoKind; id: string }>(
    db,
    sql`select kind, id from (${sql.join(parts, sql` union all `)}) as videos order by sort_at ${direction}, id ${direction}, kind ${direction} limit ${limit} offset ${offset}`,
  );
  return { count: counts.reduce((sum, n) => sum + Number(n), 0), keys };
}

/** The team's videos of one kind among `ids`, with their latest render job; another team's ids find nothing. */
export async function findVideos<K extends VideoKind>(db: Db, kind: K, teamId: number, ids: string[]): Promise<VideoWithJob<K>[]> {
  if (ids.length === 0) return [];
  const table: VideoTables[VideoKind] = tables[kind];
  const rows = await db.select({ video: table, job: renderJobs }).from(table).leftJoin(renderJobs, eq(renderJobs.id, table.renderJobId)).where(and(eq(table.teamId, teamId), inArray(table.id, ids)));
  return rows as VideoWithJob<K>[];
}

export async function findVideo<K extends VideoKind>(db: Executor, kind: K, teamId: number, id: string): Promise<VideoWithJob<K> | null> {
  const table: VideoTables[VideoKind] = tables[kind];
  const [row] = await db.select({ video: table, job: renderJobs }).from(table).leftJoin(renderJobs, eq(renderJobs.id, table.renderJobId)).where(byId(kind, teamId, id));
  return (row as VideoWithJob<K> | undefined) ?? null;
}

/** Inserts the videos in one statement (`insertMany`); the caller already holds their values and their ad codes (ad-codes.ts). */
export async function insertVideos<K extends VideoKind>(tx: Executor, kind: K, teamId: number, values: (VideoInsert<K> & { adCode: string })[]): Promise<void> {
  // typed by `kind` in the signature; drizzle cannot relate a generic table to its insert type
  const table: PgTable = tables[kind];
  await insertMany(tx, table, values.map((v) => ({ ...v, teamId })));
}

export async function updateVideo<K extends VideoKind>(tx: Executor, kind: K, teamId: number, id: string, values: Partial<VideoInsert<K>>): Promise<void> {
  const table: PgTable = tables[kind];
  await tx
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(kind, teamId, id));
}

export async function deleteVideo(tx: Executor, kind: VideoKind, teamId: number, id: string): Promise<void> {
  await tx.delete(tables[kind]).where(byId(kind, teamId, id));
}

/** Sets the latest render only if it is still the one the caller saw: two concurrent clicks make one render. */
export async function swapRender(tx: Executor, kind: VideoKind, teamId: number, id: string, expected: string | null, next: string): Promise<boolean> {
  const table = tables[kind];
  const rows = await tx
    .update(table)
    .set({ renderJobId: next, updatedAt: new Date() })
    .where(and(byId(kind, teamId, id), expected ? eq(table.renderJobId, expected) : sql`${table.renderJobId} is null`))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** The composites of a team that use a brand video (as hook or demo). */
export async function compositesUsingClip(db: Db, teamId: number, videoId: string) {
  return db
    .select({ id: compositeVideos.id, name: compositeVideos.name })
    .from(compositeVideos)
    .where(and(eq(compositeVideos.teamId, teamId), or(eq(compositeVideos.hookVideoId, videoId), eq(compositeVideos.productDemoVideoId, videoId))))
    .limit(50);
}

// ---- ad codes ----

/** Claims codes for videos; a code already in ad_codes (drawn before, by anyone) is left out of the answer. */
export async function insertAdCodes(tx: Executor, teamId: number, codes: { code: string; videoId: string }[]): Promise<{ code: string; videoId: string }[]> {
  if (codes.length === 0) return [];
  return tx
    .insert(adCodes)
    .values(codes.map((c) => ({ ...c, teamId })))
    .onConflictDoNothing()
    .returning({ code: adCodes.code, videoId: adCodes.videoId });
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

/**
 * What a page of text walls needs to tell its variants apart, in two queries: the names of their
 * backgrounds (a deleted one is absent), and the (bulk job, text) pairs that videos of the team
 * share in more than one variant (a matrix bulk: one text over several presets and backgrounds).
 */
export async function textWallVariantFacts(db: Db, teamId: number, videos: Pick<VideoRow<'text_wall'>, 'bulkJobId' | 'text' | 'backgroundVideoId'>[]) {
  const backgroundIds = [...new Set(videos.flatMap((v) => (v.backgroundVideoId ? [v.backgroundVideoId] : [])))];
  const bulkIds = [...new Set(videos.flatMap((v) => (v.bulkJobId ? [v.bulkJobId] : [])))];
  const b = textWallBackgroundVideos;
  const [names, shared] = await Promise.all([
    backgroundIds.length ? db.select({ id: b.id, name: b.name }).from(b).where(and(inArray(b.id, backgroundIds), or(eq(b.teamId, teamId), eq(b.isBuiltin, true)))) : [],
    bulkIds.length
      ? db
          .select({ bulkJobId: textWallVideos.bulkJobId, text: textWallVideos.text })
          .from(textWallVideos)
          .where(and(eq(textWallVideos.teamId, teamId), inArray(textWallVideos.bulkJobId, bulkIds)))
          .groupBy(textWallVideos.bulkJobId, textWallVideos.text)
          // the same text in more than one variant (the same text twice in one variant gains nothing)
          .having(sql`count(distinct (${textWallVideos.style}->>'preset') || ':' || coalesce(${textWallVideos.backgroundVideoId}::text, '')) > 1`)
      : [],
  ]);
  const sharedKeys = new Set(shared.map((r) => JSON.stringify([r.bulkJobId, r.text])));
  return {
    backgroundName: (id: string | null) => (id ? (names.find((n) => n.id === id)?.name ?? null) : null),
    sharesText: (v: Pick<VideoRow<'text_wall'>, 'bulkJobId' | 'text'>) => !!v.bulkJobId && sharedKeys.has(JSON.stringify([v.bulkJobId, v.text])),
  };
}
