import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executeRows, jobs, type Db } from '@hookwall/db';
import { notifyJobQueued } from './channel.ts';
import { jobPayloads, type JobName, type JobPayload } from './names.ts';

export interface EnqueueOptions {
  maxAttempts?: number;
  runAt?: Date;
  /** whose job it is (`team:<id>`): claims take turns between keys (see claimJob) */
  fairKey?: string;
}

type Executor = Pick<Db, 'insert' | 'execute'>;

/** The fair key of a team's jobs: claims take turns between teams. */
export function teamFairKey(teamId: number): string {
  return `team:${teamId}`;
}

/**
 * Adds a job; pass a transaction as `db` to enqueue atomically with the change that causes it.
 * Workers in every process wake at once: the NOTIFY is delivered when the transaction commits, so
 * a woken worker always finds the job.
 */
export async function enqueueJob<N extends JobName>(db: Executor, name: N, payload: JobPayload<N>, options: EnqueueOptions = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(jobs).values({
    id,
    name,
    payload: jobPayloads[name].parse(payload),
    maxAttempts: options.maxAttempts ?? 5,
    runAt: options.runAt ?? new Date(),
    fairKey: options.fairKey ?? null,
  });
  await db.execute(notifyJobQueued(name));
  return id;
}

/**
 * A job as one run of it holds it. Every change after the claim takes this (not the bare id): it
 * applies only while the job is still active under this claim's `runToken`, so a worker whose lease
 * ran out, and whose job another worker has claimed since, changes nothing (docs/queue.md).
 */
export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  /** the worker that claimed it (`host:pid` unless the worker named itself) */
  workerId: string;
  /** new at every claim, stored on the row: names this run */
  runToken: string;
}

/** The run a change after a claim names. */
export type JobRun = Pick<ClaimedJob, 'id' | 'runToken'>;

export interface ClaimOptions {
  /** how long the job is this run's without a renewal (`extendLease`) */
  leaseSeconds?: number;
  workerId?: string;
}

/** This process's name as a worker, stored on the jobs it claims (`locked_by`). */
export const processWorkerId = `${hostname()}:${process.pid}`;

/** The job is still active under this run: the condition of every change after a claim. */
function heldBy(run: JobRun) {
  return and(eq(jobs.id, run.id), eq(jobs.status, 'active'), eq(jobs.runToken, run.runToken));
}

/**
 * Claims one due job among `names`: a queued job whose time has come, or an active one whose lease
 * ran out (its worker died). SKIP LOCKED lets many workers claim concurrently without waiting.
 *
 * Jobs take turns by `fair_key` (the team): a due job's turn is its place in its key's line plus
 * the jobs of that key taken while the key's oldest waiting job (among the first of its line) has
 * been waiting; the lowest turn goes first (then the oldest). A team's bulk of 50 whose first
 * videos are under way thus ranks behind another team's single render, which starts next instead
 * of after the 50; two bulks alternate. Jobs without a key (emails) go first: they are short.
 * Every change the run makes afterwards takes the returned ClaimedJob (see `heldBy`).
 */
export async function claimJob(db: Db, names: string[], options: ClaimOptions = {}): Promise<ClaimedJob | null> {
  if (names.length === 0) return null;
  const workerId = options.workerId ?? processWorkerId;
  const runToken = randomUUID();
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(WITHOUT_JIT);
    return executeRows<{
      id: string;
      name: string;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }>(tx, claimStatement(names, { leaseSeconds: options.leaseSeconds ?? 300, workerId, runToken }));
  });
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    workerId,
    runToken,
  };
}

/**
 * Run first in a claim's transaction. The claim's estimated cost grows with the table's statistics
 * (many ended jobs, a long line) until PostgreSQL compiles it with JIT, which costs many times what
 * running it does: it reads a few index entries. A no-op on PGlite, which has no JIT.
 */
export const WITHOUT_JIT = sql`SET LOCAL jit = off`;

/**
 * How many jobs of each line (a fair key and a job name) a claim ranks. The first in a line is the
 * one a claim takes; the ones behind it are there for claimers running at the same moment, which
 * skip a row another has locked and take the next best.
 */
const LINE_CANDIDATES = 16;

/**
 * The statement `claimJob` runs (exported for `npm run bench:queue`, which reads its plan). It reads
 * only the heads of the lines, through `jobs_line_idx`, never every queued job, so a claim costs
 * about the same with ten thousand jobs waiting as with a hundred (docs/queue.md).
 */
export function claimStatement(names: string[], claim: { leaseSeconds: number; workerId: string; runToken: string }): SQL {
  const nameList = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  const wanted = sql.join(
    names.map((n) => sql`(${n}::text)`),
    sql`, `,
  );
  return sql`
    WITH RECURSIVE lines AS (
      -- the fair keys with queued jobs, one index probe each (a loose index scan); every ORDER BY
      -- here is jobs_line_idx's own, so that the planner reads it rather than a longer index
      (SELECT fair_key FROM jobs WHERE status = 'queued' AND fair_key IS NOT NULL ORDER BY fair_key, name, run_at, seq LIMIT 1)
      UNION ALL
      SELECT (SELECT j.fair_key FROM jobs j WHERE j.status = 'queued' AND j.fair_key > lines.fair_key ORDER BY j.fair_key, j.name, j.run_at, j.seq LIMIT 1)
      FROM lines WHERE lines.fair_key IS NOT NULL
    ),
    wanted(name) AS (VALUES ${wanted}),
    due AS (
      SELECT head.* FROM lines CROSS JOIN wanted CROSS JOIN LATERAL (
        SELECT id, run_at, seq, created_at, fair_key FROM jobs
        WHERE status = 'queued' AND fair_key = lines.fair_key AND name = wanted.name AND run_at <= now()
        ORDER BY fair_key, name, run_at, seq LIMIT ${LINE_CANDIDATES}
      ) head
      UNION ALL
      SELECT head.* FROM wanted CROSS JOIN LATERAL (
        SELECT id, run_at, seq, created_at, fair_key FROM jobs
        WHERE status = 'queued' AND fair_key IS NULL AND name = wanted.name AND run_at <= now()
        ORDER BY fair_key, name, run_at, seq LIMIT ${LINE_CANDIDATES}
      ) head
      UNION ALL
      -- leases that ran out (their worker died): as many as there are workers at most
      SELECT id, run_at, seq, created_at, fair_key FROM jobs
      WHERE status = 'active' AND locked_until < now() AND name IN (${nameList})
    ),
    oldest AS (
      SELECT fair_key, min(created_at) AS since FROM due WHERE fair_key IS NOT NULL GROUP BY fair_key
    ),
    served AS (
      -- taken by a worker (a job cancelled before it started took no turn): one range of jobs_fair_key_idx per key
      SELECT oldest.fair_key, (
        SELECT count(*) FROM jobs
        WHERE jobs.fair_key = oldest.fair_key AND jobs.updated_at >= oldest.since AND jobs.status <> 'queued' AND jobs.attempts > 0
      ) AS n FROM oldest
    ),
    ranked AS (
      SELECT due.id, due.run_at, due.seq,
        CASE WHEN due.fair_key IS NULL THEN 0
          ELSE row_number() OVER (PARTITION BY due.fair_key ORDER BY due.run_at, due.seq) + coalesce(served.n, 0)
        END AS turn
      FROM due LEFT JOIN served ON served.fair_key = due.fair_key
    ),
    picked AS (
      SELECT jobs.id FROM jobs JOIN ranked ON ranked.id = jobs.id
      -- the candidates by their primary key (without it the planner may read the whole table to join them)
      WHERE jobs.id = ANY (ARRAY(SELECT id FROM ranked))
        -- a job another claimer took since the snapshot is skipped, not waited for
        AND ((jobs.status = 'queued' AND jobs.run_at <= now()) OR (jobs.status = 'active' AND jobs.locked_until < now()))
      ORDER BY ranked.turn, ranked.run_at, ranked.seq
      FOR UPDATE OF jobs SKIP LOCKED
      LIMIT 1
    )
    UPDATE jobs SET status = 'active', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${claim.leaseSeconds}), locked_by = ${claim.workerId}, run_token = ${claim.runToken}, updated_at = now()
    WHERE id = (SELECT id FROM picked)
    RETURNING id, name, payload, attempts, max_attempts`;
}

/**
 * Marks the run's job done; false (nothing changed) when the run no longer holds it. A run whose
 * lease ran out still completes while no other worker has claimed the job: its work is done.
 */
export async function completeJob(db: Pick<Db, 'update'>, run: JobRun): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'completed', lockedUntil: null, lastError: null, updatedAt: new Date() })
    .where(heldBy(run))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records the run's failure: retried with exponential backoff until attempts run out, then
 * 'failed'; 'superseded' (nothing changed) when the run no longer holds the job.
 */
export async function failJob(db: Pick<Db, 'update'>, job: ClaimedJob, error: unknown): Promise<'retry' | 'failed' | 'superseded'> {
  const message = error instanceof Error ? error.message : String(error);
  const isFinal = job.attempts >= job.maxAttempts;
  const delayMs = Math.min(2 ** job.attempts * 1000, 10 * 60 * 1000);
  const rows = await db
    .update(jobs)
    .set({
      status: isFinal ? 'failed' : 'queued',
      lockedUntil: null,
      lastError: message.slice(0, 2000),
      runAt: new Date(Date.now() + (isFinal ? 0 : delayMs)),
      updatedAt: new Date(),
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  if (rows.length === 0) return 'superseded';
  return isFinal ? 'failed' : 'retry';
}

/** Thrown by a handler that stopped its job because the worker is stopping: the job goes back to the queue, not counted as a failure. */
export class JobHandedBackError extends Error {
  constructor() {
    super('handed back: the worker is stopping');
  }
}

/** Thrown by a handler that stopped because what its job was for was cancelled meanwhile: the job ends `cancelled`, not completed nor retried. */
export class JobCancelledError extends Error {
  constructor() {
    super('cancelled while it ran');
  }
}

/**
 * Hands the run's job back to the queue (its worker is stopping): queued again at once, this
 * attempt not counted, and every idle worker woken to take it. False (nothing changed) when the
 * run no longer holds it.
 */
export async function releaseJob(db: Db, run: JobRun): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(jobs)
      .set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedUntil: null, runAt: new Date(), updatedAt: new Date() })
      .where(heldBy(run))
      .returning({ name: jobs.name });
    if (rows[0]) await tx.execute(notifyJobQueued(rows[0].name));
    return rows.length > 0;
  });
}

/**
 * A queued job that must never start (its render was cancelled): it ends `cancelled`. A running
 * one is left to its worker, which sees the cancel and ends its run with `cancelJob`.
 */
export async function cancelQueuedJob(db: Pick<Db, 'update'>, id: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'cancelled', lockedUntil: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')));
}

/** Ends the run's job as `cancelled` (see JobCancelledError); false (nothing changed) when the run no longer holds it. */
export async function cancelJob(db: Pick<Db, 'update'>, run: JobRun): Promise<boolean> {
  const rows = await db.update(jobs).set({ status: 'cancelled', lockedUntil: null, updatedAt: new Date() }).where(heldBy(run)).returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Keeps a long job's lease: a worker that stops renewing it (killed) loses the job to another
 * worker when the lease runs out, so the lease can be short and a crash is retried quickly. False
 * (nothing changed) when the run no longer holds the job: another worker has it, and this run's
 * work will be thrown away.
 */
export async function extendLease(db: Pick<Db, 'update'>, run: JobRun, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, updatedAt: new Date() })
    .where(heldBy(run))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The states of a job that has ended: nothing changes it any more. */
export const ENDED_JOB_STATES = ['completed', 'failed', 'cancelled'] as const;
export type EndedJobState = (typeof ENDED_JOB_STATES)[number];

/** Deletes jobs that ended (completed, failed or cancelled) before `olderThan`; returns how many. Queued and running jobs are never touched. */
export async function pruneJobs(db: Db, olderThan: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, [...ENDED_JOB_STATES]), sql`${jobs.updatedAt} < ${olderThan.toISOString()}`))
    .returning({ id: jobs.id });
  return rows.length;
}
