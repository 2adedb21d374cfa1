import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '@hookwall/storage';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';

/** The local storage routes over a real socket, as a browser reaches them. */
describe('local upload and download routes over HTTP', () => {
  let t: TestApp;
  let origin: string;
  let storage: LocalStorage;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    storage = t.deps.storage as LocalStorage;
    admin = (await userWithTeam(t.app, 'Media Routes')).user;
  });
  afterAll(() => t.close());

  // local storage hands out root-relative URLs; the browser resolves them against the page's origin
  const local = (url: string) => `${origin}${url}`;
  /** The key a local upload URL is signed for. */
  const keyOf = (url: string) => JSON.parse(Buffer.from(new URL(url, origin).searchParams.get('token')!.split('.')[0]!, 'base64url').toString()).key as string;
  /** An upload URL of a new brand video declared `size` bytes long, as the app hands it out. */
  async function uploadTarget(size: number) {
    const call = as(t.app, admin);
    const video = (await call({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'clip.mp4', content_type: 'video/mp4', size } })).json();
    const target = (await call({ method: 'POST', url: `/api/brand-videos/${video.id}/upload_url/`, payload: {} })).json();
    return { url: target.upload_url as string, headers: target.headers as Record<string, string>, key: keyOf(target.upload_url) };
  }
  let stored = '';

  it('stores a body within the signed size', async () => {
    const target = await uploadTarget(5000);
    const res = await fetch(local(target.url), { method: 'PUT', headers: target.headers, body: Buffer.alloc(5000, 1) });
    expect(res.status).toBe(200);
    expect(await storage.head(target.key)).toEqual({ size: 5000, contentType: 'video/mp4' });
    stored = target.key;
  });

  it('refuses a URL the app did not record, even with a valid signature', async () => {
    const key = 'teams/1/uploads/00000000-0000-4000-8000-000000000001.mp4';
    const unrecorded = await storage.putUrl(key, 'video/mp4', 10);
    const res = await fetch(local(unrecorded.url), { method: 'PUT', headers: unrecorded.headers, body: Buffer.alloc(10) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: 'This upload URL is no longer valid. Ask for a new one.', code: 'upload_url_revoked' });
    // (this key alone: the other tests' uploads have random names, which may start with 0 too)
    expect(await storage.list(key)).toEqual([]);
  });

  it('answers 413 to a declared length above the signed size, before reading the body', async () => {
    const target = await uploadTarget(1000);
    const res = await fetch(local(target.url), { method: 'PUT', headers: target.headers, body: Buffer.alloc(200_000) });
    expect(res.status).toBe(413);
    expect(await storage.head(target.key)).toBeNull();
  });

  it('cuts off a streamed body that grows past the signed size', async () => {
    const target = await uploadTarget(1000);
    const body = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 50; i++) controller.enqueue(new Uint8Array(1000));
        controller.close();
      },
    });
    const outcome = await fetch(local(target.url), { method: 'PUT', headers: target.headers, body, duplex: 'half' } as RequestInit).then(
      (res) => res.status,
      () => 'connection closed',
    );
    // the server answers 413 and closes; a client still sending may see the close first
    expect([413, 'connection closed']).toContain(outcome);
    expect(await storage.head(target.key)).toBeNull();
  });

  it('serves a download with its type, disposition and ranges', async () => {
    const url = local(await storage.getUrl(stored, { filename: 'Démo.mp4' }));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="D_mo.mp4"; filename*=UTF-8''D%C3%A9mo.mp4`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect((await res.arrayBuffer()).byteLength).toBe(5000);
    const tail = await fetch(url, { headers: { range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 4900-4999/5000');
    expect((await fetch(url, { headers: { range: 'bytes=6000-' } })).status).toBe(416);
    expect((await fetch(`${origin}/media/files/?token=nope`)).status).toBe(403);
  });
});
