import { z } from 'zod';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';
import { videoContentType } from '../media/video-files.ts';

export const BACKGROUND_ORDERING = ['name', 'created_at', 'updated_at', 'duration'] as const;

const name = z.string().trim().min(1).max(200);

export const textWallBackgroundVideoRequest = named(
  'textWallBackgroundVideoRequest',
  z.object({
    /** defaults to the file name without its extension */
    name: name.optional(),
    filename: z.string().trim().min(1).max(255),
    content_type: videoContentType,
    size: z.coerce.number().int().min(1),
  }),
);
export const textWallBackgroundVideoUpdateRequest = named('textWallBackgroundVideoUpdateRequest', z.object({ name }));
export const patchedTextWallBackgroundVideoRequest = named('patchedTextWallBackgroundVideoRequest', z.object({ name: name.optional() }));

export const backgroundVideoSchema = named(
  'textWallBackgroundVideo',
  z.object({
    id: z.string(),
    name: z.string(),
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    status: z.enum(['pending_upload', 'processing', 'ready', 'failed']),
    error: z.string().nullable(),
    /** one of the starter set every team has; cannot be changed or deleted */
    is_builtin: z.boolean(),
    duration: z.number().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    fps: z.number().nullable(),
    codec: z.string().nullable(),
    url: z.string().nullable(),
    thumbnail_url: z.string().nullable(),
    created_by: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export const backgroundVideoPage = named('paginatedTextWallBackgroundVideoList', pageSchema(backgroundVideoSchema));

export const backgroundListQuery = paginationQuery.extend({
  search: z.string().max(200).optional(),
  is_builtin: z.enum(['true', 'false']).optional(),
  status: z.enum(['pending_upload', 'processing', 'ready', 'failed']).optional(),
  /** default: the built-in set first, then the team's own, newest first */
  ordering: z.string().max(50).optional(),
});

export const backgroundUploadUrlSchema = named(
  'textWallBackgroundVideoUploadUrl',
  z.object({ upload_url: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()), expires_at: z.string() }),
);

export const videoIdParam = z.object({ id: z.uuid() });
export const emptyRequest = z.object({}).nullish();
