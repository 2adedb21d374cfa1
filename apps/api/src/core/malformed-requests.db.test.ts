import { count, eq } from 'drizzle-orm';
import { compositeVideos, renderJobs, textWallVideos } from '@hookwall/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, registerUser, userWithTeam, type TestApp, type TestUser } from '../test/harness.ts';
import { subscribeTeam, uploadClip } from '../modules/videos/videos.test-helpers.ts';
import { MAX_JSON_DEPTH } from './json-depth.ts';
import { LONE_SURROGATE_MESSAGE, NULL_CHARACTER_MESSAGE } from './null-characters.ts';

const TOO_DEEP = { detail: 'JSON nested too deeply.' };
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
const api = (user: TestUser | null = admin) => (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Malformed Makers'));
  await subscribeTeam(t.app, admin, team.slug);
}, 120_000);
afterAll(async () => t?.close());

describe('deeply nested JSON', () => {
  it('is a 400 before anything walks the body, signed in or not, on the routes that were reproduced', async () => {
    for (const url of ['/api/auth/login/', '/api/auth/register/', '/api/auth/token/verify/', '/api/auth/token/refresh/']) {
      for (const payload of [deepArray(20_000), deepObject(20_000), `{"email":${deepArray(20_000)}}`]) {
        const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json()).toEqual(TOO_DEEP);
      }
    }
  });

  it('is a 400 on signed-in routes too, and nothing is written', async () => {
    const calls: [string, string][] = [
      ['POST', '/api/contexts/'],
      ['POST', '/api/text-wall-videos/bulk_create/'],
      ['POST', '/api/composite-videos/'],
      ['PATCH', '/api/auth/user/'],
      ['POST', '/teams/api/teams/'],
    ];
    for (const [method, url] of calls) {
      for (const payload of [deepArray(20_000), `{"name":"x","config":${deepObject(5_000)}}`]) {
        const res = await api()({ method: method as 'POST', url, headers: { 'content-type': 'application/json; charset=utf-8' }, payload });
        expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json()).toEqual(TOO_DEEP);
      }
    }
    expect((await api()({ method: 'GET', url: '/api/contexts/' })).json().count).toBe(0);
    expect((await api()({ method: 'GET', url: '/api/composite-videos/' })).json().count).toBe(0);
    expect((await api()({ method: 'GET', url: '/teams/api/teams/' })).json().count).toBe(1);
  });

  it(`accepts ${MAX_JSON_DEPTH} levels, refuses one more; brackets and braces inside strings do not count`, async () => {
    const call = (payload: string) => t.app.inject({ method: 'POST', url: '/api/auth/token/verify/', headers: { 'content-type': 'application/json' }, payload });
    // the limit counts the body's own object as one level
    const atLimit = await call(`{"token":${deepArray(MAX_JSON_DEPTH - 1)}}`);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()).not.toEqual(TOO_DEEP);
    expect((await call(`{"token":${deepArray(MAX_JSON_DEPTH)}}`)).json()).toEqual(TOO_DEEP);
    // 20,000 brackets in a string (escaped quotes too) are just text
    const inString = await call(JSON.stringify({ token: `\\"${'['.repeat(20_000)}{{{` }));
    expect(inString.statusCode).toBe(401);
    // not JSON at all: still the parse error, not the depth one
    const broken = await call('{"token": [[[');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/JSON parse error/);
  });

  it('a burst of deep bodies leaves the server answering', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'content-type': 'application/json' }, payload: i % 2 ? deepArray(100_000) : deepObject(50_000) }),
      ),
    );
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([400]));
    expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBeLessThan(500);
  });
});

describe('the multipart form of bulk_create', () => {
  const boundary = '----hookwall-malformed';
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + `--${boundary}--\r\n`,
  });
  const bulk = (fields: Record<string, string>) => api()({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', ...form(fields) });
  const textWallCount = async () => (await t.deps.db.select({ n: count() }).from(textWallVideos).where(eq(textWallVideos.teamId, team.id)))[0]!.n;

  it('refuses a NUL byte in any field as the JSON form does (400 naming the field), and stores nothing', async () => {
    const json = await api()({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['nul\u0000here'] } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ 'texts.0': [NULL_CHARACTER_MESSAGE] });

    const plain = await bulk({ texts: 'nul\u0000here' });
    expect(plain.statusCode, plain.body).toBe(400);
    expect(plain.json()).toEqual({ 'texts.0': [NULL_CHARACTER_MESSAGE] });
    const asJson = await bulk({ texts: JSON.stringify(['ok', 'nul\u0000here']) });
    expect(asJson.statusCode, asJson.body).toBe(400);
    expect(asJson.json()).toEqual({ 'texts.1': [NULL_CHARACTER_MESSAGE] });
    const withNul: Record<string, string>[] = [{ texts: 'ok', tone: 'wit\u0000ty' }, { texts: 'ok', style: '{"preset":"punchy\\u0000"}' }, { texts: 'ok', aspect: '9:16\u0000' }];
    for (const fields of withNul) {
      const res = await bulk(fields);
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(400);
      expect(Object.values(res.json()).flat()).toContain(NULL_CHARACTER_MESSAGE);
    }
    expect(await textWallCount()).toBe(0);
  });

  it('is held to the same schema as JSON, deep JSON in a field included', async () => {
    const deep = await bulk({ texts: 'ok', style: deepObject(20_000) });
    expect(deep.statusCode, deep.body.slice(0, 200)).toBe(400);
    const deepTexts = await bulk({ texts: deepArray(20_000) });
    expect(deepTexts.statusCode, deepTexts.body.slice(0, 200)).toBe(400);
    const invalid: Record<string, string>[] = [{ texts: 'ok', background_video_ids: 'not-a-uuid' }, { texts: 'x'.repeat(1001) }, { texts: 'ok', count: 'many' }, { texts: 'ok', aspect: '4:3' }];
    for (const fields of invalid) {
      const res = await bulk(fields);
      expect(res.statusCode, `${JSON.stringify(fields).slice(0, 100)}: ${res.body}`).toBe(400);
    }
    expect(await textWallCount()).toBe(0);
    // and a good one still works
    const ok = await bulk({ texts: 'First,Second', duration_seconds: '5' });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json().total).toBe(2);
  });
});

describe('ids in composite configs', () => {
  const compositeCount = async () => (await t.deps.db.select({ n: count() }).from(compositeVideos).where(eq(compositeVideos.teamId, team.id)))[0]!.n;
  const renderCount = async () => (await t.deps.db.select({ n: count() }).from(renderJobs).where(eq(renderJobs.teamId, team.id)))[0]!.n;

  it('a malformed background id in a multi text wall is a 400 on the field, rendering or not, and stores nothing', async () => {
    const composites = await compositeCount();
    const renders = await renderCount();
    for (const render of [undefined, true, false]) {
      for (const id of ['not-a-uuid', '', 42, { $ne: null }, '00000000-0000-0000-0000-00000000000g']) {
        const res = await api()({
          method: 'POST',
          url: '/api/composite-videos/',
          payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'ok', background_video_id: null }, { text: 'x', background_video_id: id }] }, ...(render === undefined ? {} : { render }) },
        });
        expect(res.statusCode, `${String(render)} ${JSON.stringify(id)}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json())).toEqual(['config.walls.1.background_video_id']);
      }
    }
    expect(await compositeCount()).toBe(composites);
    expect(await renderCount()).toBe(renders);
  });

  it('a well-formed id that names no background of the team is a 400 too, and a PATCH is held to the same', async () => {
    const other = await userWithTeam(t.app, 'Other Team');
    const theirs = await uploadClip(t.app, other.user, other.team.slug, 'background', { seconds: 1 });
    const mine = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    const composites = await compositeCount();
    for (const render of [true, false]) {
      for (const id of [theirs.id, '00000000-0000-0000-0000-000000000000']) {
        const res = await api()({ method: 'POST', url: '/api/composite-videos/', payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'x', background_video_id: id }] }, render } });
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(res.json())).toEqual(['config.walls.0.background_video_id']);
      }
    }
    expect(await compositeCount()).toBe(composites);

    const draft = await api()({ method: 'POST', url: '/api/composite-videos/', payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'x', background_video_id: mine.id }] }, render: false } });
    expect(draft.statusCode, draft.body).toBe(201);
    const { id } = draft.json();
    for (const bad of ['not-a-uuid', theirs.id]) {
      const patched = await api()({ method: 'PATCH', url: `/api/composite-videos/${id}/`, payload: { config: { walls: [{ text: 'y', background_video_id: bad }] } } });
      expect(patched.statusCode, patched.body).toBe(400);
      expect(Object.keys(patched.json())).toEqual(['config.walls.0.background_video_id']);
    }
    const stored = (await api()({ method: 'GET', url: `/api/composite-videos/${id}/` })).json();
    expect(stored.config.walls).toEqual([{ text: 'x', durationInSeconds: 4, background_video_id: mine.id }]);
    const rendered = await api()({ method: 'POST', url: `/api/composite-videos/${id}/render/`, payload: {} });
    expect(rendered.statusCode, rendered.body).toBe(202);
  });

  it('a stored config with a malformed id (written before this check) is a 400 on render, not a 500, and starts nothing', async () => {
    const draft = await api()({ method: 'POST', url: '/api/composite-videos/', payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'x' }] }, render: false } });
    expect(draft.statusCode, draft.body).toBe(201);
    const { id } = draft.json();
    await t.deps.db
      .update(compositeVideos)
      .set({ config: { walls: [{ text: 'x', durationInSeconds: 4, background_video_id: 'not-a-uuid' }], transition: 'fade', aspect: '9:16' } })
      .where(eq(compositeVideos.id, id));
    const renders = await renderCount();
    const res = await api()({ method: 'POST', url: `/api/composite-videos/${id}/render/`, payload: {} });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['config.walls.0.background_video_id']);
    expect(await renderCount()).toBe(renders);
    expect((await api()({ method: 'GET', url: `/api/composite-videos/${id}/` })).json().render_job_id).toBeNull();
  });

  it('a create whose render cannot start leaves no composite behind', async () => {
    // a team without a subscription: the render's 402 comes before anything is stored
    const poor = await userWithTeam(t.app, 'No Plan');
    const res = await as(t.app, poor.user)({
      method: 'POST',
      url: '/api/composite-videos/',
      headers: { 'x-team-slug': poor.team.slug },
      payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'x' }] } },
    });
    expect(res.statusCode).toBe(402);
    expect((await t.deps.db.select({ n: count() }).from(compositeVideos).where(eq(compositeVideos.teamId, poor.team.id)))[0]!.n).toBe(0);
    // and a stranger with a token of no team is told so, not a 500
    const loner = await registerUser(t.app);
    expect((await as(t.app, loner)({ method: 'POST', url: '/api/composite-videos/', payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'x' }] } } })).statusCode).toBeLessThan(500);
  });
});

describe('a lone UTF-16 surrogate', () => {
  const textWallCount = async () => (await t.deps.db.select({ n: count() }).from(textWallVideos).where(eq(textWallVideos.teamId, team.id)))[0]!.n;
  const compositeCount = async () => (await t.deps.db.select({ n: count() }).from(compositeVideos).where(eq(compositeVideos.teamId, team.id)))[0]!.n;

  it('is a 400 naming the field wherever it is sent (jsonb or text columns), and nothing is written', async () => {
    const before = { walls: await textWallCount(), composites: await compositeCount() };
    // raw bodies: the escapes reach the server as JSON writes them
    const sends: [string, string, string][] = [
      ['/api/text-wall-videos/', '{"text":"\\ud800","duration_seconds":5,"render":false}', 'text'],
      ['/api/text-wall-videos/', '{"text":"ok","style":{"highlightWords":["\\udfff"]},"render":false}', 'style.highlightWords.0'],
      ['/api/text-wall-videos/bulk_create/', '{"texts":["ok \\udfff end"]}', 'texts.0'],
      ['/api/composite-videos/', '{"composition_id":"multi-text-wall","name":"x\\ud83d","config":{"walls":[{"text":"hi"}]},"render":false}', 'name'],
      ['/api/contexts/', '{"name":"Bottle \\ud800","type":"product","content":"x"}', 'name'],
    ];
    for (const [url, payload, field] of sends) {
      const res = await api()({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ [field]: [LONE_SURROGATE_MESSAGE] });
    }
    expect({ walls: await textWallCount(), composites: await compositeCount() }).toEqual(before);
    // a whole pair (an emoji) is a character like any other
    const emoji = await api()({ method: 'POST', url: '/api/text-wall-videos/', headers: { 'content-type': 'application/json' }, payload: '{"text":"Go \\ud83d\\ude80 שלום","duration_seconds":5,"render":false}' });
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json().text).toBe('Go 🚀 שלום');
  });
});

describe('a multipart body the parser cannot read', () => {
  it('is a 400, not a server error, on every multipart route', async () => {
    const bodies: { type: string; payload: string }[] = [
      { type: 'multipart/form-data', payload: '--x\r\nContent-Disposition: form-data; name="texts"\r\n\r\nok\r\n--x--\r\n' },
      { type: 'multipart/form-data; boundary=x', payload: '--y\r\nContent-Disposition: form-data; name="texts"\r\n\r\nok\r\n--y--\r\n' },
      { type: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-da' },
    ];
    for (const url of ['/api/text-wall-videos/bulk_create/', '/api/users/profile/upload-image/']) {
      for (const body of bodies) {
        const res = await api()({ method: 'POST', url, headers: { 'content-type': body.type }, payload: body.payload });
        expect(res.statusCode, `${url} ${body.type}: ${res.body}`).toBe(400);
        expect(typeof res.json().detail === 'string' || Object.keys(res.json()).length > 0).toBe(true);
      }
    }
  });
});

