import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contexts, type Db } from '@hookwall/db';
import { as, createTestApp, registerUser, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { teamWithRoles } from '../media/media.test-helpers.ts';
import { csvCell } from './csv.ts';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let outsider: TestUser;
const api = (user: TestUser | null) => as(t.app, user);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, reader, outsider } = await teamWithRoles(t.app));
});
afterAll(() => t.close());

const create = async (payload: Record<string, unknown>, who = admin) => api(who)({ method: 'POST', url: '/api/contexts/', payload });

/** Puts a context's timestamps where a test needs them (requests made in one millisecond would tie). */
async function setTimes(db: Db, id: number, times: { createdAt?: string; updatedAt?: string }) {
  await db
    .update(contexts)
    .set({ ...(times.createdAt ? { createdAt: new Date(times.createdAt) } : {}), ...(times.updatedAt ? { updatedAt: new Date(times.updatedAt) } : {}) })
    .where(eq(contexts.id, id));
}

describe('contexts', () => {
  it('creates with contextRequest, trims the name, and reads back', async () => {
    const res = await create({ name: '  Acme Widget  ', type: 'product', content: 'Helps X solve Y' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Acme Widget', type: 'product', content: 'Helps X solve Y' });
    expect(body.created_by).toBeTypeOf('string');
    expect(typeof body.id).toBe('number');
    const got = await api(reader)({ method: 'GET', url: `/api/contexts/${body.id}/` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(body);
  });

  it('validates name (1 to 200 after trimming), type and content (at most 20,000)', async () => {
    const blank = await create({ name: '   ', type: 'product', content: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toHaveProperty('name');
    expect((await create({ name: 'x'.repeat(201), type: 'product' })).json()).toHaveProperty('name');
    expect((await create({ name: 'ok', type: 'brand' })).json()).toHaveProperty('type');
    expect((await create({ name: 'ok', content: 'x'.repeat(20_001) })).json()).toHaveProperty('content');
    expect((await create({ name: 'x'.repeat(200), content: 'x'.repeat(20_000) })).statusCode).toBe(201);
    expect((await create({})).json()).toEqual({ name: ['This field is required.'] });
  });

  it('lists with search on name and content (case-insensitive), type filter, ordering and pagination', async () => {
    // a team of its own on the same app: every query is scoped to the team
    {
      const { user } = await userWithTeam(t.app, 'Search Team');
      const call = as(t.app, user);
      // created_at and updated_at each in an order unlike the ids' (insertion), the names' and each other's
      for (const [name, type, content, createdAt, updatedAt] of [
        ['Banana Bread', 'product', 'Moist loaf', '2026-01-02T00:00:00Z', '2026-02-03T00:00:00Z'],
        ['apple pie', 'general', 'Crisp CRUST', '2026-01-03T00:00:00Z', '2026-02-01T00:00:00Z'],
        ['Cherry Tart', 'product', 'contains 100% cherries_', '2026-01-01T00:00:00Z', '2026-02-02T00:00:00Z'],
      ]) {
        const res = await call({ method: 'POST', url: '/api/contexts/', payload: { name, type, content } });
        expect(res.statusCode).toBe(201);
        await setTimes(t.deps.db, res.json().id, { createdAt, updatedAt });
      }
      const names = async (query: string) => (await call({ method: 'GET', url: `/api/contexts/?${query}` })).json().results.map((c: { name: string }) => c.name);
      expect(await names('search=crust')).toEqual(['apple pie']);
      expect(await names('search=BANANA')).toEqual(['Banana Bread']);
      expect(await names('search=100%25')).toEqual(['Cherry Tart']);
      expect(await names('search=_')).toEqual(['Cherry Tart']);
      expect(await names('type=product&ordering=name')).toEqual(['Banana Bread', 'Cherry Tart']);
      expect(await names('ordering=name')).toEqual(['apple pie', 'Banana Bread', 'Cherry Tart']);
      expect(await names('ordering=-name')).toEqual(['Cherry Tart', 'Banana Bread', 'apple pie']);
      expect(await names('ordering=created_at')).toEqual(['Cherry Tart', 'Banana Bread', 'apple pie']);
      expect(await names('ordering=-created_at')).toEqual(['apple pie', 'Banana Bread', 'Cherry Tart']);
      expect(await names('')).toEqual(['apple pie', 'Banana Bread', 'Cherry Tart']);
      expect(await names('ordering=updated_at')).toEqual(['apple pie', 'Cherry Tart', 'Banana Bread']);
      expect(await names('ordering=-updated_at')).toEqual(['Banana Bread', 'Cherry Tart', 'apple pie']);
      const bad = await call({ method: 'GET', url: '/api/contexts/?ordering=content' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('ordering');
      expect((await call({ method: 'GET', url: '/api/contexts/?type=nope' })).statusCode).toBe(400);
      const page = (await call({ method: 'GET', url: '/api/contexts/?page_size=2&ordering=name' })).json();
      expect(page.count).toBe(3);
      expect(page.results).toHaveLength(2);
      expect(page.next).toContain('page=2');
      expect(page.previous).toBeNull();
      const second = (await call({ method: 'GET', url: '/api/contexts/?page_size=2&page=2&ordering=name' })).json();
      expect(second.results.map((c: { name: string }) => c.name)).toEqual(['Cherry Tart']);
      expect(page.results.map((c: { name: string }) => c.name)).toEqual(['apple pie', 'Banana Bread']);
      const past = await call({ method: 'GET', url: '/api/contexts/?page=3&page_size=2' });
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ detail: 'Invalid page.' });
    }
  });

  it('updates with PUT and PATCH (updated_at moves, created_at stays), deletes with 204', async () => {
    const id = (await create({ name: 'Draft', type: 'general', content: 'a' })).json().id;
    const createdAt = '2026-01-01T00:00:00.000Z';
    await setTimes(t.deps.db, id, { createdAt, updatedAt: createdAt });
    const beforePut = Date.now();
    const put = await api(admin)({ method: 'PUT', url: `/api/contexts/${id}/`, payload: { name: 'Final', type: 'product', content: 'b' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Final', type: 'product', content: 'b', created_at: createdAt });
    expect(Date.parse(put.json().updated_at)).toBeGreaterThanOrEqual(beforePut);
    await setTimes(t.deps.db, id, { updatedAt: createdAt });
    const beforePatch = Date.now();
    const patch = await api(admin)({ method: 'PATCH', url: `/api/contexts/${id}/`, payload: { content: 'c' } });
    expect(patch.json()).toMatchObject({ name: 'Final', content: 'c', created_at: createdAt });
    expect(Date.parse(patch.json().updated_at)).toBeGreaterThanOrEqual(beforePatch);
    // bad input changes nothing, not even updated_at
    expect((await api(admin)({ method: 'PATCH', url: `/api/contexts/${id}/`, payload: { name: '' } })).statusCode).toBe(400);
    expect((await api(admin)({ method: 'GET', url: `/api/contexts/${id}/` })).json()).toEqual(patch.json());
    const del = await api(admin)({ method: 'DELETE', url: `/api/contexts/${id}/` });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await api(admin)({ method: 'GET', url: `/api/contexts/${id}/` })).statusCode).toBe(404);
  });

  it('works on the team named by X-Team-Slug, else the first team', async () => {
    const second = (await api(admin)({ method: 'POST', url: '/teams/api/teams/', payload: { name: 'Second Brand' } })).json();
    const created = await api(admin)({ method: 'POST', url: '/api/contexts/', headers: { 'x-team-slug': second.slug }, payload: { name: 'Only in second', type: 'general' } });
    expect(created.statusCode).toBe(201);
    const inSecond = (await api(admin)({ method: 'GET', url: '/api/contexts/', headers: { 'x-team-slug': second.slug } })).json();
    expect(inSecond.results.map((c: { name: string }) => c.name)).toEqual(['Only in second']);
    const inFirst = (await api(admin)({ method: 'GET', url: '/api/contexts/' })).json();
    expect(inFirst.results.map((c: { name: string }) => c.name)).not.toContain('Only in second');
    expect((await api(admin)({ method: 'GET', url: `/api/contexts/${created.json().id}/` })).statusCode).toBe(404);
    expect((await api(outsider)({ method: 'GET', url: '/api/contexts/', headers: { 'x-team-slug': second.slug } })).statusCode).toBe(404);
  });

  it('lets read-only members read but not write (403)', async () => {
    const id = (await create({ name: 'Shared', type: 'product' })).json().id;
    expect((await api(reader)({ method: 'GET', url: '/api/contexts/' })).statusCode).toBe(200);
    const denied = await create({ name: 'Nope', type: 'product' }, reader);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('permission_denied');
    expect((await api(reader)({ method: 'PATCH', url: `/api/contexts/${id}/`, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await api(reader)({ method: 'DELETE', url: `/api/contexts/${id}/` })).statusCode).toBe(403);
  });

  it("never shows another team's contexts (404) and needs a token and a team", async () => {
    const id = (await create({ name: 'Secret', type: 'product' })).json().id;
    for (const [method, payload] of [['GET'], ['PUT', { name: 'x', type: 'product', content: '' }], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const res = await api(outsider)({ method, url: `/api/contexts/${id}/`, payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const list = (await api(outsider)({ method: 'GET', url: '/api/contexts/' })).json();
    expect(list.results.map((c: { name: string }) => c.name)).not.toContain('Secret');
    expect((await api(null)({ method: 'GET', url: '/api/contexts/' })).statusCode).toBe(401);
    const loner = await registerUser(t.app);
    expect((await api(loner)({ method: 'GET', url: '/api/contexts/' })).json()).toEqual({ detail: 'No team selected', code: 'no_team' });
    expect((await api(admin)({ method: 'GET', url: '/api/contexts/abc/' })).statusCode).toBe(404);
  });
});

describe('CSV download', () => {
  it('quotes per RFC 4180, starts with a BOM, neutralises formulas, and reads back identically', async () => {
    {
      const { user } = await userWithTeam(t.app, 'CSV Team');
      const call = as(t.app, user);
      const tricky = [
        { name: 'Comma, "quoted" name', type: 'product', content: 'line one\nline two\r\nline "three", done' },
        { name: 'Crème brûlée — ünïcödé 日本', type: 'general', content: 'Ça marche: àéîõü' },
        { name: '=cmd()', type: 'product', content: '+SUM(A1:A2)' },
        { name: '@handle', type: 'product', content: '-1 and -done' },
      ];
      for (const payload of tricky) expect((await call({ method: 'POST', url: '/api/contexts/', payload })).statusCode).toBe(201);
      const res = await call({ method: 'GET', url: '/api/contexts/download_csv/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="contexts.csv"');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const records = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
      expect(Object.keys(records[0]!)).toEqual(['id', 'name', 'type', 'content', 'created_by', 'created_at']);
      expect(records.map((r) => ({ name: r.name, type: r.type, content: r.content }))).toEqual([
        tricky[0],
        tricky[1],
        { name: "'=cmd()", type: 'product', content: "'+SUM(A1:A2)" },
        { name: "'@handle", type: 'product', content: "'-1 and -done" },
      ]);
      expect(records.every((r) => r.created_by !== '' && !Number.isNaN(Date.parse(r.created_at!)))).toBe(true);
      const other = await userWithTeam(t.app, 'Other CSV');
      const empty = await as(t.app, other.user)({ method: 'GET', url: '/api/contexts/download_csv/' });
      expect(empty.body).toBe('\uFEFFid,name,type,content,created_by,created_at\r\n');
    }
  });

  it('quotes single cells as RFC 4180 says', async () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('\ttab')).toBe("'\ttab");
    expect(csvCell(5)).toBe('5');
    expect(csvCell(null)).toBe('');
  });

  it('neutralises a formula hidden behind spaces, tabs or line breaks, and leaves plain text alone', async () => {
    expect(csvCell('  =1+1')).toBe("'  =1+1");
    expect(csvCell(' \t@SUM(A1)')).toBe("' \t@SUM(A1)");
    expect(csvCell('\n+cmd')).toBe(`"'\n+cmd"`);
    expect(csvCell('\r\n-2')).toBe(`"'\r\n-2"`);
    expect(csvCell('   plain words')).toBe('   plain words');
    expect(csvCell('a = b')).toBe('a = b');
    expect(csvCell('3-2')).toBe('3-2');
  });
});
