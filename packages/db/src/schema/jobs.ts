import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every state a job can be in (see docs/queue.md); the table's check constraint holds it to these. */
export const JOB_STATES = ['queued', 'active', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The durable job queue. Workers claim rows with FOR UPDATE SKIP LOCKED, so any number of
 * worker processes on any number of machines can share it (docs/queue.md).
 * status: one of JOB_STATES
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** the worker that claimed the job last (`host:pid`): who holds it while it is active */
    lockedBy: text('locked_by'),
    /**
     * A fresh token per claim: every change a worker makes after its claim names it, so a worker
     * whose lease ran out and whose job another worker claimed since changes nothing.
     */
    runToken: uuid('run_token'),
    /** whose job it is (e.g. `team:42`): claims take turns between keys, so one team's bulk cannot starve another */
    fairKey: text('fair_key'),
    /** the order jobs were added in (run_at ties within a millisecond, created_at within a transaction) */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    index('jobs_fair_key_idx').on(t.fairKey, t.updatedAt),
    // the lines a claim reads: the queued jobs of a fair key and a name in the order they are taken
    // (packages/jobs/src/queue.ts, claimStatement), so a claim reads the heads of the lines only
    index('jobs_line_idx').on(t.fairKey, t.name, t.runAt, t.seq).where(sql`${t.status} = 'queued'`),
    check('jobs_status_known', sql`${t.status} IN (${sql.raw(JOB_STATES.map((state) => `'${state}'`).join(', '))})`),
  ],
);
