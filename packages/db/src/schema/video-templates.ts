import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brandKits } from './brand-kits.ts';
import { teams } from './teams.ts';

/**
 * A builder setup saved under a name (docs/video-templates.md): the composition it makes
 * ('text-wall' | 'hook-product-demo' | 'multi-text-wall'), the brand kit it takes (null: none; a
 * kit deleted later leaves it null) and `settings`, the batch's other fields as the bulk endpoints
 * take them (checked by the API with their own schemas). Names are unique in a team, without
 * regard to case.
 */
export const videoTemplates = pgTable(
  'video_templates',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    composition: text('composition').notNull(),
    brandKitId: uuid('brand_kit_id').references(() => brandKits.id, { onDelete: 'set null' }),
    settings: jsonb('settings').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_templates_team_created_idx').on(t.teamId, t.createdAt, t.id),
    uniqueIndex('video_templates_team_name_uq').on(t.teamId, sql`lower(${t.name})`),
    index('video_templates_brand_kit_idx').on(t.brandKitId),
  ],
);
