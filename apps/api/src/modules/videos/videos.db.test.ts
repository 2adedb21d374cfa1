import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { ffprobe, subscribeTeam, tinyRenderingWorker, uploadClip } from './videos.test-helpers.ts';

// the test engine's renders take a second or two each on a busy machine, with the worker's steps around them
vi.setConfig({ testTimeout: 180_000 });

/**
 * Text walls and composites through the API: what is made, queued, refused, cancelled and stored.
 * The renders are the test engine's (tinyRenderingWorker: tiny real MP4s of each plan's frames,
 * rate, aspect and sound); videos.render.test.ts renders a text wall and a multi text wall for real.
 */
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let rendering: ReturnType<typeof tinyRenderingWorker>;
const api = (user: TestUser | null = admin) => (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Video Makers'));
  await subscribeTeam(t.app, admin, team.slug);
  rendering = tinyRenderingWorker(t);
}, 180_000);
afterAll(async () => {
  await rendering?.close();
  await t?.close();
});

async function download(url: string, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  expect(res.statusCode).toBe(200);
  const file = join(t.dataDir, name);
  writeFileSync(file, res.rawPayload);
  return file;
}

describe('text wall videos', () => {
  it('validate input: unknown background, bad style, empty text, another team', async () => {
    const bad = async (payload: object) => api()({ method: 'POST', url: '/api/text-wall-videos/', payload: { render: false, ...payload } });
    expect((await bad({ text: '   ' })).statusCode).toBe(400);
    expect((await bad({ text: 'x', background_video_id: '00000000-0000-4000-8000-000000000000' })).json()).toHaveProperty('background_video_id');
    expect((await bad({ text: 'x', style: { fontSize: 9999 } })).statusCode).toBe(400);
    expect((await bad({ text: 'x', style: { textColor: 'red' } })).statusCode).toBe(400);
    expect((await bad({ text: 'x', aspect: '4:3' })).statusCode).toBe(400);
    expect((await bad({ text: 'x', duration_seconds: 61 })).statusCode).toBe(400);

    const wall = (await bad({ text: 'Mine' })).json();
    expect(wall.status).toBe('draft');
    const other = await userWithTeam(t.app, 'Other');
    for (const [method, url] of [
      ['GET', `/api/text-wall-videos/${wall.id}/`],
      ['DELETE', `/api/text-wall-videos/${wall.id}/`],
      ['GET', `/api/text-wall-videos/${wall.id}/render_status/`],
    ] as const) {
      expect((await as(t.app, other.user)({ method, url })).statusCode).toBe(404);
    }
    // an unsubscribed team cannot make videos, but can look around
    expect((await as(t.app, other.user)({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'x' } })).statusCode).toBe(402);
    expect((await as(t.app, other.user)({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['a'] } })).statusCode).toBe(402);
    expect((await as(t.app, other.user)({ method: 'GET', url: '/api/composite-videos/composition_configs/' })).statusCode).toBe(200);
  });

  it('generate_texts writes distinct texts from a context with the template copywriter', async () => {
    const context = (await api()({ method: 'POST', url: '/api/contexts/', payload: { name: 'Glow Serum', type: 'product', content: 'Gives dull skin a glow in 7 days.\nWhat makes it special:\n- Vitamin C\n- Vegan' } })).json();
    const res = await api()({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 12 } });
    expect(res.statusCode, res.body).toBe(200);
    const { texts, provider, credits_spent } = res.json();
    expect(provider).toBe('template');
    expect(credits_spent).toBe(0);
    expect(texts).toHaveLength(12);
    expect(new Set(texts).size).toBe(12);
    expect(res.json().language).toBe('en');
    expect(res.json().items.map((i: { text: string }) => i.text)).toEqual(texts);
    expect((await api()({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: 999999, count: 2 } })).statusCode).toBe(400);
  });

  it('generate_texts takes a tone, formulas and a language, and answers each text with its formula', async () => {
    const content = 'Une crème de nuit riche pour les peaux sèches. Elle répare la barrière cutanée pendant votre sommeil. Fini les tiraillements du matin !\nWhat makes it special:\n- 98 % d’ingrédients naturels\n- Sans parfum ajouté';
    const context = (await api()({ method: 'POST', url: '/api/contexts/', payload: { name: 'Crème Nuit', type: 'product', content } })).json();
    const generate = (extra: object) => api()({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 4, ...extra } });
    const french = await generate({ tone: 'premium', formula: ['before_after', 'question'] });
    expect(french.statusCode, french.body).toBe(200);
    const body = french.json();
    expect(body.language).toBe('fr');
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) expect(['before_after', 'question']).toContain(item.formula);
    expect(body.texts.join('\n')).toMatch(/Avant|Hier|Marre|Pas avec|\?/u);
    const one = await generate({ formula: 'objection' });
    expect(one.statusCode, one.body).toBe(200);
    expect(new Set(one.json().items.map((i: { formula: string }) => i.formula))).toEqual(new Set(['objection']));

    // bad filters: a clear 400 naming the field
    for (const [extra, field] of [
      [{ tone: 'witty' }, 'tone'],
      [{ formula: 'haiku' }, 'formula'],
      [{ formula: [] }, 'formula'],
      [{ language: 'xx' }, 'language'],
    ] as const) {
      const res = await generate(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json()).join(' '), res.body).toContain(field);
    }
    // a formula the context cannot fill: a 400 that says why, not a 500
    const thin = (await api()({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: (await api()({ method: 'POST', url: '/api/contexts/', payload: { name: 'Mug', type: 'product', content: 'Mug.' } })).json().id, count: 3 } }));
    expect(thin.statusCode, thin.body).toBe(400);
    expect(thin.json()).toMatchObject({ code: 'copywriter_failed' });
    expect(thin.json().detail).toMatch(/nothing to write from/);
  });

  it('bulk_create: a CSV upload makes one video per row; a deleted background fails its videos, not the batch', async () => {
    const keep = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    const doomed = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    const csv = 'text,notes\n"First, with a comma",a\nSecond 🚀,b\n"Third ""quoted""",c\nFourth,d\n';
    const boundary = '----hookwall';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="texts.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="background_video_ids"\r\n\r\n${keep.id},${doomed.id}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="duration_seconds"\r\n\r\n5\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="style"\r\n\r\n{"preset":"punchy"}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await api()({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(res.statusCode, res.body).toBe(202);
    const { job_id, total, video_ids } = res.json();
    expect(total).toBe(4);
    const page = (await api()({ method: 'GET', url: `/api/text-wall-videos/?bulk_job_id=${job_id}` })).json();
    expect(page.results.map((v: { text: string }) => v.text).sort()).toEqual(['First, with a comma', 'Fourth', 'Second 🚀', 'Third "quoted"']);
    // round-robin: videos 1 and 3 use the kept background, 2 and 4 the doomed one
    const byId = new Map(page.results.map((v: { id: string; background_video_id: string }) => [v.id, v.background_video_id]));
    expect(video_ids.map((id: string) => byId.get(id))).toEqual([keep.id, doomed.id, keep.id, doomed.id]);

    expect((await api()({ method: 'DELETE', url: `/api/text-wall-background-videos/${doomed.id}/` })).statusCode).toBe(204);
    const running = (await api()({ method: 'GET', url: `/api/text-wall-videos/bulk-job-status/${job_id}/` })).json();
    expect(running).toMatchObject({ status: 'running', total: 4, queued: 4 });

    await rendering.worker.drain();
    const done = (await api()({ method: 'GET', url: `/api/text-wall-videos/bulk-job-status/${job_id}/` })).json();
    expect(done).toMatchObject({ status: 'partial', total: 4, completed: 2, failed: 2, queued: 0, rendering: 0 });
    expect(done.failures.map((f: { error: string }) => f.error)).toEqual(['The background video of this video was deleted.', 'The background video of this video was deleted.']);
  });

  it('bulk_create refuses bad input and changes nothing', async () => {
    const before = (await api()({ method: 'GET', url: '/api/text-wall-videos/' })).json().count;
    const post = (payload: object) => api()({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload });
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ texts: Array.from({ length: 201 }, (_, i) => `t${i}`) })).statusCode).toBe(400);
    expect((await post({ texts: ['a'], background_video_ids: ['00000000-0000-4000-8000-000000000000'] })).statusCode).toBe(400);
    expect((await post({ texts: ['a'], background_video_ids: 'nope' })).statusCode).toBe(400);
    const boundary = 'b';
    const binary = await api()({
      method: 'POST',
      url: '/api/text-wall-videos/bulk_create/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\n\r\n\u0000\u0001\u0002\r\n--${boundary}--\r\n`,
    });
    expect(binary.statusCode).toBe(400);
    expect((await api()({ method: 'GET', url: '/api/text-wall-videos/' })).json().count).toBe(before);
  });

  it('cancel: a queued render never starts and leaves no files', async () => {
    const video = (await api()({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Never rendered', duration_seconds: 5 } })).json();
    const cancelled = await api()({ method: 'POST', url: `/api/remotion-render-jobs/${video.render_job_id}/cancel/`, payload: {} });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', output_url: null });
    await rendering.worker.drain();
    const after = (await api()({ method: 'GET', url: `/api/text-wall-videos/${video.id}/` })).json();
    expect(after).toMatchObject({ status: 'cancelled', output_url: null, thumbnail_url: null });
    const list = (await api()({ method: 'GET', url: '/api/remotion-render-jobs/?status=cancelled' })).json();
    expect(list.results.map((j: { id: string }) => j.id)).toContain(video.render_job_id);
  });
});

describe('composite videos', () => {
  it('hook + demo: one per pair, rendered; the clips they use cannot be deleted (409)', async () => {
    const hook = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Hook A', clipKind: 'hook' });
    const demo = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 2, title: 'Demo A', clipKind: 'product_demo' });
    const res = await api()({
      method: 'POST',
      url: '/api/composite-videos/bulk_create_hook_product_demo/',
      payload: { hook_video_ids: [hook.id], product_demo_video_ids: [demo.id], overlay_texts: ['Wait for it 👀'], product_name: 'Glow', caption_text: '20% off today' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { job_id, video_ids } = res.json();
    expect(video_ids).toHaveLength(1);
    const conflict = await api()({ method: 'DELETE', url: `/api/brand-videos/${hook.id}/` });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().composite_videos.map((c: { id: string }) => c.id)).toEqual(video_ids);

    await rendering.worker.drain();
    expect((await api()({ method: 'GET', url: `/api/text-wall-videos/bulk-job-status/${job_id}/` })).json()).toMatchObject({ status: 'completed', completed: 1 });
    const video = (await api()({ method: 'GET', url: `/api/composite-videos/${video_ids[0]}/` })).json();
    // named from its hook text, not the clips' titles
    expect(video).toMatchObject({ status: 'completed', composition_id: 'hook-product-demo', name: 'Wait for it 👀' });
    const { stream, duration } = ffprobe(await download(video.output_url, 'composite.mp4'));
    // 9:16 (1080 × 1920) at the test engine's scale (TINY_SCALE, 0.05)
    expect(stream).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 54, height: 96 });
    // 1 s hook + 2 s demo + 2 s end card
    expect(Math.abs(duration - 5)).toBeLessThanOrEqual(1 / 30 + 1e-6);

    expect((await api()({ method: 'DELETE', url: `/api/composite-videos/${video.id}/` })).statusCode).toBe(204);
    expect((await api()({ method: 'DELETE', url: `/api/brand-videos/${hook.id}/` })).statusCode).toBe(204);
  });

  it('composition_configs describe every composition with its JSON Schema', async () => {
    const res = await as(t.app, null)({ method: 'GET', url: '/api/composite-videos/composition_configs/' });
    expect(res.statusCode).toBe(200);
    const configs = res.json() as { id: string; width: number; height: number; fps: number; props_schema: { type: string; properties: Record<string, unknown> } }[];
    expect(configs.map((c) => c.id)).toEqual(['text-wall', 'hook-product-demo', 'multi-text-wall']);
    for (const c of configs) {
      expect(c).toMatchObject({ fps: 30 });
      expect(c.props_schema.type).toBe('object');
    }
    expect(Object.keys(configs[0]!.props_schema.properties)).toEqual(expect.arrayContaining(['text', 'background', 'durationInSeconds', 'aspect', 'style']));
  });
});
