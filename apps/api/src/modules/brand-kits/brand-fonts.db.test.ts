import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { fontsourceFile, multipart, sfntTables, withNames, woffToSfnt } from './brand-kits.test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let other: { user: TestUser; team: { id: number; slug: string } };

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Font Foundry'));
  other = await userWithTeam(t.app, 'Other Foundry');
});
afterAll(async () => t?.close());

const call = (user: TestUser = admin, slug = team.slug) => (options: Parameters<ReturnType<typeof as>>[0]) =>
  as(t.app, user)({ ...options, headers: { 'x-team-slug': slug, ...(options.headers ?? {}) } });
const upload = (content: Buffer, filename = 'brand.ttf', user: TestUser = admin, slug = team.slug) => {
  const body = multipart('font', filename, 'font/ttf', content);
  return call(user, slug)({ method: 'POST', url: '/api/brand-fonts/', payload: body.payload, headers: body.headers });
};
const fontCount = async () => (await call()({ method: 'GET', url: '/api/brand-fonts/' })).json().count as number;
const storedFontFiles = async (teamId = team.id) => t.deps.storage.list(`teams/${teamId}/brand-fonts/`);
const fetchSigned = async (url: string) => t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });

const interBold = () => fontsourceFile('inter', 'inter-latin-700-normal.woff2');
const playfairItalic = () => fontsourceFile('playfair-display', 'playfair-display-latin-400-italic.woff');
const playfairTtf = () => woffToSfnt(fontsourceFile('playfair-display', 'playfair-display-latin-400-normal.woff'));

describe('POST /api/brand-fonts/', () => {
  it('takes a WOFF2, reads family, weight and style from it, and serves the file and a preview drawn in it', async () => {
    const file = interBold();
    const res = await upload(file, 'whatever.bin');
    expect(res.statusCode, res.body).toBe(201);
    const font = res.json();
    expect(font).toMatchObject({ family: 'Inter', weight: 700, style: 'normal', format: 'woff2' });
    expect(font.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(font.created_at)).not.toBeNaN();

    const served = await fetchSigned(font.file_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('font/woff2');
    expect(served.rawPayload.equals(file)).toBe(true);

    // the preview is the family's name drawn with the font's own outlines: ink on a transparent ground
    const preview = await fetchSigned(font.preview_url);
    expect(preview.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(preview.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.height).toBeGreaterThanOrEqual(48);
    expect(info.width).toBeGreaterThan(100);
    let inked = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 128) inked++;
    expect(inked / (info.width * info.height)).toBeGreaterThan(0.03);
    expect(data[3]).toBe(0);

    const list = (await call()({ method: 'GET', url: '/api/brand-fonts/' })).json();
    expect(list).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.results[0]).toMatchObject({ id: font.id, family: 'Inter', weight: 700 });
    expect(list.results[0].preview_url).toBeTruthy();
    expect((await call()({ method: 'GET', url: `/api/brand-fonts/${font.id}/` })).json().family).toBe('Inter');
  });

  it('takes a WOFF (italic) and a TTF', async () => {
    const woff = await upload(playfairItalic(), 'p.woff');
    expect(woff.statusCode, woff.body).toBe(201);
    expect(woff.json()).toMatchObject({ family: 'Playfair Display', weight: 400, style: 'italic', format: 'woff' });
    const ttf = await upload(playfairTtf(), 'p.ttf');
    expect(ttf.statusCode, ttf.body).toBe(201);
    expect(ttf.json()).toMatchObject({ family: 'Playfair Display', weight: 400, style: 'normal', format: 'ttf' });
    expect((await fetchSigned(ttf.json().file_url)).headers['content-type']).toBe('font/ttf');
  });

  it('refuses what is not a font, a truncated font and a font without Latin glyphs, storing nothing', async () => {
    const before = await fontCount();
    const filesBefore = (await storedFontFiles()).length;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const cases: [Buffer, RegExp][] = [
      [png, /not a font/],
      [Buffer.from('just some text pretending to be a font file'), /not a font/],
      [Buffer.alloc(0), /empty/],
      [playfairTtf().subarray(0, 20_000), /damaged or cut short/],
      [playfairItalic().subarray(0, 10_000), /damaged or cut short/],
      [interBold().subarray(0, interBold().length - 100), /damaged or cut short/],
      [fontsourceFile('inter', 'inter-cyrillic-400-normal.woff2'), /no glyphs for/],
    ];
    for (const [content, message] of cases) {
      const res = await upload(content, 'font.ttf');
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json())).toEqual(['font']);
      expect(res.json().font[0]).toMatch(message);
    }
    // a TTF whose table directory is fine but whose glyph data is garbage
    const { tables } = sfntTables(playfairTtf());
    const scrambled = Buffer.from(playfairTtf());
    const glyf = tables.find((x) => x.tag === 'glyf')!;
    const at = scrambled.indexOf(glyf.data.subarray(0, 64));
    scrambled.fill(0xff, at, at + glyf.data.length);
    // fontkit recurses through such glyphs for a long time: off the API's thread, which goes on answering
    const started = Date.now();
    const reading = upload(scrambled);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    const garbage = await reading;
    expect(garbage.statusCode, garbage.body).toBe(400);
    expect(garbage.json().font).toHaveLength(1);

    expect(await fontCount()).toBe(before);
    expect((await storedFontFiles()).length).toBe(filesBefore);
  });

  it('cleans family names of control characters, caps them at 100 characters, and refuses a name of nothing', async () => {
    const ttf = playfairTtf();
    const controls = await upload(withNames(ttf, { 1: 'Acme\u0000 Sans\u0007\u001b[31m\u202e', 2: 'Regular', 4: 'Acme Sans', 6: 'AcmeSans' }));
    expect(controls.statusCode, controls.body).toBe(201);
    expect(controls.json().family).toBe('Acme Sans[31m');

    const long = 'Ж'.repeat(10_000);
    const huge = await upload(withNames(ttf, { 1: long, 2: 'Regular', 16: long }));
    expect(huge.statusCode, huge.body).toBe(201);
    expect([...huge.json().family]).toHaveLength(100);
    expect((await fetchSigned(huge.json().preview_url)).statusCode).toBe(200);

    const rtl = await upload(withNames(ttf, { 1: 'شركة Brand 🎉', 2: 'Regular' }));
    expect(rtl.statusCode, rtl.body).toBe(201);
    expect(rtl.json().family).toBe('شركة Brand 🎉');

    const nothing = await upload(withNames(ttf, { 1: '\u0001\u0002\u200b\u0003', 2: 'Regular' }));
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().font[0]).toMatch(/no family name/);
  });

  it('refuses a file over 10 MB, a missing file and a body that is not multipart', async () => {
    const big = Buffer.concat([playfairTtf(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().font[0]).toMatch(/10 MB/);
    const wrongField = multipart('file', 'a.ttf', 'font/ttf', playfairTtf());
    const missing = await call()({ method: 'POST', url: '/api/brand-fonts/', payload: wrongField.payload, headers: wrongField.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().font[0]).toMatch(/No file/);
    const json = await call()({ method: 'POST', url: '/api/brand-fonts/', payload: { font: 'AAEAAA==' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().font[0]).toMatch(/multipart/);
  });

  it("answers 404 for another team's font, and counts fonts toward the team's storage", async () => {
    const font = (await upload(playfairTtf())).json();
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(other.user, other.team.slug)({ method, url: `/api/brand-fonts/${font.id}/` });
      expect(res.statusCode).toBe(404);
    }
    expect((await call(other.user, other.team.slug)({ method: 'GET', url: '/api/brand-fonts/' })).json().count).toBe(0);
    expect((await call()({ method: 'GET', url: '/api/brand-fonts/not-a-uuid/' })).statusCode).toBe(404);

    const usage = async (slug: string, user: TestUser) => (await as(t.app, user)({ method: 'GET', url: `/a/${slug}/subscription/api/usage/` })).json().storage_bytes.used;
    const used = await usage(team.slug, admin);
    const otherUsed = await usage(other.team.slug, other.user);
    const added = (await upload(playfairTtf())).json();
    expect(await usage(team.slug, admin)).toBeGreaterThan(used + playfairTtf().length);
    expect(await usage(other.team.slug, other.user)).toBe(otherUsed);
    expect((await call()({ method: 'DELETE', url: `/api/brand-fonts/${added.id}/` })).statusCode).toBe(204);
    expect(await usage(team.slug, admin)).toBe(used);
  });

  it('a font used by a kit cannot be deleted: 409 naming the kits; once no kit uses it, it goes with its files', async () => {
    const font = (await upload(playfairTtf())).json();
    const kitA = (await call()({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Client «A»', font_id: font.id } })).json();
    const kitB = (await call()({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Client B', font_id: font.id } })).json();
    expect(kitA.font_id).toBe(font.id);
    expect(kitA.font_family).toBe('Playfair Display');

    const refused = await call()({ method: 'DELETE', url: `/api/brand-fonts/${font.id}/` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', kits: [{ id: kitA.id, name: 'Client «A»' }, { id: kitB.id, name: 'Client B' }] });
    expect(refused.json().detail).toContain('“Client «A»”, “Client B”');
    expect((await call()({ method: 'GET', url: `/api/brand-fonts/${font.id}/` })).statusCode).toBe(200);

    expect((await call()({ method: 'PATCH', url: `/api/brand-kits/${kitA.id}/`, payload: { font_id: 'Inter' } })).json().font_family).toBe('Inter');
    expect((await call()({ method: 'DELETE', url: `/api/brand-kits/${kitB.id}/` })).statusCode).toBe(204);
    const keys = (await storedFontFiles()).filter((k) => k.includes(font.id));
    expect(keys).toHaveLength(2);
    expect((await call()({ method: 'DELETE', url: `/api/brand-fonts/${font.id}/` })).statusCode).toBe(204);
    expect((await storedFontFiles()).filter((k) => k.includes(font.id))).toEqual([]);
    expect((await call()({ method: 'GET', url: `/api/brand-fonts/${font.id}/` })).statusCode).toBe(404);
  });

  it("goes with the team: deleting the team removes its fonts' files", async () => {
    const doomed = await userWithTeam(t.app, 'Doomed Foundry');
    const made = await upload(playfairTtf(), 'a.ttf', doomed.user, doomed.team.slug);
    expect(made.statusCode).toBe(201);
    await as(t.app, doomed.user)({ method: 'POST', url: '/api/brand-kits/', headers: { 'x-team-slug': doomed.team.slug }, payload: { name: 'Kit', font_id: made.json().id } });
    expect(await storedFontFiles(doomed.team.id)).toHaveLength(2);
    expect((await as(t.app, doomed.user)({ method: 'DELETE', url: `/teams/api/teams/${doomed.team.id}/` })).statusCode).toBe(204);
    expect(await t.deps.storage.list(`teams/${doomed.team.id}/`)).toEqual([]);
  });
});
