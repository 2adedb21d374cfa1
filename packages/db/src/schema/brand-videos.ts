import { bigint, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

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
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    kind: text('kind').notNull().default('other'),
    tags: text('tags').array().notNull().default([]),
    status: text('status').notNull().default('pending_upload'),
    error: text('error'),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    duration: doublePrecision('duration'),
    width: integer('width'),
    height: integer('height'),
    fps: doublePrecision('fps'),
    codec: text('codec'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('brand_videos_team_created_idx').on(t.teamId, t.createdAt), index('brand_videos_tags_idx').using('gin', t.tags)],
);
