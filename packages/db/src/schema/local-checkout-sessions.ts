import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * Checkout sessions of the local (test-mode) billing provider. kind: 'subscription' | 'credits';
 * status: 'open' | 'paid' | 'cancelled'.
 */
export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    priceId: text('price_id').notNull(),
    pack: integer('pack'),
    status: text('status').notNull().default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('local_checkout_sessions_team_idx').on(t.teamId)],
);
