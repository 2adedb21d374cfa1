import { randomUUID } from 'node:crypto';
import type { RenderTargetType } from '@hookwall/db';
import type { RenderRequest } from '@hookwall/video/render-request';
import { videoFileName } from '@hookwall/text-files/file-names';
import { getCompositionMeta } from '@hookwall/video/schemas';
import type { AppDeps } from '../../core/deps.ts';
import { badRequest, conflict, notFound, permissionDenied } from '../../core/errors.ts';
import { reserveRenders } from '../quotas/quotas.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import * as repo from './render-jobs.repository.ts';

export type RenderJobRow = repo.RenderJobRow;
export type Executor = repo.Executor;
export type TargetType = RenderTargetType;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The name a job's MP4 is saved under when no video names it: from the hook it rendered
 * (packages/text-files/src/file-names.ts, the same function the web app names its zip entries with).
 */
function downloadName(job: RenderJobRow) {
  return videoFileName({ compositionId: job.compositionId, props: job.inputProps, code: job.adCode });
}

/**
 * A deleted video's files: the MP4, thumbnail and parts of every render it had. Called once its
 * renders are cancelled, so the rows read here are final: a run still going cannot finish, and
 * deletes what it stored itself. Every file of a render is named after it (`renders/{id}…`), so one
 * stored by a run that has not recorded it yet is found too. The jobs then name no file, and no
 * longer count in the team's storage.
 */
export async function deleteRenderFiles(deps: AppDeps, teamId: number, targetId: string): Promise<void> {
  const ids: string[] = [];
  for (const job of await repo.findRenderJobsOfTarget(deps.db, teamId, targetId)) {
    const named = await deps.storage.list(`teams/${teamId}/renders/${job.id}`);
    const keys = new Set([job.outputKey, job.thumbnailKey, ...named].filter((key): key is string => !!key));
    await Promise.all([...keys].map((key) => deps.storage.delete(key).catch(() => undefined)));
    ids.push(job.id);
  }
  await repo.clearOutputs(deps.db, teamId, ids);
}

/**
 * Where the worker stored the captions (WebVTT) of a video that speaks: beside its MP4, the same
 * key with `.vtt` (captionsFile in apps/worker/src/rendering/render-run.ts): a voiced text wall, a
 * composite with a voice-over or a hook's words; none for a silent video.
 */
function captionsKey(job: RenderJobRow): string | null {
  const props = job.inputProps as { speech?: unknown; hookWords?: unknown[] } | null;
  const speaks = job.compositionId === 'text-wall' ? !!props?.speech : job.compositionId === 'hook-product-demo' ? !!props?.speech || !!props?.hookWords?.length : false;
  return speaks && job.outputKey?.endsWith('.mp4') ? `${job.outputKey.slice(0, -'.mp4'.length)}.vtt` : null;
}

/** The job's files' URLs; its MP4 is saved as `filename` (a video's own name, from its current text), else as named after what it rendered. */
export async function outputUrls(deps: AppDeps, job: RenderJobRow | null, filename?: string) {
  if (!job || job.status !== 'completed') return { output_url: null, thumbnail_url: null, captions_url: null };
  const captions = captionsKey(job);
  return {
    output_url: job.outputKey ? await deps.storage.getUrl(job.outputKey, { filename: filename ?? downloadName(job), contentType: 'video/mp4' }) : null,
    thumbnail_url: job.thumbnailKey ? await deps.storage.getUrl(job.thumbnailKey, { contentType: 'image/jpeg' }) : null,
    captions_url: captions ? await deps.storage.getUrl(captions, { filename: `${(filename ?? downloadName(job)).replace(/\.mp4$/i, '')}.vtt`, contentType: 'text/vtt' }) : null,
  };
}

export async function serializeRenderJob(deps: AppDeps, job: RenderJobRow) {
  return {
    id: job.id,
    composition_id: job.compositionId,
    input_props: job.inputProps as Record<string, unknown>,
    target_type: job.targetType,
    target_id: job.targetId,
    status: job.status,
    progress: job.progress,
    engine: job.engine,
    ...(await outputUrls(deps, job)),
    error: job.error,
    attempts: job.attempts,
    created_at: job.createdAt.toISOString(),
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
    render_ms: job.renderMs,
  };
}

/** The render state a video shows: its latest job's, or a draft; its MP4 saved as `filename`. */
export async function renderState(deps: AppDeps, job: RenderJobRow | null, filename?: string) {
  return {
    status: job?.status ?? ('draft' as const),
    progress: job?.progress ?? 0,
    ...(await outputUrls(deps, job, filename)),
    error: job?.error ?? null,
  };
}

/** A render to queue for a video: the typed request (packages/video/src/render-request.ts), already checked by its schema. */
export interface NewRender {
  /** the new job's id, when the caller needs it before the job exists (a video pointing at it); else made here */
  id?: string;
  target: { type: TargetType; id: string };
  request: RenderRequest;
  /** the video's ad code: the worker writes it into the MP4's title and comment (none: no metadata) */
  adCode?: string | null;
}

/** A video's length in seconds, from its composition's own calculation over its (parsed) props. */
export function renderSeconds(compositionId: string, inputProps: Record<string, unknown>): number {
  const meta = getCompositionMeta(compositionId);
  if (!meta) throw new Error(`unknown composition ${compositionId}`);
  const { durationInFrames, fps } = meta.calculate(inputProps);
  return durationInFrames / fps;
}

/** The same, for a typed request. */
export const requestSeconds = (request: RenderRequest) => renderSeconds(request.compositionId, request.props);

/**
 * Creates render jobs and queues them, in the caller's transaction: first the team's quotas are
 * reserved (its lock taken; 429 or 413 throws, and the caller's transaction makes nothing), then
 * every job is inserted at once. Every render the API makes goes through here. Answers the jobs' ids.
 */
export async function createRenderJobs(deps: AppDeps, tx: Executor, teamId: number, renders: NewRender[]): Promise<string[]> {
  const values = renders.map((r) => ({
    id: r.id ?? randomUUID(),
    compositionId: r.request.compositionId,
    inputProps: r.request.props,
    targetType: r.target.type,
    targetId: r.target.id,
    durationSeconds: requestSeconds(r.request),
    adCode: r.adCode ?? null,
  }));
  await reserveRenders(deps, tx, teamId, { renders: values.length, seconds: values.reduce((sum, v) => sum + v.durationSeconds, 0) });
  await repo.insertRenderJobs(tx, teamId, values);
  return values.map((v) => v.id);
}

export const isUnfinished = (job: RenderJobRow | null | undefined) => !!job && (job.status === 'queued' || job.status === 'rendering');

export async function listRenderJobs(deps: AppDeps, access: TeamAccess, query: { status?: string; target_id?: string }, limit: number, offset: number) {
  const status = query.status?.split(',').map((s) => s.trim()).filter(Boolean);
  const { count, rows } = await repo.listRenderJobs(deps.db, access.team.id, { status, targetId: query.target_id }, limit, offset);
  return { count, rows: await Promise.all(rows.map((row) => serializeRenderJob(deps, row))) };
}

export async function getRenderJob(deps: AppDeps, access: TeamAccess, id: string) {
  const job = await repo.findRenderJob(deps.db, access.team.id, id);
  if (!job) throw notFound();
  return serializeRenderJob(deps, job);
}

/** Stops a job (those who may make videos may stop them). 400 once it has finished. */
export async function cancelRenderJob(deps: AppDeps, access: TeamAccess, id: string) {
  const job = await repo.findRenderJob(deps.db, access.team.id, id);
  if (!job) throw notFound();
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot stop renders.');
  const cancelled = await repo.cancelRenderJob(deps.db, access.team.id, id);
  if (!cancelled) throw badRequest(`This render job has already ended (${job.status}).`);
  return serializeRenderJob(deps, cancelled);
}

/** Cancels whatever is unfinished among these jobs (a video deleted or rendered again). */
export async function cancelJobs(tx: Executor, teamId: number, ids: (string | null)[]) {
  for (const id of ids) if (id) await repo.cancelRenderJob(tx, teamId, id);
}

/** The answer to rendering a video whose render is still queued or rendering: 409, naming that render. */
export function alreadyRendering(renderJobId: string) {
  return conflict('This video is already rendering. Wait for it to finish, or cancel it, then render it again.', { render_job_id: renderJobId });
}
