import type { AdPeriod } from '@hookwall/db';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../core/deps.ts';
import { fieldError, notFound, permissionDenied } from '../../core/errors.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { findAdCodes } from '../videos/ad-codes.ts';
import { MAX_LISTED, readExport, type ExportRow } from './ad-export.ts';
import * as repo from './ad-results.repository.ts';
import { readSpreadsheet, SpreadsheetError } from './spreadsheet.ts';

/**
 * Ad results (docs/ad-results.md): an ads manager's export read (spreadsheet.ts, ad-export.ts),
 * each row matched to the team's video whose ad code its names carry, and stored keyed by
 * network, ad and period, so a second import of the same export replaces rather than adds.
 */

export const fileError = (message: string) => fieldError({ file: message });

export function requireWriter(access: TeamAccess) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot import or delete ad results.');
}

type Period = AdPeriod;
const periodOf = (start: string | null, end: string | null): Period | null => (start && end ? { start, end } : null);
/** two periods share a day; a row without a period shares one with every other */
const overlap = (a: Period | null, b: Period | null) => !a || !b || (a.start <= b.end && b.start <= a.end);

export function serializeImport(row: repo.ImportRow & { currentRows?: number }) {
  const unmatched = row.unmatched;
  return {
    id: row.id,
    file_name: row.fileName,
    network: row.network as 'meta' | 'tiktok' | 'google' | 'unknown',
    currency: row.currency,
    rows: row.rows,
    current_rows: row.currentRows ?? row.rows,
    matched: row.matched,
    unmatched: unmatched.names,
    unmatched_count: unmatched.count,
    columns: row.columns,
    period: periodOf(row.periodStart, row.periodEnd),
    overlaps: row.overlaps,
    created_at: row.createdAt.toISOString(),
  };
}

/** The team's video a row is for: the first of its codes (ad name, then creative, then video name) that is one of the team's. */
function matchRow(row: ExportRow, videos: Map<string, string>): { code: string; videoId: string } | null {
  for (const name of row.names) {
    for (const code of findAdCodes(name)) {
      const videoId = videos.get(code);
      if (videoId) return { code, videoId };
    }
  }
  return null;
}

/**
 * `POST /api/ad-results/imports/`: reads the export, matches and stores its rows, and answers what
 * it found. A file that cannot be read is a 400 on `file` and nothing is stored.
 */
export async function importResults(deps: AppDeps, access: TeamAccess, userId: number, fileName: string, bytes: Buffer) {
  requireWriter(access);
  const teamId = access.team.id;
  let read;
  try {
    read = readExport(readSpreadsheet(bytes).rows);
  } catch (error) {
    if (error instanceof SpreadsheetError) throw fileError(error.message);
    throw error;
  }
  if (read.rows.length === 0 && read.rejected.length === 0) throw fileError('This export has no rows of ads. Export the report with one row per ad (the "Ad name" column), then import it again.');
  if ((await repo.countImports(deps.db, teamId)) >= repo.MAX_IMPORTS_PER_TEAM) {
    throw fileError(`Your team has ${repo.MAX_IMPORTS_PER_TEAM} imports, the most it may keep. Delete older ones first.`);
  }
  const network = read.network;

  // one row per ad and period: a row given twice in the file, the later one stands
  const byKey = new Map<string, ExportRow>();
  const rejected = [...read.rejected];
  for (const row of read.rows) {
    const key = JSON.stringify([row.rowKey, row.periodStart, row.periodEnd]);
    const earlier = byKey.get(key);
    if (earlier) rejected.push({ line: earlier.line, ad_name: earlier.adName.slice(0, 200), reason: `the same ad and period as line ${row.line}, which is kept` });
    byKey.set(key, row);
  }
  const rows = [...byKey.values()];

  const codes = [...new Set(rows.flatMap((r) => r.names.flatMap(findAdCodes)))];
  const id = randomUUID();
  const createdAt = new Date();
  return repo.inTransaction(deps.db, async (tx) => {
    const videos = await repo.videosByCode(tx, teamId, codes);
    const existing = await repo.existingRows(tx, teamId, network, [...new Set(rows.map((r) => r.rowKey))]);
    const existingByRow = new Map<string, typeof existing>();
    for (const e of existing) existingByRow.set(e.rowKey, [...(existingByRow.get(e.rowKey) ?? []), e]);

    let matched = 0;
    let replaced = 0;
    const unmatchedNames = new Set<string>();
    const overlaps: { ad_name: string; period: Period | null; earlier_period: Period | null }[] = [];
    let overlapCount = 0;
    const values: repo.ResultInsert[] = rows.map((row) => {
      const match = matchRow(row, videos);
      // a code of another team's video is no match, and nothing tells it from a code nobody has
      if (match) matched++;
      else unmatchedNames.add(row.adName || row.names[0] || `line ${row.line}`);
      const periodKey = row.periodStart ? `${row.periodStart}/${row.periodEnd}` : '';
      const period = periodOf(row.periodStart, row.periodEnd);
      for (const e of existingByRow.get(row.rowKey) ?? []) {
        if (e.periodKey === periodKey) replaced++;
        else if (overlap(period, periodOf(e.periodStart, e.periodEnd))) {
          overlapCount++;
          if (overlaps.length < MAX_LISTED) overlaps.push({ ad_name: row.adName.slice(0, 200), period, earlier_period: periodOf(e.periodStart, e.periodEnd) });
        }
      }
      return {
        id: randomUUID(),
        teamId,
        importId: id,
        network,
        rowKey: row.rowKey,
        periodKey,
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        adName: row.adName.slice(0, 500),
        adCode: match?.code ?? null,
        videoId: match?.videoId ?? null,
        impressions: row.metrics.impressions ?? null,
        reach: row.metrics.reach ?? null,
        clicks: row.metrics.clicks ?? null,
        spend: row.metrics.spend ?? null,
        conversions: row.metrics.conversions ?? null,
        purchaseValue: row.metrics.purchase_value ?? null,
        plays2s: row.metrics.plays_2s ?? null,
        plays3s: row.metrics.plays_3s ?? null,
        plays6s: row.metrics.plays_6s ?? null,
        completedViews: row.metrics.completed_views ?? null,
        extra: row.extra,
        createdAt,
      };
    });
    const unmatched = [...unmatchedNames];
    const record = {
      id,
      teamId,
      createdById: userId,
      // as the browser sent it, less control characters (a NUL cannot be stored)
      fileName: fileName.replace(/\p{Cc}/gu, '').slice(0, 255) || 'export',
      network,
      currency: read.currency,
      rows: rows.length,
      matched,
      unmatched: { names: unmatched.slice(0, MAX_LISTED), count: unmatched.length },
      columns: { mapped: read.mapped, kept: read.kept },
      overlaps,
      periodStart: read.period?.start ?? null,
      periodEnd: read.period?.end ?? null,
      createdAt,
    };
    await repo.insertImport(tx, record);
    await repo.upsertResults(tx, values);
    return {
      ...serializeImport({ ...record, currentRows: rows.length }),
      replaced,
      overlap_count: overlapCount,
      totals_skipped: read.totalsSkipped,
      rejected: rejected.slice(0, MAX_LISTED),
      rejected_count: rejected.length,
    };
  });
}

export async function listImports(deps: AppDeps, access: TeamAccess, limit: number, offset: number) {
  const { count, rows } = await repo.listImports(deps.db, access.team.id, limit, offset);
  return { count, rows: rows.map(serializeImport) };
}

export async function getImport(deps: AppDeps, access: TeamAccess, id: string) {
  const row = await repo.findImport(deps.db, access.team.id, id);
  if (!row) throw notFound();
  return serializeImport({ ...row, currentRows: await repo.countRowsOfImport(deps.db, access.team.id, id) });
}

export async function deleteImport(deps: AppDeps, access: TeamAccess, id: string) {
  if (!(await repo.findImport(deps.db, access.team.id, id))) throw notFound();
  requireWriter(access);
  if (!(await repo.deleteImport(deps.db, access.team.id, id))) throw notFound();
}
