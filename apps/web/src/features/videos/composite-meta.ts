import { FPS, multiTextWallMeta, multiTextWallPropsSchema } from '@hookwall/video/schemas';
import type { CompositeVideo } from '@/api/api';

const KIND_LABELS: Record<string, string> = { 'hook-product-demo': 'Hook + product demo', 'multi-text-wall': 'Multi text wall' };
const ASPECTS = ['9:16', '1:1', '16:9', '4:5'] as const;

/**
 * A multi text wall's length in seconds, from its config as the render computes it (transitions
 * overlapping); null when the config does not say. A hook + demo's length depends on its clips,
 * which the API does not return with it (GET /api/composite-videos/), so it has none here.
 */
export function compositeSeconds(v: Pick<CompositeVideo, 'composition_id' | 'config'>): number | null {
  if (v.composition_id !== 'multi-text-wall') return null;
  const parsed = multiTextWallPropsSchema.safeParse(v.config);
  return parsed.success ? multiTextWallMeta.calculate(parsed.data).durationInFrames / FPS : null;
}

/** A composite card's line: its kind, its length when known and its format, as a text wall's ("Text wall · 10 s · 9:16"). */
export function compositeMetaLine(v: Pick<CompositeVideo, 'composition_id' | 'config'>): string {
  const aspect = ASPECTS.find((a) => a === v.config.aspect) ?? '9:16';
  const seconds = compositeSeconds(v);
  const length = seconds === null ? null : `${Math.round(seconds * 10) / 10} s`;
  return [KIND_LABELS[v.composition_id] ?? 'Composite', length, aspect].filter(Boolean).join(' · ');
}
