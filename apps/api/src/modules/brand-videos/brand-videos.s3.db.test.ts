import { startS3TestServer, type S3TestServer } from '@hookwall/storage/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { makeTestVideo } from '../media/media.test-helpers.ts';

/** The same upload flow with S3_BUCKET set, against a real S3-compatible server (s3rver) in its own process. */
describe('brand videos on S3-compatible storage', () => {
  let server: S3TestServer;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    server = await startS3TestServer('media');
    t = await createTestApp({
      S3_BUCKET: server.bucket,
      S3_ENDPOINT: server.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    });
    user = (await userWithTeam(t.app, 'S3 Team')).user;
  });
  afterAll(async () => {
    await t?.close();
    await server?.stop();
  });

  it('uploads with a presigned PUT, probes over a presigned GET, serves and deletes', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const clip = makeTestVideo();
    const call = as(t.app, user);
    const created = (await call({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'clip.mp4', content_type: 'video/mp4', size: clip.length, kind: 'hook' } })).json();
    const target = (await call({ method: 'POST', url: `/api/brand-videos/${created.id}/upload_url/`, payload: {} })).json();
    expect(target.upload_url).toContain('X-Amz-Signature=');
    // the signature covers size, type and a conditional write (If-None-Match: *), which S3 uses to
    // refuse a second PUT once the object exists (s3rver does not implement conditional writes)
    expect(target.upload_url).toContain('X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost%3Bif-none-match');
    expect(target.headers).toEqual({ 'Content-Type': 'video/mp4', 'If-None-Match': '*' });

    // S3 itself refuses a body of another size or type than signed
    expect((await fetch(target.upload_url, { method: 'PUT', headers: target.headers, body: new Uint8Array(Buffer.concat([clip, Buffer.alloc(1)])) })).status).toBe(403);
    expect((await fetch(target.upload_url, { method: 'PUT', headers: { 'Content-Type': 'video/webm' }, body: new Uint8Array(clip) })).status).toBe(403);
    const missing = await call({ method: 'POST', url: `/api/brand-videos/${created.id}/confirm_upload/`, payload: {} });
    expect(missing.json().code).toBe('upload_missing');

    expect((await fetch(target.upload_url, { method: 'PUT', headers: target.headers, body: new Uint8Array(clip) })).status).toBe(200);
    const ready = (await call({ method: 'POST', url: `/api/brand-videos/${created.id}/confirm_upload/`, payload: {} })).json();
    expect(ready).toMatchObject({ status: 'ready', width: 64, height: 112, codec: 'h264' });
    const played = await fetch(ready.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-disposition')).toBe('inline; filename="clip.mp4"');
    expect(played.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await played.arrayBuffer()).equals(clip)).toBe(true);
    const thumb = await fetch(ready.thumbnail_url);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');

    expect((await call({ method: 'DELETE', url: `/api/brand-videos/${created.id}/` })).statusCode).toBe(204);
    expect((await fetch(ready.url)).status).toBe(404);
  });

  it('fails a file that is not a video', async () => {
    const call = as(t.app, user);
    const junk = Buffer.from('not a video');
    const created = (await call({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'x.mp4', content_type: 'video/mp4', size: junk.length } })).json();
    const target = (await call({ method: 'POST', url: `/api/brand-videos/${created.id}/upload_url/` })).json();
    expect((await fetch(target.upload_url, { method: 'PUT', headers: target.headers, body: new Uint8Array(junk) })).status).toBe(200);
    const failed = (await call({ method: 'POST', url: `/api/brand-videos/${created.id}/confirm_upload/` })).json();
    expect(failed).toMatchObject({ status: 'failed', error: 'This file is not a video we can read.' });
  });
});
