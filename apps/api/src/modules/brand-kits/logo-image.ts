/**
 * A brand kit's logo: an uploaded PNG, JPEG, WebP or SVG, judged by its bytes (never its name or
 * declared type), turned into a PNG that keeps its transparency, trimmed of empty borders and at
 * most MAX_LOGO_SIDE on its long side (docs/brand-kits.md, Logos).
 */

export const MAX_LOGO_BYTES = 10 * 1024 * 1024;
/** the stored PNG's long side at most */
export const MAX_LOGO_SIDE = 2048;
/** what an uploaded bitmap may declare: a side and a pixel count (a decompression bomb declares more) */
export const MAX_INPUT_SIDE = 10_000;
export const MAX_INPUT_PIXELS = 40_000_000;
/** libvips gives up on a logo after this long, whatever the file asks of it */
const PROCESS_TIMEOUT_SECONDS = 20;

export type LogoKind = 'png' | 'jpeg' | 'webp' | 'svg';

export class LogoError extends Error {}

export function sniffLogo(bytes: Buffer): LogoKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  const text = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  // before the root: the XML declaration, processing instructions, comments, a DOCTYPE (svgProblem refuses the last two kinds)
  if (/^(<\?[^>]*\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i.test(text)) return 'svg';
  return null;
}

const ALLOWED_HREF = /^(#|data:image\/(png|jpeg|gif|webp);base64,)/i;

/**
 * Why an SVG is refused, or null when it may be drawn: no script, no event handler, no reference
 * to anything outside the file (links, images, stylesheets, `url()`s other than `#id`), no DOCTYPE
 * or entities. librsvg is given only the bytes (no base path) and loads nothing outside them
 * anyway; refusing what would need it makes that two walls instead of one.
 */
export function svgProblem(svg: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(svg)) return 'This SVG declares a DOCTYPE or entities, which logos may not use.';
  if (/<([\w.-]+:)?script[\s>/]/i.test(svg)) return 'This SVG contains a script. Export the logo again without scripts.';
  if (/\son[a-z]+\s*=/i.test(svg)) return 'This SVG contains event handlers (on… attributes). Export the logo again without scripts.';
  if (/<\?xml-stylesheet/i.test(svg) || /@import/i.test(svg)) return 'This SVG loads an external stylesheet. Embed its styles instead.';
  for (const match of svg.matchAll(/(?:^|[\s"'])(?:[\w.-]+:)?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const value = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (!ALLOWED_HREF.test(value)) return 'This SVG refers to a file or address outside itself. Embed the image in the file instead.';
  }
  for (const match of svg.matchAll(/url\(\s*(['"]?)([^)'"]*)\1\s*\)/gi)) {
    if (!ALLOWED_HREF.test(match[2]!.trim())) return 'This SVG refers to a file or address outside itself. Embed the image in the file instead.';
  }
  return null;
}

async function loadSharp() {
  // loaded on the first logo, not at start: libvips is a large native library
  return (await import('sharp')).default;
}

export interface ProcessedLogo {
  png: Buffer;
  width: number;
  height: number;
}

/** The stored PNG of an uploaded logo; a LogoError says why it cannot be one. */
export async function processLogo(bytes: Buffer): Promise<ProcessedLogo> {
  if (bytes.length === 0) throw new LogoError('The file is empty.');
  const kind = sniffLogo(bytes);
  if (!kind) throw new LogoError('Upload the logo as a PNG, JPEG, WebP or SVG file. This file is none of them.');
  const sharp = await loadSharp();
  let input: ReturnType<typeof sharp>;
  if (kind === 'svg') {
    const problem = svgProblem(bytes.toString('utf8'));
    if (problem) throw new LogoError(problem);
    // the drawing at its own size first (no pixels are made for that), then at the density that gives the long side MAX_LOGO_SIDE
    let meta;
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw new LogoError('This SVG could not be read. Check that the file opens in a browser, then try again.');
    }
    const long = Math.max(meta.width ?? 0, meta.height ?? 0);
    if (!long) throw new LogoError('This SVG has no size. Give it a width and height or a viewBox.');
    const density = Math.min(2400, Math.max(1, (72 * MAX_LOGO_SIDE) / long));
    input = sharp(bytes, { density, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  } else {
    let meta;
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw new LogoError('This image could not be read: it may be damaged or cut short.');
    }
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (!width || !height) throw new LogoError('This image could not be read: it may be damaged or cut short.');
    if (width > MAX_INPUT_SIDE || height > MAX_INPUT_SIDE) {
      throw new LogoError(`This image is ${width}×${height} pixels; a logo may be at most ${MAX_INPUT_SIDE.toLocaleString('en')} pixels on a side.`);
    }
    if (width * height > MAX_INPUT_PIXELS) {
      throw new LogoError(`This image has ${(width * height).toLocaleString('en')} pixels; a logo may have at most ${MAX_INPUT_PIXELS.toLocaleString('en')}.`);
    }
    input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  }
  try {
    const { data, info } = await input
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      .ensureAlpha()
      .trim()
      .resize(MAX_LOGO_SIDE, MAX_LOGO_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw new LogoError(kind === 'svg' ? 'This SVG could not be drawn. Check that the file opens in a browser, then try again.' : 'This image could not be read: it may be damaged or cut short.');
  }
}
