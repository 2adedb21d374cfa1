import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';

/**
 * One row per team that has ever started billing. status mirrors Stripe's subscription status
 * (active, trialing, past_due, canceled, incomplete, unpaid, ...) or 'none' while the team only has
 * a customer. provider: 'stripe' | 'local'. synced_at orders competing updates (out-of-order webhooks).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('none'),
    plan: text('plan'),
    priceId: text('price_id'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_team_uq').on(t.teamId),
    uniqueIndex('subscriptions_stripe_customer_uq').on(t.stripeCustomerId),
    uniqueIndex('subscriptions_stripe_subscription_uq').on(t.stripeSubscriptionId),
  ],
);
