import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/**
 * Real font files for the tests: the WOFF and WOFF2 files the video bundle ships (fontsource), and
 * TTFs made from them here (a WOFF is an SFNT with its tables compressed), with their name table
 * rewritten where a test needs a hostile name. No font is generated from nothing.
 */

const require = createRequire(import.meta.url);

/** A file of a fontsource package, e.g. `fontsourceFile('inter', 'inter-latin-700-normal.woff2')`. */
export function fontsourceFile(pkg: string, file: string): Buffer {
  return readFileSync(require.resolve(`@fontsource/${pkg}/files/${file}`));
}

export interface SfntTable {
  tag: string;
  data: Buffer;
}

/** The SFNT (TTF or OTF) inside a WOFF 1.0 file. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.subarray(0, 4).toString('latin1') !== 'wOFF') throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: SfntTable[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const tag = woff.subarray(entry, entry + 4).toString('latin1');
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    tables.push({ tag, data: compLength < origLength ? inflateSync(stored) : Buffer.from(stored) });
  }
  return buildSfnt(flavor, tables);
}

/** The tables of an SFNT file. */
export function sfntTables(sfnt: Buffer): { flavor: number; tables: SfntTable[] } {
  const numTables = sfnt.readUInt16BE(4);
  const tables: SfntTable[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 12 + i * 16;
    const offset = sfnt.readUInt32BE(entry + 8);
    const length = sfnt.readUInt32BE(entry + 12);
    tables.push({ tag: sfnt.subarray(entry, entry + 4).toString('latin1'), data: Buffer.from(sfnt.subarray(offset, offset + length)) });
  }
  return { flavor: sfnt.readUInt32BE(0), tables };
}

function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** An SFNT file of these tables (sorted by tag, each padded to 4 bytes, as the format asks). */
export function buildSfnt(flavor: number, tables: SfntTable[]): Buffer {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const numTables = sorted.length;
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = header.length;
  const bodies: Buffer[] = [];
  sorted.forEach((table, i) => {
    const entry = 12 + i * 16;
    header.write(table.tag, entry, 4, 'latin1');
    header.writeUInt32BE(checksum(table.data), entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(table.data.length, entry + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    bodies.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat([header, ...bodies]);
}

/**
 * A `name` table (format 0) of Windows Unicode English records: nameID 1 family, 2 subfamily,
 * 4 full name, 6 PostScript name, 16 typographic family. Equal strings are stored once.
 */
export function nameTable(names: Record<number, string>): Buffer {
  const records = Object.entries(names).map(([id, value]) => ({ id: Number(id), bytes: Buffer.from(value, 'utf16le').swap16() }));
  const storage: Buffer[] = [];
  const offsets = new Map<string, number>();
  let storageLength = 0;
  const head = Buffer.alloc(6 + records.length * 12);
  head.writeUInt16BE(0, 0);
  head.writeUInt16BE(records.length, 2);
  head.writeUInt16BE(head.length, 4);
  records
    .sort((a, b) => a.id - b.id)
    .forEach((record, i) => {
      const key = record.bytes.toString('hex');
      let at = offsets.get(key);
      if (at === undefined) {
        at = storageLength;
        offsets.set(key, at);
        storage.push(record.bytes);
        storageLength += record.bytes.length;
      }
      const entry = 6 + i * 12;
      head.writeUInt16BE(3, entry);
      head.writeUInt16BE(1, entry + 2);
      head.writeUInt16BE(0x409, entry + 4);
      head.writeUInt16BE(record.id, entry + 6);
      head.writeUInt16BE(record.bytes.length, entry + 8);
      head.writeUInt16BE(at, entry + 10);
    });
  return Buffer.concat([head, ...storage]);
}

/** The SFNT with its name table replaced by these names. */
export function withNames(sfnt: Buffer, names: Record<number, string>): Buffer {
  const { flavor, tables } = sfntTables(sfnt);
  return buildSfnt(flavor, [...tables.filter((t) => t.tag !== 'name'), { tag: 'name', data: nameTable(names) }]);
}

/** A multipart/form-data body with one file, for app.inject. */
export function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----hookwall-brand-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
