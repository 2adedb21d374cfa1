import type { SpeechWord } from '@hookwall/video/schemas';
import { bigint, doublePrecision, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';

/**
 * A text spoken by a voice, kept so a preview and the renders that follow play the same audio with
 * the same word times and pay for it once. One row per team, voice, speed and text (text_hash is the
 * SHA-256 of the text, so the unique index stays small whatever the text's length). The audio is
 * at storage_key (`teams/{teamId}/speech/{id}.{ext}`), removed with the team's files.
 * words: [{text, start, end}] in seconds, one per speechTokens(text). provider: 'offline' | 'remote'.
 */
export const speechAssets = pgTable(
  'speech_assets',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    voiceId: text('voice_id').notNull(),
    speed: doublePrecision('speed').notNull(),
    text: text('text').notNull(),
    textHash: text('text_hash').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    words: jsonb('words').$type<SpeechWord[]>().notNull(),
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('speech_assets_team_voice_speed_text_uq').on(t.teamId, t.voiceId, t.speed, t.textHash)],
);
