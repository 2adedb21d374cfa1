import type { RadialSegment } from '@hookwall/video/layers';

function rgbOf(color: string): [number, number, number] {
  const hex = /^#[0-9a-fA-F]{6}$/.test(color) ? color.slice(1) : '000000';
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * One frame of a radial gradient as the browser draws CSS `radial-gradient(circle at cx cy, from
 * 0%, to stop)`: sampled at pixel centres, the radius to the farthest corner, the colours mixed
 * in sRGB. Raw RGB, drawn here once (ffmpeg's expression filter, evaluated per pixel and per frame, is far slower).
 */
export function radialGradientRgb(segment: Pick<RadialSegment, 'from' | 'to' | 'stop' | 'cx' | 'cy'>, width: number, height: number): Buffer {
  const [fr, fg, fb] = rgbOf(segment.from);
  const [tr, tg, tb] = rgbOf(segment.to);
  const cx = segment.cx * width;
  const cy = segment.cy * height;
  const radius = Math.hypot(Math.max(cx, width - cx), Math.max(cy, height - cy)) * segment.stop;
  const out = Buffer.allocUnsafe(width * height * 3);
  let at = 0;
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - cy;
    for (let x = 0; x < width; x++) {
      const t = Math.min(1, Math.hypot(x + 0.5 - cx, dy) / radius);
      out[at++] = Math.round(fr + (tr - fr) * t);
      out[at++] = Math.round(fg + (tg - fg) * t);
      out[at++] = Math.round(fb + (tb - fb) * t);
    }
  }
  return out;
}
