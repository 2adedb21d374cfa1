/**
 * Reading a list of texts from a file the user picked, the same way in the web app (the wizard's
 * upload) and the API (bulk_create's multipart `file`): no dependencies, like packages/pricing.
 */

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (isQuoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else isQuoted = false;
      } else field += c;
    } else if (c === '"' && field === '') isQuoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The texts of a file's content: a CSV whose header has a `text` column, else one text per line; trimmed, empty ones dropped. */
export function textsFromContent(content: string): string[] {
  const clean = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  const header = (parseCsvRows(clean.split(/\r?\n/, 1)[0] ?? '')[0] ?? []).map((h) => h.trim().toLowerCase());
  const column = header.indexOf('text');
  const texts = column >= 0 ? parseCsvRows(clean).slice(1).map((row) => row[column] ?? '') : clean.split(/\r?\n/);
  return texts.map((t) => t.trim()).filter(Boolean);
}
