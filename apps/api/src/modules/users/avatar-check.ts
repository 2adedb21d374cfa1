/** Identifies an uploaded image by its bytes (never by its name or declared type) and makes SVG safe. */
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

/**
 * Strips what can run or reach out from an SVG: scripts, foreignObject, event handlers,
 * javascript: and external references. Documents with a DOCTYPE or entities are refused outright.
 */
export function sanitizeSvg(svg: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(svg)) return null;
  let out = svg;
  out = out.replace(/<script[\s\S]*?<\/script\s*>/gi, '').replace(/<script[^>]*\/>/gi, '');
  out = out.replace(/<foreignObject[\s\S]*?<\/foreignObject\s*>/gi, '');
  out = out.replace(/\s(on[a-z]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
  // href / xlink:href only to fragments inside the document or inline raster images
  out = out.replace(/\s((?:xlink:)?href)\s*=\s*("([^"]*)"|'([^']*)')/gi, (match, _attr, _q, dq, sq) => {
    const value = String(dq ?? sq ?? '').trim();
    return value.startsWith('#') || /^data:image\/(png|jpeg|gif);/i.test(value) ? match : '';
  });
  out = out.replace(/url\(\s*['"]?\s*(?!#)[^)]*\)/gi, 'none');
  out = out.replace(/@import[^;]*;?/gi, '');
  if (/<script|javascript:|<iframe|<embed|<object/i.test(out)) return null;
  return out;
}
