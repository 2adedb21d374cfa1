import type { TextStyle } from './schemas.ts';

/** How far apart (0..1, RGB distance over white-to-black) two colours must be to tell apart at a glance. */
export const CLOSE_COLOURS = 0.25;

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Distance of two #rrggbb colours, 0 (the same) to 1 (black and white). */
export function colourDistance(a: string, b: string): number {
  const [x, y] = [rgb(a), rgb(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) / Math.hypot(255, 255, 255);
}

function isLight(hex: string): boolean {
  const [r, g, b] = rgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 150;
}

/**
 * The caption pill's ring: with a fitted clip the bars take `barColor` (often the brand colour,
 * the pill's own) and the pill sits over the bottom bar; when both colours are close it gets a
 * ring of the opposite lightness, so it stays visible. Null: no ring needed.
 */
export function captionRing(brandColor: string, style: Pick<TextStyle, 'clipFit' | 'barColor'>): string | null {
  if (style.clipFit !== 'fit' || colourDistance(brandColor, style.barColor) >= CLOSE_COLOURS) return null;
  return isLight(style.barColor) ? 'rgba(17,17,24,0.9)' : 'rgba(255,255,255,0.92)';
}
