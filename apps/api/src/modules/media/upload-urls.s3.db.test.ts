import { startS3TestServer, type S3TestServer } from '@hookwall/storage/testing';
import { sweepUploads, UPLOAD_SWEEP_AFTER_MS } from '@hookwall/worker';
import { uploadUrls } from '@hookwall/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, registerUser, uniqueEmail, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { makeTestVideo } from './media.test-helpers.ts';

/**
 * The same pinning on S3-compatible storage, against a real S3 server (s3rver, in its own process;
 * lax about bucket-level signatures so the test can list the bucket). A presigned URL cannot be
 * revoked, so S3 accepts a PUT to a stale one: what it writes lands on the URL's own key, which
 * confirm never reads, and is removed with the video or by the worker's sweep.
 */
describe('upload URLs on S3-compatible storage', () => {
  let server: S3TestServer;
  let t: TestApp;
  let clip: Buffer;
  let otherClip: Buffer;

  beforeAll(async () => {
    server = await startS3TestServer('media', { isLax: true });
    t = await createTestApp({
      S3_BUCKET: server.bucket,
      S3_ENDPOINT: server.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    });
    clip = makeTestVideo({ seconds: 1 });
    otherClip = makeTestVideo({ seconds: 2 });
  });
  afterAll(async () => {
    await t?.close();
    await server?.stop();
  });

  const call = (user: TestUser, slug: string) => (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user)({ ...o, headers: { 'x-team-slug': slug } });
  const put = (target: { upload_url: string; headers: Record<string, string> }, body: Buffer) =>
    fetch(target.upload_url, { method: 'PUT', headers: target.headers, body: new Uint8Array(body) });

  it('confirm reads only the latest URL; later PUTs never change the confirmed video; deleting it and the sweep leave nothing', async () => {
    const { user, team } = await userWithTeam(t.app, 'S3 pinned');
    const api = call(user, team.slug);
    const id = (await api({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'clip.mp4', content_type: 'video/mp4', size: otherClip.length } })).json().id;
    const first = (await api({ method: 'POST', url: `/api/brand-videos/${id}/upload_url/`, payload: {} })).json();
    const second = (await api({ method: 'POST', url: `/api/brand-videos/${id}/upload_url/`, payload: {} })).json();
    expect(new URL(first.upload_url).pathname).not.toBe(new URL(second.upload_url).pathname);

    // S3 accepts the stale URL's PUT, but confirm does not read it
    expect((await put(first, otherClip)).status).toBe(200);
    expect((await api({ method: 'POST', url: `/api/brand-videos/${id}/confirm_upload/`, payload: {} })).json().code).toBe('upload_missing');
    expect((await put(second, otherClip)).status).toBe(200);
    const ready = (await api({ method: 'POST', url: `/api/brand-videos/${id}/confirm_upload/`, payload: {} })).json();
    expect(ready).toMatchObject({ status: 'ready', size: otherClip.length });
    expect(ready.duration).toBeCloseTo(2, 0);

    // the confirmed file was moved off the URL's key: PUTs to either URL (s3rver ignores
    // If-None-Match) land where nobody reads, and the video serves what was checked
    const same = Buffer.alloc(otherClip.length, 7);
    expect((await put(second, same)).status).toBe(200);
    expect((await put(first, same)).status).toBe(200);
    const served = Buffer.from(await (await fetch(ready.url)).arrayBuffer());
    expect(served.equals(otherClip)).toBe(true);
    expect((await api({ method: 'GET', url: `/api/brand-videos/${id}/` })).json()).toMatchObject({ status: 'ready', duration: ready.duration });

    const files = () => t.deps.storage.list(`teams/${team.id}/`);
    expect((await files()).filter((key) => key.includes('/uploads/'))).toHaveLength(2);
    expect((await api({ method: 'DELETE', url: `/api/brand-videos/${id}/` })).statusCode).toBe(204);
    expect(await files()).toEqual([]);

    // a PUT after the deletion still lands (a presigned URL cannot be revoked) ...
    expect((await put(second, clip)).status).toBe(200);
    expect(await files()).toHaveLength(1);
    // ... and is swept once its URL has long expired
    expect(await sweepUploads(t.deps.db, t.deps.storage, new Date(Date.now() + 20 * 60_000))).toBe(0);
    const swept = await sweepUploads(t.deps.db, t.deps.storage, new Date(Date.now() + 15 * 60_000 + UPLOAD_SWEEP_AFTER_MS + 1000));
    expect(swept).toBeGreaterThanOrEqual(2);
    expect(await files()).toEqual([]);
    expect(await t.deps.db.select().from(uploadUrls)).toEqual([]);
  });

  it('what the uploader sent is not read once they are removed from the team', async () => {
    const { user: owner, team } = await userWithTeam(t.app, 'S3 removed');
    const email = uniqueEmail('s3-admin');
    const invitation = (await as(t.app, owner)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email, role: 'admin' } })).json();
    const uploader = await registerUser(t.app, { email, invitation_id: invitation.id });
    const id = (await call(owner, team.slug)({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'clip.mp4', content_type: 'video/mp4', size: clip.length } })).json().id;
    const target = (await call(uploader, team.slug)({ method: 'POST', url: `/api/brand-videos/${id}/upload_url/`, payload: {} })).json();
    expect((await put(target, clip)).status).toBe(200);
    const members = (await as(t.app, owner)({ method: 'GET', url: `/a/${team.slug}/team/members/` })).json().results as { id: number; user_id: number }[];
    const membership = members.find((m) => m.user_id === uploader.id)!.id;
    expect((await as(t.app, owner)({ method: 'DELETE', url: `/a/${team.slug}/team/members/${membership}/` })).statusCode).toBe(204);
    const confirmed = await call(owner, team.slug)({ method: 'POST', url: `/api/brand-videos/${id}/confirm_upload/`, payload: {} });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().code).toBe('upload_missing');
    expect((await call(owner, team.slug)({ method: 'GET', url: `/api/brand-videos/${id}/` })).json().status).toBe('pending_upload');
  });
});
