import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { multipart } from '../brand-kits/brand-kits.test-helpers.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');

/**
 * A fixture export with the team's codes put in: `{{i}}` is the i-th code, `{{foreign}}` another
 * team's. UTF-16 fixtures (Google's "Excel CSV") are filled in as text and written back the same.
 */
export function fixture(name: string, codes: string[], foreign = 'HW-XXXXXX'): Buffer {
  const raw = readFileSync(join(FIXTURES, name));
  const utf16 = raw[0] === 0xff && raw[1] === 0xfe;
  const text = utf16 ? raw.subarray(2).toString('utf16le') : raw.toString('utf8');
  const filled = text.replace(/\{\{(\d+|foreign)\}\}/g, (_, key: string) => (key === 'foreign' ? foreign : codes[Number(key)]!));
  return utf16 ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(filled, 'utf16le')]) : Buffer.from(filled, 'utf8');
}

export const exportUpload = (name: string, bytes: Buffer, type = 'text/csv') => multipart('file', name, type, bytes);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const colName = (i: number) => {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

/** A cell of a test workbook: a string (shared), a number, or a formula with its cached value. */
export type XlsxCell = string | number | { formula: string; cached: number | string | null } | null;

/**
 * An XLSX as Excel writes one (content types, relations, workbook, shared strings, one sheet),
 * built here so the tests read real workbooks; `extra` adds parts (a macro project, more sheets).
 */
export function makeXlsx(rows: XlsxCell[][], extra: Zippable = {}): Buffer {
  const shared: string[] = [];
  const index = (s: string) => {
    const i = shared.indexOf(s);
    return i >= 0 ? i : shared.push(s) - 1;
  };
  const rowXml = rows
    .map((row, r) => {
      const cells = row
        .map((cell, c) => {
          const ref = `${colName(c)}${r + 1}`;
          if (cell === null) return '';
          if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
          if (typeof cell === 'string') return `<c r="${ref}" t="s"><v>${index(cell)}</v></c>`;
          const type = typeof cell.cached === 'string' ? ' t="str"' : '';
          return `<c r="${ref}"${type}><f>${esc(cell.formula)}</f>${cell.cached === null ? '' : `<v>${esc(String(cell.cached))}</v>`}</c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Report" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowXml}</sheetData></worksheet>`,
    ),
    ...extra,
  };
  files['xl/sharedStrings.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`,
  );
  return Buffer.from(zipSync(files, { level: 6 }));
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
