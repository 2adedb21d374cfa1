import { z } from 'zod';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';
import { uploadRequestShape, uploadTargetShape } from '../media/upload-lifecycle.ts';
import { MAX_TAGS, UPLOAD_STATUSES, videoFileShape } from '../media/video-files.ts';

export const brandVideoKind = z.enum(['product_demo', 'hook', 'other']);
/** the tags in use, optionally only among clips of one kind (the hooks' tags, the demos' tags) */
export const availableTagsQuery = z.object({ kind: brandVideoKind.optional() });
export const BRAND_VIDEO_ORDERING = ['title', 'created_at', 'updated_at', 'duration', 'size'] as const;

const tag = z.string().trim().toLowerCase().min(1).max(40);
const tagList = z.array(tag).max(MAX_TAGS);
const title = z.string().trim().min(1).max(200);

export const brandVideoRequest = named(
  'brandVideoRequest',
  z.object({
    /** defaults to the file name without its extension */
    title: title.optional(),
    ...uploadRequestShape,
    kind: brandVideoKind.default('other'),
    tags: tagList.optional(),
  }),
);
export const brandVideoUpdateRequest = named('brandVideoUpdateRequest', z.object({ title, kind: brandVideoKind, tags: tagList.optional() }));
export const patchedBrandVideoRequest = named('patchedBrandVideoRequest', z.object({ title: title.optional(), kind: brandVideoKind.optional(), tags: tagList.optional() }));
export const brandVideoUploadUrlRequestRequest = named('brandVideoUploadUrlRequestRequest', z.object({}));
export const brandVideoConfirmUploadRequestRequest = named('brandVideoConfirmUploadRequestRequest', z.object({}));
export const bulkTagRequest = named(
  'brandVideoBulkTagRequest',
  z.object({ ids: z.array(z.uuid()).min(1).max(500), add: z.array(tag).max(MAX_TAGS).optional(), remove: z.array(tag).max(100).optional() }),
);

const transcriptWord = z.object({ text: z.string(), start: z.number(), end: z.number() });
const transcriptShape = {
  /** everything said, as the transcription service wrote it */
  text: z.string(),
  /** the language the service named (e.g. "english"), null when it named none */
  language: z.string().nullable(),
  /** each word and when it is said, in seconds from the clip's start: sorted, inside the clip (at most its first 5 minutes), at most 2000 */
  words: z.array(transcriptWord),
  transcribed_at: z.string(),
};
export const brandVideoTranscriptSchema = named('brandVideoTranscript', z.object(transcriptShape));
/** the answer of `transcribe/`: the clip's id and its transcript */
export const brandVideoTranscriptionSchema = named('brandVideoTranscription', z.object({ id: z.string(), ...transcriptShape }));
export const brandVideoTranscribeRequest = named(
  'brandVideoTranscribeRequest',
  z.object({
    /** transcribe again (and pay again) a clip that has a transcript already */
    force: z.boolean({ error: 'Must be true or false.' }).optional(),
  }),
);

export const brandVideoSchema = named(
  'brandVideo',
  z.object({
    id: z.string(),
    title: z.string(),
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    kind: z.string(),
    tags: z.array(z.string()),
    status: z.enum(UPLOAD_STATUSES),
    /** why the upload failed, e.g. "This file is not a video we can read." */
    error: z.string().nullable(),
    ...videoFileShape,
    /** what the clip says, once transcribed (`transcribe/`); null before */
    transcript: brandVideoTranscriptSchema.nullable(),
  }),
);
export const brandVideoPage = named('paginatedBrandVideoList', pageSchema(brandVideoSchema));

export const uploadUrlSchema = named('brandVideoUploadUrl', z.object(uploadTargetShape));

const repeatable = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

export const brandVideoListQuery = paginationQuery.extend({
  kind: brandVideoKind.optional(),
  /** repeatable: a video must carry every tag given */
  tag: repeatable,
  status: z.enum(UPLOAD_STATUSES).optional(),
  search: z.string().max(200).optional(),
  ordering: z.string().max(50).optional(),
});

export const videoIdParam = z.object({ id: z.uuid() });
