import { bigint, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * Every ad code ever given to a video of this installation (`HW-` and 6 characters): its primary key
 * keeps a code from being given twice, across text walls and composites alike, and the row stays
 * when its video is deleted, so an old ad's results never match a newer video. video_id names the
 * text wall or composite it was made for.
 */
export const adCodes = pgTable('ad_codes', {
  code: text('code').primaryKey(),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  videoId: uuid('video_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A day range an ad row covers (ISO dates). */
export interface AdPeriod {
  start: string;
  end: string;
}

/**
 * One export from an ads manager, as a team imported it (docs/ad-results.md). network: 'meta' |
 * 'tiktok' | 'google'; columns: {mapped: {metric: header}, kept: [header]}; unmatched: the ad names
 * that carried none of the team's codes; overlaps: [{ad_name, period, earlier_period}] of rows whose
 * period overlaps one imported before (insights count the one imported last, never both).
 */
export const adResultImports = pgTable(
  'ad_result_imports',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    network: text('network').notNull(),
    currency: text('currency'),
    rows: integer('rows').notNull(),
    matched: integer('matched').notNull(),
    unmatched: jsonb('unmatched').$type<{ names: string[]; count: number }>().notNull(),
    columns: jsonb('columns').$type<{ mapped: Record<string, string>; kept: string[] }>().notNull(),
    overlaps: jsonb('overlaps').$type<{ ad_name: string; period: AdPeriod | null; earlier_period: AdPeriod | null }[]>().notNull(),
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_result_imports_team_created_idx').on(t.teamId, t.createdAt, t.id)],
);

/**
 * One row of an export: one ad over one reporting period, keyed by network, ad (its id where the
 * export has one, else its name) and period (period_key: 'start/end', '' when the export has none),
 * so importing it again replaces it rather than counting it twice. video_id is the team's video
 * whose ad code the row's names carry (null: none of the team's). Metrics are null where the export
 * has no such column; money in the export's currency units; extra: every column not mapped, as written.
 */
export const adResults = pgTable(
  'ad_results',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    importId: uuid('import_id')
      .notNull()
      .references(() => adResultImports.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    rowKey: text('row_key').notNull(),
    periodKey: text('period_key').notNull(),
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    adName: text('ad_name').notNull(),
    adCode: text('ad_code'),
    videoId: uuid('video_id'),
    impressions: bigint('impressions', { mode: 'number' }),
    reach: bigint('reach', { mode: 'number' }),
    clicks: bigint('clicks', { mode: 'number' }),
    spend: doublePrecision('spend'),
    conversions: doublePrecision('conversions'),
    purchaseValue: doublePrecision('purchase_value'),
    plays2s: bigint('plays_2s', { mode: 'number' }),
    plays3s: bigint('plays_3s', { mode: 'number' }),
    plays6s: bigint('plays_6s', { mode: 'number' }),
    completedViews: bigint('completed_views', { mode: 'number' }),
    extra: jsonb('extra').$type<Record<string, string | number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ad_results_team_network_key_period_uq').on(t.teamId, t.network, t.rowKey, t.periodKey),
    index('ad_results_import_idx').on(t.importId),
    index('ad_results_team_video_idx').on(t.teamId, t.videoId),
  ],
);
