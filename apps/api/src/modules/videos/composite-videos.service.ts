import { randomUUID } from 'node:crypto';
import { MAX_COMPOSITES_PER_CALL, MAX_NAME_CHARS } from '@hookwall/video/limits';
import { compositionMetas, hookProductDemoPropsSchema, multiTextWallPropsSchema, propsJsonSchema, type TextStyle } from '@hookwall/video/schemas';
import type { z } from 'zod';
import type { AppDeps } from '../../core/deps.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/uuid.ts';
import { mapInChunks } from '../../core/yield.ts';
import { findRenderableBackgrounds } from '../background-videos/background-videos.service.ts';
import { findRenderableBrandVideos } from '../brand-videos/brand-videos.service.ts';
import { precheckRenders } from '../quotas/quotas.service.ts';
import * as renders from '../render-jobs/render-jobs.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { hookProductDemoRequest, multiTextWallRequest } from './render-request.ts';
import { resolveStyle } from './text-wall-videos.service.ts';
import { assertCanWrite, assertSubscribed, RenderRaceLost } from './video-access.ts';
import * as repo from './videos.repository.ts';

type Config = Record<string, unknown>;
interface User {
  id: number;
}

export function compositionConfigs() {
  return compositionMetas.map((meta) => {
    const size = meta.calculate(meta.defaultProps as never);
    return {
      id: meta.id,
      name: meta.name,
      description: meta.description,
      width: size.width,
      height: size.height,
      fps: size.fps,
      duration_in_frames: size.durationInFrames,
      default_props: meta.defaultProps as Record<string, unknown>,
      props_schema: propsJsonSchema(meta as never),
    };
  });
}

function configError(error: z.ZodError): never {
  throw fieldError(Object.fromEntries(error.issues.map((i) => [['config', ...i.path].join('.'), i.message])));
}

/** The user's props, checked against the composition (media come from the ids, not from here). */
function checkConfig(compositionId: string, config: Config): Config {
  const { hook: _hook, demo: _demo, ...rest } = config;
  if (compositionId === 'hook-product-demo') {
    const result = hookProductDemoPropsSchema.safeParse({ ...rest, hook: null, demo: null });
    if (!result.success) configError(result.error);
    const { hook: _h, demo: _d, ...props } = result.data;
    return props;
  }
  const result = multiTextWallPropsSchema.safeParse(rest);
  if (!result.success) configError(result.error);
  // the walls keep which library background they use (resolved to a clip at render time): a uuid or
  // nothing, checked here, before any query sees it
  const given = (Array.isArray(rest.walls) ? rest.walls : []) as ({ background_video_id?: unknown } | null)[];
  const ids = given.map((wall) => wall?.background_video_id ?? null);
  const malformed = ids.flatMap((id, i) => (id === null || isUuid(id) ? [] : [i]));
  if (malformed.length) throw fieldError(Object.fromEntries(malformed.map((i) => [`config.walls.${i}.background_video_id`, 'Must be a valid UUID.'])));
  return {
    ...result.data,
    walls: result.data.walls.map((w, i) => ({ text: w.text, durationInSeconds: w.durationInSeconds, background_video_id: ids[i] ?? null })),
  } as unknown as Config;
}

type StoredWall = { text: string; durationInSeconds: number; background_video_id?: string | null };

/** The walls' backgrounds, each a ready background of the team's library (or a built-in), else a 400 on that wall's field. */
async function wallBackgroundsOr400(deps: AppDeps, access: TeamAccess, walls: StoredWall[]) {
  const malformed = walls.flatMap((w, i) => (w.background_video_id && !isUuid(w.background_video_id) ? [i] : []));
  if (malformed.length) throw fieldError(Object.fromEntries(malformed.map((i) => [`config.walls.${i}.background_video_id`, 'Must be a valid UUID.'])));
  const { found } = await findRenderableBackgrounds(deps, access, walls.map((w) => w.background_video_id).filter((id): id is string => !!id));
  const missing = walls.flatMap((w, i) => (w.background_video_id && !found.has(w.background_video_id) ? [i] : []));
  if (missing.length) throw fieldError(Object.fromEntries(missing.map((i) => [`config.walls.${i}.background_video_id`, 'This background video does not exist or is not ready yet.'])));
  return found;
}

async function renderProps(deps: AppDeps, access: TeamAccess, video: Pick<repo.VideoRow<'composite'>, 'compositionId' | 'config' | 'hookVideoId' | 'productDemoVideoId'>): Promise<Record<string, unknown>> {
  const config = video.config as Config;
  if (video.compositionId === 'hook-product-demo') {
    const ids = [video.hookVideoId, video.productDemoVideoId].filter((id): id is string => !!id);
    const { found } = await findRenderableBrandVideos(deps, access, ids);
    return hookProductDemoRequest(config, video.hookVideoId ? found.get(video.hookVideoId) : null, video.productDemoVideoId ? found.get(video.productDemoVideoId) : null);
  }
  const walls = (config.walls as StoredWall[]) ?? [];
  // a config stored before ids were checked may hold anything: a 400, never a query with it
  const malformed = walls.flatMap((w, i) => (w.background_video_id && !isUuid(w.background_video_id) ? [i] : []));
  if (malformed.length) throw fieldError(Object.fromEntries(malformed.map((i) => [`config.walls.${i}.background_video_id`, 'Must be a valid UUID.'])));
  const ids = walls.map((w) => w.background_video_id).filter((id): id is string => !!id);
  const { found } = await findRenderableBackgrounds(deps, access, ids);
  return multiTextWallRequest(
    config,
    // a background deleted since: the worker fails this render with the reason
    walls.map((w) => ({ text: w.text, durationInSeconds: w.durationInSeconds, background: w.background_video_id ? (found.get(w.background_video_id) ?? { missingId: w.background_video_id }) : null })),
  );
}

export async function serializeComposite(deps: AppDeps, { video, job }: { video: repo.VideoRow<'composite'>; job: repo.RenderJobRow | null }) {
  return {
    id: video.id,
    name: video.name,
    composition_id: video.compositionId,
    config: video.config as Config,
    hook_video_id: video.hookVideoId,
    product_demo_video_id: video.productDemoVideoId,
    bulk_job_id: video.bulkJobId,
    render_job_id: video.renderJobId,
    ...(await renders.renderState(deps, job)),
    created_at: video.createdAt.toISOString(),
    updated_at: video.updatedAt.toISOString(),
  };
}

async function findOr404(deps: AppDeps, access: TeamAccess, id: string) {
  const found = await repo.findVideo(deps.db, 'composite', access.team.id, id);
  if (!found) throw notFound();
  return found;
}



export async function listComposites(deps: AppDeps, access: TeamAccess, query: { status?: string; bulk_job_id?: string; search?: string }, limit: number, offset: number) {
  const filter = { status: query.status?.split(',').map((s) => s.trim()).filter(Boolean), bulkJobId: query.bulk_job_id, search: query.search?.trim() || undefined };
  const { count, rows } = await repo.listVideos(deps.db, 'composite', access.team.id, filter, limit, offset);
  return { count, rows: await Promise.all(rows.map((row) => serializeComposite(deps, row))) };
}

export async function getComposite(deps: AppDeps, access: TeamAccess, id: string) {
  return serializeComposite(deps, await findOr404(deps, access, id));
}


/** Renders the composite again; 409 while a render of it is under way (a second click); the team's quotas decide first. */
async function startRender(deps: AppDeps, access: TeamAccess, video: repo.VideoRow<'composite'>, current: repo.RenderJobRow | null): Promise<{ id: string }> {
  if (renders.isUnfinished(current)) throw renders.alreadyRendering(current!.id);
  const props = await renderProps(deps, access, video);
  await precheckRenders(deps, access.team.id, { renders: 1, seconds: renders.renderSeconds(video.compositionId, props) });
  try {
    return await repo.inTransaction(deps.db, async (tx) => {
      const [id] = await renders.createRenderJobs(deps, tx, access.team.id, [{ target: { type: 'composite_video', id: video.id }, compositionId: video.compositionId, inputProps: props }]);
      if (!(await repo.swapRender(tx, 'composite', access.team.id, video.id, video.renderJobId, id!))) throw new RenderRaceLost();
      return { id: id! };
    });
  } catch (error) {
    if (error instanceof RenderRaceLost) {
      const again = await findOr404(deps, access, video.id);
      if (again.job) throw renders.alreadyRendering(again.job.id);
    }
    throw error;
  }
}

async function clipsOr400(deps: AppDeps, access: TeamAccess, ids: { field: string; id: string | null | undefined; kind?: string }[]) {
  const wanted = ids.filter((x) => !!x.id).map((x) => x.id!);
  const { found } = await findRenderableBrandVideos(deps, access, wanted);
  const errors: Record<string, string> = {};
  for (const { field, id } of ids) if (id && !found.get(id)) errors[field] = 'This video does not exist or is not ready yet.';
  if (Object.keys(errors).length) throw fieldError(errors);
  return found;
}

export async function createComposite(
  deps: AppDeps,
  access: TeamAccess,
  user: User,
  input: { name?: string; composition_id: 'hook-product-demo' | 'multi-text-wall'; hook_video_id?: string | null; product_demo_video_id?: string | null; config: Config; render?: boolean },
) {
  assertCanWrite(access);
  const shouldRender = input.render ?? true;
  if (shouldRender) await assertSubscribed(deps, access);
  const isHookDemo = input.composition_id === 'hook-product-demo';
  if (isHookDemo) {
    const missing: Record<string, string> = {};
    if (!input.hook_video_id) missing.hook_video_id = 'Choose a hook clip.';
    if (!input.product_demo_video_id) missing.product_demo_video_id = 'Choose a product demo clip.';
    if (Object.keys(missing).length) throw fieldError(missing);
  }
  // every check before anything is written: a request that fails leaves no row
  const config = checkConfig(input.composition_id, input.config);
  const clips = await clipsOr400(deps, access, [
    { field: 'hook_video_id', id: isHookDemo ? input.hook_video_id : null },
    { field: 'product_demo_video_id', id: isHookDemo ? input.product_demo_video_id : null },
  ]);
  if (!isHookDemo) await wallBackgroundsOr400(deps, access, config.walls as StoredWall[]);
  const name =
    input.name ??
    (isHookDemo ? `${clips.get(input.hook_video_id!)!.title} + ${clips.get(input.product_demo_video_id!)!.title}` : `Multi text wall (${(config.walls as unknown[]).length} walls)`);
  const values = {
    id: randomUUID(),
    createdById: user.id,
    name: name.slice(0, MAX_NAME_CHARS),
    compositionId: input.composition_id,
    config,
    hookVideoId: isHookDemo ? input.hook_video_id! : null,
    productDemoVideoId: isHookDemo ? input.product_demo_video_id! : null,
  };
  const props = shouldRender ? await renderProps(deps, access, values) : null;
  if (props) await precheckRenders(deps, access.team.id, { renders: 1, seconds: renders.renderSeconds(values.compositionId, props) });
  const renderJobId = props ? randomUUID() : null;
  // the composite and its render together, or neither
  await repo.inTransaction(deps.db, async (tx) => {
    await repo.insertVideos(tx, 'composite', access.team.id, [{ ...values, renderJobId }]);
    if (props) await renders.createRenderJobs(deps, tx, access.team.id, [{ id: renderJobId!, target: { type: 'composite_video', id: values.id }, compositionId: values.compositionId, inputProps: props }]);
  });
  return getComposite(deps, access, values.id);
}

export async function updateComposite(deps: AppDeps, access: TeamAccess, id: string, input: { name?: string; config?: Config }) {
  const { video } = await findOr404(deps, access, id);
  assertCanWrite(access);
  const values: Partial<repo.VideoRow<'composite'>> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.config !== undefined) {
    const config = checkConfig(video.compositionId, { ...(video.config as Config), ...input.config });
    // new walls name backgrounds that must exist now (the stored ones were checked when stored)
    if (Array.isArray(input.config.walls)) await wallBackgroundsOr400(deps, access, config.walls as StoredWall[]);
    values.config = config;
  }
  if (Object.keys(values).length) await repo.updateVideo(deps.db, 'composite', access.team.id, id, values);
  return getComposite(deps, access, id);
}

export async function deleteComposite(deps: AppDeps, access: TeamAccess, id: string) {
  const { video } = await findOr404(deps, access, id);
  assertCanWrite(access);
  await repo.inTransaction(deps.db, async (tx) => {
    await renders.cancelJobs(tx, access.team.id, [video.renderJobId]);
    await repo.deleteVideo(tx, 'composite', access.team.id, id);
  });
  await renders.deleteRenderFiles(deps, access.team.id, id);
}

export async function renderComposite(deps: AppDeps, access: TeamAccess, id: string) {
  const { video, job } = await findOr404(deps, access, id);
  assertCanWrite(access);
  return { render_job_id: (await startRender(deps, access, video, job)).id };
}

export async function compositeRenderStatus(deps: AppDeps, access: TeamAccess, id: string) {
  const { video, job } = await findOr404(deps, access, id);
  return { ...(await renders.renderState(deps, job)), render_job_id: video.renderJobId };
}

/** One composite per (hook, demo) pair, at most MAX_COMPOSITES_PER_CALL, rendered as one bulk job. */
export async function bulkCreateHookProductDemo(
  deps: AppDeps,
  access: TeamAccess,
  user: User,
  input: {
    hook_video_ids: string[];
    product_demo_video_ids: string[];
    overlay_texts?: string[];
    demo_text?: string;
    caption_text?: string;
    product_name?: string;
    end_card_text?: string;
    style?: Partial<TextStyle>;
    aspect?: '9:16' | '1:1' | '16:9';
  },
) {
  assertCanWrite(access);
  await assertSubscribed(deps, access);
  const hooks = [...new Set(input.hook_video_ids)];
  const demos = [...new Set(input.product_demo_video_ids)];
  if (hooks.length * demos.length > MAX_COMPOSITES_PER_CALL) {
    throw fieldError({ hook_video_ids: `${hooks.length} hooks × ${demos.length} demos make ${hooks.length * demos.length} videos; at most ${MAX_COMPOSITES_PER_CALL} a call.` });
  }
  const { found, missing } = await findRenderableBrandVideos(deps, access, [...hooks, ...demos]);
  if (missing.length) throw fieldError({ hook_video_ids: `These videos do not exist or are not ready: ${missing.join(', ')}.` });
  const style = resolveStyle(input.style);
  const texts = (input.overlay_texts ?? []).filter((t) => t.length > 0);
  const bulkId = randomUUID();
  const base = Date.now();
  const pairs = hooks.flatMap((hook) => demos.map((demo) => ({ hook, demo })));
  // the configs and props are the CPU-heavy part (each parsed by the composition's schema): built in
  // chunks, before the transaction, so that other requests are answered in between
  const videos = await mapInChunks(pairs, 25, (pair, i) => {
    const config = checkConfig('hook-product-demo', {
      hookText: texts.length ? texts[i % texts.length] : '',
      demoText: input.demo_text ?? '',
      captionText: input.caption_text ?? '',
      productName: input.product_name ?? '',
      ...(input.end_card_text !== undefined ? { endCardText: input.end_card_text } : {}),
      style,
      aspect: input.aspect ?? '9:16',
    });
    const props = hookProductDemoRequest(config, found.get(pair.hook), found.get(pair.demo));
    const values = {
      id: randomUUID(),
      createdById: user.id,
      bulkJobId: bulkId,
      name: `${found.get(pair.hook)!.title} + ${found.get(pair.demo)!.title}`.slice(0, MAX_NAME_CHARS),
      compositionId: 'hook-product-demo',
      config,
      hookVideoId: pair.hook,
      productDemoVideoId: pair.demo,
      renderJobId: randomUUID(),
      createdAt: new Date(base + i),
      updatedAt: new Date(base + i),
    };
    return { values, props };
  });
  const requests = videos.map(({ values, props }) => ({ id: values.renderJobId, target: { type: 'composite_video' as const, id: values.id }, compositionId: 'hook-product-demo', inputProps: props }));
  await precheckRenders(deps, access.team.id, { renders: requests.length, seconds: requests.reduce((sum, r) => sum + renders.renderSeconds(r.compositionId, r.inputProps), 0) });
  await repo.inTransaction(deps.db, async (tx) => {
    await repo.insertBulkJob(tx, access.team.id, { id: bulkId, kind: 'hook_product_demo', total: pairs.length, createdById: user.id });
    await repo.insertVideos(tx, 'composite', access.team.id, videos.map((v) => v.values));
    await renders.createRenderJobs(deps, tx, access.team.id, requests);
  });
  return { job_id: bulkId, total: videos.length, video_ids: videos.map((v) => v.values.id) };
}

/** A multi text wall from existing text walls (their texts and backgrounds) or from texts. */
export async function createMultiTextWall(
  deps: AppDeps,
  access: TeamAccess,
  user: User,
  input: { name?: string; text_wall_video_ids?: string[]; texts?: string[]; background_video_ids: string[]; seconds_per_wall?: number; transition?: 'none' | 'fade' | 'slide'; style?: Partial<TextStyle>; aspect?: '9:16' | '1:1' | '16:9' },
) {
  assertCanWrite(access);
  await assertSubscribed(deps, access);
  const seconds = input.seconds_per_wall ?? 3;
  let walls: { text: string; durationInSeconds: number; background_video_id: string | null }[];
  let style = resolveStyle(input.style);
  if (input.text_wall_video_ids?.length) {
    walls = [];
    for (const id of input.text_wall_video_ids) {
      const found = await repo.findVideo(deps.db, 'text_wall', access.team.id, id);
      if (!found) throw fieldError({ text_wall_video_ids: `The text wall video ${id} does not exist.` });
      walls.push({ text: found.video.text, durationInSeconds: input.seconds_per_wall ?? Math.min(found.video.durationSeconds, 6), background_video_id: found.video.backgroundVideoId });
      if (!input.style && walls.length === 1) style = resolveStyle(found.video.style as TextStyle);
    }
  } else {
    const { found, missing } = await findRenderableBackgrounds(deps, access, input.background_video_ids);
    if (missing.length) throw fieldError({ background_video_ids: `These background videos do not exist or are not ready: ${missing.join(', ')}.` });
    const bgs = input.background_video_ids.map((id) => found.get(id)!);
    walls = input.texts!.map((text, i) => ({ text, durationInSeconds: seconds, background_video_id: bgs.length ? bgs[i % bgs.length]!.id : null }));
  }
  const config = { walls, transition: input.transition ?? 'fade', style, aspect: input.aspect ?? '9:16' };
  const check = multiTextWallPropsSchema.safeParse({ ...config, walls: walls.map((w) => ({ text: w.text, durationInSeconds: w.durationInSeconds })) });
  if (!check.success) configError(check.error);
  const bulkId = randomUUID();
  const values = {
    id: randomUUID(),
    createdById: user.id,
    bulkJobId: bulkId,
    name: (input.name ?? `Multi text wall (${walls.length} walls)`).slice(0, MAX_NAME_CHARS),
    compositionId: 'multi-text-wall',
    config,
    hookVideoId: null,
    productDemoVideoId: null,
    renderJobId: randomUUID(),
  };
  const props = await renderProps(deps, access, values);
  await precheckRenders(deps, access.team.id, { renders: 1, seconds: renders.renderSeconds('multi-text-wall', props) });
  // the batch, the composite and its render together, or none of them
  await repo.inTransaction(deps.db, async (tx) => {
    await repo.insertBulkJob(tx, access.team.id, { id: bulkId, kind: 'multi_text_wall', total: 1, createdById: user.id });
    await repo.insertVideos(tx, 'composite', access.team.id, [values]);
    await renders.createRenderJobs(deps, tx, access.team.id, [{ id: values.renderJobId, target: { type: 'composite_video', id: values.id }, compositionId: 'multi-text-wall', inputProps: props }]);
  });
  return { job_id: bulkId, total: 1, video_ids: [values.id] };
}
