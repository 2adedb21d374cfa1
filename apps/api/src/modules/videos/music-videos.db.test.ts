import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bulkJobs, compositeVideos, jobs, renderJobs, textWallVideos } from '@hookwall/db';
import { parseRenderRequest, requestMusic } from '@hookwall/video/render-request';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { uploadTrack } from '../music-tracks/music.test-helpers.ts';
import { subscribeTeam, tinyRenderingWorker, uploadClip } from './videos.test-helpers.ts';

// the test engine's renders take a second or two each on a busy machine, with the worker's steps around them
vi.setConfig({ testTimeout: 180_000 });

/**
 * Videos that carry music, on the real database and storage: text walls (bulk_create, one by one)
 * and composites (hook + demo, multi text walls) store `{track_id, volume}`, answer it as `music`,
 * and queue a render request whose `music` is the track's canonical copy, named like a clip; a
 * re-render reads what is stored now, and a track deleted since is named missing, which fails the
 * render with the worker's reason (the test engine's worker). One text wall is rendered for real,
 * its MP4 checked for the music: music-videos.render.test.ts.
 */
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let track: { id: string; duration_seconds: number };
let theirs: { id: string };
let background: { id: string };
let hook: { id: string };
let demo: { id: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Music Makers'));
  await subscribeTeam(t.app, admin, team.slug);
  track = await uploadTrack(t.app, admin, team.slug, { name: 'Upbeat', seconds: 3 });
  const other = await userWithTeam(t.app, 'Other Label');
  theirs = await uploadTrack(t.app, other.user, other.team.slug, { name: 'Theirs' });
  background = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
  hook = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, clipKind: 'hook', title: 'Hook' });
  demo = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, clipKind: 'product_demo', title: 'Demo' });
}, 120_000);
afterAll(async () => t?.close());

const trackKey = async (id: string) => {
  const { musicTracks } = await import('@hookwall/db');
  const [row] = await t.deps.db.select({ key: musicTracks.storageKey }).from(musicTracks).where(eq(musicTracks.id, id));
  return row!.key;
};
/** the music of the render request queued for a render job, as the worker reads it */
async function requestedMusic(renderJobId: string) {
  const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, renderJobId));
  return requestMusic(parseRenderRequest(job!.compositionId, job!.inputProps));
}
const expectedMusic = async (volume: number) => ({ audio: { media: { kind: 'upload', key: await trackKey(track.id) }, durationInSeconds: track.duration_seconds }, volume });
const bulkCount = async () => (await t.deps.db.select({ id: bulkJobs.id }).from(bulkJobs).where(eq(bulkJobs.teamId, team.id))).length;

describe('text walls with music', () => {
  it('bulk_create stores the music on every video, answers it, and each render request carries the track', async () => {
    const res = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['One', 'Two'], background_video_ids: [background.id], duration_seconds: 5, music: { track_id: track.id, volume: 0.5 } } });
    expect(res.statusCode, res.body).toBe(202);
    const { video_ids } = res.json() as { video_ids: string[] };
    const rows = await t.deps.db.select().from(textWallVideos).where(inArray(textWallVideos.id, video_ids));
    expect(rows.map((r) => r.music)).toEqual([
      { track_id: track.id, volume: 0.5 },
      { track_id: track.id, volume: 0.5 },
    ]);
    const detail = (await api({ method: 'GET', url: `/api/text-wall-videos/${video_ids[0]}/` })).json();
    expect(detail.music).toEqual({ track_id: track.id, volume: 0.5 });
    const listed = (await api({ method: 'GET', url: '/api/videos/?type=text_wall' })).json();
    expect(listed.results.find((v: { id: string }) => v.id === video_ids[1]).music).toEqual({ track_id: track.id, volume: 0.5 });
    for (const row of rows) expect(await requestedMusic(row.renderJobId!)).toEqual(await expectedMusic(0.5));
  });

  it('the volume defaults to 0.3; without music a video has none; the multipart form takes music as JSON', async () => {
    const quiet = (await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Default volume'], duration_seconds: 5, music: { track_id: track.id } } })).json();
    const [row] = await t.deps.db.select().from(textWallVideos).where(eq(textWallVideos.id, quiet.video_ids[0]));
    expect(row!.music).toEqual({ track_id: track.id, volume: 0.3 });
    expect(await requestedMusic(row!.renderJobId!)).toEqual(await expectedMusic(0.3));

    const silent = (await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['No music'], duration_seconds: 5 } })).json();
    const [plain] = await t.deps.db.select().from(textWallVideos).where(eq(textWallVideos.id, silent.video_ids[0]));
    expect(plain!.music).toBeNull();
    expect(await requestedMusic(plain!.renderJobId!)).toBeNull();
    expect((await api({ method: 'GET', url: `/api/text-wall-videos/${plain!.id}/` })).json().music).toBeNull();

    const boundary = '----hookwall';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="texts.txt"\r\nContent-Type: text/plain\r\n\r\nFrom a file\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="duration_seconds"\r\n\r\n5\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="music"\r\n\r\n{"track_id":"${track.id}","volume":0.8}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const form = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(form.statusCode, form.body).toBe(202);
    const [fromFile] = await t.deps.db.select().from(textWallVideos).where(eq(textWallVideos.id, form.json().video_ids[0]));
    expect(fromFile!.music).toEqual({ track_id: track.id, volume: 0.8 });
  });

  it.each<[string, unknown, number, Record<string, unknown> | null]>([
    ['a volume over 1', { volume: 1.5 }, 400, { 'music.volume': ['The volume is at most 1.'] }],
    ['a negative volume', { volume: -0.1 }, 400, { 'music.volume': ['The volume is at least 0.'] }],
    ['a volume that is not a number', { volume: 'loud' }, 400, { 'music.volume': ['Enter the volume as a number from 0 to 1.'] }],
    ['a track id that is not a uuid', { track_id: 'upbeat' }, 400, { 'music.track_id': ['Choose one of your music tracks (its id from GET /api/music-tracks/).'] }],
    ['a missing track id', { track_id: undefined }, 400, { 'music.track_id': ['Choose one of your music tracks (its id from GET /api/music-tracks/).'] }],
    ['an unknown track', { track_id: '00000000-0000-4000-8000-000000000000' }, 404, null],
    ["another team's track", 'theirs', 404, null],
  ])('refuses %s, and makes nothing', async (_label, change, status, body) => {
    const before = await bulkCount();
    const music = change === 'theirs' ? { track_id: theirs.id } : { track_id: track.id, ...(change as object) };
    const res = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Refused'], duration_seconds: 5, music } });
    expect(res.statusCode, res.body).toBe(status);
    if (body) expect(res.json()).toEqual(body);
    else expect(res.json()).toEqual({ detail: 'This music track does not exist in your team.' });
    expect(await bulkCount()).toBe(before);
  });

  it('one by one: created with music, changed and taken off by PATCH; a re-render plays what is stored then', async () => {
    const created = await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Solo', duration_seconds: 5, music: { track_id: track.id, volume: 0.6 } } });
    expect(created.statusCode, created.body).toBe(201);
    const video = created.json();
    expect(video.music).toEqual({ track_id: track.id, volume: 0.6 });
    expect(await requestedMusic(video.render_job_id)).toEqual(await expectedMusic(0.6));
    expect((await api({ method: 'PATCH', url: `/api/text-wall-videos/${video.id}/`, payload: { music: { track_id: theirs.id } } })).statusCode).toBe(404);
    const patched = await api({ method: 'PATCH', url: `/api/text-wall-videos/${video.id}/`, payload: { music: { track_id: track.id, volume: 0.1 } } });
    expect(patched.json().music).toEqual({ track_id: track.id, volume: 0.1 });
    await t.deps.db.update(renderJobs).set({ status: 'completed' }).where(eq(renderJobs.id, video.render_job_id));
    const again = (await api({ method: 'POST', url: `/api/text-wall-videos/${video.id}/render/`, payload: {} })).json();
    expect(await requestedMusic(again.render_job_id)).toEqual(await expectedMusic(0.1));
    const off = await api({ method: 'PATCH', url: `/api/text-wall-videos/${video.id}/`, payload: { music: null } });
    expect(off.json().music).toBeNull();
  });
});

describe('composites with music', () => {
  it('hook + demo in bulk: every pair stores the music and its render request carries it; a config cannot name music or a voice-over of its own', async () => {
    const res = await api({
      method: 'POST',
      url: '/api/composite-videos/bulk_create_hook_product_demo/',
      payload: { hook_video_ids: [hook.id], product_demo_video_ids: [demo.id], overlay_texts: ['Wait for it'], music: { track_id: track.id, volume: 0.4 } },
    });
    expect(res.statusCode, res.body).toBe(202);
    const [row] = await t.deps.db.select().from(compositeVideos).where(eq(compositeVideos.id, res.json().video_ids[0]));
    expect(row!.music).toEqual({ track_id: track.id, volume: 0.4 });
    expect(row!.config).not.toHaveProperty('music');
    expect(await requestedMusic(row!.renderJobId!)).toEqual(await expectedMusic(0.4));
    const detail = (await api({ method: 'GET', url: `/api/composite-videos/${row!.id}/` })).json();
    expect(detail.music).toEqual({ track_id: track.id, volume: 0.4 });
    expect(detail.config).not.toHaveProperty('music');

    // another team's file named in the config, as a music or a voice-over: never read
    const theirKey = await trackKey(theirs.id);
    const sneaky = await api({
      method: 'POST',
      url: '/api/composite-videos/',
      payload: {
        composition_id: 'hook-product-demo',
        hook_video_id: hook.id,
        product_demo_video_id: demo.id,
        config: { hookText: 'Sneaky', music: { audio: { url: `storage:${theirKey}`, durationInSeconds: 3 }, volume: 1 }, speech: { audio: { url: `storage:${theirKey}`, durationInSeconds: 3 }, words: [] } },
      },
    });
    expect(sneaky.statusCode, sneaky.body).toBe(201);
    const [stored] = await t.deps.db.select().from(compositeVideos).where(eq(compositeVideos.id, sneaky.json().id));
    expect(stored!.config).not.toHaveProperty('music');
    expect(stored!.config).not.toHaveProperty('speech');
    const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, stored!.renderJobId!));
    expect(JSON.stringify(job!.inputProps)).not.toContain(theirKey);
  });

  it('a multi text wall (POST and multitextwall/) carries it; PATCH changes it, or takes it off for the next render', async () => {
    const created = await api({
      method: 'POST',
      url: '/api/composite-videos/',
      payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'First', durationInSeconds: 2 }] }, music: { track_id: track.id, volume: 0.25 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const video = created.json();
    expect(video.music).toEqual({ track_id: track.id, volume: 0.25 });
    expect(await requestedMusic(video.render_job_id)).toEqual(await expectedMusic(0.25));

    const viaMulti = await api({ method: 'POST', url: '/api/composite-videos/multitextwall/', payload: { texts: ['A', 'B'], music: { track_id: track.id } } });
    expect(viaMulti.statusCode, viaMulti.body).toBe(202);
    const [multi] = await t.deps.db.select().from(compositeVideos).where(eq(compositeVideos.id, viaMulti.json().video_ids[0]));
    expect(await requestedMusic(multi!.renderJobId!)).toEqual(await expectedMusic(0.3));
    expect((await api({ method: 'POST', url: '/api/composite-videos/multitextwall/', payload: { texts: ['A'], music: { track_id: theirs.id } } })).statusCode).toBe(404);
    expect((await api({ method: 'POST', url: '/api/composite-videos/', payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'x', durationInSeconds: 2 }] }, music: { track_id: track.id, volume: 3 } } })).json()).toEqual({
      'music.volume': ['The volume is at most 1.'],
    });

    await t.deps.db.update(renderJobs).set({ status: 'completed' }).where(eq(renderJobs.id, video.render_job_id));
    const quieter = await api({ method: 'PATCH', url: `/api/composite-videos/${video.id}/`, payload: { music: { track_id: track.id, volume: 0.05 } } });
    expect(quieter.json().music).toEqual({ track_id: track.id, volume: 0.05 });
    const off = await api({ method: 'PATCH', url: `/api/composite-videos/${video.id}/`, payload: { music: null, config: { transition: 'none' } } });
    expect(off.json()).toMatchObject({ music: null, config: { transition: 'none' } });
    const again = (await api({ method: 'POST', url: `/api/composite-videos/${video.id}/render/`, payload: {} })).json();
    expect(await requestedMusic(again.render_job_id)).toBeNull();
  });
});

/** Leaves only this render's job in the queue: the worker renders nothing else of this file's. */
async function onlyRender(renderJobId: string) {
  await t.deps.db.delete(jobs).where(and(eq(jobs.name, 'render-video'), ne(sql`${jobs.payload}->>'render_job_id'`, renderJobId)));
}

describe('rendered by the worker', () => {
  it('a track deleted after its videos were made: the next render names it missing and the worker fails it with the reason', async () => {
    const doomed = await uploadTrack(t.app, admin, team.slug, { name: 'Doomed' });
    const made = (await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Loses its music'], duration_seconds: 5, music: { track_id: doomed.id } } })).json();
    const videoId = made.video_ids[0] as string;
    expect((await api({ method: 'DELETE', url: `/api/music-tracks/${doomed.id}/` })).statusCode).toBe(204);
    await onlyRender((await api({ method: 'GET', url: `/api/text-wall-videos/${videoId}/` })).json().render_job_id);
    // the render queued before the delete fails on the file gone; one asked for after it names the track missing
    const rendering = tinyRenderingWorker(t);
    try {
      await rendering.worker.drain();
      const first = (await api({ method: 'GET', url: `/api/text-wall-videos/${videoId}/render_status/` })).json();
      expect(first).toMatchObject({ status: 'failed', error: 'The music track of this video was deleted.' });
      const again = (await api({ method: 'POST', url: `/api/text-wall-videos/${videoId}/render/`, payload: {} })).json();
      expect(await requestedMusic(again.render_job_id)).toEqual({ audio: { media: { kind: 'missing', id: doomed.id }, durationInSeconds: 1 }, volume: 0.3 });
      await rendering.worker.drain();
      const second = (await api({ method: 'GET', url: `/api/text-wall-videos/${videoId}/render_status/` })).json();
      expect(second).toMatchObject({ status: 'failed', error: 'The music track of this video was deleted.' });
    } finally {
      await rendering.close();
    }
    // the video still says which music it had
    expect((await api({ method: 'GET', url: `/api/text-wall-videos/${videoId}/` })).json().music).toEqual({ track_id: doomed.id, volume: 0.3 });
  });
});
