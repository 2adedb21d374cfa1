import type { InsightGroup } from '@/api/api';
import { fmtMetric, type Metric } from './insights-format';

const ROW = 28;
const LABEL = 0.34;
/** what fits in the label column at 11 px (about 6 px a character): longer labels are cut */
const LABEL_CHARS = 32;

/** 1, 2 or 5 times a power of ten, at least `raw` */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
}

/** A label cut to the column, between characters (an emoji stays whole), with an ellipsis. */
function shortLabel(label: string): string {
  const chars = [...label];
  return chars.length > LABEL_CHARS ? `${chars.slice(0, LABEL_CHARS - 1).join('').trimEnd()}…` : label;
}

/**
 * Each group's value of the chosen metric as a dot on its 95% interval (a line from its low to
 * its high end; an end the data does not bound runs to the chart's edge), best first, winners in
 * the accent colour: where two lines do not overlap, the difference is not chance. Drawn in SVG;
 * the table beside it holds the same figures for screen readers.
 */
export function InsightsChart({ metric, results }: { metric: Metric; results: InsightGroup[] }) {
  const shown = results.filter((r) => r.value !== null);
  if (shown.length === 0) return null;
  const ends = shown.flatMap((r) => [r.value!, r.value_low ?? r.value!, r.value_high ?? r.value!]);
  // the axis ends on a round step past the largest end: ticks read 0, 1%, 2%…, not 1.13%
  const step = niceStep((Math.max(...ends) || 1) / 4);
  const max = Math.ceil((Math.max(...ends) * 1.04 || 1) / step) * step;
  const width = 640;
  const left = width * LABEL;
  const plot = width - left - 16;
  const x = (v: number) => left + (Math.min(v, max) / max) * plot;
  const height = shown.length * ROW + 24;
  const ticks = Array.from({ length: Math.round(max / step) + 1 }, (_, i) => i * step);
  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${width} ${height}`} className="w-full" role="img" aria-label={`${metric} of each group with its 95% interval`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1={0} y2={height - 20} className="stroke-border" strokeDasharray="2 3" />
            <text x={x(t)} y={height - 6} textAnchor={t === ticks.at(-1) ? 'end' : 'middle'} className="fill-muted-foreground text-[10px]">
              {fmtMetric(metric, t)}
            </text>
          </g>
        ))}
        {shown.map((r, i) => {
          const y = i * ROW + ROW / 2;
          const isWinner = r.verdict === 'winner';
          const faint = r.verdict === 'too_little_data';
          const low = r.value_low ?? 0;
          const high = r.value_high ?? max;
          return (
            <g key={r.key} data-testid="interval" data-verdict={r.verdict}>
              <text x={left - 8} y={y + 4} textAnchor="end" className="fill-foreground text-[11px]">
                <title>{r.label}</title>
                {shortLabel(r.label)}
              </text>
              <line x1={x(low)} x2={x(high)} y1={y} y2={y} strokeWidth={3} strokeLinecap="round" className={isWinner ? 'stroke-primary' : faint ? 'stroke-muted-foreground/30' : 'stroke-muted-foreground/60'} />
              <circle cx={x(r.value!)} cy={y} r={5} className={isWinner ? 'fill-primary' : faint ? 'fill-muted-foreground/40' : 'fill-foreground'} />
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-muted-foreground">Dots are each group’s value; lines its 95% interval. A winner’s line lies wholly beyond every other’s with enough data.</figcaption>
    </figure>
  );
}
