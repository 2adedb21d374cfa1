import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { users } from '@hookwall/db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----hookwall-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('avatar upload', () => {
  it.each(['/api/users/profile/upload-image/', '/users/api/profile/upload-image/'])('stores a PNG through %s and serves it back', async (url) => {
    const user = await registerUser(t.app);
    const res = await as(t.app, user)({ method: 'POST', url, ...multipart('avatar', 'me.png', 'image/png', PNG) });
    expect(res.statusCode).toBe(200);
    const { avatar_url } = res.json();
    expect(avatar_url).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.png$/);
    const me = (await as(t.app, user)({ method: 'GET', url: '/api/auth/user/' })).json();
    expect(me.avatar_url).toBe(avatar_url);
    const served = await t.app.inject({ method: 'GET', url: avatar_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // stored through the storage interface, like every other file
    expect(await t.deps.storage.head(avatar_url.replace('/media/', ''))).toEqual({ size: PNG.length, contentType: 'image/png' });
    // a new photo replaces it: the old file goes, so only the current one is stored
    const again = (await as(t.app, user)({ method: 'POST', url, ...multipart('avatar', 'me.png', 'image/png', PNG) })).json();
    expect(again.avatar_url).not.toBe(avatar_url);
    expect(await t.deps.storage.head(avatar_url.replace('/media/', ''))).toBeNull();
    expect(await t.deps.storage.head(again.avatar_url.replace('/media/', ''))).not.toBeNull();
  });

  it('judges by content, not by the declared type or name', async () => {
    const user = await registerUser(t.app);
    const fake = await as(t.app, user)({ method: 'POST', url: '/api/users/profile/upload-image/', ...multipart('avatar', 'me.png', 'image/png', Buffer.from('MZ\x90\x00 not an image')) });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().detail).toMatch(/valid image file/);
    const me = (await as(t.app, user)({ method: 'GET', url: '/api/auth/user/' })).json();
    expect(me.avatar_url).toBeNull();
  });

  it('stores an SVG as a PNG drawn from it, so no script, handler or link survives, and refuses entities', async () => {
    const user = await registerUser(t.app);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64" onload="alert(1)"><script>alert(2)</script><rect width="64" height="64" fill="#ff0000"/><a href="javascript:alert(3)"><circle r="4" onclick="x()"/></a><image xlink:href="https://evil.example/x.png" width="64" height="64"/><image href="file:///etc/hostname"/></svg>`;
    const res = await as(t.app, user)({ method: 'POST', url: '/api/users/profile/upload-image/', ...multipart('avatar', 'a.svg', 'image/svg+xml', Buffer.from(svg)) });
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar_url).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().avatar_url });
    expect(served.headers['content-type']).toBe('image/png');
    const png = served.rawPayload;
    expect(png.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expect(png.toString('latin1')).not.toMatch(/script|onload|onclick|javascript:|evil\.example|hostname/i);
    // the drawing itself survived: the centre pixel is the rectangle's red
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(64);
    const centre = (32 * info.width + 32) * info.channels;
    expect([data[centre], data[centre + 1], data[centre + 2]]).toEqual([255, 0, 0]);
    const xxe = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>`;
    const refused = await as(t.app, user)({ method: 'POST', url: '/api/users/profile/upload-image/', ...multipart('avatar', 'x.svg', 'image/svg+xml', Buffer.from(xxe)) });
    expect(refused.statusCode).toBe(400);
    // a tiny file asking for a gigantic canvas is refused, not drawn
    const huge = `<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="10" height="10"/></svg>`;
    const bomb = await as(t.app, user)({ method: 'POST', url: '/api/users/profile/upload-image/', ...multipart('avatar', 'huge.svg', 'image/svg+xml', Buffer.from(huge)) });
    expect(bomb.statusCode).toBe(400);
  });

  it('refuses files over 5 MB, a missing field and a non-multipart body', async () => {
    const user = await registerUser(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await as(t.app, user)({ method: 'POST', url: '/api/users/profile/upload-image/', ...multipart('avatar', 'big.png', 'image/png', big) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().detail).toMatch(/5 MB/);
    const wrongField = await as(t.app, user)({ method: 'POST', url: '/api/users/profile/upload-image/', ...multipart('photo', 'me.png', 'image/png', PNG) });
    expect(wrongField.statusCode).toBe(400);
    const json = await as(t.app, user)({ method: 'POST', url: '/api/users/profile/upload-image/', payload: { avatar: 'x' } });
    expect(json.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/profile/upload-image/', ...multipart('avatar', 'me.png', 'image/png', PNG) })).statusCode).toBe(401);
  });

  it('answers 404 for an avatar that does not exist or a path that tries to escape', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/avatars/00000000-0000-4000-8000-000000000000.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/avatars/..%2F..%2Fjwt-secret' })).statusCode).toBe(404);
  });
});

describe('avatars written by older versions to DATA_DIR/media/avatars', () => {
  it('are moved into storage at start, under the key the database holds', async () => {
    const file = `${randomUUID()}.png`;
    const legacy = await createTestApp({}, {
      beforeReady: (app) => {
        mkdirSync(join(app.deps.config.DATA_DIR, 'media', 'avatars'), { recursive: true });
        writeFileSync(join(app.deps.config.DATA_DIR, 'media', 'avatars', file), PNG);
      },
    });
    try {
      expect(await legacy.deps.storage.head(`avatars/${file}`)).toEqual({ size: PNG.length, contentType: 'image/png' });
      expect(existsSync(join(legacy.dataDir, 'media'))).toBe(false);
      const served = await legacy.app.inject({ method: 'GET', url: `/media/avatars/${file}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
    } finally {
      await legacy.close();
    }
  });
});

describe('user signups dashboard', () => {
  it('is for staff only and counts sign-ups per day for 90 days', async () => {
    const user = await registerUser(t.app);
    expect((await as(t.app, user)({ method: 'GET', url: '/dashboard/api/user-signups/' })).statusCode).toBe(403);
    await t.deps.db.update(users).set({ isStaff: true }).where(eq(users.id, user.id));
    // two sign-ups ten days ago, one too old to show
    const tenDaysAgo = new Date(Date.now() - 10 * 86400_000);
    for (const [joined, count] of [
      [tenDaysAgo, 2],
      [new Date(Date.now() - 100 * 86400_000), 1],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const other = await registerUser(t.app);
        await t.deps.db.update(users).set({ dateJoined: joined }).where(eq(users.id, other.id));
      }
    }
    const res = await as(t.app, user)({ method: 'GET', url: '/dashboard/api/user-signups/' });
    expect(res.statusCode).toBe(200);
    const days: { date: string; count: number }[] = res.json();
    expect(days).toHaveLength(90);
    expect(days.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    days.forEach((d, i) => i > 0 && expect(Date.parse(d.date) - Date.parse(days[i - 1]!.date)).toBe(86400_000));
    expect(days.find((d) => d.date === tenDaysAgo.toISOString().slice(0, 10))?.count).toBe(2);
    const everyone = await t.deps.db.select({ id: users.id }).from(users);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(everyone.length - 1);
  });
});
