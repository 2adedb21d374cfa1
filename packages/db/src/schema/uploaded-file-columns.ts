import { bigint, doublePrecision, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The columns every uploaded video shares (brand videos, background videos): what the client
 * declared, where it is stored, the upload status and what ffprobe found. A function, so each
 * table gets its own column builders.
 * status: 'pending_upload' | 'processing' | 'ready' | 'failed' (with `error`).
 */
export const uploadedVideoColumns = () => ({
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
});
