import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { adCodes, renderJobs, teams } from '@hookwall/db';
import { mediaToolsFrom } from '@hookwall/binaries';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { AD_CODE_ALPHABET, AD_CODE_PATTERN, claimAdCodes, findAdCodes } from './ad-codes.ts';
import { subscribeTeam, tinyRenderingWorker, uploadClip } from './videos.test-helpers.ts';

// the test engine's renders take a second or two each on a busy machine, with the worker's steps around them
vi.setConfig({ testTimeout: 180_000 });

/**
 * Ad codes: drawn, registered and searched, and carried by the rendered file, whichever path made
 * it (the test engine's tiny real MP4s, reported as the engine the real one takes; the MP4 is
 * tagged after the engine, in the worker's own step, for every path).
 */

const { ffprobe } = mediaToolsFrom(process.env);

let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Codes'));
  await subscribeTeam(t.app, admin, team.slug);
}, 120_000);
afterAll(async () => t?.close());

/** The name a browser saves a download URL under (RFC 6266: `filename*` first). */
async function savedAs(url: string) {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url), headers: { range: 'bytes=0-0' } });
  const header = String(res.headers['content-disposition']);
  const star = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return star ? decodeURIComponent(star) : /filename="([^"]*)"/.exec(header)?.[1];
}

/** The MP4's title and comment, as ffprobe reads them from the downloaded file. */
async function tagsOf(url: string, name: string) {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  expect(res.statusCode).toBe(200);
  const file = join(t.dataDir, name);
  writeFileSync(file, res.rawPayload);
  const out = JSON.parse(execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'format_tags=title,comment:stream=codec_type', '-of', 'json', file], { encoding: 'utf8' }));
  return { ...(out.format?.tags ?? {}), streams: (out.streams as { codec_type: string }[]).map((s) => s.codec_type) } as { title?: string; comment?: string; streams: string[] };
}

describe('ad codes', () => {
  it('are HW- and 6 characters none of which is easily taken for another', () => {
    expect(AD_CODE_ALPHABET).toHaveLength(26);
    for (const confusable of '01OQILZSBU') expect(AD_CODE_ALPHABET).not.toContain(confusable);
    expect(findAdCodes('Spring sale – hw-7kr2mx v2 | HW-ACDEFG.mp4, HW-ACDEFGH, xHW-ACDEFG, HW-AC0EFG, HW-ACDEFG')).toEqual(['HW-7KR2MX', 'HW-ACDEFG']);
    expect(findAdCodes('Nom de la publicité «HW-7KR2MX»')).toEqual(['HW-7KR2MX']);
  });

  it('every new video gets its own, shown in its detail, the lists, and found by search', async () => {
    const wall = await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'One code each', render: false } });
    expect(wall.statusCode, wall.body).toBe(201);
    expect(wall.json().ad_code).toMatch(AD_CODE_PATTERN);
    const bulk = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: Array.from({ length: 12 }, (_, i) => `Hook number ${i + 1}`), duration_seconds: 5 } });
    expect(bulk.statusCode, bulk.body).toBe(202);
    const composite = await api({ method: 'POST', url: '/api/composite-videos/', payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'Wall one', durationInSeconds: 2 }] } } });
    expect(composite.statusCode, composite.body).toBe(201);
    expect(composite.json().ad_code).toMatch(AD_CODE_PATTERN);

    const all = (await api({ method: 'GET', url: '/api/videos/?page_size=100' })).json() as { results: { id: string; ad_code: string }[] };
    expect(all.results).toHaveLength(14);
    const codes = all.results.map((v) => v.ad_code);
    expect(new Set(codes).size).toBe(14);
    for (const code of codes) expect(code).toMatch(AD_CODE_PATTERN);
    // the registry holds every code, for the video it was made for
    const registered = await t.deps.db.select().from(adCodes).where(eq(adCodes.teamId, team.id));
    expect(new Map(registered.map((r) => [r.code, r.videoId]))).toEqual(new Map(all.results.map((v) => [v.ad_code, v.id])));

    const detail = (await api({ method: 'GET', url: `/api/text-wall-videos/${wall.json().id}/` })).json();
    expect(detail.ad_code).toBe(wall.json().ad_code);
    const found = (await api({ method: 'GET', url: `/api/videos/?search=${wall.json().ad_code.toLowerCase()}` })).json();
    expect(found.results.map((v: { id: string }) => v.id)).toEqual([wall.json().id]);
    const foundComposite = (await api({ method: 'GET', url: `/api/composite-videos/?search=${composite.json().ad_code}` })).json();
    expect(foundComposite.results.map((v: { id: string }) => v.id)).toEqual([composite.json().id]);
    // the render job carries it to the worker
    const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, composite.json().render_job_id));
    expect(job!.adCode).toBe(composite.json().ad_code);
  });

  it('a code drawn twice is drawn again: none is given to two videos', async () => {
    const [taken] = await t.deps.db.select().from(adCodes).limit(1);
    const draws = [taken!.code, taken!.code, 'HW-2345AC', 'HW-2345AC', 'HW-2345AD'];
    const ids = [randomUUID(), randomUUID()];
    const codes = await claimAdCodes(t.deps.db, team.id, ids, () => draws.shift() ?? 'HW-XXXXXX');
    expect([...codes.values()].sort()).toEqual(['HW-2345AC', 'HW-2345AD']);
    // concurrent clicks: six calls at once, all different codes
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: `At once ${i}`, render: false } })));
    const made2 = made.map((r) => r.json().ad_code as string);
    expect(new Set(made2).size).toBe(6);
  });

  it("a deleted video's code is never given again, and a deleted team's codes go with it", async () => {
    const wall = (await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Gone soon', render: false } })).json();
    expect((await api({ method: 'DELETE', url: `/api/text-wall-videos/${wall.id}/` })).statusCode).toBe(204);
    const [kept] = await t.deps.db.select().from(adCodes).where(eq(adCodes.code, wall.ad_code));
    expect(kept).toMatchObject({ videoId: wall.id, teamId: team.id });
    const [other] = await t.deps.db.insert(teams).values({ name: 'Brief', slug: `brief-${Date.now()}` }).returning();
    await claimAdCodes(t.deps.db, other!.id, [randomUUID()]);
    await t.deps.db.delete(teams).where(eq(teams.id, other!.id));
    expect(await t.deps.db.select().from(adCodes).where(eq(adCodes.teamId, other!.id))).toEqual([]);
  });

});

// the renders on an app of their own: the worker drains every queued job, and the batches above
// would be rendered first (twelve walls and a multi wall)
describe('ad codes in the rendered file', () => {
  beforeAll(async () => {
    await t.close();
    t = await createTestApp();
    ({ user: admin, team } = await userWithTeam(t.app, 'Codes'));
    await subscribeTeam(t.app, admin, team.slug);
  }, 120_000);

  it('the download is named with the code, and the MP4 carries it as its title and comment: fast path, full render and a render joined from chunks', async () => {
    const bg = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 2 });
    const fast = (await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Fraîche 🌿', background_video_id: bg.id, duration_seconds: 5 } })).json();
    // no clip: the animated gradient, which only the full render draws
    const full = (await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Gradient', duration_seconds: 5 } })).json();
    const one = tinyRenderingWorker(t);
    try {
      await one.worker.drain();
    } finally {
      await one.close();
    }
    const chunked = (await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'In three parts ✂️', background_video_id: bg.id, duration_seconds: 5, style: { preset: 'neon' } } })).json();
    const chunking = tinyRenderingWorker(t, { chunkSeconds: 2 });
    try {
      await chunking.worker.drain();
    } finally {
      await chunking.close();
    }
    for (const [video, engine, hook] of [
      [fast, 'fast', 'Fraîche 🌿'],
      [full, 'remotion', 'Gradient'],
      [chunked, 'fast', 'In three parts ✂️'],
    ] as const) {
      const job = (await api({ method: 'GET', url: `/api/remotion-render-jobs/${video.render_job_id}/` })).json();
      expect(job, hook).toMatchObject({ status: 'completed', engine });
      const detail = (await api({ method: 'GET', url: `/api/text-wall-videos/${video.id}/` })).json();
      expect(await savedAs(detail.output_url)).toBe(`${hook} ${video.ad_code}.mp4`);
      expect(await savedAs(job.output_url)).toBe(`${hook} ${video.ad_code}.mp4`);
      const tags = await tagsOf(detail.output_url, `${video.id}.mp4`);
      expect(tags.title, hook).toBe(video.ad_code);
      expect(tags.comment, hook).toBe(`Hookwall ad code ${video.ad_code}`);
      expect(tags.streams[0]).toBe('video');
    }
    const [{ count }] = (await t.deps.database.db.execute<{ count: number }>(`select count(*)::int as count from render_chunks where render_job_id = '${chunked.render_job_id}'`)).rows as [{ count: number }];
    expect(count).toBeGreaterThan(1);
  });
});
