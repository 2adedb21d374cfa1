/**
 * One CSV cell per RFC 4180: quoted when it holds a comma, quote, CR or LF, quotes doubled. A cell
 * that a spreadsheet would run as a formula gets a leading apostrophe, so an exported context can
 * never execute anything: one starting with = + - @, a tab or CR, also when spaces, tabs or line
 * breaks come before the formula character (spreadsheets trim them before evaluating).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && isFormulaLike(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function isFormulaLike(text: string): boolean {
  return /^[\t\r]/.test(text) || /^[=+\-@]/.test(text.replace(/^\s+/, ''));
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Excel reads UTF-8 (accents) only with a byte order mark. */
export const UTF8_BOM = '\uFEFF';
