import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every billing event applied, by its provider id; inserted in the same transaction as its effects. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
