import { randomUUID } from 'node:crypto';
import type { Formula, Language, WrittenText } from '@hookwall/copywriter';
import { MAX_BULK_VIDEOS, MAX_TEXT_CHARS } from '@hookwall/video/limits';
import { STYLE_PRESETS, textStyleSchema, type Aspect, type TextStyle } from '@hookwall/video/schemas';
import type { AppDeps } from '../../core/deps.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { mapInChunks } from '../../core/yield.ts';
import { findRenderableBackgrounds, type RenderableClip } from '../background-videos/background-videos.service.ts';
import { getContext } from '../contexts/contexts.service.ts';
import { precheckRenders } from '../quotas/quotas.service.ts';
import * as renders from '../render-jobs/render-jobs.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { writeTexts } from './copywriting.service.ts';
import { textWallRequest, type DeletedClip } from './render-request.ts';
import { assertCanWrite, assertSubscribed, RenderRaceLost } from './video-access.ts';
import * as repo from './videos.repository.ts';
import type { BulkVideoJobCreate } from './videos.schemas.ts';

type StyleInput = Partial<TextStyle> | undefined;
interface User {
  id: number;
}

/** A preset's style with the caller's changes over it; validated as a whole. */
export function resolveStyle(input: StyleInput, base?: TextStyle): TextStyle {
  const preset = input?.preset ?? base?.preset ?? 'bold';
  const start = base && (!input?.preset || input.preset === base.preset) ? base : STYLE_PRESETS[preset].style;
  const result = textStyleSchema.safeParse({ ...start, ...input });
  if (!result.success) {
    throw fieldError(Object.fromEntries(result.error.issues.map((i) => [`style.${i.path.join('.')}`, i.message])));
  }
  return result.data;
}

export function textWallProps(video: Pick<repo.VideoRow<'text_wall'>, 'text' | 'durationSeconds' | 'aspect' | 'style'>, background: RenderableClip | DeletedClip | null) {
  return textWallRequest(video, background);
}

export async function serializeTextWall(deps: AppDeps, { video, job }: { video: repo.VideoRow<'text_wall'>; job: repo.RenderJobRow | null }) {
  return {
    id: video.id,
    text: video.text,
    background_video_id: video.backgroundVideoId,
    context_id: video.contextId,
    style: textStyleSchema.parse(video.style),
    duration_seconds: video.durationSeconds,
    aspect: video.aspect as Aspect,
    bulk_job_id: video.bulkJobId,
    render_job_id: video.renderJobId,
    ...(await renders.renderState(deps, job)),
    created_at: video.createdAt.toISOString(),
    updated_at: video.updatedAt.toISOString(),
  };
}

async function findOr404(deps: AppDeps, access: TeamAccess, id: string) {
  const found = await repo.findVideo(deps.db, 'text_wall', access.team.id, id);
  if (!found) throw notFound();
  return found;
}



async function backgroundOr400(deps: AppDeps, access: TeamAccess, id: string | null | undefined, field = 'background_video_id') {
  if (!id) return null;
  const { found } = await findRenderableBackgrounds(deps, access, [id]);
  const clip = found.get(id);
  if (!clip) throw fieldError({ [field]: 'This background video does not exist or is not ready yet.' });
  return clip;
}

async function contextOr400(deps: AppDeps, access: TeamAccess, id: number | null | undefined) {
  if (!id) return null;
  try {
    const context = await getContext(deps, access, id);
    return context;
  } catch {
    throw fieldError({ context_id: 'This product context does not exist.' });
  }
}

export async function listTextWalls(deps: AppDeps, access: TeamAccess, query: { status?: string; bulk_job_id?: string; search?: string }, limit: number, offset: number) {
  const filter = { status: query.status?.split(',').map((s) => s.trim()).filter(Boolean), bulkJobId: query.bulk_job_id, search: query.search?.trim() || undefined };
  const { count, rows } = await repo.listVideos(deps.db, 'text_wall', access.team.id, filter, limit, offset);
  return { count, rows: await Promise.all(rows.map((row) => serializeTextWall(deps, row))) };
}

export async function getTextWall(deps: AppDeps, access: TeamAccess, id: string) {
  return serializeTextWall(deps, await findOr404(deps, access, id));
}

/**
 * Starts a render of the video's current props; 409 while one is under way (a second click, or two
 * at once: one starts, the other is told). The team's quotas decide first (429 or 413, and nothing
 * changes).
 */
async function startRender(deps: AppDeps, access: TeamAccess, video: repo.VideoRow<'text_wall'>, current: repo.RenderJobRow | null): Promise<{ id: string }> {
  if (renders.isUnfinished(current)) throw renders.alreadyRendering(current!.id);
  const clip = await lookupBackgroundForRender(deps, access, video);
  const props = textWallProps(video, clip);
  await precheckRenders(deps, access.team.id, { renders: 1, seconds: renders.renderSeconds('text-wall', props) });
  return repo.inTransaction(deps.db, async (tx) => {
    const [id] = await renders.createRenderJobs(deps, tx, access.team.id, [{ target: { type: 'text_wall_video', id: video.id }, compositionId: 'text-wall', inputProps: props }]);
    const swapped = await repo.swapRender(tx, 'text_wall', access.team.id, video.id, video.renderJobId, id!);
    if (!swapped) throw new RenderRaceLost();
    return { id: id! };
  }).catch(async (error) => {
    // someone else started a render in between
    if (error instanceof RenderRaceLost) {
      const again = await findOr404(deps, access, video.id);
      if (again.job) throw renders.alreadyRendering(again.job.id);
    }
    throw error;
  });
}


/**
 * The background a render uses. A background deleted since the video was made does not block
 * the render call: the render job fails with the reason (the worker finds the file gone).
 */
async function lookupBackgroundForRender(deps: AppDeps, access: TeamAccess, video: repo.VideoRow<'text_wall'>): Promise<RenderableClip | DeletedClip | null> {
  if (!video.backgroundVideoId) return null;
  const { found } = await findRenderableBackgrounds(deps, access, [video.backgroundVideoId]);
  return found.get(video.backgroundVideoId) ?? { missingId: video.backgroundVideoId };
}

export async function createTextWall(
  deps: AppDeps,
  access: TeamAccess,
  user: User,
  input: { text: string; background_video_id?: string | null; style?: StyleInput; duration_seconds?: number; aspect?: Aspect; context_id?: number | null; render?: boolean },
) {
  assertCanWrite(access);
  const shouldRender = input.render ?? true;
  if (shouldRender) await assertSubscribed(deps, access);
  const background = await backgroundOr400(deps, access, input.background_video_id);
  await contextOr400(deps, access, input.context_id);
  const style = resolveStyle(input.style);
  const video = {
    id: randomUUID(),
    createdById: user.id,
    text: input.text,
    backgroundVideoId: background?.id ?? null,
    contextId: input.context_id ?? null,
    style,
    durationSeconds: input.duration_seconds ?? 10,
    aspect: input.aspect ?? '9:16',
  };
  if (!shouldRender) {
    await repo.insertVideos(deps.db, 'text_wall', access.team.id, [video]);
    return getTextWall(deps, access, video.id);
  }
  // the video and its render together, or neither (a quota's refusal leaves no draft behind)
  const props = textWallProps(video, background);
  await precheckRenders(deps, access.team.id, { renders: 1, seconds: renders.renderSeconds('text-wall', props) });
  const renderJobId = randomUUID();
  await repo.inTransaction(deps.db, async (tx) => {
    await repo.insertVideos(tx, 'text_wall', access.team.id, [{ ...video, renderJobId }]);
    await renders.createRenderJobs(deps, tx, access.team.id, [{ id: renderJobId, target: { type: 'text_wall_video', id: video.id }, compositionId: 'text-wall', inputProps: props }]);
  });
  return getTextWall(deps, access, video.id);
}

export async function updateTextWall(
  deps: AppDeps,
  access: TeamAccess,
  id: string,
  input: { text?: string; background_video_id?: string | null; style?: StyleInput; duration_seconds?: number; aspect?: Aspect; context_id?: number | null },
) {
  const { video } = await findOr404(deps, access, id);
  assertCanWrite(access);
  const values: Partial<repo.VideoRow<'text_wall'>> = {};
  if (input.text !== undefined) values.text = input.text;
  if (input.background_video_id !== undefined) values.backgroundVideoId = (await backgroundOr400(deps, access, input.background_video_id))?.id ?? null;
  if (input.context_id !== undefined) values.contextId = (await contextOr400(deps, access, input.context_id))?.id ?? null;
  if (input.style !== undefined) values.style = resolveStyle(input.style, textStyleSchema.parse(video.style));
  if (input.duration_seconds !== undefined) values.durationSeconds = input.duration_seconds;
  if (input.aspect !== undefined) values.aspect = input.aspect;
  if (Object.keys(values).length > 0) await repo.updateVideo(deps.db, 'text_wall', access.team.id, id, values);
  return getTextWall(deps, access, id);
}

export async function deleteTextWall(deps: AppDeps, access: TeamAccess, id: string) {
  const { video } = await findOr404(deps, access, id);
  assertCanWrite(access);
  await repo.inTransaction(deps.db, async (tx) => {
    await renders.cancelJobs(tx, access.team.id, [video.renderJobId]);
    await repo.deleteVideo(tx, 'text_wall', access.team.id, id);
  });
  await renders.deleteRenderFiles(deps, access.team.id, id);
}

export async function renderTextWall(deps: AppDeps, access: TeamAccess, id: string) {
  const { video, job } = await findOr404(deps, access, id);
  assertCanWrite(access);
  const started = await startRender(deps, access, video, job);
  return { render_job_id: started.id };
}

export async function textWallRenderStatus(deps: AppDeps, access: TeamAccess, id: string) {
  const { video, job } = await findOr404(deps, access, id);
  return { ...(await renders.renderState(deps, job)), render_job_id: video.renderJobId };
}

export async function generateTexts(deps: AppDeps, access: TeamAccess, user: User, input: { context_id: number; count: number; tone?: string; formula?: Formula | Formula[]; language?: Language }) {
  assertCanWrite(access);
  const context = await contextOr400(deps, access, input.context_id);
  const formulas = input.formula === undefined ? undefined : [input.formula].flat();
  const result = await writeTexts(deps, access.team.id, user.id, context!, input.count, { tone: input.tone, formulas, language: input.language });
  // the texts are handed over: each one the model wrote is paid, what was asked for and not written is not
  const creditsSpent = await result.settle(result.items);
  return { texts: result.texts, provider: result.provider, credits_spent: creditsSpent, items: result.items.map((t) => ({ text: t.text, formula: t.formula })), language: result.language };
}

/** Cleans a list of texts: trimmed, empty ones dropped. */
function cleanTexts(texts: string[]): string[] {
  return texts.map((t) => t.replace(/\r\n?/g, '\n').trim()).filter((t) => t.length > 0);
}

/** Videos whose props are built between two yields to the event loop (see mapInChunks). */
const PROPS_PER_CHUNK = 50;

/**
 * Makes one video per text (given, or written by the copywriter from a context) and queues their
 * renders, all in one transaction. Backgrounds are assigned round-robin. The team's quotas are
 * checked before the texts are written and again, under the team's lock, in the transaction: a bulk
 * that would pass one is refused whole (429 or 413) and nothing is made. Written texts are paid per
 * video made: everything that can refuse the request is checked before the copywriter is asked,
 * and what no video came of is given back.
 */
export async function bulkCreateTextWalls(deps: AppDeps, access: TeamAccess, user: User, input: BulkVideoJobCreate) {
  assertCanWrite(access);
  await assertSubscribed(deps, access);
  const teamId = access.team.id;
  const durationSeconds = input.duration_seconds ?? 10;
  const given = cleanTexts(input.texts ?? []);
  const context = await contextOr400(deps, access, input.context_id);
  if (given.length === 0 && (!context || !input.count)) throw fieldError({ texts: 'Send texts, or a context_id and a count to have them written.' });
  checkTexts(given);
  const { found, missing } = await findRenderableBackgrounds(deps, access, input.background_video_ids);
  if (missing.length > 0) throw fieldError({ background_video_ids: `These background videos do not exist or are not ready: ${missing.join(', ')}.` });
  const backgrounds = input.background_video_ids.map((id) => found.get(id)!);
  const style = resolveStyle(input.style);
  // before anything is spent on writing texts
  const planned = given.length || input.count!;
  await precheckRenders(deps, teamId, { renders: planned, seconds: planned * durationSeconds });
  const written = given.length === 0 ? await writeTexts(deps, teamId, user.id, context!, input.count!, { tone: input.tone }) : null;
  let created: Awaited<ReturnType<typeof insertBulk>>;
  let usable: WrittenText[] = [];
  try {
    usable = written ? written.items.map((item) => ({ ...item, text: cleanTexts([item.text])[0] ?? '' })).filter((item) => item.text && item.text.length <= MAX_TEXT_CHARS) : [];
    const texts = written ? usable.map((item) => item.text) : given;
    if (texts.length === 0) throw fieldError({ texts: 'The copywriter wrote no usable text; nothing was charged. Please try again.' });
    created = await insertBulk(deps, teamId, user, { texts, backgrounds, style, durationSeconds, aspect: input.aspect ?? '9:16', contextId: context?.id ?? null });
  } catch (error) {
    await written?.settle([]);
    throw error;
  }
  // every usable text became a video
  await written?.settle(usable);
  return { job_id: created.bulkId, total: created.videos.length, video_ids: created.videos.map((v) => v.id) };
}

function checkTexts(texts: string[]) {
  if (texts.length > MAX_BULK_VIDEOS) throw fieldError({ texts: `At most ${MAX_BULK_VIDEOS} videos a call.` });
  const tooLong = texts.findIndex((t) => t.length > MAX_TEXT_CHARS);
  if (tooLong >= 0) throw fieldError({ texts: `Text ${tooLong + 1} is longer than ${MAX_TEXT_CHARS} characters.` });
}

/**
 * The bulk job, its videos and their queued renders, in one transaction (the team's quotas checked
 * in it, under the team's lock).
 */
async function insertBulk(
  deps: AppDeps,
  teamId: number,
  user: User,
  options: { texts: string[]; backgrounds: RenderableClip[]; style: TextStyle; durationSeconds: number; aspect: NonNullable<BulkVideoJobCreate['aspect']>; contextId: number | null },
) {
  const { texts, backgrounds } = options;
  const bulkId = randomUUID();
  const base = Date.now();
  const videos = texts.map((text, i) => ({
    id: randomUUID(),
    createdById: user.id,
    bulkJobId: bulkId,
    contextId: options.contextId,
    text,
    backgroundVideoId: backgrounds.length ? backgrounds[i % backgrounds.length]!.id : null,
    style: options.style,
    durationSeconds: options.durationSeconds,
    aspect: options.aspect,
    renderJobId: randomUUID(),
    // creation order is the order of the texts, also in lists sorted by date
    createdAt: new Date(base + i),
    updatedAt: new Date(base + i),
  }));
  // the props are the CPU-heavy part (each is parsed by the composition's schema): built in chunks,
  // before the transaction, so that other requests are answered in between
  const requests = await mapInChunks(videos, PROPS_PER_CHUNK, (video, i) => ({
    id: video.renderJobId,
    target: { type: 'text_wall_video' as const, id: video.id },
    compositionId: 'text-wall',
    inputProps: textWallProps(video, backgrounds.length ? backgrounds[i % backgrounds.length]! : null),
  }));
  await repo.inTransaction(deps.db, async (tx) => {
    await repo.insertBulkJob(tx, teamId, { id: bulkId, kind: 'text_wall', total: videos.length, createdById: user.id });
    await repo.insertVideos(tx, 'text_wall', teamId, videos);
    await renders.createRenderJobs(deps, tx, teamId, requests);
  });
  return { bulkId, videos };
}
