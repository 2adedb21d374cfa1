import type { FfmpegPaths } from '@hookwall/media';
import type { Storage } from '@hookwall/storage';
import { compositionProps, renderRequestSchema, type RenderRequest } from '@hookwall/video/render-request';
import { planRender, type RenderPlan } from './plan.ts';
import type { RenderJobRow } from './render-jobs.repository.ts';
import { resolveMedia, UnrenderableError } from './resolve-media.ts';

/**
 * The row's composition and props read once into the typed request; a row no composition can read
 * (written by hand, or by a version that is gone) fails at once with the reason, never retried.
 */
export function readRequest(found: Pick<RenderJobRow, 'compositionId' | 'inputProps'>): RenderRequest {
  const parsed = renderRequestSchema.safeParse({ compositionId: found.compositionId, props: found.inputProps });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new UnrenderableError(`The render failed: its settings cannot be read for the composition "${found.compositionId}" (${where}${issue?.message ?? 'invalid'}).`.slice(0, 500));
}

/**
 * A render row to its plan, the first stages of every run: the request parsed, its clips found as
 * local files (or presigned URLs) and checked, the composition's props given those files, and the
 * plan made from them (plan.ts). Nothing after this reads the row's props again.
 */
export async function planFromRow(found: Pick<RenderJobRow, 'compositionId' | 'inputProps'>, deps: { storage: Storage; ffmpeg: FfmpegPaths; chunkSeconds?: number }): Promise<RenderPlan> {
  const request = readRequest(found);
  const media = await resolveMedia(request, deps.storage, deps.ffmpeg);
  return planRender(compositionProps(request, media.sourceOf), { chunkSeconds: deps.chunkSeconds, clipFacts: media.facts });
}
