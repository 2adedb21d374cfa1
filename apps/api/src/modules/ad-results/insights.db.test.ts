import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam } from '../videos/videos.test-helpers.ts';
import { exportUpload, fixture } from './ad-results.test-helpers.ts';
import { wilson } from './insights.service.ts';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let ids: string[];
let codes: string[];
const call = (user: TestUser, slug: string) => (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user)({ ...o, headers: { 'x-team-slug': slug, ...(o.headers ?? {}) } });
const api = (o: Parameters<ReturnType<typeof as>>[0]) => call(admin, team.slug)(o);

interface Group {
  key: string;
  label: string;
  videos: number;
  video_ids: string[];
  impressions: number;
  clicks: number | null;
  ctr: number | null;
  ctr_low: number | null;
  ctr_high: number | null;
  hook_rate: number | null;
  spend: number | null;
  conversions: number | null;
  cost_per_result: number | null;
  roas: number | null;
  value: number | null;
  value_low: number | null;
  value_high: number | null;
  verdict: string;
}
const insights = async (query: string) => {
  const res = await api({ method: 'GET', url: `/api/insights/?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { min_impressions: number; currencies: string[]; results: Group[] };
};
async function upload(name: string, bytes: Buffer) {
  const body = exportUpload(name, bytes);
  const res = await api({ method: 'POST', url: '/api/ad-results/imports/', payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ INSIGHTS_MIN_IMPRESSIONS: 1000 });
  ({ user: admin, team } = await userWithTeam(t.app, 'Insights'));
  await subscribeTeam(t.app, admin, team.slug);
  // 12 hooks, in two styles taken in turn
  const made = await api({
    method: 'POST',
    url: '/api/text-wall-videos/bulk_create/',
    payload: { texts: Array.from({ length: 12 }, (_, i) => `Hook ${i + 1}\nsecond line`), styles: [{ preset: 'bold' }, { preset: 'neon' }], duration_seconds: 5 },
  });
  expect(made.statusCode, made.body).toBe(202);
  ids = made.json().video_ids;
  const byId = new Map(((await api({ method: 'GET', url: '/api/text-wall-videos/?page_size=100' })).json().results as { id: string; ad_code: string }[]).map((v) => [v.id, v.ad_code]));
  codes = ids.map((id) => byId.get(id)!);
}, 120_000);
afterAll(async () => t?.close());

describe('insights', () => {
  it('says how to start when nothing is imported', async () => {
    expect((await insights('metric=ctr&group_by=video')).results).toEqual([]);
  });

  it('ranks the 12 hooks of one Meta week by CTR with their Wilson intervals, names the winner, and the one with few impressions too_little_data', async () => {
    await upload('meta.csv', fixture('meta-en.csv', codes));
    const { results, min_impressions, currencies } = await insights('metric=ctr&group_by=video');
    expect(min_impressions).toBe(1000);
    expect(currencies).toEqual(['EUR']);
    expect(results).toHaveLength(12);
    const [best, ...rest] = results;
    expect(best).toMatchObject({ key: ids[0], label: 'Hook 1', videos: 1, impressions: 40000, clicks: 1600, ctr: 0.04, verdict: 'winner', spend: 248, conversions: 64, hook_rate: 14000 / 40000 });
    expect(best!.cost_per_result).toBeCloseTo(248 / 64, 10);
    expect(best!.roas).toBeCloseTo(3840 / 248, 10);
    const [low, high] = wilson(1600, 40000);
    expect(best!.ctr_low).toBeCloseTo(low, 12);
    expect(best!.ctr_high).toBeCloseTo(high, 12);
    expect(low).toBeGreaterThan(0.038);
    expect(high).toBeLessThan(0.042);
    for (const r of rest) expect(['behind', 'too_little_data']).toContain(r.verdict);
    expect(rest.find((r) => r.key === ids[11])).toMatchObject({ impressions: 500, verdict: 'too_little_data' });
    // best first: each CTR at most the one before (among those with one)
    const ctrs = results.map((r) => r.ctr!);
    expect([...ctrs].sort((a, b) => b - a)).toEqual(ctrs);
  });

  it('another export of the same week counts nothing twice; TikTok and Google add theirs, TikTok’s hook rate from its 2-second views', async () => {
    await upload('meta-again.csv', fixture('meta-en.csv', codes));
    await upload('tiktok.csv', fixture('tiktok-en.csv', codes));
    await upload('google.csv', fixture('google-en.csv', codes));
    const { results, currencies } = await insights('metric=hook_rate&group_by=video');
    // Meta's and Google's exports in euros, TikTok's in dollars: said, since money is summed as written
    expect(currencies).toEqual(['EUR', 'USD']);
    const first = results.find((r) => r.key === ids[0])!;
    // Meta 40,000 + TikTok 30,000 impressions; hook plays 14,000 (3 s) + 9,000 (2 s)
    expect(first).toMatchObject({ impressions: 70000, clicks: 2140 });
    expect(first.hook_rate).toBeCloseTo((14000 + 9000) / 70000, 12);
    expect(first.value).toBe(first.hook_rate);
    // Google reports no 3-second plays: its impressions do not dilute the hook rate
    const seventh = results.find((r) => r.key === ids[6])!;
    expect(seventh.impressions).toBe(20000 + 25000);
    expect(seventh.hook_rate).toBeCloseTo(4900 / 20000, 12);
  });

  it('overlapping periods of one ad are not summed: the one imported last counts', async () => {
    const before = (await insights('metric=ctr&group_by=video')).results.find((r) => r.key === ids[1])!;
    const fortnight = fixture('meta-en.csv', codes).toString('utf8').replaceAll('2026-01-11', '2026-01-18');
    const imported = await upload('fortnight.csv', Buffer.from(fortnight));
    expect(imported.overlap_count).toBe(14);
    const after = (await insights('metric=ctr&group_by=video')).results.find((r) => r.key === ids[1])!;
    expect(after.impressions).toBe(before.impressions);
    await api({ method: 'DELETE', url: `/api/ad-results/imports/${imported.id}/` });
  });

  it('groups by text, style, background, voice and brand kit, and ranks by cost per result (lowest first) and ROAS', async () => {
    const byStyle = (await insights('metric=ctr&group_by=style')).results;
    expect(byStyle.map((g) => g.label).sort()).toEqual(['Bold', 'Neon']);
    expect(byStyle.reduce((n, g) => n + g.videos, 0)).toBe(12);
    const byText = (await insights('metric=ctr&group_by=text')).results;
    expect(byText).toHaveLength(12);
    expect(byText[0]!.label).toBe('Hook 1');
    expect((await insights('metric=ctr&group_by=background')).results.map((g) => g.label)).toEqual(['Gradient']);
    expect((await insights('metric=ctr&group_by=voice')).results.map((g) => g.label)).toEqual(['No voice']);
    const kits = (await insights('metric=roas&group_by=brand_kit')).results;
    // kits are not attached to videos yet: one group, and with nothing to beat it is no winner
    expect(kits.map((g) => [g.label, g.videos, g.verdict])).toEqual([['No kit', 12, 'behind']]);
    const cpa = (await insights('metric=cpa&group_by=video')).results.filter((r) => r.value !== null);
    const values = cpa.map((r) => r.value!);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(cpa[0]!.value).toBe(cpa[0]!.cost_per_result);
    for (const r of cpa) {
      if (r.value_low !== null) expect(r.value_low).toBeLessThanOrEqual(r.value!);
      if (r.value_high !== null) expect(r.value_high).toBeGreaterThanOrEqual(r.value!);
    }
    const roas = (await insights('metric=roas&group_by=video')).results.filter((r) => r.value !== null);
    expect(roas.map((r) => r.value!)).toEqual([...roas.map((r) => r.value!)].sort((a, b) => b - a));
  });

  it('since and until keep the rows of that period', async () => {
    await upload('google-fr.csv', fixture('google-fr.csv', codes));
    const all = (await insights('metric=ctr&group_by=video')).results.find((r) => r.key === ids[8])!;
    const late = (await insights('metric=ctr&group_by=video&since=2026-01-19')).results;
    expect(late.map((r) => r.key).sort()).toEqual([ids[6], ids[7], ids[8]].sort());
    expect(late.find((r) => r.key === ids[8])!.impressions).toBe(11000);
    expect(all.impressions).toBeGreaterThan(11000);
    expect((await insights('metric=ctr&group_by=video&until=2026-01-04')).results).toEqual([]);
  });

  it('a threshold set higher (INSIGHTS_MIN_IMPRESSIONS) makes every group too_little_data', async () => {
    const config = t.deps.config as { INSIGHTS_MIN_IMPRESSIONS: number };
    config.INSIGHTS_MIN_IMPRESSIONS = 1_000_000;
    try {
      const strict = await insights('metric=ctr&group_by=video');
      expect(strict.min_impressions).toBe(1_000_000);
      expect(new Set(strict.results.map((r) => r.verdict))).toEqual(new Set(['too_little_data']));
    } finally {
      config.INSIGHTS_MIN_IMPRESSIONS = 1000;
    }
  });

  it('refuses unknown metrics, groupings and dates with the field, and shows another team nothing', async () => {
    for (const [query, field] of [
      ['metric=clicks', 'metric'],
      ['group_by=hook', 'group_by'],
      ['since=2026-02-30', 'since'],
      ['since=yesterday', 'since'],
      ['since=2026-02-01&until=2026-01-01', 'until'],
    ] as const) {
      const res = await api({ method: 'GET', url: `/api/insights/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toContain(field);
    }
    const other = await userWithTeam(t.app, 'Elsewhere');
    const theirs = await call(other.user, other.team.slug)({ method: 'GET', url: '/api/insights/?metric=ctr&group_by=video' });
    expect(theirs.json().results).toEqual([]);
  });

  it('the Wilson interval', () => {
    const [low, high] = wilson(10, 100);
    expect(low).toBeCloseTo(0.0552, 4);
    expect(high).toBeCloseTo(0.1744, 4);
    expect(wilson(0, 100)[0]).toBe(0);
    expect(wilson(0, 0)).toEqual([0, 0]);
  });
});
