import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One upload URL handed out for a video (a brand video or a team's background): the browser PUTs to
 * `storage_key`, a key of its own (`teams/{teamId}/uploads/{uuid}.{ext}`), and confirm_upload reads
 * only the key of the video's latest open URL. A new URL closes the earlier ones, and confirming
 * closes them all. target_type: 'brand_video' | 'background_video'.
 *
 * team_id has no foreign key on purpose: the row outlives its video and its team until its URL has
 * long expired, so whatever still arrives through it (a presigned S3 PUT cannot be revoked) is found
 * and removed by the worker's sweep.
 */
export const uploadUrls = pgTable(
  'upload_urls',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    /** who asked for it: the URL counts only while they may change the team's videos */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** set when a newer URL replaced it or the upload was confirmed */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('upload_urls_storage_key_uq').on(t.storageKey),
    // at most one open URL per video
    uniqueIndex('upload_urls_open_uq').on(t.targetType, t.targetId).where(sql`${t.closedAt} IS NULL`),
    index('upload_urls_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('upload_urls_expires_idx').on(t.expiresAt),
  ],
);
