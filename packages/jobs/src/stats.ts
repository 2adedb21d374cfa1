import { inArray, sql } from 'drizzle-orm';
import { executeRows, jobs, type Db } from '@hookwall/db';

/** The states a job is in while it is load or needs attention; `completed` and `cancelled` rows are history and are not counted. */
export const OPEN_JOB_STATES = ['queued', 'active', 'failed'] as const;
export type OpenJobState = (typeof OPEN_JOB_STATES)[number];

/**
 * How long the oldest job that is due (queued, `run_at` passed) has been waiting for a worker, in
 * seconds, by the database's clock; 0 when none waits. A job retried with backoff counts from when
 * it became due again, a job scheduled for later not at all: only the wait a worker could end counts.
 * One index range on `jobs_claim_idx (status, run_at)`.
 */
export async function oldestDueJobAgeSeconds(db: Pick<Db, 'execute'>): Promise<number> {
  const [row] = await executeRows<{ age: number | string | null }>(
    db,
    sql`SELECT extract(epoch FROM now() - min(run_at))::float8 AS age FROM jobs WHERE status = 'queued' AND run_at <= now()`,
  );
  const age = row?.age == null ? 0 : Number(row.age);
  return Math.max(0, age);
}

/** Open jobs counted by name and state (for /metrics); only the pairs that have any. */
export async function countOpenJobsByNameAndState(db: Db): Promise<{ name: string; state: OpenJobState; count: number }[]> {
  const rows = await db
    .select({ name: jobs.name, state: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, [...OPEN_JOB_STATES]))
    .groupBy(jobs.name, jobs.status);
  return rows.map((r) => ({ name: r.name, state: r.state as OpenJobState, count: Number(r.count) }));
}

/** Open jobs counted by state (for /health): every open state, 0 when none is in it. */
export async function countOpenJobsByState(db: Db): Promise<Record<OpenJobState, number>> {
  const counts = Object.fromEntries(OPEN_JOB_STATES.map((state) => [state, 0])) as Record<OpenJobState, number>;
  for (const row of await countOpenJobsByNameAndState(db)) counts[row.state] += row.count;
  return counts;
}
