import { deflateSync, strToU8 } from 'fflate';
import { eq } from 'drizzle-orm';
import { adResults } from '@hookwall/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, registerUser, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam } from '../videos/videos.test-helpers.ts';
import { exportUpload, fixture, makeXlsx, XLSX_TYPE } from './ad-results.test-helpers.ts';
import { parseNumber } from './ad-export.ts';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let other: { user: TestUser; team: { slug: string } };
/** the ad codes of the team's 12 videos, in order */
let codes: string[];
let otherCode: string;

const call = (user: TestUser, slug: string) => (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user)({ ...o, headers: { 'x-team-slug': slug, ...(o.headers ?? {}) } });
const api = (o: Parameters<ReturnType<typeof as>>[0]) => call(admin, team.slug)(o);

async function upload(name: string, bytes: Buffer, type = 'text/csv', as = api) {
  const body = exportUpload(name, bytes, type);
  return as({ method: 'POST', url: '/api/ad-results/imports/', payload: body.payload, headers: body.headers });
}
const rowsOfTeam = async () => (await t.deps.db.select().from(adResults).where(eq(adResults.teamId, team.id))).length;

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Results'));
  await subscribeTeam(t.app, admin, team.slug);
  const made = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: Array.from({ length: 12 }, (_, i) => `Hook ${i + 1}`), duration_seconds: 5 } });
  expect(made.statusCode, made.body).toBe(202);
  const ids: string[] = made.json().video_ids;
  const byId = new Map(((await api({ method: 'GET', url: '/api/text-wall-videos/?page_size=100' })).json().results as { id: string; ad_code: string }[]).map((v) => [v.id, v.ad_code]));
  codes = ids.map((id) => byId.get(id)!);
  other = await userWithTeam(t.app, 'Rivals');
  otherCode = (await call(other.user, other.team.slug)({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Theirs', render: false } })).json().ad_code;
}, 120_000);
afterAll(async () => t?.close());

describe('importing exports', () => {
  it('a Meta export in English: every column mapped or kept, rows matched by the code in the ad name, another team’s code unmatched', async () => {
    const res = await upload('Spring-launch-Ads-Jan-5-2026-Jan-11-2026.csv', fixture('meta-en.csv', codes, otherCode));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      network: 'meta',
      currency: 'EUR',
      rows: 14,
      matched: 12,
      unmatched: ['Old creative ' + otherCode, 'Carousel, "summer" edit'],
      unmatched_count: 2,
      period: { start: '2026-01-05', end: '2026-01-11' },
      replaced: 0,
      totals_skipped: 0,
      rejected: [],
    });
    expect(body.columns.mapped).toEqual({
      period_start: 'Reporting starts',
      period_end: 'Reporting ends',
      campaign_name: 'Campaign name',
      ad_group_name: 'Ad set name',
      ad_name: 'Ad name',
      conversions: 'Results',
      reach: 'Reach',
      impressions: 'Impressions',
      clicks: 'Link clicks',
      spend: 'Amount spent (EUR)',
      purchase_value: 'Purchases conversion value',
      plays_3s: '3-second video plays',
      completed_views: 'ThruPlays',
    });
    expect(body.columns.kept).toEqual([
      'Delivery status', 'Result indicator', 'Frequency', 'CTR (link click-through rate)', 'Cost per result', 'Purchases',
      'Video plays at 25%', 'Video plays at 50%', 'Video plays at 75%', 'Video plays at 100%', 'Attribution setting',
    ]);
    // the other team's video is not touched, nor told
    const theirs = await call(other.user, other.team.slug)({ method: 'GET', url: '/api/ad-results/imports/' });
    expect(theirs.json().count).toBe(0);
    const rows = await t.deps.db.select().from(adResults).where(eq(adResults.importId, body.id));
    const first = rows.find((r) => r.adCode === codes[0])!;
    expect(first).toMatchObject({ impressions: 40000, clicks: 1600, spend: 248, conversions: 64, purchaseValue: 3840, plays3s: 14000, completedViews: 4200, reach: 32800, periodStart: '2026-01-05', periodEnd: '2026-01-11' });
    expect(first.extra).toMatchObject({ 'Delivery status': 'active', 'Video plays at 100%': '1680' });
    expect(rows.find((r) => r.adName.startsWith('Old creative'))).toMatchObject({ videoId: null, adCode: null });
  });

  it('the same export again counts nothing twice: its rows replace the earlier ones', async () => {
    const before = await rowsOfTeam();
    const again = await upload('again.csv', fixture('meta-en.csv', codes, otherCode));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ rows: 14, matched: 12, replaced: 14, overlap_count: 0 });
    expect(await rowsOfTeam()).toBe(before);
    const list = (await api({ method: 'GET', url: '/api/ad-results/imports/' })).json();
    expect(list.results.map((i: { current_rows: number }) => i.current_rows)).toEqual([14, 0]);
    const first = (await api({ method: 'GET', url: `/api/ad-results/imports/${list.results[1].id}/` })).json();
    expect(first).toMatchObject({ rows: 14, current_rows: 0, matched: 12 });
  });

  it('two identical imports at once: both answer, the rows are there once', async () => {
    const before = await rowsOfTeam();
    const [a, b] = await Promise.all([upload('a.csv', fixture('meta-en.csv', codes, otherCode)), upload('b.csv', fixture('meta-en.csv', codes, otherCode))]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await rowsOfTeam()).toBe(before);
  });

  it('a Meta export in French: semicolons, a byte order mark, decimal commas, narrow spaces between thousands, days first; an overlapping period is reported', async () => {
    const res = await upload('Lancement.csv', fixture('meta-fr.csv', codes));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ network: 'meta', currency: 'EUR', rows: 6, matched: 6, period: { start: '2026-01-12', end: '2026-01-18' }, replaced: 0, overlap_count: 0 });
    expect(body.columns.mapped).toMatchObject({ ad_name: 'Nom de la publicité', clicks: 'Clics sur un lien', spend: 'Montant dépensé (EUR)', reach: 'Couverture', plays_3s: 'Lectures de vidéo de 3 secondes', completed_views: 'ThruPlays' });
    const row = (await t.deps.db.select().from(adResults).where(eq(adResults.importId, body.id))).find((r) => r.adCode === codes[0])!;
    expect(row).toMatchObject({ impressions: 20000, clicks: 800, spend: 124, purchaseValue: 1920, conversions: 32, plays3s: 7000 });
    // the same ads over two weeks, the first of which was imported: reported, not summed
    const fortnight = fixture('meta-en.csv', codes, otherCode).toString('utf8').replaceAll('2026-01-11', '2026-01-18');
    const overlapping = await upload('fortnight.csv', Buffer.from(fortnight));
    expect(overlapping.statusCode, overlapping.body).toBe(201);
    expect(overlapping.json().overlap_count).toBe(14);
    expect(overlapping.json().overlaps[0]).toMatchObject({ period: { start: '2026-01-05', end: '2026-01-18' }, earlier_period: { start: '2026-01-05', end: '2026-01-11' } });
    await api({ method: 'DELETE', url: `/api/ad-results/imports/${overlapping.json().id}/` });
  });

  it('a TikTok export: thousands separators, percentages, a totals row skipped, the currency column', async () => {
    const res = await upload('tiktok.csv', fixture('tiktok-en.csv', codes));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ network: 'tiktok', currency: 'USD', rows: 4, matched: 4, totals_skipped: 1, period: null });
    expect(res.json().columns.mapped).toMatchObject({ ad_name: 'Ad name', ad_id: 'Ad ID', clicks: 'Clicks (destination)', spend: 'Cost', plays_2s: '2-second video views', plays_6s: '6-second video views', completed_views: 'Video views at 100%', purchase_value: 'Total purchase value', currency: 'Currency' });
    const row = (await t.deps.db.select().from(adResults).where(eq(adResults.importId, res.json().id))).find((r) => r.adCode === codes[0])!;
    expect(row).toMatchObject({ impressions: 30000, reach: 27000, clicks: 540, spend: 144, conversions: 18, plays2s: 9000, plays6s: 4200, rowKey: 'id:17000000000000' });
  });

  it('a Google Ads export: UTF-16 with tabs, the report title and date range above the header, totals rows below, shares of impressions as counts', async () => {
    const res = await upload('Ad report.csv', fixture('google-en.csv', codes));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ network: 'google', currency: 'EUR', rows: 4, matched: 3, unmatched: ['Bumper old'], totals_skipped: 2, period: { start: '2026-01-05', end: '2026-01-18' } });
    expect(res.json().columns.mapped).toMatchObject({ ad_name: 'Ad', impressions: 'Impr.', clicks: 'Clicks', spend: 'Cost', conversions: 'Conversions', purchase_value: 'Conv. value', completed_views: 'Video played to 100%' });
    const row = (await t.deps.db.select().from(adResults).where(eq(adResults.importId, res.json().id))).find((r) => r.adCode === codes[6])!;
    expect(row).toMatchObject({ impressions: 25000, clicks: 300, spend: 125, conversions: 6, purchaseValue: 360, completedViews: 4500, periodStart: '2026-01-05', periodEnd: '2026-01-18' });
  });

  it('a Google Ads export in French: "Total : compte" skipped, "1 janvier 2026"-style range, decimal commas', async () => {
    const res = await upload('Rapport.csv', fixture('google-fr.csv', codes));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ network: 'google', rows: 3, matched: 3, totals_skipped: 1, period: { start: '2026-01-19', end: '2026-01-25' } });
    const row = (await t.deps.db.select().from(adResults).where(eq(adResults.importId, res.json().id))).find((r) => r.adCode === codes[8])!;
    expect(row).toMatchObject({ impressions: 11000, clicks: 99, spend: 55, conversions: 1, purchaseValue: 60, completedViews: 1100 });
  });

  it('a TikTok export in French as XLSX: formulas read as their cached values, a macro project never opened', async () => {
    const rows = [
      ["Nom de l'annonce", "ID de l'annonce", 'Coût', 'Impressions', 'Clics (destination)', 'Conversions', 'Vues de vidéo de 2 secondes', 'Vues de vidéo de 6 secondes', 'Vues de vidéo à 100 %', 'Devise'],
      [`Annonce ${codes[1]} 🌿`, '1790000000000001', { formula: 'D2*0.0048', cached: 48 }, 10000, 150, 5, 3100, { formula: 'G2/2', cached: 1550 }, 600, 'EUR'],
      [`إعلان ${codes[2]}`, '1790000000000002', 52.8, 11000, { formula: 'HYPERLINK("http://example.com")', cached: 121 }, 4, 3300, 1600, 650, 'EUR'],
      ['Total', null, { formula: 'SUM(C2:C3)', cached: 100.8 }, { formula: 'SUM(D2:D3)', cached: 21000 }, null, null, null, null, null, null],
    ];
    const xlsx = makeXlsx(rows, { 'xl/vbaProject.bin': strToU8('this would be a macro project; it is never read') });
    const res = await upload('tiktok-fr.xlsx', xlsx, XLSX_TYPE);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ network: 'tiktok', currency: 'EUR', rows: 2, matched: 2, totals_skipped: 1 });
    const stored = await t.deps.db.select().from(adResults).where(eq(adResults.importId, res.json().id));
    expect(stored.find((r) => r.adCode === codes[1])).toMatchObject({ spend: 48, impressions: 10000, clicks: 150, plays2s: 3100, plays6s: 1550, completedViews: 600 });
    expect(stored.find((r) => r.adCode === codes[2])).toMatchObject({ clicks: 121, adName: `إعلان ${codes[2]}` });
  });

  it('an export in a language not known here: kept whole, and the answer says nothing was mapped', async () => {
    const res = await upload('bericht.csv', fixture('unknown-de.csv', codes));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ network: 'unknown', rows: 2, matched: 0, columns: { mapped: {}, kept: ['Anzeigenname', 'Impressionen', 'Klicks auf Link', 'Ausgegebener Betrag (EUR)'] } });
    const stored = await t.deps.db.select().from(adResults).where(eq(adResults.importId, res.json().id));
    expect(stored[0]!.extra).toMatchObject({ Anzeigenname: expect.stringMatching(/^Frühling HW-/), Impressionen: expect.any(String) });
    await api({ method: 'DELETE', url: `/api/ad-results/imports/${res.json().id}/` });
  });

  it('negative, impossible and unreadable figures: those rows are rejected with the reason, the others imported', async () => {
    const csv = [
      'Ad name,Impressions,Link clicks,Amount spent (EUR)',
      `Good ${codes[3]},1000,10,5.00`,
      `Negative ${codes[4]},1000,-3,5.00`,
      `Huge ${codes[5]},99999999999999999,10,5.00`,
      `Words ${codes[6]},lots,10,5.00`,
      `Clicks ${codes[7]},10,5000,5.00`,
    ].join('\n');
    const res = await upload('bad-rows.csv', Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rows: 1, matched: 1, rejected_count: 4 });
    expect(res.json().rejected.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [3, 'Link clicks: a negative figure (-3)'],
      [4, 'Impressions: an impossible figure (99999999999999999)'],
      [5, 'Impressions: "lots" is not a number'],
      [6, 'Link clicks: more clicks (5000) than ten times the impressions (10)'],
    ]);
    await api({ method: 'DELETE', url: `/api/ad-results/imports/${res.json().id}/` });
  });

  it('NUL characters inside a UTF-16 CSV or an XLSX are dropped, never stored; emoji and right-to-left names are kept', async () => {
    const csv = `Ad name\tImpressions\tLink clicks\nnul\u0000led ${codes[9]} 🌿\t1000\t10\nعرض ${codes[10]}\t2000\t20\n`;
    const res = await upload('nul\u0000.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rows: 2, matched: 2, file_name: 'nul.csv' });
    const stored = await t.deps.db.select().from(adResults).where(eq(adResults.importId, res.json().id));
    expect(stored.map((r) => r.adName).sort()).toEqual([`nulled ${codes[9]} 🌿`, `عرض ${codes[10]}`].sort());
    const xlsx = makeXlsx([['Ad name', 'Impressions'], [`x\u0000y ${codes[9]}`, 5]]);
    const fromXlsx = await upload('nul.xlsx', xlsx, XLSX_TYPE);
    expect(fromXlsx.statusCode, fromXlsx.body).toBe(201);
    for (const id of [res.json().id, fromXlsx.json().id]) await api({ method: 'DELETE', url: `/api/ad-results/imports/${id}/` });
  });

  it('reads numbers as each language writes them', () => {
    const value = (s: string, decimal: ',' | '.' = '.') => {
      const r = parseNumber(s, decimal);
      return 'error' in r ? r.error : r.value;
    };
    expect(value('1,234.56')).toBe(1234.56);
    expect(value('1 234,56 €', ',')).toBe(1234.56);
    expect(value('1.234,56', ',')).toBe(1234.56);
    expect(value('1.234', ',')).toBe(1234);
    expect(value('1,234')).toBe(1234);
    expect(value('1,5', ',')).toBe(1.5);
    expect(value('$12.30')).toBe(12.3);
    expect(value('12.30 USD')).toBe(12.3);
    expect(value('3.4%')).toBeCloseTo(0.034, 10);
    expect(value('3,4 %', ',')).toBeCloseTo(0.034, 10);
    expect(value('--')).toBe(null);
    expect(value('(12.00)')).toBe(-12);
    expect(value('1e400')).toMatch(/not a number/);
  });
});

describe('bad exports', () => {
  const refused = async (res: { statusCode: number; json(): { file?: string[] } }, message: RegExp) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().file?.[0]).toMatch(message);
  };

  it('a file that is neither CSV nor XLSX, an old .xls, an empty file, a NUL-ridden file, no file at all', async () => {
    const before = (await api({ method: 'GET', url: '/api/ad-results/imports/' })).json().count;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await refused(await upload('report.csv', png), /neither a CSV nor an XLSX/);
    await refused(await upload('report.xls', Buffer.from('d0cf11e0a1b11ae1' + '00'.repeat(100), 'hex')), /old Excel file/);
    await refused(await upload('empty.csv', Buffer.alloc(0)), /empty/);
    await refused(await upload('nul.csv', Buffer.from('Ad name,Impressions\n\u0000\u0000,12\n')), /neither a CSV nor an XLSX/);
    await refused(await upload('nothing.csv', Buffer.from('\n\n\n')), /no rows of ads/);
    const json = await api({ method: 'POST', url: '/api/ad-results/imports/', payload: { file: 'x' } });
    await refused(json, /multipart\/form-data/);
    const body = exportUpload('x.csv', Buffer.from('a'));
    const wrongField = await api({ method: 'POST', url: '/api/ad-results/imports/', payload: body.payload.toString('latin1').replace('name="file"', 'name="other"'), headers: body.headers });
    await refused(wrongField, /No file was sent/);
    expect((await api({ method: 'GET', url: '/api/ad-results/imports/' })).json().count).toBe(before);
  });

  it('a file over 20 MB is refused before it is read, whether it says its size or not', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 'a');
    await refused(await upload('big.csv', big), /larger than 20 MB/);
    // a declared 200 MB body: refused on its Content-Length, nothing of it read
    const body = exportUpload('huge.csv', Buffer.from('Ad name\n'));
    const declared = await api({ method: 'POST', url: '/api/ad-results/imports/', payload: body.payload, headers: { ...body.headers, 'content-length': String(200 * 1024 * 1024) } }).catch(() => null);
    if (declared) expect(declared.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a CSV of 2 million rows is refused with the limit, and nothing is stored', async () => {
    const rows = Buffer.from(`Ad name,Impressions\n${'a,1\n'.repeat(2_000_000)}`);
    expect(rows.length).toBeLessThan(20 * 1024 * 1024);
    const before = await rowsOfTeam();
    await refused(await upload('many.csv', rows), /more than 200,000 rows/);
    expect(await rowsOfTeam()).toBe(before);
  });

  it('a zip bomb posing as XLSX: refused as it inflates past the limit, or unread when its index says so', async () => {
    // 210 MB of spaces in the sheet, about 200 KB once deflated
    const sheet = deflateSync(new Uint8Array(210 * 1024 * 1024).fill(32), { level: 9 });
    expect(sheet.length).toBeLessThan(1024 * 1024);
    const xlsx = makeXlsx([['Ad name', 'Impressions']]);
    const bomb = replaceEntry(xlsx, 'xl/worksheets/sheet1.xml', Buffer.from(sheet), 210 * 1024 * 1024);
    await refused(await upload('bomb.xlsx', bomb, XLSX_TYPE), /inflates to more than 200 MB/);
    // the same bomb lying about its size in the index: still stopped by what it inflates to
    await refused(await upload('liar.xlsx', replaceEntry(xlsx, 'xl/worksheets/sheet1.xml', Buffer.from(sheet), 1000), XLSX_TYPE), /inflates to more than 200 MB/);
    // thousands of parts: refused from the index alone
    const parts = Object.fromEntries(Array.from({ length: 2500 }, (_, i) => [`xl/media/${i}.bin`, strToU8('x')]));
    await refused(await upload('parts.xlsx', makeXlsx([['Ad name']], parts), XLSX_TYPE), /holds 25\d\d parts/);
    await refused(await upload('broken.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]), XLSX_TYPE), /damaged/);
  });

  it('a crafted sheet of tags never closed is read in one pass: a clear answer in moments, not minutes', async () => {
    const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Ad name</t></is></c><c r="B1"><v>1</v></c></row>';
    for (const junk of ['<row>'.repeat(2_000_000), `<row r="2">${'<c r="A2"><v>1'.repeat(1_000_000)}`, '<row'.repeat(2_000_000), `<row><c t="inlineStr"><is>${'<t>x'.repeat(1_000_000)}`]) {
      const xlsx = makeXlsx([['x']], {});
      const sheet = strToU8(`<?xml version="1.0"?><worksheet><sheetData>${header}${junk}</sheetData></worksheet>`);
      const crafted = replaceEntry(xlsx, 'xl/worksheets/sheet1.xml', Buffer.from(deflateSync(sheet)), sheet.length);
      const started = Date.now();
      const res = await upload('crafted.xlsx', crafted, XLSX_TYPE);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.statusCode).toBe(400);
      expect(res.json().file?.[0]).toMatch(/no rows of ads/);
    }
  });

  it('another team’s import is not found, and a read-only member cannot import or delete', async () => {
    const mine = (await api({ method: 'GET', url: '/api/ad-results/imports/' })).json().results[0];
    const theirs = call(other.user, other.team.slug);
    expect((await theirs({ method: 'GET', url: `/api/ad-results/imports/${mine.id}/` })).statusCode).toBe(404);
    expect((await theirs({ method: 'DELETE', url: `/api/ad-results/imports/${mine.id}/` })).statusCode).toBe(404);
    expect((await api({ method: 'GET', url: '/api/ad-results/imports/not-a-uuid/' })).statusCode).toBe(404);
    const invited = (await api({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email: `ro-${Date.now()}@example.com`, role: 'member' } })).json();
    const reader = await registerUser(t.app, { email: invited.email, invitation_id: invited.id });
    const readOnly = call(reader, team.slug);
    expect((await readOnly({ method: 'GET', url: `/api/ad-results/imports/${mine.id}/` })).statusCode).toBe(200);
    expect((await upload('ro.csv', fixture('meta-en.csv', codes), 'text/csv', readOnly)).statusCode).toBe(403);
    expect((await readOnly({ method: 'DELETE', url: `/api/ad-results/imports/${mine.id}/` })).statusCode).toBe(403);
  });

  it('deleting an import deletes its rows', async () => {
    const res = await upload('gone.csv', Buffer.from(fixture('google-fr.csv', codes).toString('utf8').replaceAll('2026', '2027')));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect((await t.deps.db.select().from(adResults).where(eq(adResults.importId, id))).length).toBe(3);
    expect((await api({ method: 'DELETE', url: `/api/ad-results/imports/${id}/` })).statusCode).toBe(204);
    expect((await t.deps.db.select().from(adResults).where(eq(adResults.importId, id))).length).toBe(0);
    expect((await api({ method: 'GET', url: `/api/ad-results/imports/${id}/` })).statusCode).toBe(404);
  });
});

/** The zip with one entry's data replaced by `deflated` (method 8), its index claiming `declaredSize`. */
function replaceEntry(zip: Buffer, name: string, deflated: Buffer, declaredSize: number): Buffer {
  // rebuilt from scratch: local header, data, central directory for every entry
  const entries: { name: string; method: number; data: Buffer; size: number; crc: number }[] = [];
  let p = 0;
  while (zip.readUInt32LE(p) === 0x04034b50) {
    const method = zip.readUInt16LE(p + 8);
    const crc = zip.readUInt32LE(p + 14);
    const compressed = zip.readUInt32LE(p + 18);
    const size = zip.readUInt32LE(p + 22);
    const nameLength = zip.readUInt16LE(p + 26);
    const extraLength = zip.readUInt16LE(p + 28);
    const entryName = zip.subarray(p + 30, p + 30 + nameLength).toString('utf8');
    const start = p + 30 + nameLength + extraLength;
    const data = zip.subarray(start, start + compressed);
    entries.push(entryName === name ? { name, method: 8, data: deflated, size: declaredSize, crc: 0 } : { name: entryName, method, data: Buffer.from(data), size, crc });
    p = start + compressed;
  }
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const n = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, e.data);
    centrals.push(central, n);
    offset += 30 + n.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
