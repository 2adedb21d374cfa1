import { bigint, boolean, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * A looping clip behind a text wall: a team's upload, or one of the built-in starter set (team_id
 * null, is_builtin true, builtin_slug names which one). status as for brand videos.
 */
export const textWallBackgroundVideos = pgTable(
  'text_wall_background_videos',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    isBuiltin: boolean('is_builtin').notNull().default(false),
    builtinSlug: text('builtin_slug').unique(),
    name: text('name').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
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
  (t) => [index('text_wall_background_videos_team_idx').on(t.teamId, t.createdAt)],
);
