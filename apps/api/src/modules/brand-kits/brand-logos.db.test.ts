import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { multipart } from './brand-kits.test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Logo Makers'));
});
afterAll(async () => t?.close());

const api = (options: Parameters<ReturnType<typeof as>>[0], user = admin, slug = team.slug) =>
  as(t.app, user)({ ...options, headers: { 'x-team-slug': slug, ...(options.headers ?? {}) } });
const newKit = async (name = 'Logo kit') => (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name } })).json() as { id: string };
const uploadLogo = (kitId: string, content: Buffer, filename = 'logo.png', type = 'image/png') => {
  const body = multipart('logo', filename, type, content);
  return api({ method: 'POST', url: `/api/brand-kits/${kitId}/logo/`, payload: body.payload, headers: body.headers });
};
const fetchSigned = async (url: string) => t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
const storedLogos = () => t.deps.storage.list(`teams/${team.id}/brand-logos/`);

/** A transparent canvas with opaque red squares where asked. */
async function pngWith(width: number, height: number, squares: { left: number; top: number; size: number }[]) {
  const square = (size: number) => sharp({ create: { width: size, height: size, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(await Promise.all(squares.map(async (s) => ({ input: await square(s.size), left: s.left, top: s.top }))))
    .png()
    .toBuffer();
}

/** A PNG that declares `width`×`height` grey pixels, all zero: a few hundred kilobytes that unpack to width×height bytes. */
function zeroPng(width: number, height: number, rows = height) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    // the CRC is not checked before the size is: any value does for these tests
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/brand-kits/{id}/logo/', () => {
  it('stores a PNG trimmed of its empty borders, with its transparency, and replaces the logo before', async () => {
    const kit = await newKit();
    // two squares, 100 px apart diagonally, on a 400×400 transparent canvas
    const res = await uploadLogo(kit.id, await pngWith(400, 400, [{ left: 100, top: 120, size: 50 }, { left: 250, top: 270, size: 50 }]));
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl = res.json().logo_url;
    expect(logoUrl).toBeTruthy();
    const served = await fetchSigned(logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([200, 200, 4]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    expect(pixel(10, 10)).toEqual([255, 0, 0, 255]);
    expect(pixel(190, 190)).toEqual([255, 0, 0, 255]);
    expect(pixel(190, 10)[3]).toBe(0);
    expect(pixel(100, 100)[3]).toBe(0);
    expect((await api({ method: 'GET', url: `/api/brand-kits/${kit.id}/` })).json().logo_url).toBeTruthy();
    const [first] = await storedLogos();
    expect(await storedLogos()).toHaveLength(1);

    // a new logo replaces it: the old file goes
    const again = await uploadLogo(kit.id, await pngWith(64, 64, [{ left: 0, top: 0, size: 64 }]));
    expect(again.statusCode).toBe(200);
    const keys = await storedLogos();
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(first);

    // and DELETE removes it
    expect((await api({ method: 'DELETE', url: `/api/brand-kits/${kit.id}/logo/` })).statusCode).toBe(204);
    expect((await api({ method: 'GET', url: `/api/brand-kits/${kit.id}/` })).json().logo_url).toBeNull();
    expect(await storedLogos()).toEqual([]);
    expect((await api({ method: 'DELETE', url: `/api/brand-kits/${kit.id}/logo/` })).statusCode).toBe(204);
  });

  it('takes JPEG and WebP by their bytes, whatever their name, and shrinks a large logo to 2048 px on its long side', async () => {
    const kit = await newKit();
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#2255aa' } })
      .composite([{ input: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer(), left: 0, top: 0 }])
      .jpeg()
      .toBuffer();
    const jpeg = await uploadLogo(kit.id, photo, 'logo.svg', 'image/svg+xml');
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    const jpegMeta = await sharp((await fetchSigned(jpeg.json().logo_url)).rawPayload).metadata();
    expect([jpegMeta.format, jpegMeta.width, jpegMeta.height]).toEqual(['png', 2048, 683]);

    const webp = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } }).webp({ lossless: true }).toBuffer();
    const res = await uploadLogo(kit.id, webp, 'logo.png');
    expect(res.statusCode, res.body).toBe(200);
    const { data, info } = await sharp((await fetchSigned(res.json().logo_url)).rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([300, 100, 4]);
    expect(data[3]).toBeGreaterThan(120);
    expect(data[3]).toBeLessThan(135);
  });

  it('draws an SVG as a PNG at 2048 px on its long side, transparency kept', async () => {
    const kit = await newKit();
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50"><rect x="0" y="0" width="100" height="50" fill="#00ff00"/><circle cx="25" cy="25" r="10" fill="#ffffff" fill-opacity="0"/><rect x="60" y="10" width="30" height="30" fill="#0000ff"/><image width="10" height="10" href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="/></svg>`;
    const res = await uploadLogo(kit.id, Buffer.from(svg), 'logo.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const png = (await fetchSigned(res.json().logo_url)).rawPayload;
    expect(png.toString('latin1')).not.toMatch(/<svg/);
    const { info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([2048, 1024, 4]);
  });

  it('refuses an SVG with a script, an event handler or any outside reference, and never fetches it', async () => {
    const requests: string[] = [];
    const server: Server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const kit = await newKit();
      const svg = (body: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64"${attrs}><rect width="64" height="64" fill="#f00"/>${body}</svg>`;
      const cases: [string, RegExp][] = [
        [svg('<script>alert(1)</script>'), /script/],
        [svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'), /script/],
        [svg('', ' onload="alert(1)"'), /event handlers/],
        [svg('<circle r="4" ONCLICK = "x()"/>'), /event handlers/],
        [svg(`<image href="${origin}/image.png" width="64" height="64"/>`), /outside itself/],
        [svg(`<image xlink:href="${origin}/xlink.png" width="64" height="64"/>`), /outside itself/],
        [svg(`<image href='//127.0.0.1:${origin.split(':').pop()}/relative.png'/>`), /outside itself/],
        [svg('<image href="file:///etc/hostname"/>'), /outside itself/],
        [svg(`<use href="${origin}/sprite.svg#logo"/>`), /outside itself/],
        [svg(`<rect width="10" height="10" style="fill: url(${origin}/paint.svg#p)"/>`), /outside itself/],
        [svg(`<style>@import url("${origin}/style.css");</style>`), /stylesheet/],
        [`<?xml version="1.0"?><?xml-stylesheet href="${origin}/x.css"?>${svg('')}`, /stylesheet/],
        [`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg('<text>&x;</text>')}`, /DOCTYPE/],
        [svg('<a href="javascript:alert(1)"><rect width="5" height="5"/></a>'), /outside itself/],
      ];
      for (const [body, message] of cases) {
        const res = await uploadLogo(kit.id, Buffer.from(body), 'logo.svg', 'image/svg+xml');
        expect(res.statusCode, body).toBe(400);
        expect(Object.keys(res.json())).toEqual(['logo']);
        expect(res.json().logo[0]).toMatch(message);
      }
      // an image referenced only by a fragment or embedded as data is drawn
      const fine = await uploadLogo(kit.id, Buffer.from(svg('<defs><linearGradient id="g"><stop offset="0" stop-color="#00f"/></linearGradient></defs><rect width="32" height="32" fill="url(#g)"/><use href="#g"/>')), 'l.svg');
      expect(fine.statusCode, fine.body).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(requests).toEqual([]);
      expect(fine.json().logo_url).toBeTruthy();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a 20,000 px PNG, a decompression bomb, a damaged image and what is no image, with a 400 on logo and nothing stored', async () => {
    const kit = await newKit('Untouched logo');
    const before = await storedLogos();
    const real = await pngWith(40, 40, [{ left: 0, top: 0, size: 40 }]);
    const cases: [Buffer, RegExp][] = [
      [zeroPng(20_000, 100), /at most 10,000 pixels on a side/],
      [zeroPng(20_000, 20_000, 1), /at most 10,000 pixels on a side/],
      // 81 million pixels in about 80 KB
      [zeroPng(9_000, 9_000), /at most 40,000,000/],
      [real.subarray(0, real.length - 30), /could not be read/],
      [Buffer.concat([real.subarray(0, 40), Buffer.alloc(200, 7)]), /could not be read/],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), /PNG, JPEG, WebP or SVG/],
      [Buffer.from('%PDF-1.7 not a logo'), /PNG, JPEG, WebP or SVG/],
      [Buffer.from('<html><body>hi</body></html>'), /PNG, JPEG, WebP or SVG/],
      [Buffer.alloc(0), /empty/],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect'), /could not be/],
    ];
    for (const [content, message] of cases) {
      const res = await uploadLogo(kit.id, content);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json())).toEqual(['logo']);
      expect(res.json().logo[0]).toMatch(message);
    }
    expect((await api({ method: 'GET', url: `/api/brand-kits/${kit.id}/` })).json().logo_url).toBeNull();
    expect(await storedLogos()).toEqual(before);
  });

  it('refuses a file over 10 MB before reading it whole, a missing file, and a body that is not multipart', async () => {
    const kit = await newKit();
    const big = Buffer.concat([await pngWith(10, 10, []), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await uploadLogo(kit.id, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().logo[0]).toMatch(/10 MB/);
    const wrong = multipart('image', 'l.png', 'image/png', await pngWith(10, 10, []));
    const missing = await api({ method: 'POST', url: `/api/brand-kits/${kit.id}/logo/`, payload: wrong.payload, headers: wrong.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().logo[0]).toMatch(/No file/);
    const json = await api({ method: 'POST', url: `/api/brand-kits/${kit.id}/logo/`, payload: { logo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().logo[0]).toMatch(/multipart/);
    expect((await api({ method: 'POST', url: '/api/brand-kits/00000000-0000-4000-8000-000000000000/logo/', ...multipart('logo', 'l.png', 'image/png', big) })).statusCode).toBe(404);
  });

  it('counts logos toward the storage quota: one that does not fit is a 413 and nothing is stored', async () => {
    const small = await createTestApp({ TEAM_STORAGE_QUOTA_BYTES: 3000 });
    try {
      const { user, team: tight } = await userWithTeam(small.app, 'Tight');
      const call = as(small.app, user);
      const kit = (await call({ method: 'POST', url: '/api/brand-kits/', headers: { 'x-team-slug': tight.slug }, payload: { name: 'K' } })).json();
      const noisy = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer();
      const body = multipart('logo', 'l.png', 'image/png', noisy);
      const res = await call({ method: 'POST', url: `/api/brand-kits/${kit.id}/logo/`, payload: body.payload, headers: { ...body.headers, 'x-team-slug': tight.slug } });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().code).toBe('storage_quota_exceeded');
      expect(await small.deps.storage.list(`teams/${tight.id}/`)).toEqual([]);
      const fits = multipart('logo', 'l.png', 'image/png', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer());
      const ok = await call({ method: 'POST', url: `/api/brand-kits/${kit.id}/logo/`, payload: fits.payload, headers: { ...fits.headers, 'x-team-slug': tight.slug } });
      expect(ok.statusCode, ok.body).toBe(200);
      const usage = (await call({ method: 'GET', url: `/a/${tight.slug}/subscription/api/usage/` })).json();
      expect(usage.storage_bytes.used).toBeGreaterThan(0);
      // deleting the kit deletes its logo
      expect((await call({ method: 'DELETE', url: `/api/brand-kits/${kit.id}/`, headers: { 'x-team-slug': tight.slug } })).statusCode).toBe(204);
      expect(await small.deps.storage.list(`teams/${tight.id}/`)).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
