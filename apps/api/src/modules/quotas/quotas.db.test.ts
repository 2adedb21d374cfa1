import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq, inArray } from 'drizzle-orm';
import { brandVideos, bulkJobs, compositeVideos, jobs, renderJobs, textWallBackgroundVideos, textWallVideos } from '@hookwall/db';
import { GLOW_SERUM, GLOW_SERUM_HOOKS } from '@hookwall/copywriter/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, registerUser, uniqueEmail, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { subscribeTeam, tinyRenderingWorker, uploadClip } from '../videos/videos.test-helpers.ts';

// uploads make clips with ffmpeg; the last block renders with the test engine (tiny real MP4s: their sizes are what is counted)
vi.setConfig({ testTimeout: 180_000 });

const KB = 1024;
const MB = 1024 * KB;

type Team = { id: number; slug: string };
type Call = (o: Parameters<ReturnType<typeof as>>[0]) => ReturnType<ReturnType<typeof as>>;

/** Calls as `user`, in `team` (the X-Team-Slug header). */
const caller =
  (t: TestApp, user: TestUser, team: Team): Call =>
  (o) =>
    as(t.app, user)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });

/** What a team has in every table a refused call must leave alone. */
async function rowsOf(t: TestApp, teamId: number) {
  const db = t.deps.db;
  const n = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const jobIds = db.select({ id: renderJobs.queueJobId }).from(renderJobs).where(eq(renderJobs.teamId, teamId));
  return {
    textWalls: await n(db.select({ n: count() }).from(textWallVideos).where(eq(textWallVideos.teamId, teamId))),
    composites: await n(db.select({ n: count() }).from(compositeVideos).where(eq(compositeVideos.teamId, teamId))),
    bulkJobs: await n(db.select({ n: count() }).from(bulkJobs).where(eq(bulkJobs.teamId, teamId))),
    renderJobs: await n(db.select({ n: count() }).from(renderJobs).where(eq(renderJobs.teamId, teamId))),
    queueJobs: await n(db.select({ n: count() }).from(jobs).where(and(eq(jobs.name, 'render-video'), inArray(jobs.id, jobIds)))),
    brandVideos: await n(db.select({ n: count() }).from(brandVideos).where(eq(brandVideos.teamId, teamId))),
    backgrounds: await n(db.select({ n: count() }).from(textWallBackgroundVideos).where(eq(textWallBackgroundVideos.teamId, teamId))),
  };
}

const texts = (n: number, prefix = 'Quota text') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

describe('render quotas: open renders and queued seconds', () => {
  let t: TestApp;
  let model: Server;
  /** the fake model's next answer runs this first (another request of the same team, mid-call) */
  let beforeAnswer: (() => Promise<void>) | null = null;
  let modelRequests = 0;

  beforeAll(async () => {
    model = createServer(async (req, res) => {
      for await (const _ of req) void _;
      modelRequests++;
      if (beforeAnswer) await beforeAnswer();
      // hooks that pass the quality check for the context below, so the model is asked once
      const content = JSON.stringify({ texts: GLOW_SERUM_HOOKS.slice(0, 3) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
    });
    await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
    t = await createTestApp({
      TEAM_MAX_OPEN_RENDERS: 5,
      TEAM_MAX_QUEUED_VIDEO_SECONDS: 60,
      OPENAI_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
      OPENAI_API_KEY: 'sk-test',
    });
  });
  afterAll(async () => {
    await t?.close();
    model?.close();
  });

  async function subscribedTeam(name: string) {
    const { user, team } = await userWithTeam(t.app, name);
    await subscribeTeam(t.app, user, team.slug);
    return { user, team, call: caller(t, user, team) };
  }

  it('a call that would pass TEAM_MAX_OPEN_RENDERS is refused whole with 429, on every route that makes renders; another team is not affected', async () => {
    const { user, team, call } = await subscribedTeam('Open Renders');
    const brandHook = await uploadClip(t.app, user, team.slug, 'brand', { title: 'Hook', clipKind: 'hook' });
    const brandDemo = await uploadClip(t.app, user, team.slug, 'brand', { title: 'Demo', clipKind: 'product_demo' });

    expect((await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: texts(3) } })).statusCode).toBe(202);
    const before = await rowsOf(t, team.id);
    expect(before).toMatchObject({ textWalls: 3, renderJobs: 3, queueJobs: 3, bulkJobs: 1 });

    // three more would be six: refused whole, with the numbers
    const refused = await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: texts(3) } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      detail:
        'Your team has 3 videos waiting to render and may have at most 5 at once, so these 3 would be 1 too many. Make fewer at a time, or wait for some to finish or cancel some, then try again.',
      code: 'too_many_open_renders',
      limit: 5,
      used: 3,
      requested: 3,
    });
    expect(Object.keys(refused.json())[0]).toBe('detail');
    // the multipart form of the same call
    const form = new FormData();
    form.append('file', new Blob(['text\nOne\nTwo\nThree\n'], { type: 'text/csv' }), 'texts.csv');
    const multipart = new Request('http://x', { method: 'POST', body: form });
    const multipartRefused = await call({
      method: 'POST',
      url: '/api/text-wall-videos/bulk_create/',
      headers: { 'content-type': multipart.headers.get('content-type')! },
      payload: Buffer.from(await multipart.arrayBuffer()),
    });
    expect(multipartRefused.statusCode, multipartRefused.body).toBe(429);
    expect(multipartRefused.json()).toMatchObject({ code: 'too_many_open_renders', used: 3, requested: 3 });
    expect(await rowsOf(t, team.id)).toEqual(before);

    // two fit exactly
    expect((await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: texts(2) } })).statusCode).toBe(202);
    const full = await rowsOf(t, team.id);
    const atLimit = {
      detail: 'Your team has 5 videos waiting to render, the most it may have at once. Wait for some to finish or cancel some, then try again.',
      code: 'too_many_open_renders',
      limit: 5,
      used: 5,
      requested: 1,
    };

    // every other way of making a render: one more is refused, and leaves nothing behind
    const single = await call({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'One more' } });
    expect(single.statusCode).toBe(429);
    expect(single.json()).toEqual(atLimit);
    const draft = await call({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'A draft', render: false } });
    expect(draft.statusCode, 'a draft makes no render').toBe(201);
    const renderDraft = await call({ method: 'POST', url: `/api/text-wall-videos/${draft.json().id}/render/`, payload: {} });
    expect(renderDraft.statusCode).toBe(429);
    expect(renderDraft.json()).toEqual(atLimit);
    const composite = await call({
      method: 'POST',
      url: '/api/composite-videos/',
      payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'One', durationInSeconds: 2 }] } },
    });
    expect(composite.statusCode).toBe(429);
    expect(composite.json()).toEqual(atLimit);
    const compositeDraft = await call({
      method: 'POST',
      url: '/api/composite-videos/',
      payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'One', durationInSeconds: 2 }] }, render: false },
    });
    expect(compositeDraft.statusCode).toBe(201);
    const rerender = await call({ method: 'POST', url: `/api/composite-videos/${compositeDraft.json().id}/render/`, payload: {} });
    expect(rerender.json()).toEqual(atLimit);
    const multi = await call({ method: 'POST', url: '/api/composite-videos/multitextwall/', payload: { texts: ['One', 'Two'] } });
    expect(multi.statusCode).toBe(429);
    expect(multi.json()).toEqual(atLimit);
    const hookDemo = await call({ method: 'POST', url: '/api/composite-videos/bulk_create_hook_product_demo/', payload: { hook_video_ids: [brandHook.id], product_demo_video_ids: [brandDemo.id] } });
    expect(hookDemo.statusCode).toBe(429);
    expect(hookDemo.json()).toEqual(atLimit);
    expect(await rowsOf(t, team.id)).toEqual({ ...full, textWalls: full.textWalls + 1, composites: full.composites + 1 });

    // another team is not affected
    const other = await subscribedTeam('Other Renders');
    expect((await other.call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: texts(5) } })).statusCode).toBe(202);

    // cancelling one frees its place
    const [open] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.teamId, team.id)).limit(1);
    expect((await call({ method: 'POST', url: `/api/remotion-render-jobs/${open!.id}/cancel/`, payload: {} })).statusCode).toBe(200);
    expect((await call({ method: 'POST', url: `/api/text-wall-videos/${draft.json().id}/render/`, payload: {} })).statusCode).toBe(202);

    const usage = await call({ method: 'GET', url: `/a/${team.slug}/subscription/api/usage/` });
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toMatchObject({ open_renders: { used: 5, limit: 5 }, queued_video_seconds: { used: 50, limit: 60 } });
  });

  it('a call that would pass TEAM_MAX_QUEUED_VIDEO_SECONDS is refused whole with 429', async () => {
    const { team, call } = await subscribedTeam('Queued Seconds');
    expect((await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: texts(2), duration_seconds: 25 } })).statusCode).toBe(202);
    const before = await rowsOf(t, team.id);
    const refused = await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: texts(2), duration_seconds: 10 } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      detail:
        'Your team has 50 seconds of video waiting to render and may have at most 60 at once, so these 2 videos (20 seconds) would be 10 seconds too many. Make fewer or shorter videos at a time, or wait for some to finish or cancel some, then try again.',
      code: 'too_many_queued_video_seconds',
      limit: 60,
      used: 50,
      requested: 20,
    });
    expect(await rowsOf(t, team.id)).toEqual(before);

    // a multi text wall's length is its composition's: two walls of 2.2 s, sliding into each other for 0.4 s
    const multi = await call({ method: 'POST', url: '/api/composite-videos/multitextwall/', payload: { texts: ['One', 'Two'], seconds_per_wall: 2.2, transition: 'slide' } });
    expect(multi.statusCode).toBe(202);
    expect((await call({ method: 'GET', url: `/a/${team.slug}/subscription/api/usage/` })).json().queued_video_seconds).toEqual({ used: 54, limit: 60 });

    expect((await call({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Fits exactly', duration_seconds: 6 } })).statusCode).toBe(201);
    const before2 = await rowsOf(t, team.id);
    const single = await call({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'One too many', duration_seconds: 5 } });
    expect(single.statusCode).toBe(429);
    expect(single.json()).toEqual({
      detail: 'Your team has 60 seconds of video waiting to render, the most it may have at once. Wait for some to finish or cancel some, then try again.',
      code: 'too_many_queued_video_seconds',
      limit: 60,
      used: 60,
      requested: 5,
    });
    expect(await rowsOf(t, team.id)).toEqual(before2);
  });

  it('texts written by the model for a bulk that cannot be made are not charged', async () => {
    const { user, team, call } = await subscribedTeam('Model Texts');
    const context = (await call({ method: 'POST', url: '/api/contexts/', payload: { name: 'Glow Serum', type: 'product', content: GLOW_SERUM.content } })).json();
    const balance = async () => (await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` })).json().balance as number;
    expect((await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: texts(3) } })).statusCode).toBe(202);
    const credits = await balance();

    // refused before the model is asked: nothing spent
    modelRequests = 0;
    const early = await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { context_id: context.id, count: 3 } });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'too_many_open_renders', used: 3, requested: 3 });
    expect(modelRequests).toBe(0);
    expect(await balance()).toBe(credits);

    // room for these two when asked, but another call takes it while the model writes: the credits come back
    const before = await rowsOf(t, team.id);
    beforeAnswer = async () => {
      beforeAnswer = null;
      const meanwhile = await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: texts(2, 'Meanwhile') } });
      expect(meanwhile.statusCode).toBe(202);
    };
    const late = await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { context_id: context.id, count: 2 } });
    expect(modelRequests).toBe(1);
    expect(late.statusCode).toBe(429);
    expect(late.json()).toMatchObject({ code: 'too_many_open_renders', used: 5, requested: 2 });
    expect(await balance()).toBe(credits);
    const ledger = (await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/transactions/` })).json().results as { kind: string; amount: number }[];
    expect(ledger.slice(0, 2).map((e) => [e.kind, e.amount])).toEqual([
      ['refund', 2],
      ['spend', -2],
    ]);
    const after = await rowsOf(t, team.id);
    expect(after).toEqual({ ...before, textWalls: before.textWalls + 2, renderJobs: before.renderJobs + 2, queueJobs: before.queueJobs + 2, bulkJobs: before.bulkJobs + 1 });
  });

  it('two bulks at once cannot pass the limit together', async () => {
    for (let round = 0; round < 3; round++) {
      const { team, call } = await subscribedTeam(`Race ${round}`);
      const answers = await Promise.all([3, 3].map((n) => call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: texts(n) } })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 429]);
      expect(answers.find((a) => a.statusCode === 429)!.json()).toMatchObject({ code: 'too_many_open_renders', used: 3, requested: 3 });
      expect(await rowsOf(t, team.id)).toMatchObject({ textWalls: 3, renderJobs: 3, queueJobs: 3, bulkJobs: 1 });
    }
  });

  it('a read-only member sees the usage; its numbers are the team’s own', async () => {
    const { user, team } = await userWithTeam(t.app, 'Usage Readers');
    const email = uniqueEmail('reader');
    const invitation = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email, role: 'member' } });
    const reader = await registerUser(t.app, { email, invitation_id: invitation.json().id });
    const usage = await as(t.app, reader)({ method: 'GET', url: `/a/${team.slug}/subscription/api/usage/` });
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({
      open_renders: { used: 0, limit: 5 },
      queued_video_seconds: { used: 0, limit: 60 },
      storage_bytes: { used: 0, limit: 20 * 1024 * MB },
    });
  });
});

describe('storage quota: uploads and rendered videos', () => {
  let t: TestApp;
  let rendering: ReturnType<typeof tinyRenderingWorker>;

  beforeAll(async () => {
    t = await createTestApp({ TEAM_STORAGE_QUOTA_BYTES: MB });
    rendering = tinyRenderingWorker(t);
  }, 180_000);
  afterAll(async () => {
    await rendering?.close();
    await t?.close();
  });

  const usage = async (call: Call, team: Team) => (await call({ method: 'GET', url: `/a/${team.slug}/subscription/api/usage/` })).json().storage_bytes as { used: number; limit: number };

  it('an upload that would pass TEAM_STORAGE_QUOTA_BYTES is refused with 413 and creates nothing; a full team makes no renders', async () => {
    const { user, team } = await userWithTeam(t.app, 'Storage');
    await subscribeTeam(t.app, user, team.slug);
    const call = caller(t, user, team);
    const clip = (size: number) => ({ filename: 'clip.mp4', content_type: 'video/mp4', size });

    const first = await call({ method: 'POST', url: '/api/brand-videos/', payload: { ...clip(600 * KB), title: 'Big' } });
    expect(first.statusCode).toBe(201);
    expect(await usage(call, team)).toEqual({ used: 600 * KB, limit: MB });
    const before = await rowsOf(t, team.id);
    const refused = await call({ method: 'POST', url: '/api/brand-videos/', payload: { ...clip(600 * KB), title: 'Too big' } });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      detail: 'Your team stores 600 KB of the 1 MB it may store; a file of 600 KB more would not fit. Delete videos or clips you no longer need, then try again.',
      code: 'storage_quota_exceeded',
      limit: MB,
      used: 600 * KB,
      requested: 600 * KB,
    });
    const refusedBackground = await call({ method: 'POST', url: '/api/text-wall-background-videos/', payload: clip(425 * KB) });
    expect(refusedBackground.statusCode).toBe(413);
    expect(refusedBackground.json()).toMatchObject({ code: 'storage_quota_exceeded', used: 600 * KB, requested: 425 * KB });
    expect(await rowsOf(t, team.id)).toEqual(before);

    // what fits exactly is taken
    expect((await call({ method: 'POST', url: '/api/text-wall-background-videos/', payload: clip(424 * KB) })).statusCode).toBe(201);
    expect(await usage(call, team)).toEqual({ used: MB, limit: MB });

    // full: a render would add a file, so none starts
    const full = {
      detail: 'Your team stores 1 MB, all of the 1 MB it may store, so no more videos can be made. Delete videos or clips you no longer need, then try again.',
      code: 'storage_quota_exceeded',
      limit: MB,
      used: MB,
      requested: 0,
    };
    const render = await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: texts(2) } });
    expect(render.statusCode).toBe(413);
    expect(render.json()).toEqual(full);
    expect((await call({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'One' } })).json()).toEqual(full);
    expect(await rowsOf(t, team.id)).toEqual({ ...before, backgrounds: before.backgrounds + 1 });

    // another team is not affected
    const other = await userWithTeam(t.app, 'Other Storage');
    expect((await caller(t, other.user, other.team)({ method: 'POST', url: '/api/brand-videos/', payload: clip(MB) })).statusCode).toBe(201);

    // deleting frees the space
    expect((await call({ method: 'DELETE', url: `/api/brand-videos/${first.json().id}/` })).statusCode).toBe(204);
    expect(await usage(call, team)).toEqual({ used: 424 * KB, limit: MB });
    expect((await call({ method: 'POST', url: '/api/brand-videos/', payload: clip(600 * KB) })).statusCode).toBe(201);
  });

  it('an upload whose file failed stops counting; its next upload URL and confirm check the quota again', async () => {
    const { user, team } = await userWithTeam(t.app, 'Failed Upload');
    const call = caller(t, user, team);
    const garbage = Buffer.alloc(700 * KB, 7);
    const created = (await call({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'bad.mp4', content_type: 'video/mp4', size: garbage.length } })).json();
    const target = (await call({ method: 'POST', url: `/api/brand-videos/${created.id}/upload_url/`, payload: {} })).json();
    expect((await t.app.inject({ method: 'PUT', url: pathOf(target.upload_url), headers: target.headers, payload: garbage })).statusCode).toBe(200);
    const confirmed = await call({ method: 'POST', url: `/api/brand-videos/${created.id}/confirm_upload/`, payload: {} });
    expect(confirmed.json().status).toBe('failed');
    expect(await usage(call, team)).toEqual({ used: 0, limit: MB });

    // meanwhile the space went to another clip: uploading the failed one again would pass the quota
    expect((await call({ method: 'POST', url: '/api/text-wall-background-videos/', payload: { filename: 'bg.mp4', content_type: 'video/mp4', size: 500 * KB } })).statusCode).toBe(201);
    const again = await call({ method: 'POST', url: `/api/brand-videos/${created.id}/upload_url/`, payload: {} });
    expect(again.statusCode).toBe(413);
    expect(again.json()).toMatchObject({ code: 'storage_quota_exceeded', used: 500 * KB, requested: 700 * KB });
    const confirmAgain = await call({ method: 'POST', url: `/api/brand-videos/${created.id}/confirm_upload/`, payload: {} });
    expect(confirmAgain.statusCode).toBe(413);
    expect((await call({ method: 'GET', url: `/api/brand-videos/${created.id}/` })).json().status).toBe('failed');
  });

  it('an operator who lowers the quota: uploads already counted get no upload URL until the team is within it', async () => {
    const { user, team } = await userWithTeam(t.app, 'Lowered');
    const call = caller(t, user, team);
    const created = (await call({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'a.mp4', content_type: 'video/mp4', size: 800 * KB } })).json();
    const config = t.deps.config as { TEAM_STORAGE_QUOTA_BYTES: number };
    config.TEAM_STORAGE_QUOTA_BYTES = 512 * KB;
    try {
      const refused = await call({ method: 'POST', url: `/api/brand-videos/${created.id}/upload_url/`, payload: {} });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({
        detail: 'Your team stores 800 KB, more than the 512 KB it may store. Delete videos or clips you no longer need, then try again.',
        code: 'storage_quota_exceeded',
        limit: 512 * KB,
        used: 800 * KB,
        requested: 0,
      });
    } finally {
      config.TEAM_STORAGE_QUOTA_BYTES = MB;
    }
    expect((await call({ method: 'POST', url: `/api/brand-videos/${created.id}/upload_url/`, payload: {} })).statusCode).toBe(200);
  });

  it('two uploads at once cannot pass the quota together', async () => {
    for (let round = 0; round < 3; round++) {
      const { user, team } = await userWithTeam(t.app, `Upload Race ${round}`);
      const call = caller(t, user, team);
      const answers = await Promise.all(
        ['/api/brand-videos/', '/api/text-wall-background-videos/'].map((url) => call({ method: 'POST', url, payload: { filename: 'c.mp4', content_type: 'video/mp4', size: 600 * KB } })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413]);
      expect(await usage(call, team)).toEqual({ used: 600 * KB, limit: MB });
    }
  });

  it("a rendered video counts its files' sizes, recorded by the worker, until the video is deleted", async () => {
    const { user, team } = await userWithTeam(t.app, 'Rendered');
    await subscribeTeam(t.app, user, team.slug);
    const call = caller(t, user, team);
    const video = (await call({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Counted', duration_seconds: 5 } })).json();
    expect(await rendering.worker.drain()).toBeGreaterThanOrEqual(1);
    const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, video.render_job_id));
    const sizes = (await t.deps.storage.head(job!.outputKey!))!.size + (await t.deps.storage.head(job!.thumbnailKey!))!.size;
    expect(sizes).toBeGreaterThan(0);
    expect(job).toMatchObject({ status: 'completed', durationSeconds: 5, outputBytes: sizes });
    expect(await usage(call, team)).toEqual({ used: sizes, limit: MB });
    // a render finished before the worker recorded sizes is measured by the API, once
    await t.deps.db.update(renderJobs).set({ outputBytes: null }).where(eq(renderJobs.id, video.render_job_id));
    expect(await usage(call, team)).toEqual({ used: sizes, limit: MB });
    const [measured] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, video.render_job_id));
    expect(measured!.outputBytes).toBe(sizes);

    // a second render of the same video keeps the first one's files (the render list still offers them): both count
    expect((await call({ method: 'POST', url: `/api/text-wall-videos/${video.id}/render/`, payload: {} })).statusCode).toBe(202);
    await rendering.worker.drain();
    const both = (await usage(call, team)).used;
    expect(both).toBeGreaterThan(sizes);

    // deleting the video deletes the files of all its renders, and they stop counting
    expect((await call({ method: 'DELETE', url: `/api/text-wall-videos/${video.id}/` })).statusCode).toBe(204);
    expect(await usage(call, team)).toEqual({ used: 0, limit: MB });
    expect(await t.deps.storage.head(job!.outputKey!)).toBeNull();
    const left = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.targetId, video.id));
    expect(left.every((j) => j.outputKey === null && j.thumbnailKey === null)).toBe(true);
  });
});
