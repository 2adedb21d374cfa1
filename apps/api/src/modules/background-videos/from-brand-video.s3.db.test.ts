import { startS3TestServer, type S3TestServer } from '@hookwall/storage/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { makeTestVideo } from '../media/media.test-helpers.ts';

/** A clip made a background with S3_BUCKET set: the store copies the objects (CopyObject), against s3rver in its own process. */
describe('a clip as a background on S3-compatible storage', () => {
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
    user = (await userWithTeam(t.app, 'S3 Footage')).user;
  });
  afterAll(async () => {
    await t?.close();
    await server?.stop();
  });

  it('copies the file and thumbnail in the store, and the background plays after the clip is deleted', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const clip = makeTestVideo();
    const call = as(t.app, user);
    const created = (await call({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'demo.mp4', content_type: 'video/mp4', size: clip.length, kind: 'product_demo' } })).json();
    const target = (await call({ method: 'POST', url: `/api/brand-videos/${created.id}/upload_url/`, payload: {} })).json();
    expect((await fetch(target.upload_url, { method: 'PUT', headers: target.headers, body: new Uint8Array(clip) })).status).toBe(200);
    expect((await call({ method: 'POST', url: `/api/brand-videos/${created.id}/confirm_upload/`, payload: {} })).json().status).toBe('ready');

    const made = await call({ method: 'POST', url: '/api/text-wall-background-videos/from_brand_video/', payload: { brand_video_id: created.id } });
    expect(made.statusCode).toBe(201);
    expect((await call({ method: 'DELETE', url: `/api/brand-videos/${created.id}/` })).statusCode).toBe(204);
    const bg = (await call({ method: 'GET', url: `/api/text-wall-background-videos/${made.json().id}/` })).json();
    expect(bg).toMatchObject({ status: 'ready', source_brand_video_id: null, width: 64, height: 112 });
    const played = await fetch(bg.url);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await played.arrayBuffer()).equals(clip)).toBe(true);
    expect((await fetch(bg.thumbnail_url)).headers.get('content-type')).toBe('image/jpeg');
  });
});
