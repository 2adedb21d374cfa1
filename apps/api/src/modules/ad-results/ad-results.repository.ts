import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { adResultImports, adResults, brandVideos, compositeVideos, executeRows, textWallBackgroundVideos, textWallVideos, type Db } from '@hookwall/db';

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

/** The rows an import still holds (a later import of the same ads and periods took the others). */
export async function countRowsOfImport(db: Executor, teamId: number, importId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(adResults).where(and(eq(adResults.teamId, teamId), eq(adResults.importId, importId)));
  return Number(n);
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

// ---- insights ----

export interface Sums {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  purchaseValue: number;
  /** 3-second plays (2-second on TikTok), and the impressions of the rows that report them */
  hookPlays: number;
  hookImpressions: number;
  /** whether any row had each figure (a rate of nothing reported is null, not 0) */
  has: { clicks: boolean; spend: boolean; conversions: boolean; purchaseValue: boolean; hook: boolean };
}

export const emptySums = (): Sums => ({ impressions: 0, clicks: 0, spend: 0, conversions: 0, purchaseValue: 0, hookPlays: 0, hookImpressions: 0, has: { clicks: false, spend: false, conversions: false, purchaseValue: false, hook: false } });

/**
 * The team's matched rows summed per video, in one query. Of the rows of one ad whose periods
 * overlap (a week imported, then the month that holds it), only the one imported last counts:
 * overlapping periods are never summed. `since`/`until` keep the rows whose period meets that
 * range (rows without a period then drop out).
 */
export async function sumsPerVideo(db: Db, teamId: number, since?: string, until?: string): Promise<Map<string, Sums>> {
  const r = sql.identifier('r');
  const conditions: SQL[] = [sql`${r}.team_id = ${teamId}`, sql`${r}.video_id is not null`];
  if (since) conditions.push(sql`${r}.period_end >= ${since}::date`);
  if (until) conditions.push(sql`${r}.period_start <= ${until}::date`);
  const hook = sql`case when ${r}.network = 'tiktok' then ${r}.plays_2s else ${r}.plays_3s end`;
  const rows = await executeRows<Record<string, string | number | null>>(
    db,
    sql`select ${r}.video_id::text as video_id,
          coalesce(sum(${r}.impressions), 0)::float8 as impressions,
          coalesce(sum(${r}.clicks), 0)::float8 as clicks, bool_or(${r}.clicks is not null) as has_clicks,
          coalesce(sum(${r}.spend), 0)::float8 as spend, bool_or(${r}.spend is not null) as has_spend,
          coalesce(sum(${r}.conversions), 0)::float8 as conversions, bool_or(${r}.conversions is not null) as has_conversions,
          coalesce(sum(${r}.purchase_value), 0)::float8 as purchase_value, bool_or(${r}.purchase_value is not null) as has_purchase_value,
          coalesce(sum(${hook}), 0)::float8 as hook_plays,
          coalesce(sum(case when ${hook} is not null then ${r}.impressions end), 0)::float8 as hook_impressions, bool_or(${hook} is not null) as has_hook
        from ${adResults} as ${r}
        where ${sql.join(conditions, sql` and `)}
          and not exists (
            select 1 from ${adResults} as o
            where o.team_id = ${r}.team_id and o.network = ${r}.network and o.row_key = ${r}.row_key and o.id <> ${r}.id
              and (o.period_start is null or ${r}.period_start is null or (o.period_start <= ${r}.period_end and ${r}.period_start <= o.period_end))
              and (o.created_at, o.id) > (${r}.created_at, ${r}.id)
          )
        group by ${r}.video_id`,
  );
  const bool = (v: unknown) => v === true || v === 't' || v === 'true';
  return new Map(
    rows.map((row) => [
      String(row.video_id),
      {
        impressions: Number(row.impressions),
        clicks: Number(row.clicks),
        spend: Number(row.spend),
        conversions: Number(row.conversions),
        purchaseValue: Number(row.purchase_value),
        hookPlays: Number(row.hook_plays),
        hookImpressions: Number(row.hook_impressions),
        has: { clicks: bool(row.has_clicks), spend: bool(row.has_spend), conversions: bool(row.has_conversions), purchaseValue: bool(row.has_purchase_value), hook: bool(row.has_hook) },
      },
    ]),
  );
}


/** The currencies of the imports whose matched rows the insights count (null: an export that did not say). */
export async function currenciesOfRows(db: Db, teamId: number, since?: string, until?: string): Promise<(string | null)[]> {
  const conditions: SQL[] = [eq(adResults.teamId, teamId), sql`${adResults.videoId} is not null`];
  if (since) conditions.push(sql`${adResults.periodEnd} >= ${since}::date`);
  if (until) conditions.push(sql`${adResults.periodStart} <= ${until}::date`);
  const rows = await db
    .selectDistinct({ currency: adResultImports.currency })
    .from(adResults)
    .innerJoin(adResultImports, eq(adResultImports.id, adResults.importId))
    .where(and(...conditions));
  return rows.map((r) => r.currency).sort((a, b) => (a ?? '').localeCompare(b ?? ''));
}

/** The videos among `ids` (the team's, both kinds), and the names of the backgrounds and hook clips they use. */
export async function videoRowsForInsights(db: Db, teamId: number, ids: string[]) {
  const [walls, composites] = await Promise.all([
    db.select().from(textWallVideos).where(and(eq(textWallVideos.teamId, teamId), inArray(textWallVideos.id, ids))),
    db.select().from(compositeVideos).where(and(eq(compositeVideos.teamId, teamId), inArray(compositeVideos.id, ids))),
  ]);
  const firstWallBackground = (c: (typeof composites)[number]) => ((c.config as { walls?: { background_video_id?: string | null }[] }).walls ?? [])[0]?.background_video_id ?? null;
  const backgroundIds = [...new Set([...walls.map((w) => w.backgroundVideoId), ...composites.map(firstWallBackground)].filter((id): id is string => !!id && /^[0-9a-f-]{36}$/i.test(id)))];
  const clipIds = [...new Set(composites.map((c) => c.hookVideoId).filter((id): id is string => !!id))];
  const [backgrounds, clips] = await Promise.all([
    backgroundIds.length ? db.select({ id: textWallBackgroundVideos.id, name: textWallBackgroundVideos.name }).from(textWallBackgroundVideos).where(inArray(textWallBackgroundVideos.id, backgroundIds)) : [],
    clipIds.length ? db.select({ id: brandVideos.id, title: brandVideos.title }).from(brandVideos).where(and(eq(brandVideos.teamId, teamId), inArray(brandVideos.id, clipIds))) : [],
  ]);
  return { walls, composites, backgrounds, clips };
}
