import { createHash } from 'node:crypto';
import { aliasesOf, COUNT_FIELDS, MONEY_FIELDS, NETWORKS, type Field, type Network } from './export-columns.ts';
import type { Cell } from './spreadsheet.ts';

/**
 * An ads manager's export made sense of (docs/ad-results.md): which network wrote it, where its
 * header is (Google writes a title and a date range above it), which column gives which metric,
 * each row's numbers as that export's language writes them, its period, and which rows are
 * totals (skipped, never counted).
 */

/** a count above this, or money above it, is not a real ad's figure */
export const ABSURD = 1e12;
/** rows of the answer's lists at most (the counts are whole) */
export const MAX_LISTED = 200;

export type Metric = Exclude<Field, 'ad_name' | 'ad_id' | 'creative_name' | 'video_name' | 'campaign_name' | 'ad_group_name' | 'period_start' | 'period_end' | 'day' | 'currency'>;
export const METRICS: readonly Metric[] = ['impressions', 'reach', 'clicks', 'spend', 'conversions', 'purchase_value', 'plays_2s', 'plays_3s', 'plays_6s', 'completed_views'];

export interface ExportRow {
  /** the line of the file (1-based, as a spreadsheet numbers it) */
  line: number;
  adName: string;
  adId: string | null;
  /** the texts an ad code is looked for in: ad name, creative name, video name */
  names: string[];
  /** network, ad (id, else campaign + ad group + name) and period: the row's identity across imports */
  rowKey: string;
  periodStart: string | null;
  periodEnd: string | null;
  metrics: Partial<Record<Metric, number | null>>;
  /** every column not mapped, as written */
  extra: Record<string, Cell>;
}

export interface ReadExport {
  network: Network | 'unknown';
  language: 'en' | 'fr' | 'unknown';
  currency: string | null;
  /** field → the header that gave it */
  mapped: Partial<Record<Field, string>>;
  kept: string[];
  /** the report's period, from its date-range line or its rows */
  period: { start: string; end: string } | null;
  rows: ExportRow[];
  totalsSkipped: number;
  rejected: { line: number; ad_name: string; reason: string }[];
}

const text = (cell: Cell | undefined) => (cell === undefined ? '' : typeof cell === 'number' ? String(cell) : cell.trim());

// ---- numbers ----

const NONE = new Set(['', '-', '--', '—', '–', 'n/a', 'na', 'nan', 'null', 'none', '∞', '#div/0!', '#n/a']);
const CURRENCY_SYMBOLS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', 'R$': 'BRL', 'CHF': 'CHF' };

export type NumberReading = { value: number | null; percent: boolean; currency?: string } | { error: string };

/**
 * A number as an export writes it: `1,234.56`, `1 234,56 €`, `1.234,56`, `$12.30`, `3.4%`,
 * `(12.00)`, `--` (none). `decimal` is the export's decimal mark where a value alone cannot tell
 * (`1,234` is a thousand in English, one and a bit in French).
 */
export function parseNumber(cell: Cell | undefined, decimal: ',' | '.'): NumberReading {
  if (typeof cell === 'number') return Number.isFinite(cell) ? { value: cell, percent: false } : { error: 'not a number' };
  let s = text(cell);
  if (NONE.has(s.toLowerCase())) return { value: null, percent: false };
  let currency: string | undefined;
  for (const [symbol, code] of Object.entries(CURRENCY_SYMBOLS)) {
    if (s.includes(symbol)) {
      currency = code;
      s = s.replace(symbol, '');
    }
  }
  const code = /\b([A-Z]{3})\b/.exec(s);
  if (code) {
    currency = code[1];
    s = s.replace(code[0], '');
  }
  s = s.replace(/[\s\u00a0\u202f\u2007'’]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-') || s.startsWith('−')) {
    negative = true;
    s = s.slice(1);
  }
  let percent = false;
  if (s.endsWith('%')) {
    percent = true;
    s = s.slice(0, -1);
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return { error: `"${text(cell).slice(0, 40)}" is not a number` };
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let mark: ',' | '.' | null;
  if (lastComma >= 0 && lastDot >= 0) mark = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0) mark = /^\d{1,3}(,\d{3})+$/.test(s) && decimal === '.' ? null : s.split(',').length === 2 ? ',' : null;
  else if (lastDot >= 0) mark = /^\d{1,3}(\.\d{3})+$/.test(s) && decimal === ',' ? null : s.split('.').length === 2 ? '.' : null;
  else mark = null;
  const thousands = mark === ',' ? '.' : ',';
  const digits = (mark ? s.replaceAll(thousands, '').replace(mark, '.') : s.replace(/[.,]/g, ''));
  if (!/^\d+(\.\d+)?$/.test(digits)) return { error: `"${text(cell).slice(0, 40)}" is not a number` };
  const value = Number(digits) * (negative ? -1 : 1);
  return { value: percent ? value / 100 : value, percent, currency };
}

// ---- dates ----

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, janv: 1, janvier: 1,
  feb: 2, february: 2, févr: 2, fevr: 2, février: 2, fevrier: 2,
  mar: 3, march: 3, mars: 3,
  apr: 4, april: 4, avr: 4, avril: 4,
  may: 5, mai: 5,
  jun: 6, june: 6, juin: 6,
  jul: 7, july: 7, juil: 7, juillet: 7,
  aug: 8, august: 8, août: 8, aout: 8,
  sep: 9, sept: 9, september: 9, septembre: 9,
  oct: 10, october: 10, octobre: 10,
  nov: 11, november: 11, novembre: 11,
  dec: 12, december: 12, déc: 12, décembre: 12, decembre: 12,
};

const iso = (y: number, m: number, d: number): string | null => {
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 2000 || y > 2100) return null;
  return date.toISOString().slice(0, 10);
};

/** A day as exports write it: `2026-01-05`, `05/01/2026` (French) or `01/05/2026` (English), `Jan 5, 2026`, `5 janv. 2026`, an Excel serial. */
export function parseDate(cell: Cell | undefined, dayFirst: boolean): string | null {
  if (typeof cell === 'number') {
    // Excel's day count from 1899-12-30 (its 1900 leap-year bug included)
    if (cell < 36526 || cell > 73051) return null;
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10);
  }
  const s = text(cell).toLowerCase().replace(/\./g, ' ').replace(/\s+/g, ' ').trim();
  let m = /^(\d{4})[-/ ](\d{1,2})[-/ ](\d{1,2})/.exec(s);
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{2,4})/.exec(s);
  if (m) {
    const [a, b] = [+m[1]!, +m[2]!];
    const dayFirstHere = a > 12 ? true : b > 12 ? false : dayFirst;
    return dayFirstHere ? iso(+m[3]!, b, a) : iso(+m[3]!, a, b);
  }
  m = /^([a-zéèûô]+),? (\d{1,2}),? (\d{4})$/.exec(s);
  if (m && MONTHS[m[1]!]) return iso(+m[3]!, MONTHS[m[1]!]!, +m[2]!);
  m = /^(\d{1,2})(?:er)? ([a-zéèûô]+) (\d{4})$/.exec(s);
  if (m && MONTHS[m[2]!]) return iso(+m[3]!, MONTHS[m[2]!]!, +m[1]!);
  return null;
}

/** Google's date-range line above the header: `January 1, 2026 - January 31, 2026`, `1 janv. 2026 - 31 janv. 2026`. */
function dateRange(line: string, dayFirst: boolean): { start: string; end: string } | null {
  const parts = line.split(/\s+[-–—]\s+|\s+au\s+|\s+to\s+/i);
  if (parts.length !== 2) return null;
  const start = parseDate(parts[0]!.replace(/^(du|from)\s+/i, ''), dayFirst);
  const end = parseDate(parts[1]!, dayFirst);
  return start && end && start <= end ? { start, end } : null;
}

// ---- the header and the network ----

const TOTAL = /^(total|totals|totaux|grand total|total général)(\b|\s*[:：])|^total of\b|^results? from\b|^résultats? de\b/i;

interface Header {
  index: number;
  network: Network | 'unknown';
  language: 'en' | 'fr' | 'unknown';
  /** field → column */
  columns: Partial<Record<Field, number>>;
  headerCurrency: string | null;
}

/**
 * The header: of the first 30 rows, the one with the most known columns (at least two, one of them
 * a name or a metric); the network is the one its columns point to most.
 */
function findHeader(rows: Cell[][]): Header | null {
  let best: Header | null = null;
  let bestKnown = 1;
  for (let index = 0; index < Math.min(rows.length, 30); index++) {
    const row = rows[index]!;
    const perColumn = row.map((cell) => aliasesOf(text(cell)));
    const known = perColumn.filter((m) => m.length > 0).length;
    if (known <= bestKnown) continue;
    const votes = new Map<Network, number>();
    const langs = { en: 0, fr: 0 };
    for (const matches of perColumn) {
      const networks = new Set(matches.flatMap((m) => m.alias.networks));
      // a column every network writes says nothing; one only some write, more the fewer they are
      if (networks.size > 0 && networks.size < NETWORKS.length) for (const n of networks) votes.set(n, (votes.get(n) ?? 0) + 1 / networks.size);
      const ls = new Set(matches.map((m) => m.alias.lang));
      if (ls.size === 1) langs[[...ls][0]!]++;
    }
    const ranked = [...votes].sort((x, y) => y[1] - x[1]);
    const network = ranked.length && (ranked.length === 1 || ranked[0]![1] > ranked[1]![1]) ? ranked[0]![0] : 'unknown';
    const language = langs.fr > langs.en ? 'fr' : langs.en > 0 || langs.fr > 0 ? 'en' : 'unknown';
    const columns: Partial<Record<Field, number>> = {};
    const priorities: Partial<Record<Field, number>> = {};
    let headerCurrency: string | null = null;
    perColumn.forEach((matches, column) => {
      const usable = matches.filter((m) => network === 'unknown' || m.alias.networks.includes(network));
      for (const m of usable) {
        const field = m.alias.field;
        if ((priorities[field] ?? 0) < (m.alias.priority ?? 1)) {
          priorities[field] = m.alias.priority ?? 1;
          columns[field] = column;
          if (field === 'spend' && m.currency) headerCurrency = m.currency;
        }
      }
    });
    best = { index, network, language, columns, headerCurrency };
    bestKnown = known;
  }
  return best;
}

/** The first row of at least two non-empty cells: the header of an export in a language not known here. */
function plainHeader(rows: Cell[][]): number {
  const i = rows.findIndex((r) => r.filter((c) => text(c) !== '').length >= 2);
  return i < 0 ? 0 : i;
}

const unique = (headers: string[]) => {
  const seen = new Map<string, number>();
  return headers.map((h, i) => {
    const name = h || `Column ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n > 1 ? `${name} (${n})` : name;
  });
};

/**
 * Reads the rows of an export. Rows with a negative or absurd figure, or a figure that is not a
 * number, are rejected with the reason (none of their figures counted); totals rows are skipped.
 */
export function readExport(cells: Cell[][]): ReadExport {
  const header = findHeader(cells);
  const headerIndex = header?.index ?? plainHeader(cells);
  const headers = unique((cells[headerIndex] ?? []).map((c) => text(c)));
  const columns = header?.columns ?? {};
  const network = header?.network ?? 'unknown';
  const language = header?.language ?? 'unknown';
  const decimal: ',' | '.' = language === 'fr' ? ',' : '.';
  const dayFirst = language === 'fr';
  const mappedColumns = new Set(Object.values(columns));
  const mapped = Object.fromEntries(Object.entries(columns).map(([field, column]) => [field, headers[column as number]!])) as Partial<Record<Field, string>>;
  const kept = headers.filter((_, i) => !mappedColumns.has(i));

  // above the header: a report's title and its date range (Google)
  let period: { start: string; end: string } | null = null;
  for (const row of cells.slice(0, headerIndex)) {
    for (const cell of row) period ??= dateRange(text(cell), dayFirst);
  }

  const at = (row: Cell[], field: Field) => (columns[field] === undefined ? undefined : row[columns[field]!]);
  const rows: ExportRow[] = [];
  const rejected: ReadExport['rejected'] = [];
  let totalsSkipped = 0;
  let currency: string | null = header?.headerCurrency ?? null;
  const hasNames = columns.ad_name !== undefined || columns.ad_id !== undefined;

  for (let r = headerIndex + 1; r < cells.length; r++) {
    const row = cells[r]!;
    const line = r + 1;
    if (row.every((c) => text(c) === '')) continue;
    const first = text(row.find((c) => text(c) !== ''));
    const adName = text(at(row, 'ad_name'));
    const adId = text(at(row, 'ad_id')) || null;
    // totals: Google's "Total: …" rows, a summary row without an ad (Meta, TikTok)
    if (TOTAL.test(first) || TOTAL.test(adName) || (hasNames && !adName && !adId)) {
      totalsSkipped++;
      continue;
    }
    const reject = (reason: string) => rejected.push({ line, ad_name: adName.slice(0, 200), reason });
    const metrics: Partial<Record<Metric, number | null>> = {};
    const percents: Metric[] = [];
    let error: string | null = null;
    for (const metric of METRICS) {
      if (columns[metric] === undefined) continue;
      const reading = parseNumber(at(row, metric), decimal);
      if ('error' in reading) {
        error = `${mapped[metric]}: ${reading.error}`;
        break;
      }
      if (reading.currency && (MONEY_FIELDS as readonly string[]).includes(metric)) currency ??= reading.currency;
      if (reading.value !== null && reading.value < 0) {
        error = `${mapped[metric]}: a negative figure (${text(at(row, metric))})`;
        break;
      }
      if (reading.value !== null && reading.value > ABSURD) {
        error = `${mapped[metric]}: an impossible figure (${text(at(row, metric)).slice(0, 40)})`;
        break;
      }
      metrics[metric] = reading.value;
      if (reading.percent) percents.push(metric);
    }
    if (error) {
      reject(error);
      continue;
    }
    // a count given as a share (Google's "Video played to 100%") is that share of the impressions
    for (const metric of percents) {
      if (!(COUNT_FIELDS as readonly string[]).includes(metric)) continue;
      const impressions = metrics.impressions;
      metrics[metric] = impressions == null || metrics[metric] == null ? null : Math.round(metrics[metric]! * impressions);
    }
    for (const metric of COUNT_FIELDS as Metric[]) if (metrics[metric] != null) metrics[metric] = Math.round(metrics[metric]!);
    if (metrics.impressions != null && metrics.clicks != null && metrics.clicks > metrics.impressions * 10 && metrics.impressions > 0) {
      reject(`${mapped.clicks}: more clicks (${metrics.clicks}) than ten times the impressions (${metrics.impressions})`);
      continue;
    }
    const rowCurrency = text(at(row, 'currency')).toUpperCase();
    if (/^[A-Z]{3}$/.test(rowCurrency)) currency ??= rowCurrency;

    let periodStart = columns.period_start !== undefined ? parseDate(at(row, 'period_start'), dayFirst) : null;
    let periodEnd = columns.period_end !== undefined ? parseDate(at(row, 'period_end'), dayFirst) : null;
    if (!periodStart && columns.day !== undefined) periodStart = periodEnd = parseDate(at(row, 'day'), dayFirst);
    if (periodStart && !periodEnd) periodEnd = periodStart;
    if (!periodStart && periodEnd) periodStart = periodEnd;
    if (periodStart && periodEnd && periodStart > periodEnd) [periodStart, periodEnd] = [periodEnd, periodStart];
    if (!periodStart && period) [periodStart, periodEnd] = [period.start, period.end];

    const names = [adName, text(at(row, 'creative_name')), text(at(row, 'video_name'))].filter(Boolean);
    const extra: Record<string, Cell> = {};
    headers.forEach((h, i) => {
      if (!mappedColumns.has(i) && row[i] !== undefined && text(row[i]) !== '') extra[h] = row[i]!;
    });
    // an ad is its id, else its name within its campaign and ad group (one name may run in several);
    // with no name at all (an export in a language not known here), the row's own content
    const identity = adId
      ? `id:${adId}`
      : adName
        ? `name:${JSON.stringify([text(at(row, 'campaign_name')), text(at(row, 'ad_group_name')), adName])}`
        : `row:${createHash('sha256').update(JSON.stringify(row)).digest('hex')}`;
    rows.push({ line, adName, adId, names, rowKey: identity, periodStart, periodEnd, metrics, extra });
  }

  if (!period) {
    const starts = rows.map((r) => r.periodStart).filter((d): d is string => !!d).sort();
    const ends = rows.map((r) => r.periodEnd).filter((d): d is string => !!d).sort();
    if (starts.length) period = { start: starts[0]!, end: ends[ends.length - 1]! };
  }
  return { network, language, currency, mapped, kept, period, rows, totalsSkipped, rejected };
}
