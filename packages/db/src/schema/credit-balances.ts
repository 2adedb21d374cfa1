import { check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { teams } from './teams.ts';

/** The team's current credit balance; the row every ledger write locks (SELECT ... FOR UPDATE). */
export const creditBalances = pgTable(
  'credit_balances',
  {
    teamId: integer('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credit_balances_non_negative', sql`${t.balance} >= 0`)],
);
