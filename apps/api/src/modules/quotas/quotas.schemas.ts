import { z } from 'zod';
import { named } from '../../core/schema-registry.ts';

const quota = (what: string) =>
  z.object({
    used: z.number().describe(what),
    limit: z.number().int().nullable().describe('the most the team may have; null when the server sets no limit'),
  });

export const teamUsageSchema = named(
  'teamUsage',
  z.object({
    open_renders: quota('videos queued or rendering now').describe('TEAM_MAX_OPEN_RENDERS; past it, calls that make videos answer 429 too_many_open_renders'),
    queued_video_seconds: quota('total length, in seconds, of the videos queued or rendering now').describe(
      'TEAM_MAX_QUEUED_VIDEO_SECONDS; past it, calls that make videos answer 429 too_many_queued_video_seconds',
    ),
    storage_bytes: quota('bytes stored: uploaded clips (their declared size) and rendered videos with their thumbnails').describe(
      'TEAM_STORAGE_QUOTA_BYTES; past it, uploads and new renders answer 413 storage_quota_exceeded',
    ),
  }),
);

export const slugParam = z.object({ teamSlug: z.string() });
