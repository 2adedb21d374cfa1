import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { MAX_TITLE_CHARS, shortTitle } from './composite-names.ts';
import { subscribeTeam, uploadClip } from './videos.test-helpers.ts';

/**
 * Composites are named from what they say (the hook text, a multi text wall's first wall), not from
 * their clips' file titles, which name them only when there is no text; and the bulk hook + demo
 * call gives pair i the overlay text i. Nothing is rendered here: the renders stay queued.
 */

vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });
let hooks: string[];
let demos: string[];

type Composite = { id: string; name: string; config: Record<string, unknown>; hook_video_id: string; product_demo_video_id: string };
const get = async (id: string) => (await api({ method: 'GET', url: `/api/composite-videos/${id}/` })).json() as Composite;

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Names from texts'));
  await subscribeTeam(t.app, admin, team.slug);
  hooks = [(await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'IMG_0042', clipKind: 'hook' })).id, (await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'IMG_0043', clipKind: 'hook' })).id];
  demos = [(await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'demo-final-v3', clipKind: 'product_demo' })).id, (await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'screen recording', clipKind: 'product_demo' })).id];
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('composite names', () => {
  it('shortTitle keeps short texts, cuts long ones at a word with an ellipsis, never inside an emoji', () => {
    expect(shortTitle('  Wait  for it 👀 ')).toBe('Wait for it 👀');
    const long = 'Our serum keeps your skin glowing all day long, even after a ten hour flight across the ocean 🌊';
    const title = shortTitle(long);
    expect(title.endsWith('…')).toBe(true);
    expect([...new Intl.Segmenter().segment(title)].length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
    expect(title).not.toMatch(/\s…$/);
    expect(shortTitle('👩‍👩‍👧'.repeat(90), 10)).toBe(`${'👩‍👩‍👧'.repeat(9)}…`);
  });

  it('bulk hook + demo: pair i (hooks in order, each with every demo) gets overlay text i, and is named from it', async () => {
    const texts = ['Stop scrolling 🛑\nsecond line', 'Hook one, demo two', '', 'Hook two, demo two'];
    const res = await api({
      method: 'POST',
      url: '/api/composite-videos/bulk_create_hook_product_demo/',
      payload: { hook_video_ids: hooks, product_demo_video_ids: demos, overlay_texts: texts, product_name: 'Glow', end_card_text: 'Shop now', brand_color: '#0ea5e9' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const videos = await Promise.all((res.json().video_ids as string[]).map(get));
    expect(videos.map((v) => [v.hook_video_id, v.product_demo_video_id])).toEqual([
      [hooks[0], demos[0]],
      [hooks[0], demos[1]],
      [hooks[1], demos[0]],
      [hooks[1], demos[1]],
    ]);
    expect(videos.map((v) => v.config.hookText)).toEqual(texts);
    // the first line of the text; the clips' titles only for the pair without text
    expect(videos.map((v) => v.name)).toEqual(['Stop scrolling 🛑', 'Hook one, demo two', 'IMG_0043 + demo-final-v3', 'Hook two, demo two']);
    expect(videos[0]!.config).toMatchObject({ productName: 'Glow', endCardText: 'Shop now', brandColor: '#0ea5e9' });
  });

  it('fewer texts than pairs are used in turn; a bad colour is a field error', async () => {
    const res = await api({ method: 'POST', url: '/api/composite-videos/bulk_create_hook_product_demo/', payload: { hook_video_ids: hooks, product_demo_video_ids: [demos[0]], overlay_texts: ['Same for all'] } });
    expect(res.statusCode, res.body).toBe(202);
    const videos = await Promise.all((res.json().video_ids as string[]).map(get));
    expect(videos.map((v) => v.name)).toEqual(['Same for all', 'Same for all']);
    expect(videos[0]!.config.endCardText).toBe('Try it today');
    const bad = await api({ method: 'POST', url: '/api/composite-videos/bulk_create_hook_product_demo/', payload: { hook_video_ids: hooks, product_demo_video_ids: demos, brand_color: 'blue' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ brand_color: ['Enter a colour like #ffcc00.'] });
  });

  it('POST: a hook + demo is named from its hook text, trimmed; without text from its clips; a multi text wall from its first wall', async () => {
    const create = async (body: object) => {
      const res = await api({ method: 'POST', url: '/api/composite-videos/', payload: { render: false, ...body } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Composite;
    };
    const pair = { composition_id: 'hook-product-demo', hook_video_id: hooks[0], product_demo_video_id: demos[1] };
    const long = 'This one sentence goes on and on about the product until it is far too long to be the title of a video card';
    expect((await create({ ...pair, config: { hookText: long } })).name).toBe(shortTitle(long));
    expect(shortTitle(long).length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect((await create({ ...pair, config: { hookText: '   ', demoText: 'See it work' } })).name).toBe('IMG_0042 + screen recording');
    expect((await create({ ...pair, name: 'My own name', config: { hookText: 'Ignored for the name' } })).name).toBe('My own name');
    const wall = await create({ composition_id: 'multi-text-wall', config: { walls: [{ text: 'Before: 3 hours per ad 😩', durationInSeconds: 2 }, { text: 'After', durationInSeconds: 2 }] } });
    expect(wall.name).toBe('Before: 3 hours per ad 😩');
    const old = await api({ method: 'POST', url: '/api/composite-videos/multitextwall/', payload: { texts: ['Day one', 'Day two'] } });
    expect((await get(old.json().video_ids[0])).name).toBe('Day one');
  });

  it('PATCH: a name the API gave follows the new text; a name the user gave stays', async () => {
    const made = await api({ method: 'POST', url: '/api/composite-videos/', payload: { render: false, composition_id: 'hook-product-demo', hook_video_id: hooks[1], product_demo_video_id: demos[0], config: {} } });
    const id = made.json().id as string;
    expect(made.json().name).toBe('IMG_0043 + demo-final-v3');
    const patch = (body: object) => api({ method: 'PATCH', url: `/api/composite-videos/${id}/`, payload: body });
    const first = await patch({ config: { hookText: 'Now it has a hook', endCardText: 'Get yours', productName: 'Glow', style: { clipFit: 'fit', barColor: '#112233' } } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Now it has a hook', config: { hookText: 'Now it has a hook', endCardText: 'Get yours', productName: 'Glow', style: { clipFit: 'fit', barColor: '#112233' } } });
    expect((await patch({ config: { hookText: 'A better hook' } })).json().name).toBe('A better hook');
    expect((await patch({ name: 'Campaign A' })).json().name).toBe('Campaign A');
    expect((await patch({ config: { hookText: 'Yet another hook' } })).json().name).toBe('Campaign A');
  });

  it('PATCH: a partial style changes only the fields it names; a new preset starts from that preset', async () => {
    const made = await api({ method: 'POST', url: '/api/composite-videos/', payload: { render: false, composition_id: 'hook-product-demo', hook_video_id: hooks[0], product_demo_video_id: demos[1], config: { style: { preset: 'boxed', clipFit: 'blur', fontSize: 90 } } } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const patch = (body: object) => api({ method: 'PATCH', url: `/api/composite-videos/${id}/`, payload: body });
    const changed = await patch({ config: { style: { highlightColor: '#00ff00' } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().config.style).toMatchObject({ preset: 'boxed', clipFit: 'blur', fontSize: 90, fontFamily: 'Poppins', highlightColor: '#00ff00' });
    const represet = (await patch({ config: { style: { preset: 'punchy' } } })).json().config.style;
    expect(represet).toMatchObject({ preset: 'punchy', fontFamily: 'Anton', clipFit: 'fill' });
    const bad = await patch({ config: { style: { fontSize: 'huge' } } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['config.style.fontSize']);
    expect((await get(id)).config.style).toMatchObject({ preset: 'punchy' });
  });
});
