import { z } from 'zod';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';
import { uploadRequestShape, uploadTargetShape } from '../media/upload-lifecycle.ts';
import { UPLOAD_STATUSES, videoFileShape } from '../media/video-files.ts';

export const BACKGROUND_ORDERING = ['name', 'created_at', 'updated_at', 'duration'] as const;

const name = z.string().trim().min(1).max(200);

export const textWallBackgroundVideoRequest = named(
  'textWallBackgroundVideoRequest',
  z.object({
    /** defaults to the file name without its extension */
    name: name.optional(),
    ...uploadRequestShape,
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
    status: z.enum(UPLOAD_STATUSES),
    error: z.string().nullable(),
    /** one of the starter set every team has; cannot be changed or deleted */
    is_builtin: z.boolean(),
    /** the team's brand video this background was copied from (null for uploads, built-ins, and once that clip is deleted) */
    source_brand_video_id: z.string().nullable(),
    ...videoFileShape,
  }),
);
export const fromBrandVideoRequest = named(
  'textWallBackgroundVideoFromBrandVideoRequest',
  z.object({
    /** one of the team's ready brand videos (a hook, a product demo, any upload) */
    brand_video_id: z.uuid({ error: 'Give the id of one of your clips.' }),
  }),
);
export const backgroundVideoPage = named('paginatedTextWallBackgroundVideoList', pageSchema(backgroundVideoSchema));

export const backgroundListQuery = paginationQuery.extend({
  search: z.string().max(200).optional(),
  is_builtin: z.enum(['true', 'false']).optional(),
  status: z.enum(UPLOAD_STATUSES).optional(),
  /** default: the built-in set first, then the team's own, newest first */
  ordering: z.string().max(50).optional(),
});

export const backgroundUploadUrlSchema = named('textWallBackgroundVideoUploadUrl', z.object(uploadTargetShape));

export const videoIdParam = z.object({ id: z.uuid() });
export const emptyRequest = z.object({}).nullish();
