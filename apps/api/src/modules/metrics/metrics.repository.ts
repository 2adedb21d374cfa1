import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '@hookwall/db';

export interface RenderDurations {
  engine: string;
  count: number;
  sumSeconds: number;
  /** completed renders that took at most each bucket's seconds, in the order of `buckets` */
  cumulative: number[];
}

/**
 * Completed renders by engine as a histogram of `render_ms`: how many took at most each bucket's
 * seconds, their count and total. An operational aggregate over every team (no team's data comes
 * out of it, only counts), for /metrics; one pass over the completed render jobs.
 */
export async function renderDurations(db: Pick<Db, 'execute'>, buckets: readonly number[]): Promise<RenderDurations[]> {
  const filters = sql.join(
    buckets.map((seconds, i) => sql`count(*) FILTER (WHERE render_ms <= ${seconds * 1000})::int AS ${sql.raw(`le_${i}`)}`),
    sql`, `,
  );
  const rows = await executeRows<Record<string, number | string>>(
    db,
    sql`SELECT engine, count(*)::int AS count, coalesce(sum(render_ms), 0)::float8 / 1000 AS sum_seconds, ${filters}
        FROM render_jobs WHERE status = 'completed' AND render_ms IS NOT NULL GROUP BY engine ORDER BY engine`,
  );
  return rows.map((row) => ({
    engine: String(row.engine),
    count: Number(row.count),
    sumSeconds: Number(row.sum_seconds),
    cumulative: buckets.map((_, i) => Number(row[`le_${i}`])),
  }));
}
