import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startS3TestServer, type S3TestServer } from './s3-test-server.ts';
import { contentDisposition, LocalStorage, objectKey, S3Storage, stableExpiry, UploadError } from './index.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hookwall-storage-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString('utf8');

describe('keys', () => {
  it('are teams/{teamId}/{kind}/{uuid}.{ext} and refuse anything else', () => {
    expect(objectKey(7, 'brand-videos', 'mp4')).toMatch(/^teams\/7\/brand-videos\/[0-9a-f-]{36}\.mp4$/);
    expect(() => objectKey(7, '../x', 'mp4')).toThrow();
    expect(() => objectKey(7, 'a', 'mp4/../../x')).toThrow();
  });
  it('download names are safe in a header', () => {
    expect(contentDisposition('Démo "final".mp4')).toBe(`inline; filename="D_mo _final_.mp4"; filename*=UTF-8''D%C3%A9mo%20%22final%22.mp4`);
    expect(contentDisposition(undefined, 'attachment')).toBe('attachment');
    expect(contentDisposition('clip 1.mp4', 'attachment')).toBe('attachment; filename="clip 1.mp4"');
  });
  it('download expiry is stable within the hour and one to two hours away', () => {
    const now = Date.UTC(2026, 0, 1, 10, 5);
    expect(stableExpiry(now)).toBe(stableExpiry(now + 50 * 60_000));
    expect(stableExpiry(now) - now).toBeGreaterThanOrEqual(3600_000);
    expect(stableExpiry(now) - now).toBeLessThanOrEqual(7200_000);
  });
});

describe('local storage', () => {
  let clock = Date.now();
  const storage = new LocalStorage({ dataDir: tempDir(), publicUrl: 'http://app.test', secret: 'k', now: () => clock });
  const key = 'teams/1/brand-videos/11111111-1111-4111-8111-111111111111.mp4';

  it('accepts one PUT within the signed size and type, once', async () => {
    const target = await storage.putUrl(key, 'video/mp4', 10);
    expect(target.url).toMatch(/^http:\/\/app\.test\/media\/upload\/\?token=/);
    expect(target.headers).toEqual({ 'Content-Type': 'video/mp4' });
    await storage.receiveUpload(tokenOf(target.url), 'video/mp4', 5, Readable.from([Buffer.from('hello')]));
    expect(await storage.head(key)).toEqual({ size: 5, contentType: 'video/mp4' });
    expect(await text(await storage.read(key))).toBe('hello');
    await expect(storage.receiveUpload(tokenOf(target.url), 'video/mp4', 5, Readable.from([Buffer.from('again')]))).rejects.toMatchObject({ reason: 'used' });
  });

  it('cuts off a body bigger than signed while streaming, and keeps no partial file', async () => {
    const other = 'teams/1/brand-videos/22222222-2222-4222-8222-222222222222.mp4';
    const target = await storage.putUrl(other, 'video/mp4', 8);
    const body = Readable.from([Buffer.alloc(4), Buffer.alloc(4), Buffer.alloc(4)]);
    await expect(storage.receiveUpload(tokenOf(target.url), 'video/mp4', undefined, body)).rejects.toMatchObject({ reason: 'too_large' });
    expect(await storage.head(other)).toBeNull();
    const again = await storage.putUrl(other, 'video/mp4', 8);
    await expect(storage.receiveUpload(tokenOf(again.url), 'video/mp4', 9, Readable.from([]))).rejects.toMatchObject({ reason: 'too_large' });
  });

  it('refuses another content type, a changed token and an expired one', async () => {
    const target = await storage.putUrl(key, 'video/mp4', 10);
    await expect(storage.receiveUpload(tokenOf(target.url), 'video/webm', 1, Readable.from([]))).rejects.toMatchObject({ reason: 'content_type' });
    const [payload, sig] = tokenOf(target.url).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), maxBytes: 1e9 })).toString('base64url');
    expect(() => storage.verifyUpload(`${forged}.${sig}`)).toThrow(UploadError);
    clock += 15 * 60_000 + 1;
    expect(() => storage.verifyUpload(tokenOf(target.url))).toThrow(/expired/);
    // markers of used URLs are swept once those URLs have expired
    clock += 2 * 60 * 60_000;
    expect(await storage.sweepMarkers()).toBeGreaterThanOrEqual(1);
    clock = Date.now();
  });

  it('deletes everything under a prefix, and only that', async () => {
    await storage.write('teams/9/brand-videos/a.mp4', Buffer.from('a'), { contentType: 'video/mp4' });
    await storage.write('teams/9/thumbnails/b.jpg', Buffer.from('b'), { contentType: 'image/jpeg' });
    await storage.write('teams/90/brand-videos/c.mp4', Buffer.from('c'), { contentType: 'video/mp4' });
    expect(await storage.deletePrefix('teams/9')).toBe(2);
    expect(await storage.head('teams/9/brand-videos/a.mp4')).toBeNull();
    expect(await storage.head('teams/90/brand-videos/c.mp4')).not.toBeNull();
    expect(await storage.deletePrefix('teams/9')).toBe(0);
    await expect(storage.deletePrefix('../etc')).rejects.toThrow();
  });

  it('asks the caller before reading a body and again before the file appears; a refusal stores nothing', async () => {
    const upload = 'teams/5/uploads/66666666-6666-4666-8666-666666666666.mp4';
    const refused = await storage.putUrl(upload, 'video/mp4', 10);
    const no = async () => {
      throw new Error('closed');
    };
    await expect(storage.receiveUpload(tokenOf(refused.url), 'video/mp4', 5, Readable.from([Buffer.from('hello')]), { authorize: no })).rejects.toThrow('closed');
    expect(await storage.head(upload)).toBeNull();
    // closed while the body came in: the finished body is dropped, not stored
    let calls = 0;
    const late = await storage.putUrl(upload, 'video/mp4', 10);
    const closesLate = async () => {
      if (++calls === 2) throw new Error('closed meanwhile');
    };
    await expect(storage.receiveUpload(tokenOf(late.url), 'video/mp4', 5, Readable.from([Buffer.from('hello')]), { authorize: closesLate })).rejects.toThrow('closed meanwhile');
    expect(calls).toBe(2);
    expect(await storage.list('teams/5/')).toEqual([]);
  });

  it('lists keys by prefix and moves an object with its content type', async () => {
    await storage.write('teams/8/renders/r1-a.mp4', Buffer.from('a'), { contentType: 'video/mp4' });
    await storage.write('teams/8/renders/r1.part-0.mp4', Buffer.from('p'), { contentType: 'video/mp4' });
    await storage.write('teams/8/renders/r2-a.mp4', Buffer.from('b'), { contentType: 'video/mp4' });
    await storage.write('teams/8/uploads/u.webm', Buffer.from('u'), { contentType: 'video/webm' });
    expect(await storage.list('teams/8/renders/r1')).toEqual(['teams/8/renders/r1-a.mp4', 'teams/8/renders/r1.part-0.mp4']);
    expect(await storage.list('teams/8/')).toHaveLength(4);
    expect(await storage.list('teams/80/')).toEqual([]);
    await storage.move('teams/8/uploads/u.webm', 'teams/8/brand-videos/v.webm');
    expect(await storage.head('teams/8/uploads/u.webm')).toBeNull();
    expect(await storage.head('teams/8/brand-videos/v.webm')).toEqual({ size: 1, contentType: 'video/webm' });
    await expect(storage.move('teams/8/uploads/u.webm', 'teams/8/brand-videos/w.webm')).rejects.toThrow();
    await expect(storage.list('../etc/')).rejects.toThrow();
  });

  it('copies an object with its content type; the copy outlives the original', async () => {
    await storage.write('teams/9/brand-videos/a.mp4', Buffer.from('clip'), { contentType: 'video/quicktime' });
    await storage.copy('teams/9/brand-videos/a.mp4', 'teams/9/backgrounds/b.mp4');
    expect(await storage.head('teams/9/backgrounds/b.mp4')).toEqual({ size: 4, contentType: 'video/quicktime' });
    // replacing or deleting the original leaves the copy as it was
    await storage.write('teams/9/brand-videos/a.mp4', Buffer.from('changed'), { contentType: 'video/mp4' });
    await storage.delete('teams/9/brand-videos/a.mp4');
    expect(Buffer.concat(await (await storage.read('teams/9/backgrounds/b.mp4')).toArray()).toString()).toBe('clip');
    expect(await storage.list('teams/9/')).toEqual(['teams/9/backgrounds/b.mp4']);
    await expect(storage.copy('teams/9/brand-videos/a.mp4', 'teams/9/backgrounds/c.mp4')).rejects.toThrow();
    expect(await storage.head('teams/9/backgrounds/c.mp4')).toBeNull();
  });

  it('signs download URLs with the content type and disposition, and deletes', async () => {
    const url = await storage.getUrl(key, { filename: 'demo.mp4' });
    const claims = storage.verifyDownload(tokenOf(url))!;
    expect(claims).toMatchObject({ key, contentType: 'video/mp4', disposition: 'inline; filename="demo.mp4"' });
    expect(storage.verifyDownload(`${tokenOf(url)}x`)).toBeNull();
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
  });
});

describe('S3 storage against a real S3-compatible server (s3rver, in its own process)', () => {
  let server: S3TestServer;
  let storage: S3Storage;

  beforeAll(async () => {
    server = await startS3TestServer('media');
    storage = new S3Storage({
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const key = 'teams/3/brand-videos/33333333-3333-4333-8333-333333333333.mp4';

  it('uploads through the presigned PUT and reads back', async () => {
    const body = randomBytes(1000);
    const target = await storage.putUrl(key, 'video/mp4', body.length);
    const res = await fetch(target.url, { method: 'PUT', headers: target.headers, body });
    expect(res.status).toBe(200);
    expect(await storage.head(key)).toEqual({ size: 1000, contentType: 'video/mp4' });
    expect(Buffer.concat(await (await storage.read(key)).toArray()).equals(body)).toBe(true);
  });

  it('refuses a PUT bigger than declared or of another type', async () => {
    const other = 'teams/3/brand-videos/44444444-4444-4444-8444-444444444444.mp4';
    const target = await storage.putUrl(other, 'video/mp4', 100);
    const bigger = await fetch(target.url, { method: 'PUT', headers: target.headers, body: randomBytes(101) });
    expect(bigger.status).toBe(403);
    const wrongType = await fetch(target.url, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: randomBytes(100) });
    expect(wrongType.status).toBe(403);
    expect(await storage.head(other)).toBeNull();
  });

  it('serves signed downloads with the disposition, writes, and deletes', async () => {
    const url = await storage.getUrl(key, { disposition: 'attachment' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect((await res.arrayBuffer()).byteLength).toBe(1000);
    // s3rver canonicalises ' and * differently from S3 (Node's querystring leaves them unescaped), so
    // a filename*= disposition is checked in the signed URL rather than fetched
    const named = new URL(await storage.getUrl(key, { filename: 'démo.mp4' }));
    expect(named.searchParams.get('response-content-disposition')).toBe(`inline; filename="d_mo.mp4"; filename*=UTF-8''d%C3%A9mo.mp4`);
    expect(await storage.getUrl(key, { filename: 'démo.mp4' })).toBe(named.toString());
    const thumb = 'teams/3/thumbnails/55555555-5555-4555-8555-555555555555.jpg';
    await storage.write(thumb, Readable.from([Buffer.from('jpeg')]), { contentType: 'image/jpeg' });
    expect(await storage.head(thumb)).toEqual({ size: 4, contentType: 'image/jpeg' });
    expect((await fetch(await storage.sourceFor(thumb))).status).toBe(200);
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
  });

  it('moves an object inside the store, keeping its content type', async () => {
    const from = 'teams/3/uploads/77777777-7777-4777-8777-777777777777.mp4';
    const to = 'teams/3/brand-videos/88888888-8888-4888-8888-888888888888.mp4';
    const body = randomBytes(300);
    await storage.write(from, body, { contentType: 'video/mp4' });
    await storage.move(from, to);
    expect(await storage.head(from)).toBeNull();
    expect(await storage.head(to)).toEqual({ size: 300, contentType: 'video/mp4' });
    expect(Buffer.concat(await (await storage.read(to)).toArray()).equals(body)).toBe(true);
  });

  it('copies an object inside the store (CopyObject), and the copy outlives the original', async () => {
    const from = 'teams/3/brand-videos/99999999-9999-4999-8999-999999999999.mp4';
    const to = 'teams/3/backgrounds/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa.mp4';
    const body = randomBytes(200);
    await storage.write(from, body, { contentType: 'video/webm' });
    await storage.copy(from, to);
    await storage.delete(from);
    expect(await storage.head(to)).toEqual({ size: 200, contentType: 'video/webm' });
    expect(Buffer.concat(await (await storage.read(to)).toArray()).equals(body)).toBe(true);
  });

  it('deletes everything under a prefix (on a server that accepts bucket-level signatures)', async () => {
    const lax = await startS3TestServer('media', { isLax: true });
    const storage = new S3Storage({ bucket: 'media', region: 'us-east-1', endpoint: lax.endpoint, accessKeyId: lax.accessKeyId, secretAccessKey: lax.secretAccessKey, forcePathStyle: true });
    onTestFinished(() => lax.stop());
    for (const k of ['teams/7/brand-videos/a.mp4', 'teams/7/thumbnails/b.jpg', 'teams/70/brand-videos/c.mp4']) {
      await storage.write(k, Buffer.from('x'), { contentType: 'application/octet-stream' });
    }
    expect(await storage.list('teams/7/')).toEqual(['teams/7/brand-videos/a.mp4', 'teams/7/thumbnails/b.jpg']);
    expect(await storage.list('teams/7/brand')).toEqual(['teams/7/brand-videos/a.mp4']);
    expect(await storage.deletePrefix('teams/7')).toBe(2);
    expect(await storage.list('teams/7/')).toEqual([]);
    expect(await storage.head('teams/7/thumbnails/b.jpg')).toBeNull();
    expect(await storage.head('teams/70/brand-videos/c.mp4')).not.toBeNull();
  });
});
