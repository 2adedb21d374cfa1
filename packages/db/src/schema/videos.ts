import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BrandRequest } from '@hookwall/video/render-request';
import type { Aspect, Captions, EndCard, TextStyle } from '@hookwall/video/schemas';
import { speechAssets } from './speech-assets.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/** Where a render is: queued → rendering(progress) → completed | failed | cancelled. */
export const RENDER_JOB_STATUSES = ['queued', 'rendering', 'completed', 'failed', 'cancelled'] as const;
export type RenderJobStatus = (typeof RENDER_JOB_STATUSES)[number];
/** What drew it: the fast path (the worker's own compose) or a full Remotion render. */
export const RENDER_ENGINES = ['fast', 'remotion'] as const;
export type RenderEngine = (typeof RENDER_ENGINES)[number];
/** What a render job renders: a text wall or a composite (target_id names it). */
export const RENDER_TARGET_TYPES = ['text_wall_video', 'composite_video'] as const;
export type RenderTargetType = (typeof RENDER_TARGET_TYPES)[number];
/** A part of a long render: queued, taken by a worker, done. */
export const RENDER_CHUNK_STATUSES = ['queued', 'rendering', 'done'] as const;

/** The voice a video is read by, as stored: one of the catalogue's voices and its speed. */
export interface StoredVoice {
  voice_id: string;
  speed: number;
}

/** The music under a video, as stored: one of the team's tracks (music_tracks.id) and its volume, 0 to 1. */
export interface StoredMusic {
  track_id: string;
  volume: number;
}

/**
 * One render of a composition (the API's "remotion render job", /api/remotion-render-jobs/): a stored state machine
 * queued → rendering(progress) → completed | failed | cancelled that survives restarts.
 * target_type: 'text_wall_video' | 'composite_video'; engine: 'fast' | 'remotion'.
 * input_props are the props of the render request (packages/video/src/render-request.ts): the
 * composition's props with each clip a typed media ref the worker resolves (rows stored before those
 * refs name clips `storage:<key>`, which the request's schema still reads).
 * duration_seconds is the video's length, from its props when it was queued (the team's quota of
 * queued seconds counts it); output_bytes is what its output and thumbnail take in storage, null
 * until the API has measured them once (the storage quota counts it).
 */
export const renderJobs = pgTable(
  'render_jobs',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    compositionId: text('composition_id').notNull(),
    inputProps: jsonb('input_props').notNull(),
    targetType: text('target_type', { enum: RENDER_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    status: text('status', { enum: RENDER_JOB_STATUSES }).notNull().default('queued'),
    progress: doublePrecision('progress').notNull().default(0),
    engine: text('engine', { enum: RENDER_ENGINES }).notNull().default('remotion'),
    outputKey: text('output_key'),
    thumbnailKey: text('thumbnail_key'),
    durationSeconds: doublePrecision('duration_seconds').notNull().default(0),
    outputBytes: bigint('output_bytes', { mode: 'number' }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** the queue job that runs it (jobs.id) */
    queueJobId: uuid('queue_job_id'),
    /** the run that holds it: set when a run starts; a run that lost it (the job delivered twice) may not finish it */
    runToken: uuid('run_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    renderMs: integer('render_ms'),
    /** the video's ad code (HW-XXXXXX), written into the MP4's title and comment; null for renders queued before codes existed */
    adCode: text('ad_code'),
  },
  (t) => [
    index('render_jobs_team_created_idx').on(t.teamId, t.createdAt, t.id),
    index('render_jobs_team_status_idx').on(t.teamId, t.status, t.createdAt),
    index('render_jobs_target_idx').on(t.targetId),
  ],
);

/**
 * One frame range of a long render, taken by whichever worker is free (its own lease, renewed while
 * it renders) and stored as a part that the render's own job joins once every part is done.
 * status: 'queued' | 'rendering' | 'done'; worker: host and process that rendered it.
 */
export const renderChunks = pgTable(
  'render_chunks',
  {
    renderJobId: uuid('render_job_id')
      .notNull()
      .references(() => renderJobs.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    frameStart: integer('frame_start').notNull(),
    frameEnd: integer('frame_end').notNull(),
    status: text('status', { enum: RENDER_CHUNK_STATUSES }).notNull().default('queued'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    progress: doublePrecision('progress').notNull().default(0),
    worker: text('worker'),
    engine: text('engine', { enum: RENDER_ENGINES }),
    outputKey: text('output_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.renderJobId, t.index] })],
);

/** A batch made by one bulk call; its status is counted from its videos' render jobs. kind: 'text_wall' | 'hook_product_demo' | 'multi_text_wall' */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    total: integer('total').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bulk_jobs_team_created_idx').on(t.teamId, t.createdAt)],
);

/**
 * One text over a background clip. background_video_id has no foreign key on purpose: a
 * background deleted after the video was made fails that video's render with a reason, it does
 * not silently change the video. aspect: '9:16' | '1:1' | '16:9' | '4:5'.
 */
export const textWallVideos = pgTable(
  'text_wall_videos',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    bulkJobId: uuid('bulk_job_id'),
    contextId: integer('context_id'),
    text: text('text').notNull(),
    backgroundVideoId: uuid('background_video_id'),
    style: jsonb('style').$type<TextStyle>().notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull().default(10),
    aspect: text('aspect').$type<Aspect>().notNull().default('9:16'),
    /** the voice that reads the text, {voice_id, speed}, or null for a silent video */
    voice: jsonb('voice').$type<StoredVoice>(),
    /** the captions' style, {style}, or null (captions need a voice) */
    captions: jsonb('captions').$type<Captions>(),
    /** the music under it, {track_id, volume} (music_tracks.id, 0 to 1), or null; no foreign key: a track deleted later fails the next render with the reason */
    music: jsonb('music').$type<StoredMusic>(),
    /** the speech it plays (speech_assets.id), null without a voice */
    speechAssetId: uuid('speech_asset_id').references(() => speechAssets.id, { onDelete: 'set null' }),
    /** the brand kit it was made with (null: none), and what it took of it: its render's `brand` (logo and font in files of their own) */
    brandKitId: uuid('brand_kit_id'),
    brand: jsonb('brand').$type<BrandRequest>(),
    /**
     * the end card after the wall, {headline, cta, url, seconds, color} as its render takes it (the
     * kit's, resolved when the video was made: a kit changed later does not reach it), or null: none
     */
    endCard: jsonb('end_card').$type<EndCard>(),
    renderJobId: uuid('render_job_id'),
    /** its ad code, `HW-` and 6 characters (ad_codes keeps every code ever given, so none is given twice) */
    adCode: text('ad_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('text_wall_videos_ad_code_uq').on(t.adCode),
    index('text_wall_videos_team_created_idx').on(t.teamId, t.createdAt, t.id),
    index('text_wall_videos_bulk_idx').on(t.bulkJobId),
  ],
);

/**
 * A composition of several sources: composition_id 'hook-product-demo' (hook_video_id and
 * product_demo_video_id name the brand videos it uses, so deleting one can answer 409) or
 * 'multi-text-wall'. config holds the composition's props as the user set them.
 */
export const compositeVideos = pgTable(
  'composite_videos',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    bulkJobId: uuid('bulk_job_id'),
    name: text('name').notNull(),
    compositionId: text('composition_id').notNull(),
    config: jsonb('config').notNull(),
    hookVideoId: uuid('hook_video_id'),
    productDemoVideoId: uuid('product_demo_video_id'),
    /** a hook + demo's voice-over voice, {voice_id, speed}, or null (its script is config.voiceoverText) */
    voice: jsonb('voice').$type<StoredVoice>(),
    /** the voice-over it plays (speech_assets.id), null without one */
    speechAssetId: uuid('speech_asset_id').references(() => speechAssets.id, { onDelete: 'set null' }),
    /** the brand kit it was made with (null: none), and what it took of it: its render's `brand` */
    brandKitId: uuid('brand_kit_id'),
    brand: jsonb('brand').$type<BrandRequest>(),
    /** the music under it, {track_id, volume}, or null (as on text_wall_videos) */
    music: jsonb('music').$type<StoredMusic>(),
    renderJobId: uuid('render_job_id'),
    /** its ad code, as a text wall's */
    adCode: text('ad_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('composite_videos_ad_code_uq').on(t.adCode),
    index('composite_videos_team_created_idx').on(t.teamId, t.createdAt, t.id),
    index('composite_videos_hook_idx').on(t.hookVideoId),
    index('composite_videos_demo_idx').on(t.productDemoVideoId),
    index('composite_videos_bulk_idx').on(t.bulkJobId),
  ],
);
