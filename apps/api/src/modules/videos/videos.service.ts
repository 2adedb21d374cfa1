import { randomUUID } from 'node:crypto';
import type { RenderRequest } from '@hookwall/video/render-request';
import type { AppDeps } from '../../core/deps.ts';
import { notFound } from '../../core/errors.ts';
import { parseOrdering } from '../../core/pagination.ts';
import { precheckRenders } from '../quotas/quotas.service.ts';
import * as renders from '../render-jobs/render-jobs.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { claimAdCodes } from './ad-codes.ts';
import { assertCanWrite, RenderRaceLost } from './video-access.ts';
import { videoKinds, type VariantFacts } from './video-kinds.ts';
import * as repo from './videos.repository.ts';

/**
 * The video service: what text walls and composites share, written once over the kind of video
 * (video-kinds.ts says what differs). Making a video is the composition's own business
 * (text-walls.ts, composites.ts); each ends in `saveVideos` here.
 */

export type VideoKind = repo.VideoKind;

/** A composite's answer needs nothing beyond its row. */
const NO_FACTS: VariantFacts = { backgroundName: () => null, sharesText: () => false };

/** What the answers of these videos need beyond their rows: a text wall's variant (background name, shared text). */
async function factsOf<K extends VideoKind>(deps: AppDeps, teamId: number, kind: K, videos: repo.VideoRow<K>[]): Promise<VariantFacts> {
  return kind === 'text_wall' && videos.length ? repo.textWallVariantFacts(deps.db, teamId, videos as repo.VideoRow<'text_wall'>[]) : NO_FACTS;
}

async function serialize<K extends VideoKind>(deps: AppDeps, kind: K, { video, job }: repo.VideoWithJob<K>, facts: VariantFacts) {
  return {
    ...videoKinds[kind].fields(video, facts),
    ...(await renders.renderState(deps, job, videoKinds[kind].fileName(video, facts))),
    created_at: video.createdAt.toISOString(),
    updated_at: video.updatedAt.toISOString(),
  };
}

async function serializeAll<K extends VideoKind>(deps: AppDeps, teamId: number, kind: K, rows: repo.VideoWithJob<K>[]) {
  const facts = await factsOf(deps, teamId, kind, rows.map((r) => r.video));
  return Promise.all(rows.map((row) => serialize(deps, kind, row, facts)));
}

export async function findOr404<K extends VideoKind>(deps: AppDeps, access: TeamAccess, kind: K, id: string) {
  const found = await repo.findVideo(deps.db, kind, access.team.id, id);
  if (!found) throw notFound();
  return found;
}

function listFilter(query: { status?: string; bulk_job_id?: string; search?: string }): repo.VideoFilter {
  return { status: query.status?.split(',').map((s) => s.trim()).filter(Boolean), bulkJobId: query.bulk_job_id, search: query.search?.trim() || undefined };
}

export async function listVideos<K extends VideoKind>(
  deps: AppDeps,
  access: TeamAccess,
  kind: K,
  query: { status?: string; bulk_job_id?: string; search?: string },
  limit: number,
  offset: number,
) {
  const { count, rows } = await repo.listVideos(deps.db, kind, access.team.id, listFilter(query), limit, offset);
  return { count, rows: await serializeAll(deps, access.team.id, kind, rows) };
}

/**
 * One list over both kinds, `type` naming each (`/api/videos/`): the videos page pages through it,
 * so page N is the same N videos whatever the mix of kinds, and a type filter is the kind alone.
 */
export async function listAllVideos(
  deps: AppDeps,
  access: TeamAccess,
  query: { type?: VideoKind; status?: string; bulk_job_id?: string; search?: string; ordering?: string },
  limit: number,
  offset: number,
) {
  const ordering = parseOrdering<(typeof repo.VIDEO_ORDERING)[number]>(query.ordering, repo.VIDEO_ORDERING, '-created_at');
  const kinds: VideoKind[] = query.type ? [query.type] : ['text_wall', 'composite'];
  const { count, keys } = await repo.listVideoKeys(deps.db, kinds, access.team.id, listFilter(query), ordering, limit, offset);
  const idsOf = (kind: VideoKind) => keys.filter((k) => k.kind === kind).map((k) => k.id);
  const [walls, composites] = await Promise.all([repo.findVideos(deps.db, 'text_wall', access.team.id, idsOf('text_wall')), repo.findVideos(deps.db, 'composite', access.team.id, idsOf('composite'))]);
  const items = [
    ...(await serializeAll(deps, access.team.id, 'text_wall', walls)).map((v) => ({ type: 'text_wall' as const, ...v })),
    ...(await serializeAll(deps, access.team.id, 'composite', composites)).map((v) => ({ type: 'composite' as const, ...v })),
  ];
  const byId = new Map(items.map((item) => [item.id, item]));
  // a video deleted between the two reads is left out of the page rather than failing it
  const rows = keys.flatMap((k) => byId.get(k.id) ?? []);
  return { count, rows };
}

export async function getVideo<K extends VideoKind>(deps: AppDeps, access: TeamAccess, kind: K, id: string) {
  return (await serializeAll(deps, access.team.id, kind, [await findOr404(deps, access, kind, id)]))[0]!;
}

/** Changes a video's own fields (already checked by its kind's rules) and answers it. */
export async function updateVideo<K extends VideoKind>(deps: AppDeps, access: TeamAccess, kind: K, id: string, values: Partial<repo.VideoInsert<K>>) {
  if (Object.keys(values).length > 0) await repo.updateVideo(deps.db, kind, access.team.id, id, values);
  return getVideo(deps, access, kind, id);
}

/** Deletes the video, stops its render and deletes every file its renders stored. */
export async function deleteVideo(deps: AppDeps, access: TeamAccess, kind: VideoKind, id: string) {
  const { video } = await findOr404(deps, access, kind, id);
  assertCanWrite(access);
  await repo.inTransaction(deps.db, async (tx) => {
    await renders.cancelJobs(tx, access.team.id, [video.renderJobId]);
    await repo.deleteVideo(tx, kind, access.team.id, id);
  });
  await renders.deleteRenderFiles(deps, access.team.id, id);
}

/**
 * Renders the video's current state again. 409 while one is under way (a second click, or two at
 * once: one starts, the other is told). The team's quotas decide first (429 or 413, and nothing
 * changes).
 */
export async function renderVideo<K extends VideoKind>(deps: AppDeps, access: TeamAccess, kind: K, id: string) {
  const { video, job } = await findOr404(deps, access, kind, id);
  assertCanWrite(access);
  if (renders.isUnfinished(job)) throw renders.alreadyRendering(job!.id);
  const request = await videoKinds[kind].renderRequest(deps, access, video);
  await precheckRenders(deps, access.team.id, { renders: 1, seconds: renders.requestSeconds(request) });
  try {
    const renderJobId = await repo.inTransaction(deps.db, async (tx) => {
      const [created] = await renders.createRenderJobs(deps, tx, access.team.id, [{ target: { type: videoKinds[kind].target, id }, request, adCode: video.adCode }]);
      // set only if no other request set a render in between
      if (!(await repo.swapRender(tx, kind, access.team.id, id, video.renderJobId, created!))) throw new RenderRaceLost();
      return created!;
    });
    return { render_job_id: renderJobId };
  } catch (error) {
    if (error instanceof RenderRaceLost) {
      const again = await findOr404(deps, access, kind, id);
      if (again.job) throw renders.alreadyRendering(again.job.id);
    }
    throw error;
  }
}

export async function renderStatus<K extends VideoKind>(deps: AppDeps, access: TeamAccess, kind: K, id: string) {
  const { video, job } = await findOr404(deps, access, kind, id);
  const facts = await factsOf(deps, access.team.id, kind, [video]);
  return { ...(await renders.renderState(deps, job, videoKinds[kind].fileName(video, facts))), render_job_id: video.renderJobId };
}

/** A video to save: its values, and what to render for it (none for a draft). */
export interface NewVideo<K extends VideoKind> {
  values: repo.VideoInsert<K> & { id: string };
  request: RenderRequest | null;
}

/**
 * Saves new videos of one kind with their renders, and the bulk job that groups them if any, in
 * one transaction: all of them or nothing (a quota's refusal leaves no draft behind). The team's
 * quotas are checked first, then again under the team's lock as the renders are queued.
 */
export async function saveVideos<K extends VideoKind>(
  deps: AppDeps,
  teamId: number,
  kind: K,
  videos: NewVideo<K>[],
  bulk?: { id: string; kind: 'text_wall' | 'hook_product_demo' | 'multi_text_wall'; createdById: number },
): Promise<void> {
  const queued = videos.map((v) => ({ ...v, renderJobId: v.request ? randomUUID() : null }));
  const toRender = queued.flatMap((v) => (v.request ? [{ id: v.renderJobId!, target: { type: videoKinds[kind].target, id: v.values.id }, request: v.request }] : []));
  if (toRender.length) await precheckRenders(deps, teamId, { renders: toRender.length, seconds: toRender.reduce((sum, r) => sum + renders.requestSeconds(r.request), 0) });
  await repo.inTransaction(deps.db, async (tx) => {
    if (bulk) await repo.insertBulkJob(tx, teamId, { ...bulk, total: videos.length });
    // each video's ad code, claimed with it: a refused call (a quota) gives none away
    const codes = await claimAdCodes(tx, teamId, queued.map((v) => v.values.id));
    await repo.insertVideos(tx, kind, teamId, queued.map((v) => ({ ...v.values, renderJobId: v.renderJobId, adCode: codes.get(v.values.id)! })));
    if (toRender.length) await renders.createRenderJobs(deps, tx, teamId, toRender.map((r) => ({ ...r, adCode: codes.get(r.target.id)! })));
  });
}
