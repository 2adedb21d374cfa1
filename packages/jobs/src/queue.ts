import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { executeRows, jobs, type Db } from '@hookwall/db';
import { jobPayloads, type JobName, type JobPayload } from './names.ts';

export interface EnqueueOptions {
  maxAttempts?: number;
  runAt?: Date;
}

type Executor = Pick<Db, 'insert' | 'execute'>;

/**
 * The channel workers LISTEN on for new jobs, one per schema (a PostgreSQL NOTIFY reaches every
 * schema's listeners; tests run many schemas in one database). `enqueueJob` notifies
 * `'hookwall_jobs_' || current_schema()`, the same name seen from SQL.
 */
export function jobsChannel(schemaName: string): string {
  return `hookwall_jobs_${schemaName}`;
}

/**
 * Adds a job; pass a transaction as `db` to enqueue atomically with the change that causes it.
 * Workers in every process wake at once: the NOTIFY is delivered when the transaction commits, so
 * a woken worker always finds the job.
 */
export async function enqueueJob<N extends JobName>(
  db: Executor,
  name: N,
  payload: JobPayload<N>,
  options: EnqueueOptions = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(jobs).values({
    id,
    name,
    payload: jobPayloads[name].parse(payload),
    maxAttempts: options.maxAttempts ?? 5,
    runAt: options.runAt ?? new Date(),
  });
  await db.execute(sql`select pg_notify('hookwall_jobs_' || current_schema(), ${name})`);
  return id;
}

export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/**
 * Claims one due job among `names`: a queued job whose time has come, or an active one whose lease
 * ran out (its worker died). SKIP LOCKED lets many workers claim concurrently without waiting.
 */
export async function claimJob(db: Db, names: string[], leaseSeconds = 300): Promise<ClaimedJob | null> {
  if (names.length === 0) return null;
  const nameList = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  const [row] = await executeRows<{ id: string; name: string; payload: unknown; attempts: number; max_attempts: number }>(
    db,
    sql`
    UPDATE jobs SET status = 'active', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE name IN (${nameList})
        AND ((status = 'queued' AND run_at <= now()) OR (status = 'active' AND locked_until < now()))
      ORDER BY run_at
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING id, name, payload, attempts, max_attempts`,
  );
  if (!row) return null;
  return { id: row.id, name: row.name, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts };
}

export async function completeJob(db: Db, id: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'completed', lockedUntil: null, lastError: null, updatedAt: new Date() })
    .where(eq(jobs.id, id));
}

/** Records a failure: retried with exponential backoff until attempts run out, then 'failed'. */
export async function failJob(db: Db, job: ClaimedJob, error: unknown): Promise<'retry' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error);
  const isFinal = job.attempts >= job.maxAttempts;
  const delayMs = Math.min(2 ** job.attempts * 1000, 10 * 60 * 1000);
  await db
    .update(jobs)
    .set({
      status: isFinal ? 'failed' : 'queued',
      lockedUntil: null,
      lastError: message.slice(0, 2000),
      runAt: new Date(Date.now() + (isFinal ? 0 : delayMs)),
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'active')));
  return isFinal ? 'failed' : 'retry';
}

/** A queued job that must never start (its render was cancelled); a running one is left to its worker. */
export async function cancelQueuedJob(db: Pick<Db, 'update'>, id: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'completed', lastError: 'cancelled', updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')));
}

/**
 * Keeps a long job's lease: a worker that stops renewing it (killed) loses the job to another
 * worker when the lease runs out, so the lease can be short and a crash is retried quickly.
 */
export async function extendLease(db: Pick<Db, 'update'>, id: string, leaseSeconds: number): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'active')));
}

export async function countJobsByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'active', 'failed']))
    .groupBy(jobs.status);
  const counts: Record<string, number> = { queued: 0, active: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.count);
  return counts;
}
