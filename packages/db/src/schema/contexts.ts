import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

/** A saved product context. type: 'product' | 'general' */
export const contexts = pgTable(
  'contexts',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull().default('product'),
    content: text('content').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // one index per ordering the list offers, ending in id like the ORDER BY, so page 1 reads 20 rows whatever the team's size
  (t) => [
    index('contexts_team_created_idx').on(t.teamId, t.createdAt, t.id),
    index('contexts_team_updated_idx').on(t.teamId, t.updatedAt, t.id),
    index('contexts_team_name_idx').on(t.teamId, sql`lower(${t.name})`, t.id),
  ],
);
