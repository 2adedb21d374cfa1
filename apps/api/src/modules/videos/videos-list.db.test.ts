import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compositeVideos, textWallVideos } from '@hookwall/db';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';

/**
 * `/api/videos/`: both kinds in one paginated list. The videos page pages through it, so the
 * properties that matter are the ones a merge of two separately paginated lists broke: every
 * video on exactly one page, a type filter that is the kind alone, and only the team's own.
 */

let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let other: { user: TestUser; team: { id: number; slug: string } };
const walls: string[] = [];
const composites: string[] = [];
const otherIds: string[] = [];

type Item = { id: string; type: 'text_wall' | 'composite'; [key: string]: unknown };
type Page = { count: number; next: string | null; previous: string | null; results: Item[] };

const call = (user: TestUser, slug: string) => (method: 'GET' | 'POST', url: string, payload?: object) => as(t.app, user)({ method, url, payload, headers: { 'x-team-slug': slug } });
const api = () => call(admin, team.slug);

async function created(res: Awaited<ReturnType<ReturnType<typeof api>>>): Promise<string> {
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json().id;
}
const wall = (user: TestUser, slug: string, text: string) => call(user, slug)('POST', '/api/text-wall-videos/', { text, render: false }).then(created);
const composite = (user: TestUser, slug: string, name: string) =>
  call(user, slug)('POST', '/api/composite-videos/', { name, composition_id: 'multi-text-wall', config: { walls: [{ text: name, durationInSeconds: 2 }] }, render: false }).then(created);

/** Follows `next` from the first page to the last, as a client does, and answers every page. */
async function allPages(query: string): Promise<Page[]> {
  const pages: Page[] = [];
  let url: string | null = `/api/videos/?${query}`;
  while (url) {
    const res = await api()('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Page;
    pages.push(body);
    url = body.next ? new URL(body.next).pathname + new URL(body.next).search : null;
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Video Listers'));
  other = await userWithTeam(t.app, 'Other Listers');
  // the library: 18 text walls and 4 composites, the composites made in between
  for (let i = 0; i < 18; i++) {
    walls.push(await wall(admin, team.slug, `Wall ${i} of the list`));
    if (i % 5 === 2) composites.push(await composite(admin, team.slug, `Composite ${composites.length} of the list`));
  }
  expect(composites).toHaveLength(4);
  // a batch is saved in one statement: several videos of both kinds share one created_at, and
  // the order must still be total for pages not to overlap
  const same = new Date('2026-11-01T10:00:00Z');
  await t.deps.db.update(textWallVideos).set({ createdAt: same }).where(inArray(textWallVideos.id, walls.slice(3, 9)));
  await t.deps.db.update(compositeVideos).set({ createdAt: same }).where(inArray(compositeVideos.id, composites.slice(1, 3)));
  for (let i = 0; i < 3; i++) otherIds.push(await wall(other.user, other.team.slug, `Wall ${i} of the list`));
  otherIds.push(await composite(other.user, other.team.slug, 'Composite of the other team'));
});
afterAll(async () => t?.close());

describe('GET /api/videos/', () => {
  it('pages over both kinds: every video of the team exactly once, newest first, none of another team', async () => {
    const pages = await allPages('page_size=5');
    expect(pages).toHaveLength(5);
    expect(pages.map((p) => p.results.length)).toEqual([5, 5, 5, 5, 2]);
    for (const p of pages) expect(p.count).toBe(22);
    const seen = pages.flatMap((p) => p.results);
    const ids = seen.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.toSorted()).toEqual([...walls, ...composites].toSorted());
    expect(ids.filter((id) => otherIds.includes(id))).toEqual([]);
    // each names its kind, right
    for (const v of seen) expect(v.type).toBe(walls.includes(v.id) ? 'text_wall' : 'composite');
    // newest first over both kinds
    const times = seen.map((v) => Date.parse(v.created_at as string));
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    // the previous link walks back to the same pages
    expect(pages[0]!.previous).toBeNull();
    const back = await api()('GET', new URL(pages[2]!.previous!).pathname + new URL(pages[2]!.previous!).search);
    expect((back.json() as Page).results.map((v) => v.id)).toEqual(pages[1]!.results.map((v) => v.id));
    // ascending is the same order reversed
    const ascending = (await allPages('page_size=7&ordering=created_at')).flatMap((p) => p.results.map((v) => v.id));
    expect(ascending).toEqual(ids.toReversed());
  });

  it('a type filter lists that kind alone, on every page', async () => {
    const onlyWalls = await allPages('page_size=4&type=text_wall');
    expect(onlyWalls).toHaveLength(5);
    expect(onlyWalls.every((p) => p.count === 18)).toBe(true);
    const wallIds = onlyWalls.flatMap((p) => p.results.map((v) => v.id));
    expect(wallIds.toSorted()).toEqual(walls.toSorted());
    expect(onlyWalls.flatMap((p) => p.results.map((v) => v.type))).toEqual(Array(18).fill('text_wall'));

    const onlyComposites = await allPages('page_size=3&type=composite');
    expect(onlyComposites.map((p) => p.results.length)).toEqual([3, 1]);
    expect(onlyComposites.flatMap((p) => p.results.map((v) => v.id)).toSorted()).toEqual(composites.toSorted());
    // the reproduction: page 2 of the composites at the page's size is past their end
    expect((await api()('GET', '/api/videos/?type=composite&page=2&page_size=12')).json()).toEqual({ detail: 'Invalid page.' });
  });

  it('shows each video as its own endpoint does, with its type', async () => {
    const { results } = (await api()('GET', '/api/videos/?page_size=100')).json() as Page;
    const aWall = results.find((v) => v.id === walls[0])!;
    const aComposite = results.find((v) => v.id === composites[0])!;
    expect(aWall).toEqual({ type: 'text_wall', ...(await api()('GET', `/api/text-wall-videos/${walls[0]}/`)).json() });
    expect(aComposite).toEqual({ type: 'composite', ...(await api()('GET', `/api/composite-videos/${composites[0]}/`)).json() });
  });

  it('narrows by search, status and batch as the lists of each kind do', async () => {
    const search = (await api()('GET', '/api/videos/?search=%20OF%20THE%20list&page_size=100')).json() as Page;
    expect(search.count).toBe(22);
    const one = (await api()('GET', '/api/videos/?search=Composite%202')).json() as Page;
    expect(one.results.map((v) => v.id)).toEqual([composites[2]]);
    expect(((await api()('GET', '/api/videos/?status=draft')).json() as Page).count).toBe(22);
    expect(((await api()('GET', '/api/videos/?status=completed,failed')).json() as Page).count).toBe(0);
    expect(((await api()('GET', '/api/videos/?bulk_job_id=00000000-0000-4000-8000-000000000000')).json() as Page).count).toBe(0);
    // another team sees its own four, and none of these
    const theirs = (await call(other.user, other.team.slug)('GET', '/api/videos/')).json() as Page;
    expect(theirs.results.map((v) => v.id).toSorted()).toEqual(otherIds.toSorted());
  });

  it('refuses bad query values with a 400 that names them, and a page past the end with 404', async () => {
    const bad = async (query: string) => {
      const res = await api()('GET', `/api/videos/?${query}`);
      expect(res.statusCode, query).toBe(400);
      return Object.keys(res.json());
    };
    expect(await bad('type=video')).toContain('type');
    expect(await bad('ordering=text')).toContain('ordering');
    expect(await bad('ordering=-id;drop')).toContain('ordering');
    expect(await bad('status=done')).toContain('status');
    expect(await bad('page=0')).toContain('page');
    expect(await bad('page_size=x')).toContain('page_size');
    expect(await bad('bulk_job_id=1')).toContain('bulk_job_id');
    const past = await api()('GET', '/api/videos/?page=3&page_size=20');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    // nothing to list is one empty first page, not an error
    const empty = await api()('GET', '/api/videos/?search=nothing-like-this');
    expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('needs a signed-in member of the team', async () => {
    expect((await as(t.app, null)({ method: 'GET', url: '/api/videos/' })).statusCode).toBe(401);
    expect((await as(t.app, other.user)({ method: 'GET', url: '/api/videos/', headers: { 'x-team-slug': team.slug } })).statusCode).toBe(404);
  });
});
