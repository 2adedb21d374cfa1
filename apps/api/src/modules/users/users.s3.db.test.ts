import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startS3TestServer, type S3TestServer } from '@hookwall/storage/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(content: Buffer, type = 'image/png') {
  const boundary = '----hookwall-s3-avatar';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Avatars with S3_BUCKET set, against a real S3-compatible server (s3rver) in its own process: nothing lands in DATA_DIR. */
describe('avatars on S3-compatible storage', () => {
  let server: S3TestServer;
  let t: TestApp;

  beforeAll(async () => {
    server = await startS3TestServer('avatars');
    t = await createTestApp({
      S3_BUCKET: server.bucket,
      S3_ENDPOINT: server.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    });
  });
  afterAll(async () => {
    await t?.close();
    await server?.stop();
  });

  it('uploads into the bucket and serves the avatar through a redirect to a signed URL', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const user = await registerUser(t.app);
    const res = await as(t.app, user)({ method: 'POST', url: '/api/users/profile/upload-image/', ...multipart(PNG) });
    expect(res.statusCode).toBe(200);
    const { avatar_url } = res.json();
    expect(avatar_url).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.png$/);
    expect((await as(t.app, user)({ method: 'GET', url: '/api/auth/user/' })).json().avatar_url).toBe(avatar_url);

    expect(await t.deps.storage.head(avatar_url.replace('/media/', ''))).toEqual({ size: PNG.length, contentType: 'image/png' });
    expect(existsSync(join(t.dataDir, 'media'))).toBe(false);
    expect(existsSync(join(t.dataDir, 'storage'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: avatar_url });
    expect(served.statusCode).toBe(302);
    expect(served.headers.location).toContain('X-Amz-Signature=');
    expect(served.headers['cache-control']).toBe('private, max-age=3000');
    const image = await fetch(served.headers.location as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('stores an SVG as the PNG drawn from it, and answers 404 for an avatar that is not in the bucket', async () => {
    const user = await registerUser(t.app);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#00f"/></svg>';
    const res = await as(t.app, user)({ method: 'POST', url: '/api/users/profile/upload-image/', ...multipart(Buffer.from(svg), 'image/svg+xml') });
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar_url).toMatch(/\.png$/);
    const image = await fetch((await t.app.inject({ method: 'GET', url: res.json().avatar_url })).headers.location as string);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(0, 8)).toEqual(PNG.subarray(0, 8));

    const missing = await t.app.inject({ method: 'GET', url: '/media/avatars/00000000-0000-4000-8000-000000000000.png' });
    expect(missing.statusCode).toBe(404);
  });
});
