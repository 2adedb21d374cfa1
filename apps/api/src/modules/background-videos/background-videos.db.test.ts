import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderJobs } from '@hookwall/db';
import { BUILTIN_BACKGROUNDS } from '@hookwall/media';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { isAnyRenderRunning } from './background-videos.repository.ts';
import { makeTestVideo, pathOf, teamWithRoles } from '../media/media.test-helpers.ts';
import { ensureBuiltinBackgrounds } from './background-videos.service.ts';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let outsider: TestUser;
const api = (user: TestUser | null) => as(t.app, user);
const tiny = { width: 72, height: 128, duration: 1, fps: 10 };
type Background = { id: string; name: string; status: string; is_builtin: boolean; url: string | null; thumbnail_url: string | null; [k: string]: unknown };

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, reader, outsider } = await teamWithRoles(t.app));
});
afterAll(() => t.close());

const list = async (who: TestUser, query = '') => {
  const res = await api(who)({ method: 'GET', url: `/api/text-wall-background-videos/?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; results: Background[] };
};

describe('built-in backgrounds', () => {
  it('are made by ffmpeg once, visible to every team, and cannot be changed', async () => {
    expect(BUILTIN_BACKGROUNDS.length).toBeGreaterThanOrEqual(8);
    const first = await ensureBuiltinBackgrounds(t.deps, { size: tiny });
    expect(first.generated).toEqual(BUILTIN_BACKGROUNDS.map((b) => b.slug));
    expect((await ensureBuiltinBackgrounds(t.deps, { size: tiny })).generated).toEqual([]);

    for (const who of [admin, outsider]) {
      const page = await list(who, 'is_builtin=true&page_size=100');
      expect(page.count).toBe(BUILTIN_BACKGROUNDS.length);
      for (const bg of page.results) {
        expect(bg).toMatchObject({ is_builtin: true, status: 'ready', width: 72, height: 128, codec: 'h264', created_by: 'Hookwall' });
        expect(bg.duration).toBeCloseTo(1, 0);
      }
    }
    const bg = (await list(admin, 'is_builtin=true')).results[0]!;
    const file = await t.app.inject({ method: 'GET', url: pathOf(bg.url!) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect((await t.app.inject({ method: 'GET', url: pathOf(bg.thumbnail_url!) })).headers['content-type']).toBe('image/jpeg');

    for (const [method, url, payload] of [
      ['DELETE', `/api/text-wall-background-videos/${bg.id}/`, undefined],
      ['PATCH', `/api/text-wall-background-videos/${bg.id}/`, { name: 'Mine now' }],
      ['PUT', `/api/text-wall-background-videos/${bg.id}/`, { name: 'Mine now' }],
      ['POST', `/api/text-wall-background-videos/${bg.id}/upload_url/`, {}],
    ] as const) {
      const res = await api(admin)({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await api(outsider)({ method: 'GET', url: `/api/text-wall-background-videos/${bg.id}/` })).statusCode).toBe(200);
  });

  it('wait while a render runs, but not for a render whose worker stopped writing its progress', async () => {
    const { team } = await userWithTeam(t.app, 'Renders');
    const id = randomUUID();
    expect(await isAnyRenderRunning(t.deps.db)).toBe(false);
    await t.deps.db.insert(renderJobs).values({ id, teamId: team.id, compositionId: 'text-wall', inputProps: {}, targetType: 'text_wall_video', targetId: randomUUID(), status: 'rendering' });
    expect(await isAnyRenderRunning(t.deps.db)).toBe(true);
    await t.deps.db.update(renderJobs).set({ updatedAt: new Date(Date.now() - 120_000) }).where(eq(renderJobs.id, id));
    expect(await isAnyRenderRunning(t.deps.db)).toBe(false);
    await t.deps.db.update(renderJobs).set({ status: 'completed', updatedAt: new Date() }).where(eq(renderJobs.id, id));
    expect(await isAnyRenderRunning(t.deps.db)).toBe(false);
  });

  it('start in the background without delaying the server, and stop with it', async () => {
    const started = Date.now();
    const app = await createTestApp({ BUILTIN_BACKGROUNDS: true });
    expect(Date.now() - started).toBeLessThan(20_000);
    await app.close();
  });
});

describe("a team's own backgrounds", () => {
  it('go through the same upload flow and CRUD', async () => {
    const clip = makeTestVideo();
    const created = await api(admin)({ method: 'POST', url: '/api/text-wall-background-videos/', payload: { filename: 'Beach loop.mp4', content_type: 'video/mp4', size: clip.length } });
    expect(created.statusCode).toBe(201);
    const bg = created.json() as Background;
    expect(bg).toMatchObject({ name: 'Beach loop', status: 'pending_upload', is_builtin: false });
    const target = (await api(admin)({ method: 'POST', url: `/api/text-wall-background-videos/${bg.id}/upload_url/`, payload: {} })).json();
    expect(target.method).toBe('PUT');
    expect((await t.app.inject({ method: 'PUT', url: pathOf(target.upload_url), headers: target.headers, payload: clip })).statusCode).toBe(200);
    const ready = (await api(admin)({ method: 'POST', url: `/api/text-wall-background-videos/${bg.id}/confirm_upload/` })).json();
    expect(ready).toMatchObject({ status: 'ready', width: 64, height: 112 });

    const mine = await list(admin, 'is_builtin=false');
    expect(mine.results.map((b) => b.id)).toContain(bg.id);
    expect((await list(outsider, 'is_builtin=false')).results.map((b) => b.id)).not.toContain(bg.id);
    expect((await list(admin, 'search=beach')).results.map((b) => b.name)).toEqual(['Beach loop']);
    expect((await api(admin)({ method: 'GET', url: '/api/text-wall-background-videos/?ordering=size' })).statusCode).toBe(400);

    expect((await api(admin)({ method: 'PATCH', url: `/api/text-wall-background-videos/${bg.id}/`, payload: { name: 'Sea' } })).json().name).toBe('Sea');
    expect((await api(admin)({ method: 'PUT', url: `/api/text-wall-background-videos/${bg.id}/`, payload: { name: ' Ocean ' } })).json().name).toBe('Ocean');
    expect((await api(admin)({ method: 'PUT', url: `/api/text-wall-background-videos/${bg.id}/`, payload: { name: '' } })).statusCode).toBe(400);

    // read-only members read but do not write; other teams do not see it
    expect((await api(reader)({ method: 'GET', url: `/api/text-wall-background-videos/${bg.id}/` })).statusCode).toBe(200);
    expect((await api(reader)({ method: 'PATCH', url: `/api/text-wall-background-videos/${bg.id}/`, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await api(reader)({ method: 'DELETE', url: `/api/text-wall-background-videos/${bg.id}/` })).statusCode).toBe(403);
    expect((await api(reader)({ method: 'POST', url: '/api/text-wall-background-videos/', payload: { filename: 'a.mp4', content_type: 'video/mp4', size: 5 } })).statusCode).toBe(403);
    for (const [method, url, payload] of [
      ['GET', `/api/text-wall-background-videos/${bg.id}/`, undefined],
      ['PATCH', `/api/text-wall-background-videos/${bg.id}/`, { name: 'x' }],
      ['DELETE', `/api/text-wall-background-videos/${bg.id}/`, undefined],
      ['POST', `/api/text-wall-background-videos/${bg.id}/confirm_upload/`, {}],
    ] as const) {
      expect((await api(outsider)({ method, url, payload })).statusCode, `${method} ${url}`).toBe(404);
    }

    expect((await api(admin)({ method: 'DELETE', url: `/api/text-wall-background-videos/${bg.id}/` })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: pathOf(ready.url) })).statusCode).toBe(404);
    expect((await api(admin)({ method: 'GET', url: `/api/text-wall-background-videos/${bg.id}/` })).statusCode).toBe(404);
  });

  it('fails a file that is not a video and validates the request', async () => {
    const junk = Buffer.from('GIF89a not really');
    const bg = (await api(admin)({ method: 'POST', url: '/api/text-wall-background-videos/', payload: { name: 'Junk', filename: 'junk.webm', content_type: 'video/webm', size: junk.length } })).json();
    const { upload_url } = (await api(admin)({ method: 'POST', url: `/api/text-wall-background-videos/${bg.id}/upload_url/` })).json();
    expect((await t.app.inject({ method: 'PUT', url: pathOf(upload_url), headers: { 'content-type': 'video/webm' }, payload: junk })).statusCode).toBe(200);
    const failed = (await api(admin)({ method: 'POST', url: `/api/text-wall-background-videos/${bg.id}/confirm_upload/` })).json();
    expect(failed).toMatchObject({ status: 'failed', error: 'This file is not a video we can read.' });
    const bad = await api(admin)({ method: 'POST', url: '/api/text-wall-background-videos/', payload: { filename: 'a.gif', content_type: 'image/gif', size: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('content_type');
  });
});
