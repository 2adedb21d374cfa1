import type { InsightGroup } from '@/api/api';
import { fmtMetric, type Metric } from './insights-format';

const ROW = 28;
const LABEL = 0.34;

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
  const max = Math.max(...ends) * 1.08 || 1;
  const width = 640;
  const left = width * LABEL;
  const plot = width - left - 16;
  const x = (v: number) => left + (Math.min(v, max) / max) * plot;
  const height = shown.length * ROW + 24;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${width} ${height}`} className="w-full" role="img" aria-label={`${metric} of each group with its 95% interval`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1={0} y2={height - 20} className="stroke-border" strokeDasharray="2 3" />
            <text x={x(t)} y={height - 6} textAnchor="middle" className="fill-muted-foreground text-[10px]">
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
                {r.label.length > 38 ? `${r.label.slice(0, 37)}…` : r.label}
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
