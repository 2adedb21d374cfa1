import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * The append-only credit ledger. kind: grant | purchase | spend | refund | adjustment.
 * reference is unique when set (Stripe ids, period keys, spend ids), which makes replays harmless.
 */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull().default(''),
    reference: text('reference'),
    balanceAfter: integer('balance_after').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_transactions_reference_uq').on(t.reference),
    index('credit_transactions_team_idx').on(t.teamId, t.createdAt, t.id),
    check('credit_transactions_balance_after_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);
