import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { adResultImports, adResults, compositeVideos, textWallVideos, type Db } from '@hookwall/db';

export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export type ImportRow = typeof adResultImports.$inferSelect;
export type ResultInsert = typeof adResults.$inferInsert;

export function inTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The team's videos (both kinds) that carry these codes: code → video id. Another team's codes find nothing. */
export async function videosByCode(db: Executor, teamId: number, codes: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks(codes, 5000)) {
    const [walls, composites] = await Promise.all([
      db.select({ id: textWallVideos.id, code: textWallVideos.adCode }).from(textWallVideos).where(and(eq(textWallVideos.teamId, teamId), inArray(textWallVideos.adCode, part))),
      db.select({ id: compositeVideos.id, code: compositeVideos.adCode }).from(compositeVideos).where(and(eq(compositeVideos.teamId, teamId), inArray(compositeVideos.adCode, part))),
    ]);
    for (const row of [...walls, ...composites]) found.set(row.code, row.id);
  }
  return found;
}

/** The rows the team already has of these ads (network and row keys), whatever their period. */
export async function existingRows(db: Executor, teamId: number, network: string, rowKeys: string[]) {
  const rows: { rowKey: string; periodKey: string; periodStart: string | null; periodEnd: string | null; adName: string }[] = [];
  for (const part of chunks(rowKeys, 5000)) {
    rows.push(
      ...(await db
        .select({ rowKey: adResults.rowKey, periodKey: adResults.periodKey, periodStart: adResults.periodStart, periodEnd: adResults.periodEnd, adName: adResults.adName })
        .from(adResults)
        .where(and(eq(adResults.teamId, teamId), eq(adResults.network, network), inArray(adResults.rowKey, part)))),
    );
  }
  return rows;
}

export async function insertImport(tx: Executor, values: typeof adResultImports.$inferInsert) {
  await tx.insert(adResultImports).values(values);
}

/**
 * Writes the rows: a row of the same ad and period imported before is replaced (its figures and
 * its import become this one's), so importing an export twice counts nothing twice.
 */
export async function upsertResults(tx: Executor, rows: ResultInsert[]) {
  for (const part of chunks(rows, 500)) {
    await tx
      .insert(adResults)
      .values(part)
      .onConflictDoUpdate({
        target: [adResults.teamId, adResults.network, adResults.rowKey, adResults.periodKey],
        set: {
          importId: sql`excluded.import_id`,
          periodStart: sql`excluded.period_start`,
          periodEnd: sql`excluded.period_end`,
          adName: sql`excluded.ad_name`,
          adCode: sql`excluded.ad_code`,
          videoId: sql`excluded.video_id`,
          impressions: sql`excluded.impressions`,
          reach: sql`excluded.reach`,
          clicks: sql`excluded.clicks`,
          spend: sql`excluded.spend`,
          conversions: sql`excluded.conversions`,
          purchaseValue: sql`excluded.purchase_value`,
          plays2s: sql`excluded.plays_2s`,
          plays3s: sql`excluded.plays_3s`,
          plays6s: sql`excluded.plays_6s`,
          completedViews: sql`excluded.completed_views`,
          extra: sql`excluded.extra`,
          createdAt: sql`excluded.created_at`,
        },
      });
  }
}

export async function listImports(db: Db, teamId: number, limit: number, offset: number) {
  const [{ total }] = await db.select({ total: count() }).from(adResultImports).where(eq(adResultImports.teamId, teamId));
  const rows = await db
    .select()
    .from(adResultImports)
    .where(eq(adResultImports.teamId, teamId))
    .orderBy(desc(adResultImports.createdAt), desc(adResultImports.id))
    .limit(limit)
    .offset(offset);
  // the rows each still counts: a later import of the same ads and periods took the others
  const counts = rows.length
    ? await db
        .select({ importId: adResults.importId, n: count() })
        .from(adResults)
        .where(and(eq(adResults.teamId, teamId), inArray(adResults.importId, rows.map((r) => r.id))))
        .groupBy(adResults.importId)
    : [];
  const current = new Map(counts.map((c) => [c.importId, Number(c.n)]));
  return { count: Number(total), rows: rows.map((r) => ({ ...r, currentRows: current.get(r.id) ?? 0 })) };
}

export async function findImport(db: Executor, teamId: number, id: string) {
  const [row] = await db.select().from(adResultImports).where(and(eq(adResultImports.teamId, teamId), eq(adResultImports.id, id)));
  return row ?? null;
}

/** Deletes an import and its rows (the foreign key cascades); false when it is not the team's. */
export async function deleteImport(db: Db, teamId: number, id: string): Promise<boolean> {
  const rows = await db.delete(adResultImports).where(and(eq(adResultImports.teamId, teamId), eq(adResultImports.id, id))).returning({ id: adResultImports.id });
  return rows.length > 0;
}

/** imports a team may keep */
export const MAX_IMPORTS_PER_TEAM = 1000;

export async function countImports(db: Executor, teamId: number): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(adResultImports).where(eq(adResultImports.teamId, teamId));
  return Number(total);
}
