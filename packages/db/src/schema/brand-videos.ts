import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { uploadedVideoColumns } from './uploaded-file-columns.ts';

/**
 * What a clip says, from the transcription endpoint (`POST /api/brand-videos/{id}/transcribe/`):
 * the whole text, the language the endpoint named (null when it named none), and each word with
 * its time in seconds from the clip's start, sorted, inside the clip, at most 2000 words of at most
 * 200 characters (what a composition's `speechWordSchema` takes).
 */
export interface BrandVideoTranscript {
  text: string;
  language: string | null;
  words: { text: string; start: number; end: number }[];
}

/**
 * A clip a team uploaded. kind: 'product_demo' | 'hook' | 'other';
 * status: 'pending_upload' | 'processing' | 'ready' | 'failed' (with `error`).
 * transcript: what it says (null until transcribed), stored at transcribed_at.
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
    transcript: jsonb('transcript').$type<BrandVideoTranscript>(),
    transcribedAt: timestamp('transcribed_at', { withTimezone: true }),
  },
  (t) => [
    index('brand_videos_team_created_idx').on(t.teamId, t.createdAt, t.id),
    index('brand_videos_team_updated_idx').on(t.teamId, t.updatedAt, t.id),
    index('brand_videos_team_title_idx').on(t.teamId, sql`lower(${t.title})`, t.id),
    index('brand_videos_tags_idx').using('gin', t.tags),
  ],
);
