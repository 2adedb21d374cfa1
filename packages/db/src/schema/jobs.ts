import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The durable job queue. Workers claim rows with FOR UPDATE SKIP LOCKED, so any number of
 * worker processes on any number of machines can share it.
 * status: 'queued' | 'active' | 'completed' | 'failed'
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
    /** whose job it is (e.g. `team:42`): claims take turns between keys, so one team's bulk cannot starve another */
    fairKey: text('fair_key'),
    /** the order jobs were added in (run_at ties within a millisecond, created_at within a transaction) */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt), index('jobs_fair_key_idx').on(t.fairKey, t.updatedAt)],
);
