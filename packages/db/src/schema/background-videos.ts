import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brandVideos } from './brand-videos.ts';
import { teams } from './teams.ts';
import { uploadedVideoColumns } from './uploaded-file-columns.ts';

/**
 * A looping clip behind a text wall: a team's upload, or one of the built-in starter set (team_id
 * null, is_builtin true, builtin_slug names which one). status as for brand videos.
 * source_brand_video_id: the brand video it was copied from (docs/media.md, Own clips as
 * backgrounds); one background per clip, and null again once that clip is deleted (the copy stays).
 */
export const textWallBackgroundVideos = pgTable(
  'text_wall_background_videos',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    isBuiltin: boolean('is_builtin').notNull().default(false),
    builtinSlug: text('builtin_slug').unique(),
    name: text('name').notNull(),
    sourceBrandVideoId: uuid('source_brand_video_id').references(() => brandVideos.id, { onDelete: 'set null' }),
    ...uploadedVideoColumns(),
  },
  (t) => [
    index('text_wall_background_videos_team_idx').on(t.teamId, t.createdAt, t.id),
    uniqueIndex('text_wall_background_videos_source_idx').on(t.sourceBrandVideoId),
  ],
);
