import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { uploadedVideoColumns } from './uploaded-file-columns.ts';

/**
 * A clip a team uploaded. kind: 'product_demo' | 'hook' | 'other';
 * status: 'pending_upload' | 'processing' | 'ready' | 'failed' (with `error`).
 */
export const brandVideos = pgTable(
  'brand_videos',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').notNull().default('other'),
    tags: text('tags').array().notNull().default([]),
    ...uploadedVideoColumns(),
  },
  (t) => [
    index('brand_videos_team_created_idx').on(t.teamId, t.createdAt, t.id),
    index('brand_videos_team_updated_idx').on(t.teamId, t.updatedAt, t.id),
    index('brand_videos_team_title_idx').on(t.teamId, sql`lower(${t.title})`, t.id),
    index('brand_videos_tags_idx').using('gin', t.tags),
  ],
);
