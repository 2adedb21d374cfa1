import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { makeTestVideo, pathOf, teamWithRoles } from '../media/media.test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let outsider: TestUser;
let video: Buffer;
const api = (user: TestUser | null) => as(t.app, user);

beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_BYTES: 5 * 1024 * 1024 });
  ({ admin, reader, outsider } = await teamWithRoles(t.app));
  video = makeTestVideo();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

type Video = { id: string; status: string; error: string | null; url: string | null; thumbnail_url: string | null; [k: string]: unknown };

async function create(payload: Record<string, unknown>, who = admin) {
  return api(who)({ method: 'POST', url: '/api/brand-videos/', payload });
}
async function createVideo(fields: Record<string, unknown> = {}, size = video.length): Promise<Video> {
  const res = await create({ filename: 'Demo clip.mp4', content_type: 'video/mp4', size, kind: 'product_demo', ...fields });
  expect(res.statusCode).toBe(201);
  return res.json();
}
async function uploadUrl(id: string, who = admin) {
  return api(who)({ method: 'POST', url: `/api/brand-videos/${id}/upload_url/`, payload: {} });
}
const put = (url: string, body: Buffer, contentType = 'video/mp4') =>
  t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': contentType }, payload: body });
const confirm = (id: string, who = admin) => api(who)({ method: 'POST', url: `/api/brand-videos/${id}/confirm_upload/`, payload: {} });

/** The storage key a local upload URL is signed for. */
const keyOf = (uploadUrl: string) => {
  const token = new URL(uploadUrl, 'http://localhost').searchParams.get('token')!;
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).key as string;
};

/** create → upload_url → PUT → confirm_upload */
async function uploadVideo(bytes: Buffer, fields: Record<string, unknown> = {}): Promise<Video> {
  const created = await createVideo(fields, bytes.length);
  const target = (await uploadUrl(created.id)).json();
  expect((await put(target.upload_url, bytes)).statusCode).toBe(200);
  const confirmed = await confirm(created.id);
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json();
}

describe('brand video upload flow', () => {
  it('creates pending_upload, uploads through the signed URL, probes and thumbnails it', async () => {
    const created = await createVideo({ tags: [' Launch ', 'launch', 'Q3'] });
    expect(created).toMatchObject({ status: 'pending_upload', title: 'Demo clip', filename: 'Demo clip.mp4', kind: 'product_demo', tags: ['launch', 'q3'], url: null, thumbnail_url: null, duration: null });

    const target = await uploadUrl(created.id);
    expect(target.statusCode).toBe(200);
    const body = target.json();
    expect(body).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'video/mp4' } });
    expect(body.upload_url).toMatch(/^\/media\/upload\/\?token=/);
    const expiresIn = new Date(body.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);

    expect((await put(body.upload_url, video)).statusCode).toBe(200);
    const ready = (await confirm(created.id)).json();
    expect(ready).toMatchObject({ status: 'ready', error: null, width: 64, height: 112, fps: 25, codec: 'h264', size: video.length });
    expect(ready.duration).toBeCloseTo(1, 1);

    const file = await t.app.inject({ method: 'GET', url: pathOf(ready.url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['content-disposition']).toBe('inline; filename="Demo clip.mp4"');
    expect(file.rawPayload.equals(video)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: pathOf(ready.url), headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${video.length}`);
    expect(part.rawPayload.length).toBe(10);
    const thumb = await t.app.inject({ method: 'GET', url: pathOf(ready.thumbnail_url) });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // confirming again is harmless; asking to upload again is a conflict
    expect((await confirm(created.id)).json().status).toBe('ready');
    expect((await uploadUrl(created.id)).statusCode).toBe(409);
    // a tampered download link is refused
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(ready.url)}x` })).statusCode).toBe(403);
  });

  it('confirms several uploads at once, and the same one twice without processing it twice', async () => {
    const created = await Promise.all(Array.from({ length: 6 }, () => createVideo()));
    for (const v of created) expect((await put((await uploadUrl(v.id)).json().upload_url, video)).statusCode).toBe(200);
    const results = await Promise.all([...created.map((v) => confirm(v.id)), confirm(created[0]!.id)]);
    expect(results.slice(0, 6).every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect([200, 409]).toContain(results[6]!.statusCode);
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(6);
    for (const v of created) expect((await api(admin)({ method: 'GET', url: `/api/brand-videos/${v.id}/` })).json().status).toBe('ready');
  });

  it('accepts an upload URL once', async () => {
    const created = await createVideo();
    const { upload_url } = (await uploadUrl(created.id)).json();
    expect((await put(upload_url, video)).statusCode).toBe(200);
    const again = await put(upload_url, video);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('upload_url_used');
  });

  it('refuses an expired upload URL', async () => {
    const created = await createVideo();
    const { upload_url } = (await uploadUrl(created.id)).json();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    const res = await put(upload_url, video);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('upload_url_expired');
  });

  it('rejects a PUT larger than declared (413) or of another type (415), storing nothing', async () => {
    const created = await createVideo({}, 1000);
    const first = (await uploadUrl(created.id)).json();
    const big = await put(first.upload_url, Buffer.alloc(1001));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    const second = (await uploadUrl(created.id)).json();
    const chunked = await t.app.inject({
      method: 'PUT',
      url: pathOf(second.upload_url),
      headers: { 'content-type': 'video/mp4', 'transfer-encoding': 'chunked' },
      payload: Readable.from([0, 1, 2, 3, 4].map(() => Buffer.alloc(300))),
    });
    expect(chunked.statusCode).toBe(413);
    const third = (await uploadUrl(created.id)).json();
    expect((await put(third.upload_url, Buffer.alloc(1000), 'video/webm')).statusCode).toBe(415);
    expect(await t.deps.storage.head(keyOf(third.upload_url))).toBeNull();
    const missing = await confirm(created.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('upload_missing');
  });

  it('fails a file that is not a video, with the reason, and deletes it', async () => {
    const text = Buffer.from('this is not a video at all\n'.repeat(20));
    const created = await createVideo({ filename: 'notes.mp4' }, text.length);
    const { upload_url } = (await uploadUrl(created.id)).json();
    expect((await put(upload_url, text)).statusCode).toBe(200);
    const key = keyOf(upload_url);
    expect(await t.deps.storage.head(key)).toMatchObject({ size: text.length });
    const failed = (await confirm(created.id)).json();
    expect(failed).toMatchObject({ status: 'failed', error: 'This file is not a video we can read.', url: null, thumbnail_url: null, duration: null });
    expect(await t.deps.storage.head(key)).toBeNull();
    expect((await api(admin)({ method: 'GET', url: `/api/brand-videos/${failed.id}/` })).json().status).toBe('failed');
  });

  it('fails a playlist disguised as an MP4 instead of reading the files it names', async () => {
    const real = join(t.dataDir, 'storage', 'elsewhere.mp4');
    mkdirSync(dirname(real), { recursive: true });
    writeFileSync(real, video);
    const playlist = Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${real}\n#EXT-X-ENDLIST\n`);
    const failed = await uploadVideo(playlist, { filename: 'playlist.mp4' });
    expect(failed).toMatchObject({ status: 'failed', error: 'This file is not a video we can read.' });
  });

  it('fails a truncated MP4', async () => {
    const truncated = video.subarray(0, Math.floor(video.length / 2));
    const failed = await uploadVideo(truncated, { filename: 'cut.mp4' });
    expect(failed).toMatchObject({ status: 'failed', error: 'This file is not a video we can read.' });
  });

  it('fails a truncated MP4 whose index is at the front (frames missing)', async () => {
    const faststart = makeTestVideo({ faststart: true });
    const failed = await uploadVideo(faststart.subarray(0, 1200), { filename: 'cut-faststart.mp4' });
    expect(failed.status).toBe('failed');
  });

  it('fails an upload smaller than declared', async () => {
    const created = await createVideo({}, video.length + 10);
    const { upload_url } = (await uploadUrl(created.id)).json();
    expect((await put(upload_url, video)).statusCode).toBe(200);
    const res = (await confirm(created.id)).json();
    expect(res.status).toBe('failed');
    expect(res.error).toBe(`The uploaded file is ${video.length} bytes, not the ${video.length + 10} bytes declared.`);
    // the user may upload again after a failure
    const retry = (await uploadUrl(created.id)).json();
    expect((await put(retry.upload_url, Buffer.concat([video, Buffer.alloc(10)]))).statusCode).toBe(200);
    expect((await confirm(created.id)).json().status).toBe('ready');
  });

  it('validates brandVideoRequest', async () => {
    const notVideo = await create({ filename: 'a.png', content_type: 'image/png', size: 10 });
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json()).toHaveProperty('content_type');
    const huge = await create({ filename: 'a.mp4', content_type: 'video/mp4', size: 5 * 1024 * 1024 + 1 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toHaveProperty('size');
    expect((await create({ filename: 'a.mp4', content_type: 'video/mp4', size: 10, kind: 'ad' })).json()).toHaveProperty('kind');
    expect((await create({ filename: 'a.mp4', content_type: 'video/mp4', size: 10, tags: ['x'.repeat(41)] })).statusCode).toBe(400);
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect((await create({ filename: 'a.mp4', content_type: 'video/mp4', size: 10, tags: many })).statusCode).toBe(400);
    expect((await create({ filename: '', content_type: 'video/mp4', size: 10 })).json()).toHaveProperty('filename');
    // a hostile file name is only a label: the key is the server's
    const sneaky = await createVideo({ filename: '../../../etc/passwd.mp4' });
    expect(sneaky.filename).toBe('../../../etc/passwd.mp4');
    const { upload_url } = (await uploadUrl(sneaky.id)).json();
    // the URL's own key, in the team's uploads
    expect(keyOf(upload_url)).toMatch(/^teams\/\d+\/uploads\/[0-9a-f-]{36}\.mp4$/);
  });
});

describe('brand video library', () => {
  // teams of their own on the file's app: every query is scoped to the team
  let fresh: TestApp;
  let user: TestUser;
  let other: TestUser;
  const call = (who?: TestUser) => as(fresh.app, who ?? user);
  const list = async (query = '') => (await call()({ method: 'GET', url: `/api/brand-videos/?${query}` })).json();
  const titles = async (query = '') => (await list(query)).results.map((v: Video) => v.title);

  beforeAll(async () => {
    fresh = t;
    const { userWithTeam } = await import('../../test/harness.ts');
    user = (await userWithTeam(fresh.app, 'Library Team')).user;
    other = (await userWithTeam(fresh.app, 'Other Library')).user;
    for (const [title, kind, tags, size] of [
      ['Alpha hook', 'hook', ['summer', 'ugc'], 300],
      ['beta demo', 'product_demo', ['summer'], 100],
      ['Gamma demo', 'product_demo', ['winter', 'ugc'], 200],
    ] as const) {
      const res = await call()({ method: 'POST', url: '/api/brand-videos/', payload: { title, filename: `${title}.mp4`, content_type: 'video/mp4', size, kind, tags } });
      expect(res.statusCode).toBe(201);
    }
  });

  it('filters by kind, repeatable tag, search and orders', async () => {
    expect(await titles('kind=product_demo&ordering=title')).toEqual(['beta demo', 'Gamma demo']);
    expect(await titles('tag=ugc&ordering=title')).toEqual(['Alpha hook', 'Gamma demo']);
    expect(await titles('tag=ugc&tag=summer')).toEqual(['Alpha hook']);
    expect(await titles('tag=UGC&kind=hook')).toEqual(['Alpha hook']);
    expect(await titles('search=DEMO&ordering=-title')).toEqual(['Gamma demo', 'beta demo']);
    expect(await titles('ordering=size')).toEqual(['beta demo', 'Gamma demo', 'Alpha hook']);
    expect(await titles('')).toEqual(['Gamma demo', 'beta demo', 'Alpha hook']);
    expect(await titles('status=pending_upload')).toHaveLength(3);
    expect((await call()({ method: 'GET', url: '/api/brand-videos/?ordering=codec' })).statusCode).toBe(400);
    expect((await call()({ method: 'GET', url: '/api/brand-videos/?kind=ad' })).statusCode).toBe(400);
    const page = await list('limit=2&page=2&ordering=title');
    expect(page).toMatchObject({ count: 3, next: null });
    expect(page.results.map((v: Video) => v.title)).toEqual(['Gamma demo']);
    expect(page.previous).toContain('limit=2');
    expect((await call()({ method: 'GET', url: '/api/brand-videos/?limit=2&page=3' })).statusCode).toBe(404);
    expect((await as(fresh.app, other)({ method: 'GET', url: '/api/brand-videos/' })).json().count).toBe(0);
  });

  it('lists available tags and bulk-tags (other teams ids ignored)', async () => {
    expect((await call()({ method: 'GET', url: '/api/brand-videos/available_tags/' })).json()).toEqual(['summer', 'ugc', 'winter']);
    const all = (await list()).results as Video[];
    const ids = all.map((v) => v.id);
    const res = await call()({ method: 'POST', url: '/api/brand-videos/bulk_tag/', payload: { ids, add: [' Launch '], remove: ['ugc'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    expect((await call()({ method: 'GET', url: '/api/brand-videos/available_tags/' })).json()).toEqual(['launch', 'summer', 'winter']);
    expect(await titles('tag=launch')).toHaveLength(3);
    // only the tags of one kind of clip; an unknown kind is a 400
    const demoTags = new Set(all.filter((v) => v.kind === 'product_demo').flatMap((v) => (v.tags as string[]).filter((t) => t !== 'ugc')).concat('launch'));
    expect((await call()({ method: 'GET', url: '/api/brand-videos/available_tags/?kind=product_demo' })).json()).toEqual([...demoTags].sort());
    expect((await call()({ method: 'GET', url: '/api/brand-videos/available_tags/?kind=ad' })).statusCode).toBe(400);
    const foreign = await as(fresh.app, other)({ method: 'POST', url: '/api/brand-videos/bulk_tag/', payload: { ids, add: ['pwned'] } });
    expect(foreign.json()).toEqual({ updated: 0 });
    expect((await call()({ method: 'GET', url: '/api/brand-videos/available_tags/' })).json()).not.toContain('pwned');
    const tooMany = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect((await call()({ method: 'POST', url: '/api/brand-videos/bulk_tag/', payload: { ids, add: tooMany } })).statusCode).toBe(400);
    expect((await call()({ method: 'POST', url: '/api/brand-videos/bulk_tag/', payload: { ids } })).statusCode).toBe(400);
    expect((await call()({ method: 'POST', url: '/api/brand-videos/bulk_tag/', payload: { ids: ['nope'], add: ['x'] } })).statusCode).toBe(400);
  });

  it('updates with PUT and PATCH and deletes with its files', async () => {
    const clip = makeTestVideo();
    const created = (await call()({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'x.mp4', content_type: 'video/mp4', size: clip.length } })).json();
    const { upload_url } = (await call()({ method: 'POST', url: `/api/brand-videos/${created.id}/upload_url/`, payload: {} })).json();
    await fresh.app.inject({ method: 'PUT', url: pathOf(upload_url), headers: { 'content-type': 'video/mp4' }, payload: clip });
    const confirmed = await call()({ method: 'POST', url: `/api/brand-videos/${created.id}/confirm_upload/` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const ready = confirmed.json();
    expect(ready.status).toBe('ready');
    const putRes = await call()({ method: 'PUT', url: `/api/brand-videos/${created.id}/`, payload: { title: 'Renamed', kind: 'hook', tags: ['A'] } });
    expect(putRes.json()).toMatchObject({ title: 'Renamed', kind: 'hook', tags: ['a'], status: 'ready' });
    expect((await call()({ method: 'PUT', url: `/api/brand-videos/${created.id}/`, payload: { title: 'x' } })).statusCode).toBe(400);
    const patch = await call()({ method: 'PATCH', url: `/api/brand-videos/${created.id}/`, payload: { tags: [] } });
    expect(patch.json()).toMatchObject({ title: 'Renamed', tags: [] });

    const before = (await fresh.app.inject({ method: 'GET', url: pathOf(ready.url) })).statusCode;
    expect(before).toBe(200);
    const del = await call()({ method: 'DELETE', url: `/api/brand-videos/${created.id}/` });
    expect(del.statusCode).toBe(204);
    expect((await call()({ method: 'GET', url: `/api/brand-videos/${created.id}/` })).statusCode).toBe(404);
    expect((await fresh.app.inject({ method: 'GET', url: pathOf(ready.url) })).statusCode).toBe(404);
    expect((await fresh.app.inject({ method: 'GET', url: pathOf(ready.thumbnail_url) })).statusCode).toBe(404);
  });
});

describe('brand video permissions', () => {
  it('lets read-only members read but not write (403)', async () => {
    const created = await createVideo();
    expect((await api(reader)({ method: 'GET', url: '/api/brand-videos/' })).statusCode).toBe(200);
    expect((await api(reader)({ method: 'GET', url: `/api/brand-videos/${created.id}/` })).statusCode).toBe(200);
    expect((await api(reader)({ method: 'GET', url: '/api/brand-videos/available_tags/' })).statusCode).toBe(200);
    const writes = [
      ['POST', '/api/brand-videos/', { filename: 'a.mp4', content_type: 'video/mp4', size: 10 }],
      ['POST', `/api/brand-videos/${created.id}/upload_url/`, {}],
      ['POST', `/api/brand-videos/${created.id}/confirm_upload/`, {}],
      ['POST', '/api/brand-videos/bulk_tag/', { ids: [created.id], add: ['x'] }],
      ['PUT', `/api/brand-videos/${created.id}/`, { title: 'x', kind: 'hook' }],
      ['PATCH', `/api/brand-videos/${created.id}/`, { title: 'x' }],
      ['DELETE', `/api/brand-videos/${created.id}/`, undefined],
    ] as const;
    for (const [method, url, payload] of writes) {
      const res = await api(reader)({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
  });

  it("answers 404 for another team's video", async () => {
    const created = await createVideo();
    const calls = [
      ['GET', `/api/brand-videos/${created.id}/`, undefined],
      ['POST', `/api/brand-videos/${created.id}/upload_url/`, {}],
      ['POST', `/api/brand-videos/${created.id}/confirm_upload/`, {}],
      ['PUT', `/api/brand-videos/${created.id}/`, { title: 'x', kind: 'hook' }],
      ['PATCH', `/api/brand-videos/${created.id}/`, { title: 'x' }],
      ['DELETE', `/api/brand-videos/${created.id}/`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const res = await api(outsider)({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await api(admin)({ method: 'GET', url: '/api/brand-videos/not-a-uuid/' })).statusCode).toBe(404);
    expect((await api(null)({ method: 'GET', url: '/api/brand-videos/' })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('names the request bodies as the original API did', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json();
    const names = Object.keys(doc.components.schemas);
    for (const name of ['contextRequest', 'brandVideoRequest', 'brandVideoUploadUrlRequestRequest', 'brandVideoConfirmUploadRequestRequest']) {
      expect(names).toContain(name);
    }
    const confirmBody = JSON.stringify(doc.paths['/api/brand-videos/{id}/confirm_upload/'].post.requestBody);
    expect(confirmBody).toContain('#/components/schemas/brandVideoConfirmUploadRequestRequest');
  });
});
