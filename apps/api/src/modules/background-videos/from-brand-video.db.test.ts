import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { makeTestVideo, pathOf, teamWithRoles } from '../media/media.test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let outsider: TestUser;
const api = (user: TestUser, on: TestApp = t) => as(on.app, user);
const URL = '/api/text-wall-background-videos/from_brand_video/';
type Background = { id: string; name: string; status: string; is_builtin: boolean; source_brand_video_id: string | null; url: string; thumbnail_url: string; [k: string]: unknown };

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, reader, outsider } = await teamWithRoles(t.app));
});
afterAll(() => t.close());

/** A clip of `who`'s team, through the real upload flow; `confirm: false` leaves it pending. */
async function uploadClip(who: TestUser, filename: string, { confirm = true, on = t } = {}) {
  const clip = makeTestVideo();
  const created = await api(who, on)({ method: 'POST', url: '/api/brand-videos/', payload: { filename, content_type: 'video/mp4', size: clip.length, kind: 'product_demo' } });
  expect(created.statusCode).toBe(201);
  const { id } = created.json() as { id: string };
  if (!confirm) return { id, bytes: clip.length };
  const target = (await api(who, on)({ method: 'POST', url: `/api/brand-videos/${id}/upload_url/`, payload: {} })).json();
  expect((await on.app.inject({ method: 'PUT', url: pathOf(target.upload_url), headers: target.headers, payload: clip })).statusCode).toBe(200);
  expect((await api(who, on)({ method: 'POST', url: `/api/brand-videos/${id}/confirm_upload/`, payload: {} })).json().status).toBe('ready');
  return { id, bytes: clip.length };
}

const fromClip = (who: TestUser, brand_video_id: unknown, on: TestApp = t) => api(who, on)({ method: 'POST', url: URL, payload: { brand_video_id } });

describe('a clip as a text-wall background', () => {
  it('is copied once: a second call answers the same background, and it outlives the clip', async () => {
    const clip = await uploadClip(admin, 'Serum demo.mp4');
    const first = await fromClip(admin, clip.id);
    expect(first.statusCode).toBe(201);
    const bg = first.json() as Background;
    expect(bg).toMatchObject({ name: 'Serum demo', filename: 'Serum demo.mp4', status: 'ready', is_builtin: false, source_brand_video_id: clip.id, size: clip.bytes, width: 64, height: 112, codec: 'h264' });
    expect(bg.duration).toBeCloseTo(1, 0);

    const again = await fromClip(admin, clip.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(bg.id);
    const mine = (await api(admin)({ method: 'GET', url: '/api/text-wall-background-videos/?is_builtin=false&page_size=100' })).json().results as Background[];
    expect(mine.filter((b) => b.source_brand_video_id === clip.id).map((b) => b.id)).toEqual([bg.id]);
    // read-only members see it; another team does not
    expect((await api(reader)({ method: 'GET', url: `/api/text-wall-background-videos/${bg.id}/` })).statusCode).toBe(200);
    expect((await api(outsider)({ method: 'GET', url: `/api/text-wall-background-videos/${bg.id}/` })).statusCode).toBe(404);

    // the clip goes (no composite uses it); the background, its file and its thumbnail stay
    expect((await api(admin)({ method: 'DELETE', url: `/api/brand-videos/${clip.id}/` })).statusCode).toBe(204);
    const kept = (await api(admin)({ method: 'GET', url: `/api/text-wall-background-videos/${bg.id}/` })).json() as Background;
    expect(kept).toMatchObject({ id: bg.id, status: 'ready', source_brand_video_id: null });
    const file = await t.app.inject({ method: 'GET', url: pathOf(kept.url) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(clip.bytes);
    expect((await t.app.inject({ method: 'GET', url: pathOf(kept.thumbnail_url) })).headers['content-type']).toBe('image/jpeg');
    // and deleting the background later removes only its own files
    expect((await api(admin)({ method: 'DELETE', url: `/api/text-wall-background-videos/${bg.id}/` })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: pathOf(kept.url) })).statusCode).toBe(404);
  });

  it('makes one background when two calls for the same clip come at once', async () => {
    const clip = await uploadClip(admin, 'Hook.mp4');
    const answers = await Promise.all([fromClip(admin, clip.id), fromClip(admin, clip.id), fromClip(admin, clip.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const mine = (await api(admin)({ method: 'GET', url: '/api/text-wall-background-videos/?is_builtin=false&page_size=100' })).json().results as Background[];
    expect(mine.filter((b) => b.source_brand_video_id === clip.id)).toHaveLength(1);
    // the losers' copies were removed: the team's backgrounds folder holds one video per background
    const team = (await api(admin)({ method: 'GET', url: '/teams/api/teams/' })).json().results[0] as { id: number };
    const stored = (await t.deps.storage.list(`teams/${team.id}/backgrounds/`)).length;
    expect(stored).toBe(mine.length);
  });

  it('refuses a clip that is unknown, of another team or not ready with a field error, and read-only members', async () => {
    const pending = await uploadClip(admin, 'Pending.mp4', { confirm: false });
    const theirs = await uploadClip(outsider, 'Theirs.mp4');
    for (const [who, id, message] of [
      [admin, pending.id, 'This clip is not ready yet: choose it once its upload has finished.'],
      [admin, theirs.id, 'No clip of your team has this id.'],
      [admin, '00000000-0000-4000-8000-000000000000', 'No clip of your team has this id.'],
      [admin, 'not-an-id', 'Give the id of one of your clips.'],
      [admin, undefined, undefined],
    ] as const) {
      const res = await fromClip(who, id);
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json()).toHaveProperty('brand_video_id');
      if (message) expect(res.json().brand_video_id).toEqual([message]);
    }
    const ready = await uploadClip(admin, 'Ready.mp4');
    const refused = await fromClip(reader, ready.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('permission_denied');
  });

  it("counts the copy against the team's storage: a copy that does not fit is refused and stores nothing", async () => {
    const small = await createTestApp({ TEAM_STORAGE_QUOTA_BYTES: Math.round(makeTestVideo().length * 1.5) });
    try {
      const { admin: owner, team } = await teamWithRoles(small.app);
      const clip = await uploadClip(owner, 'Big demo.mp4', { on: small });
      const refused = await fromClip(owner, clip.id, small);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().code).toBe('storage_quota_exceeded');
      expect(await small.deps.storage.list(`teams/${team.id}/backgrounds/`)).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

