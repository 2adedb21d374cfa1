import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * An audio track a team uploaded to play under its videos. Only the canonical copy is kept (AAC in
 * M4A, stereo, 48 kHz, loudness-normalised; docs/media.md, Music tracks) at storage_key
 * (`teams/{teamId}/music/{uuid}.m4a`), removed with the team's files; `size` is that copy's bytes
 * (the team's storage quota counts it). `filename` is the name it was uploaded under, only shown.
 */
export const musicTracks = pgTable(
  'music_tracks',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('music_tracks_team_created_idx').on(t.teamId, t.createdAt, t.id), index('music_tracks_team_name_idx').on(t.teamId, sql`lower(${t.name})`, t.id)],
);
