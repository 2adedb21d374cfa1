// Reads an uploaded font with fontkit in a worker thread (font-file.ts starts it, one per upload):
// a crafted font can make fontkit recurse or loop for a long time (composite glyphs that name
// themselves, a huge WOFF2 to decompress), which on the API's own thread would stall every other
// request; here it is stopped after a time limit and a memory cap. Plain JavaScript, so the same
// file runs from the sources and from the build (`@hookwall/api/font-reader`).
//   ← workerData: { bytes: Uint8Array, letters: string[], maxFamilyChars: number }
//   → { ok: true, family, subfamily, weightClass, italic, previewSvg }
//   | { ok: false, reason: 'damaged' | 'collection' | 'no-latin' | 'no-family' | 'too-complex', missing? }
import { parentPort, workerData } from 'node:worker_threads';
import * as fontkit from 'fontkit';

const PREVIEW_SIZE = 48;
const PREVIEW_PAD = 8;
const PREVIEW_MAX_CHARS = 40;
/** a preview whose outlines are larger than this is a font made to be slow to draw */
const PREVIEW_MAX_PATH_CHARS = 2_000_000;

class Refusal extends Error {
  constructor(reason, extra = {}) {
    super(reason);
    this.reason = reason;
    this.extra = extra;
  }
}

const round = (n) => Math.round(n * 100) / 100;

/** Control and format characters (bidi overrides among them) out, spaces collapsed, at most `max` characters. */
function cleanFamily(raw, max) {
  const cleaned = raw
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u2028\u2029]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return [...cleaned].slice(0, max).join('').trim();
}

function nameOf(records, key) {
  const byLanguage = records?.[key];
  if (!byLanguage || typeof byLanguage !== 'object') return '';
  const value = byLanguage.en ?? Object.values(byLanguage).find((v) => typeof v === 'string' && v.trim() !== '');
  return typeof value === 'string' ? value : '';
}

/** The text laid out by the font and drawn as paths (no text, no reference), dark on transparent. */
function previewSvg(font, text) {
  const unitsPerEm = font.unitsPerEm > 0 ? font.unitsPerEm : 1000;
  const scale = PREVIEW_SIZE / unitsPerEm;
  const ascent = Math.min(2, Math.max(0.5, (font.ascent || unitsPerEm * 0.9) / unitsPerEm)) * PREVIEW_SIZE;
  const descent = Math.min(1, Math.max(0, Math.abs(font.descent || unitsPerEm * 0.25) / unitsPerEm)) * PREVIEW_SIZE;
  const run = font.layout([...text].slice(0, PREVIEW_MAX_CHARS).join(''));
  let x = 0;
  let pathChars = 0;
  const paths = [];
  const s = Math.round(scale * 1e4) / 1e4;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    const d = glyph.path.toSVG();
    pathChars += d.length;
    if (pathChars > PREVIEW_MAX_PATH_CHARS) throw new Refusal('too-complex');
    if (d && !/[^MLQCZ0-9.\- e]/i.test(d)) {
      const gx = PREVIEW_PAD + (x + position.xOffset) * scale;
      const gy = PREVIEW_PAD + ascent - position.yOffset * scale;
      paths.push(`<path transform="translate(${round(gx)} ${round(gy)}) scale(${s} ${-s})" d="${d}"/>`);
    }
    x += position.xAdvance;
  });
  const width = Math.max(PREVIEW_SIZE, Math.min(4000, Math.ceil(x * scale + 2 * PREVIEW_PAD)));
  const height = Math.ceil(ascent + descent + 2 * PREVIEW_PAD);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><g fill="#111827">${paths.join('')}</g></svg>`;
}

function read({ bytes, letters, maxFamilyChars }) {
  let font;
  try {
    font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw new Refusal('damaged');
  }
  if ('fonts' in font) throw new Refusal('collection');
  try {
    const missing = letters.filter((ch) => {
      const glyph = font.glyphForCodePoint(ch.codePointAt(0));
      return !glyph || glyph.id === 0 || glyph.path.commands.length === 0;
    });
    if (missing.length > 0) throw new Refusal('no-latin', { missing });
    const records = font.name?.records ?? {};
    const family = cleanFamily(nameOf(records, 'preferredFamily') || nameOf(records, 'fontFamily'), maxFamilyChars);
    if (!family) throw new Refusal('no-family');
    const os2 = font['OS/2'];
    return {
      family,
      subfamily: cleanFamily(nameOf(records, 'preferredSubfamily') || nameOf(records, 'fontSubfamily'), maxFamilyChars),
      weightClass: Number(os2?.usWeightClass),
      italic: Boolean(os2?.fsSelection?.italic || os2?.fsSelection?.oblique || font.head?.macStyle?.italic || (Number.isFinite(font.italicAngle) && font.italicAngle !== 0)),
      previewSvg: previewSvg(font, family),
    };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal('damaged');
  }
}

try {
  parentPort.postMessage({ ok: true, ...read(workerData) });
} catch (error) {
  parentPort.postMessage(error instanceof Refusal ? { ok: false, reason: error.reason, ...error.extra } : { ok: false, reason: 'damaged' });
}
