import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, GLOW_SERUM, GLOW_SERUM_HOOKS, startFakeModel, type FakeModel } from '@hookwall/copywriter/testing';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam, uploadClip } from './videos.test-helpers.ts';

/**
 * bulk_create's `combine` and `styles` (a test matrix) against the real database: what is made, in
 * which order, and what is refused whole. Each test has a team of its own, whose quota allows 10
 * videos waiting at once (no worker takes them here).
 */

const OPEN_RENDERS = 10;
let model: FakeModel;
let t: TestApp;

beforeAll(async () => {
  model = await startFakeModel([]);
  t = await createTestApp({ OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'sk-test', TEAM_MAX_OPEN_RENDERS: OPEN_RENDERS });
});
afterAll(async () => {
  await t?.close();
  await model?.close();
});

interface Wall {
  id: string;
  text: string;
  background_video_id: string | null;
  style: { preset: string; fontSize: number };
}

/** A new subscribed team, and calls made as its owner. */
async function newTeam(name: string) {
  const { user, team } = await userWithTeam(t.app, name);
  await subscribeTeam(t.app, user, team.slug);
  const call = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user as TestUser)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });
  return {
    user,
    slug: team.slug,
    call,
    bulk: (payload: object) => call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload }),
    /** the team's text walls in the order they were made */
    walls: async () => ((await call({ method: 'GET', url: '/api/text-wall-videos/?page_size=100' })).json().results as Wall[]).reverse(),
    balance: async () => (await call({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` })).json().balance as number,
  };
}

describe('bulk_create: combine and styles', () => {
  it('matrix: every text × background × style, text-major, in the order of the ids returned', async () => {
    const team = await newTeam('Matrix');
    const a = await uploadClip(t.app, team.user, team.slug, 'background', { seconds: 1 });
    const b = await uploadClip(t.app, team.user, team.slug, 'background', { seconds: 1 });
    const res = await team.bulk({ texts: ['One', 'Two'], background_video_ids: [a.id, b.id], styles: [{ preset: 'neon' }, { preset: 'boxed', fontSize: 70 }], combine: 'matrix', duration_seconds: 5 });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().total).toBe(8);
    const walls = await team.walls();
    expect(walls.map((w) => w.id)).toEqual(res.json().video_ids);
    expect(walls.map((w) => [w.text, w.background_video_id, w.style.preset])).toEqual([
      ['One', a.id, 'neon'],
      ['One', a.id, 'boxed'],
      ['One', b.id, 'neon'],
      ['One', b.id, 'boxed'],
      ['Two', a.id, 'neon'],
      ['Two', a.id, 'boxed'],
      ['Two', b.id, 'neon'],
      ['Two', b.id, 'boxed'],
    ]);
    // each style is its preset with the changes sent over it
    expect(walls[1]!.style.fontSize).toBe(70);
    const status = (await team.call({ method: 'GET', url: `/api/text-wall-videos/bulk-job-status/${res.json().job_id}/` })).json();
    expect(status).toMatchObject({ total: 8, queued: 8 });
  });

  it('matrix without backgrounds: the gradient counts as one; cycle: styles in turn like backgrounds', async () => {
    const team = await newTeam('Cycle');
    const matrix = await team.bulk({ texts: ['A', 'B'], styles: [{ preset: 'clean' }, { preset: 'punchy' }, { preset: 'elegant' }], combine: 'matrix' });
    expect(matrix.statusCode, matrix.body).toBe(202);
    expect((await team.walls()).map((w) => [w.text, w.background_video_id, w.style.preset])).toEqual([
      ['A', null, 'clean'],
      ['A', null, 'punchy'],
      ['A', null, 'elegant'],
      ['B', null, 'clean'],
      ['B', null, 'punchy'],
      ['B', null, 'elegant'],
    ]);

    const other = await newTeam('Cycle 2');
    const bg = await uploadClip(t.app, other.user, other.slug, 'background', { seconds: 1 });
    const bg2 = await uploadClip(t.app, other.user, other.slug, 'background', { seconds: 1 });
    const cycle = await other.bulk({ texts: ['1', '2', '3', '4', '5'], background_video_ids: [bg.id, bg2.id], styles: [{ preset: 'neon' }, { preset: 'bold' }, { preset: 'clean' }] });
    expect(cycle.statusCode, cycle.body).toBe(202);
    expect((await other.walls()).map((w) => [w.text, w.background_video_id, w.style.preset])).toEqual([
      ['1', bg.id, 'neon'],
      ['2', bg2.id, 'bold'],
      ['3', bg.id, 'clean'],
      ['4', bg2.id, 'neon'],
      ['5', bg.id, 'bold'],
    ]);
  });

  it('a request without combine and styles is made as before: one video per text, one style, backgrounds in turn', async () => {
    const team = await newTeam('Old');
    const bg = await uploadClip(t.app, team.user, team.slug, 'background', { seconds: 1 });
    const res = await team.bulk({ texts: ['x', 'y', 'z'], background_video_ids: [bg.id], style: { preset: 'punchy' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().total).toBe(3);
    expect((await team.walls()).map((w) => [w.text, w.background_video_id, w.style.preset])).toEqual([
      ['x', bg.id, 'punchy'],
      ['y', bg.id, 'punchy'],
      ['z', bg.id, 'punchy'],
    ]);
    // a matrix of texts alone is the same videos
    expect((await team.bulk({ texts: ['m1', 'm2'], combine: 'matrix' })).json().total).toBe(2);
  });

  it('over 200 videos: a 400 on texts with the product, nothing made, the copywriter not asked, nothing charged', async () => {
    const team = await newTeam('Too many');
    const bg = await uploadClip(t.app, team.user, team.slug, 'background', { seconds: 1 });
    const bg2 = await uploadClip(t.app, team.user, team.slug, 'background', { seconds: 1 });
    const six = ['bold', 'boxed', 'punchy', 'clean', 'elegant', 'neon'].map((preset) => ({ preset }));
    const texts = Array.from({ length: 17 }, (_, i) => `Text ${i + 1}`);
    const res = await team.bulk({ texts, background_video_ids: [bg.id, bg2.id], styles: six, combine: 'matrix' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ texts: ['17 texts × 2 backgrounds × 6 styles make 204 videos; at most 200 a call.'] });
    const gradient = await team.bulk({ texts: Array.from({ length: 34 }, (_, i) => `T${i}`), styles: six, combine: 'matrix' });
    expect(gradient.json()).toEqual({ texts: ['34 texts × 1 background (the gradient) × 6 styles make 204 videos; at most 200 a call.'] });
    // the same in turn makes one video per text
    expect((await team.bulk({ texts: texts.slice(0, 3), background_video_ids: [bg.id, bg2.id], styles: six })).json().total).toBe(3);
    expect(await team.walls()).toHaveLength(3);

    // with the copywriter, the count is the texts to write: checked before writing
    const context = (await team.call({ method: 'POST', url: '/api/contexts/', payload: { name: GLOW_SERUM.name, type: 'product', content: GLOW_SERUM.content } })).json();
    const before = await team.balance();
    const asked = model.seen.length;
    const written = await team.bulk({ context_id: context.id, count: 41, styles: six.slice(0, 5), combine: 'matrix' });
    expect(written.statusCode, written.body).toBe(400);
    expect(written.json()).toEqual({ texts: ['41 texts × 1 background (the gradient) × 5 styles make 205 videos; at most 200 a call.'] });
    expect(model.seen.length).toBe(asked);
    expect(await team.balance()).toBe(before);
    expect(await team.walls()).toHaveLength(3);
  });

  it('the quota check counts the videos of the matrix, before the copywriter writes; what is written is paid per text', async () => {
    const team = await newTeam('Quota');
    const context = (await team.call({ method: 'POST', url: '/api/contexts/', payload: { name: GLOW_SERUM.name, type: 'product', content: GLOW_SERUM.content } })).json();
    const three = GLOW_SERUM_HOOKS.slice(0, 3);
    const before = await team.balance();
    const asked = model.seen.length;
    // 3 texts to write × 4 styles = 12 videos, over the 10 this team may have waiting
    const styles = [{ preset: 'bold' }, { preset: 'neon' }, { preset: 'clean' }, { preset: 'boxed' }];
    const refused = await team.bulk({ context_id: context.id, count: 3, styles, combine: 'matrix' });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_open_renders', requested: 12 });
    expect(model.seen.length).toBe(asked);
    expect(await team.balance()).toBe(before);
    expect(await team.walls()).toHaveLength(0);

    // 3 × 3 = 9 fit: three texts written and paid, nine videos made
    model.answerWith([completion(JSON.stringify({ texts: three }))]);
    const made = await team.bulk({ context_id: context.id, count: 3, styles: styles.slice(0, 3), combine: 'matrix', duration_seconds: 5 });
    expect(made.statusCode, made.body).toBe(202);
    expect(made.json().total).toBe(9);
    expect(await team.balance()).toBe(before - 3);
    const walls = await team.walls();
    expect(walls.map((w) => w.text)).toEqual(three.flatMap((h) => [h.text, h.text, h.text]));
    expect(walls.map((w) => w.style.preset)).toEqual(['bold', 'neon', 'clean', 'bold', 'neon', 'clean', 'bold', 'neon', 'clean']);
  });

  it('validates combine and styles with field errors, and makes nothing', async () => {
    const team = await newTeam('Invalid');
    const cases: [object, Record<string, string[]>][] = [
      [{ texts: ['a'], style: { preset: 'bold' }, styles: [{ preset: 'neon' }] }, { styles: ['Send either style or styles, not both.'] }],
      [{ texts: ['a'], styles: [] }, { styles: ['Choose at least one style.'] }],
      [{ texts: ['a'], styles: Array.from({ length: 7 }, () => ({ preset: 'bold' })) }, { styles: ['At most 6 styles a call.'] }],
      [{ texts: ['a'], combine: 'all' }, { combine: ['Choose how to combine: cycle or matrix.'] }],
    ];
    for (const [payload, fields] of cases) {
      const res = await team.bulk(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(fields);
    }
    // a bad field of one style is named with its place in the list
    const bad = await team.bulk({ texts: ['a'], styles: [{ preset: 'neon' }, { fontSize: 9999 }], combine: 'matrix' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['styles.1.fontSize']);
    const colour = await team.bulk({ texts: ['a'], styles: [{ textColor: 'red' }] });
    expect(Object.keys(colour.json())).toEqual(['styles.0.textColor']);
    expect(await team.walls()).toHaveLength(0);
  });

  it('takes combine and styles as multipart form fields beside a file', async () => {
    const team = await newTeam('Multipart');
    const boundary = '----hookwall';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="texts.txt"\r\nContent-Type: text/plain\r\n\r\nFirst\nSecond\r\n`,
      field('styles', '[{"preset":"neon"},{"preset":"clean"}]'),
      field('combine', 'matrix'),
      `--${boundary}--\r\n`,
    ].join('');
    const res = await team.call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(res.statusCode, res.body).toBe(202);
    expect((await team.walls()).map((w) => [w.text, w.style.preset])).toEqual([
      ['First', 'neon'],
      ['First', 'clean'],
      ['Second', 'neon'],
      ['Second', 'clean'],
    ]);
  });
});
