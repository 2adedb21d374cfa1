/** Identifies an uploaded image by its bytes (never by its name or declared type) and turns SVG into a bitmap. */
export type ImageKind = { ext: 'png' | 'jpg' | 'gif' | 'svg'; contentType: string };

export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', contentType: 'image/png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ext: 'jpg', contentType: 'image/jpeg' };
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return { ext: 'gif', contentType: 'image/gif' };
  const text = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return { ext: 'svg', contentType: 'image/svg+xml' };
  return null;
}

/** Largest SVG canvas we rasterise (pixels), so a tiny file cannot ask for a huge bitmap. */
const MAX_SVG_PIXELS = 4096 * 4096;

/**
 * Turns an SVG avatar into a PNG of at most 800x800 with librsvg (through sharp): the stored file
 * is a bitmap and can carry no script, handler or link, whatever the SVG held. librsvg is given
 * only the bytes (no base path), so it loads no file or URL the SVG names; documents with a
 * DOCTYPE or entities are refused before parsing. Null when the SVG cannot be drawn.
 */
export async function rasterizeSvg(svg: Buffer): Promise<Buffer | null> {
  if (/<!DOCTYPE|<!ENTITY/i.test(svg.toString('utf8'))) return null;
  try {
    // loaded on the first SVG avatar, not at start: libvips is a large native library
    const { default: sharp } = await import('sharp');
    return await sharp(svg, { limitInputPixels: MAX_SVG_PIXELS, failOn: 'error' })
      .resize(800, 800, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
