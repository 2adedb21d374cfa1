import { z } from 'zod';
import { RENDER_ENGINES, RENDER_JOB_STATUSES, RENDER_TARGET_TYPES } from '@hookwall/db';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';

export const RENDER_STATUSES = RENDER_JOB_STATUSES;
/** a video's status: its latest render's, or draft before any render */
export const VIDEO_STATUSES = ['draft', ...RENDER_STATUSES] as const;

export const renderJobSchema = named(
  'remotionRenderJob',
  z.object({
    id: z.string(),
    composition_id: z.string(),
    input_props: z.record(z.string(), z.unknown()),
    target_type: z.enum(RENDER_TARGET_TYPES),
    target_id: z.string(),
    status: z.enum(RENDER_STATUSES),
    progress: z.number(),
    engine: z.enum(RENDER_ENGINES),
    output_url: z.string().nullable(),
    thumbnail_url: z.string().nullable(),
    /** a voiced video's captions (WebVTT, signed URL); null without a voice */
    captions_url: z.string().nullable(),
    error: z.string().nullable(),
    attempts: z.number().int(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    render_ms: z.number().int().nullable(),
  }),
);
export const renderJobPage = named('paginatedRemotionRenderJobList', pageSchema(renderJobSchema));

export const renderJobListQuery = paginationQuery.extend({
  /** one status or several, comma separated */
  status: z
    .string()
    .max(100)
    .optional()
    .refine((v) => !v || v.split(',').every((s) => (RENDER_STATUSES as readonly string[]).includes(s.trim())), {
      message: `Choose from: ${RENDER_STATUSES.join(', ')}.`,
    }),
  target_id: z.uuid().optional(),
});

export const renderJobIdParam = z.object({ id: z.uuid() });
export const emptyRequest = z.object({}).nullish();

/** what a video carries of its latest render */
export const renderStateShape = {
  status: z.enum(VIDEO_STATUSES),
  progress: z.number(),
  output_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** a voiced video's captions (WebVTT, signed URL), stored beside its MP4; null without a voice */
  captions_url: z.string().nullable(),
  error: z.string().nullable(),
};
export const renderStatusSchema = named('renderStatus', z.object({ ...renderStateShape, render_job_id: z.string().nullable() }));
export const renderStartedSchema = named('renderStarted', z.object({ render_job_id: z.string() }));
