import { Inflate } from 'fflate';

/**
 * The cells of an ads manager's export, CSV or XLSX, read within limits (docs/ad-results.md): a
 * file past them is refused with the reason as soon as it is seen, before the rest is read.
 * A cell is a string as written, or a number where an XLSX stored one.
 */
export type Cell = string | number;

/** rows an export may have (a daily export of 300 ads over a year is about 110,000) */
export const MAX_ROWS = 200_000;
/** columns a row may have */
export const MAX_COLUMNS = 500;
/** characters of one cell kept (an ad name is far shorter) */
export const MAX_CELL_CHARS = 2_000;
/** entries an XLSX's zip may list (a workbook has a dozen; more is not an export) */
export const MAX_ZIP_ENTRIES = 2_000;
/** bytes the parts of an XLSX that are read may take once inflated, declared or real */
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;

export class SpreadsheetError extends Error {}

const tooManyRows = () => new SpreadsheetError(`The export has more than ${MAX_ROWS.toLocaleString('en')} rows. Export a shorter period or fewer ads, then import each file.`);
const notSpreadsheet = () => new SpreadsheetError('This file is neither a CSV nor an XLSX export. Export the report from your ads manager as CSV or Excel (.xlsx).');

/** What a file is, from its first bytes (never from its name). */
export function sniff(bytes: Buffer): 'xlsx' | 'xls' | 'csv' | 'unknown' {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return 'xlsx';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'xls';
  return looksLikeText(bytes) ? 'csv' : 'unknown';
}

/** Text, not binary: no NUL outside UTF-16, and what decodes decodes as UTF-8 (or is UTF-16 with its mark). */
function looksLikeText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  const head = bytes.subarray(0, 64 * 1024);
  if (head.includes(0)) return false;
  // cut at a character's start, so a character split by the 64 KB mark does not count as invalid
  let end = head.length;
  while (end > 0 && end > head.length - 4 && (head[end - 1]! & 0xc0) === 0x80) end--;
  if (end > 0 && head[end - 1]! >= 0xc0) end--;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return true;
  } catch {
    // Windows-1252 (an old Excel's CSV): printable, so still text
    return !/[\x00-\x08\x0e-\x1f]/.test(head.toString('latin1'));
  }
}

/** The text of a CSV: UTF-8 (BOM or not), UTF-16 with its BOM (Google's "Excel CSV"), else Windows-1252. */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** A cell's text as stored: no NUL (a UTF-16 or XLSX file may hold one; PostgreSQL's text cannot), at most MAX_CELL_CHARS. */
const clip = (text: string) => {
  const clean = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return clean.length > MAX_CELL_CHARS ? clean.slice(0, MAX_CELL_CHARS) : clean;
};

/**
 * The rows of a CSV text with `delimiter`, as RFC 4180 has them (quoted fields with doubled quotes
 * and line breaks inside), lenient as spreadsheets are (a quote inside an unquoted field is kept).
 * Stops with the reason at the row past MAX_ROWS.
 */
export function parseCsv(text: string, delimiter: string, maxRows = MAX_ROWS, atMax: 'refuse' | 'stop' = 'refuse'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  const endRow = () => {
    row.push(clip(field));
    field = '';
    if (row.length > MAX_COLUMNS) throw new SpreadsheetError(`A row of the export has more than ${MAX_COLUMNS} columns.`);
    // a blank line is no row
    if (row.length > 1 || row[0] !== '') {
      if (rows.length >= maxRows && atMax === 'refuse') throw tooManyRows();
      rows.push(row);
    }
    row = [];
  };
  while (i < n && !(atMax === 'stop' && rows.length >= maxRows)) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === delimiter) {
      row.push(clip(field));
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if ((field !== '' || row.length > 0) && !(atMax === 'stop' && rows.length >= maxRows)) endRow();
  return rows;
}

/**
 * The delimiter of a CSV (comma, semicolon or tab; French Excel writes semicolons, Google's
 * export tabs): the one that splits the first lines into the most columns, most consistently.
 */
export function guessDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best = ',';
  let bestScore = -1;
  for (const delimiter of [',', ';', '\t']) {
    const rows = parseCsv(sample, delimiter, 30, 'stop');
    const widths = rows.map((r) => r.length).filter((w) => w > 1);
    if (widths.length === 0) continue;
    const widest = Math.max(...widths);
    // rows as wide as the widest (the header and the data), times that width
    const score = widths.filter((w) => w === widest).length * widest;
    if (score > bestScore) {
      bestScore = score;
      best = delimiter;
    }
  }
  return best;
}

export function readCsv(bytes: Buffer): Cell[][] {
  const text = decodeText(bytes);
  return parseCsv(text, guessDelimiter(text));
}

// ---- XLSX ----

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * The entries of a zip, from its central directory alone (nothing is inflated): their count and
 * their declared sizes are checked here, before any is read.
 */
function zipEntries(zip: Buffer): ZipEntry[] {
  const broken = () => new SpreadsheetError('This XLSX file is damaged: its zip index cannot be read.');
  // the end of central directory record: in the last 64 KB + 22 bytes
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken();
  const count = zip.readUInt16LE(eocd + 10);
  const dirOffset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw new SpreadsheetError('This XLSX file is too large to be an export (a ZIP64 archive).');
  if (count > MAX_ZIP_ENTRIES) throw new SpreadsheetError(`This XLSX file holds ${count} parts; an export has a few dozen. It is refused unread.`);
  const entries: ZipEntry[] = [];
  let declared = 0;
  let p = dirOffset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) throw broken();
    const method = zip.readUInt16LE(p + 10);
    const compressedSize = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const localOffset = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    entries.push({ name, method, compressedSize, size, localOffset });
    declared += size;
    p += 46 + nameLength + extraLength + commentLength;
  }
  if (declared > MAX_INFLATED_BYTES * 4) {
    throw new SpreadsheetError(`This XLSX file would inflate to ${Math.round(declared / 1024 / 1024)} MB; an export takes far less. It is refused unread (a zip bomb, or not an export).`);
  }
  return entries;
}

/** One entry's bytes, inflated a little at a time and stopped as soon as it passes `budget` (whatever its header declared). */
function inflateEntry(zip: Buffer, entry: ZipEntry, budget: { left: number }): Buffer {
  const p = entry.localOffset;
  if (p + 30 > zip.length || zip.readUInt32LE(p) !== 0x04034b50) throw new SpreadsheetError('This XLSX file is damaged: a part cannot be found.');
  const start = p + 30 + zip.readUInt16LE(p + 26) + zip.readUInt16LE(p + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  const bomb = () => new SpreadsheetError(`This XLSX file inflates to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB; an export takes far less. It was refused (a zip bomb, or not an export).`);
  if (entry.method === 0) {
    if (data.length > budget.left) throw bomb();
    budget.left -= data.length;
    return Buffer.from(data);
  }
  if (entry.method !== 8) throw new SpreadsheetError('This XLSX file uses a compression method exports do not.');
  const chunks: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => {
    budget.left -= chunk.length;
    if (budget.left < 0) throw bomb();
    chunks.push(chunk);
  });
  // 4 KB of input inflates to at most about 4 MB: the budget is checked that often
  const STEP = 4096;
  try {
    for (let i = 0; i < data.length; i += STEP) inflate.push(data.subarray(i, i + STEP), i + STEP >= data.length);
    if (data.length === 0) inflate.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError('This XLSX file is damaged: a part cannot be inflated.');
  }
  return Buffer.concat(chunks);
}

const ENTITY = /&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi;
/** XML text with its five entities and character references: no DTD is read, so no entity can expand. */
function unescapeXml(text: string): string {
  return text.replace(ENTITY, (_, e: string) => {
    const lower = e.toLowerCase();
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'amp') return '&';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
  });
}

/**
 * The elements `<name …>…</name>` (or `<name …/>`) of an XML text, in order, found with indexOf
 * alone: each step moves forward, so a crafted part (tags never closed, millions of them) costs
 * one pass, never the quadratic time a backtracking regular expression would take. The parts read
 * here never nest an element in one of the same name.
 */
function* elements(xml: string, name: string): Generator<{ attrs: string; inner: string | null }> {
  const open = `<${name}`;
  const close = `</${name}>`;
  let pos = 0;
  for (;;) {
    const start = xml.indexOf(open, pos);
    if (start < 0) return;
    const next = xml[start + open.length];
    // "<c" is not "<cols": the name ends at a space, ">" or "/"
    if (next !== undefined && !/[\s>/]/.test(next)) {
      pos = start + open.length;
      continue;
    }
    const end = xml.indexOf('>', start + open.length);
    if (end < 0) return;
    if (xml[end - 1] === '/') {
      yield { attrs: xml.slice(start + open.length, end - 1), inner: null };
      pos = end + 1;
      continue;
    }
    const stop = xml.indexOf(close, end + 1);
    if (stop < 0) return;
    yield { attrs: xml.slice(start + open.length, end), inner: xml.slice(end + 1, stop) };
    pos = stop + close.length;
  }
}

const firstInner = (xml: string, name: string) => elements(xml, name).next().value?.inner ?? undefined;

/** The text runs of a string item (`<si>`, `<is>`): every `<t>`, phonetic runs (`<rPh>`) left out. */
function runsText(xml: string): string {
  let plain = '';
  let pos = 0;
  for (;;) {
    const start = xml.indexOf('<rPh', pos);
    if (start < 0) break;
    const stop = xml.indexOf('</rPh>', start);
    plain += xml.slice(pos, start);
    if (stop < 0) {
      pos = xml.length;
      break;
    }
    pos = stop + '</rPh>'.length;
  }
  plain += xml.slice(pos);
  let text = '';
  for (const t of elements(plain, 't')) text += unescapeXml(t.inner ?? '');
  return text;
}

/** `BC` → 54: a cell reference's column, 0-based */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * The first worksheet of an XLSX, as rows of cells. Only what is needed is inflated (the workbook,
 * its relations, the shared strings and that sheet), under one budget; nothing else of the file
 * (macros, external links, embedded objects) is opened. A formula's cell is its cached value, as
 * the spreadsheet last computed it: no formula is evaluated.
 */
export function readXlsx(zip: Buffer): Cell[][] {
  const entries = zipEntries(zip);
  const byName = new Map(entries.map((e) => [e.name.replace(/^\//, ''), e]));
  const budget = { left: MAX_INFLATED_BYTES };
  const read = (name: string): string | null => {
    const entry = byName.get(name);
    return entry ? inflateEntry(zip, entry, budget).toString('utf8') : null;
  };
  const workbook = read('xl/workbook.xml');
  if (workbook === null) throw notSpreadsheet();
  const sheetPath = firstSheetPath(workbook, read('xl/_rels/workbook.xml.rels'));
  const sheet = read(sheetPath) ?? read('xl/worksheets/sheet1.xml');
  if (sheet === null) throw new SpreadsheetError('This XLSX file has no worksheet.');
  const shared = sharedStrings(read('xl/sharedStrings.xml'));
  return sheetRows(sheet, shared);
}

function firstSheetPath(workbook: string, rels: string | null): string {
  const sheet = elements(workbook, 'sheet').next().value;
  const id = sheet ? /\br:id="([^"]*)"/.exec(sheet.attrs)?.[1] : undefined;
  if (!id || !rels) return 'xl/worksheets/sheet1.xml';
  for (const relation of elements(rels, 'Relationship')) {
    if (attr(relation.attrs, 'Id') !== id) continue;
    const target = unescapeXml(attr(relation.attrs, 'Target') ?? '');
    return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  return 'xl/worksheets/sheet1.xml';
}

function sharedStrings(xml: string | null): string[] {
  if (!xml) return [];
  return [...elements(xml, 'si')].map((si) => clip(runsText(si.inner ?? '')));
}

function sheetRows(xml: string, shared: string[]): Cell[][] {
  const rows: Cell[][] = [];
  for (const rowElement of elements(xml, 'row')) {
    const row: Cell[] = [];
    let next = 0;
    for (const cellElement of elements(rowElement.inner ?? '', 'c')) {
      const attrs = cellElement.attrs;
      const inner = cellElement.inner ?? '';
      const ref = attr(attrs, 'r');
      const index = ref ? columnIndex(ref) : next;
      next = index + 1;
      if (index >= MAX_COLUMNS) throw new SpreadsheetError(`A row of the export has more than ${MAX_COLUMNS} columns.`);
      if (index < 0) continue;
      const type = attr(attrs, 't') ?? 'n';
      const value = firstInner(inner, 'v');
      let cell: Cell = '';
      if (type === 's') cell = shared[Number(value)] ?? '';
      else if (type === 'inlineStr') cell = clip(runsText(firstInner(inner, 'is') ?? ''));
      else if (type === 'str') cell = clip(unescapeXml(value ?? ''));
      else if (type === 'b') cell = value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : '';
      // an error (#DIV/0!) is no value
      else if (type === 'e') cell = '';
      else if (value !== undefined && value.trim() !== '') {
        const n = Number(value);
        cell = Number.isFinite(n) ? n : clip(unescapeXml(value));
      }
      while (row.length < index) row.push('');
      row[index] = cell;
    }
    if (row.some((c) => c !== '')) {
      if (rows.length >= MAX_ROWS) throw tooManyRows();
      rows.push(row);
    }
  }
  return rows;
}

/** The cells of an export, whichever of the two it is. */
export function readSpreadsheet(bytes: Buffer): { format: 'csv' | 'xlsx'; rows: Cell[][] } {
  const kind = sniff(bytes);
  if (kind === 'xlsx') return { format: 'xlsx', rows: readXlsx(bytes) };
  if (kind === 'csv') return { format: 'csv', rows: readCsv(bytes) };
  if (kind === 'xls') throw new SpreadsheetError('This is an old Excel file (.xls). Export the report as CSV or as Excel (.xlsx).');
  throw notSpreadsheet();
}
