import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { creditTransactions } from './credit-transactions.ts';
import { teams } from './teams.ts';

/** A spend given back (e.g. a failed generation): at most one refund per spend. */
export const creditRefunds = pgTable(
  'credit_refunds',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    spendTransactionId: integer('spend_transaction_id')
      .notNull()
      .references(() => creditTransactions.id, { onDelete: 'cascade' }),
    refundTransactionId: integer('refund_transaction_id')
      .notNull()
      .references(() => creditTransactions.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('credit_refunds_spend_uq').on(t.spendTransactionId)],
);
