import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * An uploaded brand font (TTF, OTF, WOFF, WOFF2), read with fontkit in a worker thread
 * (font-reader.worker.mjs): refused unless it is a single font that can be read whole and draws
 * basic Latin (A–Z, a–z, 0–9); its family (cleaned of control characters, at most
 * MAX_FAMILY_CHARS), weight and style come from its name and OS/2 tables. Nothing is installed
 * anywhere: the file is stored and the renderer loads it from storage (docs/brand-kits.md, Fonts).
 */

export const MAX_FONT_BYTES = 10 * 1024 * 1024;
export const MAX_FAMILY_CHARS = 100;
export type FontFormat = 'ttf' | 'otf' | 'woff' | 'woff2';

export const FONT_CONTENT_TYPES: Record<FontFormat, string> = { ttf: 'font/ttf', otf: 'font/otf', woff: 'font/woff', woff2: 'font/woff2' };

export class FontError extends Error {}

const damaged = () => new FontError('This font could not be read: the file is damaged or cut short.');

export function sniffFont(bytes: Buffer): FontFormat | 'collection' | null {
  if (bytes.length < 12) return null;
  const tag = bytes.subarray(0, 4).toString('latin1');
  if (tag === '\x00\x01\x00\x00' || tag === 'true') return 'ttf';
  if (tag === 'OTTO') return 'otf';
  if (tag === 'wOFF') return 'woff';
  if (tag === 'wOF2') return 'woff2';
  if (tag === 'ttcf') return 'collection';
  return null;
}

/** The file holds every table its directory names (a font cut short does not). */
function assertWhole(bytes: Buffer, format: FontFormat) {
  const length = bytes.length;
  if (format === 'ttf' || format === 'otf') {
    const numTables = bytes.readUInt16BE(4);
    if (numTables === 0 || 12 + numTables * 16 > length) throw damaged();
    for (let i = 0; i < numTables; i++) {
      const entry = 12 + i * 16;
      const offset = bytes.readUInt32BE(entry + 8);
      const size = bytes.readUInt32BE(entry + 12);
      if (offset + size > length) throw damaged();
    }
    return;
  }
  // WOFF and WOFF2 headers carry the file's whole length
  if (length < 48 || bytes.readUInt32BE(8) !== length) throw damaged();
  if (format === 'woff') {
    const numTables = bytes.readUInt16BE(12);
    if (numTables === 0 || 44 + numTables * 20 > length) throw damaged();
    for (let i = 0; i < numTables; i++) {
      const entry = 44 + i * 20;
      const offset = bytes.readUInt32BE(entry + 4);
      const size = bytes.readUInt32BE(entry + 8);
      if (offset + size > length) throw damaged();
    }
  }
}

/** The letters and digits every brand font must draw. */
export const BASIC_LATIN = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'];

/** how long reading one font may take, and the memory it may use, before it is refused */
const READ_TIMEOUT_MS = 15_000;
const READ_MAX_HEAP_MB = 256;

export interface ReadFont {
  format: FontFormat;
  family: string;
  /** 100 to 900, in steps of 100 */
  weight: number;
  style: 'normal' | 'italic';
  /** the family's name drawn in the font, as an SVG of paths (no text, no reference) */
  previewSvg: string;
}

type WorkerAnswer =
  | { ok: true; family: string; subfamily: string; weightClass: number; italic: boolean; previewSvg: string }
  | { ok: false; reason: 'damaged' | 'collection' | 'no-latin' | 'no-family' | 'too-complex' | 'timeout'; missing?: string[] };

/** fontkit's reading, in a worker thread of its own (font-reader.worker.mjs), stopped after READ_TIMEOUT_MS. */
function readInWorker(bytes: Buffer): Promise<WorkerAnswer> {
  const entry = createRequire(import.meta.url).resolve('@hookwall/api/font-reader');
  return new Promise((resolve) => {
    const worker = new Worker(entry, {
      workerData: { bytes: new Uint8Array(bytes), letters: BASIC_LATIN, maxFamilyChars: MAX_FAMILY_CHARS },
      resourceLimits: { maxOldGenerationSizeMb: READ_MAX_HEAP_MB, stackSizeMb: 4 },
      // no loader of the parent's (tsx, vitest): the file is plain JavaScript
      execArgv: [],
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (answer: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => settle({ ok: false, reason: 'timeout' }), READ_TIMEOUT_MS);
    worker.once('message', (answer: WorkerAnswer) => settle(answer));
    // out of memory, or a crash: the font is what made it
    worker.once('error', () => settle({ ok: false, reason: 'damaged' }));
    worker.once('exit', () => settle({ ok: false, reason: 'damaged' }));
  });
}

/** Reads and checks an uploaded font; a FontError says what is wrong with it. */
export async function readFont(bytes: Buffer): Promise<ReadFont> {
  if (bytes.length === 0) throw new FontError('The file is empty.');
  const format = sniffFont(bytes);
  if (format === 'collection') throw new FontError('This is a font collection (.ttc). Upload one font of it as a TTF, OTF, WOFF or WOFF2 file.');
  if (!format) throw new FontError('This file is not a font. Upload a TTF, OTF, WOFF or WOFF2 file.');
  assertWhole(bytes, format);
  const answer = await readInWorker(bytes);
  if (!answer.ok) {
    switch (answer.reason) {
      case 'collection':
        throw new FontError('This is a font collection. Upload one font of it as a TTF, OTF, WOFF or WOFF2 file.');
      case 'no-latin': {
        const missing = answer.missing ?? [];
        if (missing.length === BASIC_LATIN.length) throw new FontError('This font has no glyphs for Latin letters and digits (A–Z, a–z, 0–9), so it cannot write a video’s text.');
        throw new FontError(`This font has no glyphs for some basic Latin characters (${missing.slice(0, 12).join(' ')}${missing.length > 12 ? ' …' : ''}); a brand font must draw A–Z, a–z and 0–9.`);
      }
      case 'no-family':
        throw new FontError('This font has no family name we can show (its name table is empty or holds only control characters).');
      case 'too-complex':
        throw new FontError('This font’s outlines are too complex to draw.');
      case 'timeout':
        throw new FontError('This font took too long to read: the file may be damaged.');
      default:
        throw damaged();
    }
  }
  const weight = Number.isFinite(answer.weightClass) && answer.weightClass >= 1 && answer.weightClass <= 1000
    ? Math.min(900, Math.max(100, Math.round(answer.weightClass / 100) * 100))
    : /bold/i.test(answer.subfamily) ? 700 : 400;
  return { format, family: answer.family, weight, style: answer.italic ? 'italic' : 'normal', previewSvg: answer.previewSvg };
}

/** The preview SVG drawn as a PNG (transparent background). */
export async function renderPreview(svg: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg), { limitInputPixels: 4000 * 400, failOn: 'error' }).timeout({ seconds: 20 }).png().toBuffer();
}
