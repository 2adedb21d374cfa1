import { videoFileName } from '@hookwall/text-files/file-names';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NULL_CHARACTER_MESSAGE } from '../../core/null-characters.ts';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { subscribeTeam, tinyRenderingWorker, uploadClip } from './videos.test-helpers.ts';

// the test engine's renders take a second or two each on a busy machine, with the worker's steps around them
vi.setConfig({ testTimeout: 180_000 });

/**
 * The names videos download under, rendered by the test engine (tiny real MP4s): a name is the
 * video's fields and its ad code, whatever its pixels.
 */
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let rendering: ReturnType<typeof tinyRenderingWorker>;
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Names'));
  await subscribeTeam(t.app, admin, team.slug);
  rendering = tinyRenderingWorker(t);
}, 180_000);
afterAll(async () => {
  await rendering?.close();
  await t?.close();
});

/** The Content-Disposition a download URL is served with, and the name a browser saves it under (RFC 6266: `filename*` first). */
async function savedAs(url: string) {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url), headers: { range: 'bytes=0-0' } });
  expect(res.statusCode).toBe(206);
  const header = String(res.headers['content-disposition']);
  const star = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  const plain = /filename="([^"]*)"/.exec(header)?.[1];
  return { header, plain, name: star ? decodeURIComponent(star) : plain };
}

/** A video's file name: its hook's, then its ad code before the extension. */
const withCode = (name: string, code: string) => name.replace(/\.mp4$/, ` ${code}.mp4`);

describe('download names', () => {
  it('a text wall downloads under its hook, as the zip names it: accents, emoji, right-to-left, and separators made safe', async () => {
    const background = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    const texts = [
      'Fraîche tous les jours 🌿\nLivrée demain',
      'Journée parfaite ☀️',
      'Journée parfaite ☀️',
      'عرض خاص: اليوم فقط',
      'Buy 1/get 1 free \\ today | only',
      '../../etc/passwd',
      'invoice\u202Egnp.exe\u0007',
      'CON',
    ];
    const expected = [
      'Fraîche tous les jours 🌿.mp4',
      'Journée parfaite ☀️.mp4',
      'Journée parfaite ☀️.mp4',
      'عرض خاص اليوم فقط.mp4',
      'Buy 1-get 1 free - today - only.mp4',
      '-..-etc-passwd.mp4',
      'invoicegnp.exe.mp4',
      '_CON.mp4',
    ];
    const created = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts, background_video_ids: [background.id], duration_seconds: 5 } });
    expect(created.statusCode, created.body).toBe(202);
    const { video_ids } = created.json() as { video_ids: string[] };
    await rendering.worker.drain();

    const list = (await api({ method: 'GET', url: `/api/text-wall-videos/?bulk_job_id=${created.json().job_id}&page_size=50` })).json();
    const byId = new Map<string, { text: string; status: string; output_url: string; render_job_id: string; ad_code: string }>(list.results.map((v: { id: string }) => [v.id, v]));
    for (const [i, id] of video_ids.entries()) {
      const video = byId.get(id)!;
      expect(video.status).toBe('completed');
      const listed = await savedAs(video.output_url);
      expect(listed.name, texts[i]).toBe(withCode(expected[i]!, video.ad_code));
      // the ASCII fallback holds nothing a header or an old browser would choke on
      expect(listed.plain).toMatch(/^[\x20-\x7e]+\.mp4$/);
      expect(listed.plain).not.toMatch(/["\\]/);
      if (/[^\x20-\x7e]/.test(expected[i]!)) expect(listed.header).toMatch(/^inline; filename="[^"]+"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+^`|-]+$/);
      // the web app names the file from the same fields with the same function (video-items.ts)
      expect(videoFileName({ compositionId: 'text-wall', props: { text: video.text }, code: video.ad_code })).toBe(withCode(expected[i]!, video.ad_code));
      // one video, its render status and its render job: the same name
      const single = (await api({ method: 'GET', url: `/api/text-wall-videos/${id}/` })).json();
      expect((await savedAs(single.output_url)).name).toBe(withCode(expected[i]!, video.ad_code));
      const status = (await api({ method: 'GET', url: `/api/text-wall-videos/${id}/render_status/` })).json();
      expect((await savedAs(status.output_url)).name).toBe(withCode(expected[i]!, video.ad_code));
      const job = (await api({ method: 'GET', url: `/api/remotion-render-jobs/${video.render_job_id}/` })).json();
      expect((await savedAs(job.output_url)).name).toBe(withCode(expected[i]!, video.ad_code));
    }

    // a text edited after its render: the download follows the video's text, as the zip does
    const edited = await api({ method: 'PATCH', url: `/api/text-wall-videos/${video_ids[0]}/`, payload: { text: 'Crème brûlée 🍮' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await savedAs(edited.json().output_url)).name).toBe(`Crème brûlée 🍮 ${edited.json().ad_code}.mp4`);
  });

  it('a matrix bulk: videos of the same text download under names with their preset and background; the list names each background', async () => {
    const a = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    const b = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    await api({ method: 'PATCH', url: `/api/text-wall-background-videos/${a.id}/`, payload: { name: 'Ocean waves' } });
    const names = Object.fromEntries(await Promise.all([a, b].map(async ({ id }) => [id, (await api({ method: 'GET', url: `/api/text-wall-background-videos/${id}/` })).json().name as string])));
    expect(names[a.id]).toBe('Ocean waves');
    const created = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Your glow, in 4 weeks'], background_video_ids: [a.id, b.id], styles: [{ preset: 'punchy' }, { preset: 'bold' }], combine: 'matrix', duration_seconds: 5 } });
    expect(created.statusCode, created.body).toBe(202);
    // the same text once, in a bulk job of its own: no variant needed
    const alone = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Your glow, in 4 weeks'], background_video_ids: [a.id], duration_seconds: 5 } });
    expect(alone.statusCode, alone.body).toBe(202);
    await rendering.worker.drain();
    const expected = [`Your glow, in 4 weeks (Punchy, Ocean waves).mp4`, 'Your glow, in 4 weeks (Bold, Ocean waves).mp4', `Your glow, in 4 weeks (Punchy, ${names[b.id]}).mp4`, `Your glow, in 4 weeks (Bold, ${names[b.id]}).mp4`];
    const list = (await api({ method: 'GET', url: `/api/text-wall-videos/?bulk_job_id=${created.json().job_id}` })).json();
    const byId = new Map<string, { background_video_id: string; background_name: string; output_url: string; ad_code: string }>(list.results.map((v: { id: string }) => [v.id, v]));
    for (const [i, id] of (created.json().video_ids as string[]).entries()) {
      const video = byId.get(id)!;
      expect(video.background_name).toBe(names[video.background_video_id]);
      expect((await savedAs(video.output_url)).name).toBe(withCode(expected[i]!, video.ad_code));
      const single = (await api({ method: 'GET', url: `/api/text-wall-videos/${id}/` })).json();
      expect(single.background_name).toBe(names[video.background_video_id]);
      expect((await savedAs(single.output_url)).name).toBe(withCode(expected[i]!, video.ad_code));
      const status = (await api({ method: 'GET', url: `/api/text-wall-videos/${id}/render_status/` })).json();
      expect((await savedAs(status.output_url)).name).toBe(withCode(expected[i]!, video.ad_code));
    }
    const other = (await api({ method: 'GET', url: `/api/text-wall-videos/${alone.json().video_ids[0]}/` })).json();
    expect((await savedAs(other.output_url)).name).toBe(`Your glow, in 4 weeks ${other.ad_code}.mp4`);
    // the list of both kinds answers the same
    const all = (await api({ method: 'GET', url: `/api/videos/?bulk_job_id=${created.json().job_id}` })).json();
    expect(all.results.map((v: { background_name: string }) => v.background_name).sort()).toEqual([names[a.id], names[a.id], names[b.id], names[b.id]].sort());
  });

  it('a NUL in the text is refused with the API’s message, and nothing is made', async () => {
    const before = (await api({ method: 'GET', url: '/api/text-wall-videos/' })).json().count;
    const single = await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'a\u0000b', render: false } });
    expect(single.statusCode).toBe(400);
    expect(single.json().text).toEqual([NULL_CHARACTER_MESSAGE]);
    const bulk = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['ok', 'nul\u0000here'] } });
    expect(bulk.statusCode).toBe(400);
    expect((await api({ method: 'GET', url: '/api/text-wall-videos/' })).json().count).toBe(before);
  });

  it('a composite downloads under its hook text, else under its name', async () => {
    const hook = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Hook A', clipKind: 'hook' });
    const demo = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Demo A', clipKind: 'product_demo' });
    const withHook = await api({
      method: 'POST',
      url: '/api/composite-videos/bulk_create_hook_product_demo/',
      payload: { hook_video_ids: [hook.id], product_demo_video_ids: [demo.id], overlay_texts: ['Journée “parfaite” ☀️'] },
    });
    expect(withHook.statusCode, withHook.body).toBe(202);
    const multi = await api({ method: 'POST', url: '/api/composite-videos/multitextwall/', payload: { texts: ['שלום עולם', 'Deux'], seconds_per_wall: 1 } });
    expect(multi.statusCode, multi.body).toBe(202);
    await rendering.worker.drain();

    for (const [id, name] of [
      [withHook.json().video_ids[0], 'Journée “parfaite” ☀️.mp4'],
      [multi.json().video_ids[0], 'שלום עולם.mp4'],
    ] as const) {
      const video = (await api({ method: 'GET', url: `/api/composite-videos/${id}/` })).json();
      expect(video.status, video.error).toBe('completed');
      expect((await savedAs(video.output_url)).name).toBe(withCode(name, video.ad_code));
      expect(videoFileName({ compositionId: video.composition_id, props: video.config, title: video.name, code: video.ad_code })).toBe(withCode(name, video.ad_code));
    }
  });
});
