import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { renderJobs } from '@hookwall/db';
import { parseRenderRequest } from '@hookwall/video/render-request';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { multipart } from '../brand-kits/brand-kits.test-helpers.ts';
import { subscribeTeam, tinyRenderingWorker, uploadClip } from './videos.test-helpers.ts';

// the test engine's renders take a second or two each on a busy machine, with the worker's steps around them
vi.setConfig({ testTimeout: 180_000 });

/**
 * A text wall's end card through the API, the real database and a worker (the test engine's tiny renders): `end_card: true`
 * takes the kit's card (which must be on), an object sets its own fields over the kit's, left out
 * there is none; the card is kept with the video (a kit changed later does not reach it), comes
 * after the wall (the video lasts both, a voice's wall still lasts its speech), and every bad
 * value is a 400 naming its field with nothing made. A multi text wall takes the same. How the card
 * and the voice look and sound in the video: text-wall-end-card.render.test.ts, with the real engine.
 */
const { ffmpeg } = mediaToolsFrom(process.env);
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let rendering: ReturnType<typeof tinyRenderingWorker>;
let bg: { id: string };
let kitId: string;
let offKitId: string;
const api = (o: Parameters<ReturnType<typeof as>>[0], user = admin, slug = team.slug) => as(t.app, user)({ ...o, headers: { ...o.headers, 'x-team-slug': slug } });
const bulk = (payload: Record<string, unknown>) => api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { background_video_ids: [bg.id], ...payload } });
const KIT_CARD = { headline: 'Glow Serum', cta: 'Shop now', url: 'glow.example/try', seconds: 2 };

async function madeOf(videoId: string) {
  const detail = (await api({ method: 'GET', url: `/api/text-wall-videos/${videoId}/` })).json();
  const [job] = await t.deps.db.select().from(renderJobs).where(and(eq(renderJobs.targetId, videoId), eq(renderJobs.teamId, team.id)));
  const request = parseRenderRequest(job!.compositionId, job!.inputProps);
  if (request.compositionId !== 'text-wall') throw new Error(request.compositionId);
  return { detail, props: request.props, job: job! };
}

const count = async () => (await api({ method: 'GET', url: '/api/text-wall-videos/' })).json().count as number;

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Cards'));
  await subscribeTeam(t.app, admin, team.slug);
  bg = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
  const created = await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Glow', colors: { primary: '#1D3557' }, end_card: { enabled: true, ...KIT_CARD } } });
  expect(created.statusCode, created.body).toBe(201);
  kitId = created.json().id;
  const file = join(t.dataDir, 'logo.png');
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=400x200', '-frames:v', '1', file]);
  const logo = multipart('logo', 'logo.png', 'image/png', readFileSync(file));
  expect((await api({ method: 'POST', url: `/api/brand-kits/${kitId}/logo/`, payload: logo.payload, headers: logo.headers })).statusCode).toBe(200);
  const off = await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Plain', colors: { primary: '#e11d48' }, end_card: { enabled: false, headline: 'Plain Co', cta: 'Visit us' } } });
  offKitId = off.json().id;
  rendering = tinyRenderingWorker(t);
}, 180_000);
afterAll(async () => {
  await rendering?.close();
  await t?.close();
});

describe("a text wall's end card", () => {
  it("is none unless asked, even when the kit's card is on", async () => {
    for (const end_card of [undefined, null, false]) {
      const res = await bulk({ texts: ['No card'], duration_seconds: 5, ...(end_card === undefined ? {} : { end_card }) });
      expect(res.statusCode, res.body).toBe(202);
      const { detail, props, job } = await madeOf(res.json().video_ids[0]);
      expect(detail).toMatchObject({ brand_kit_id: kitId, end_card: null, duration_seconds: 5 });
      expect(props.endCard).toBeNull();
      expect(job.durationSeconds).toBe(5);
    }
  });

  it("true takes the kit's card, kept with the video: the video lasts the wall and the card, and a later kit change does not reach it", async () => {
    const res = await bulk({ texts: ['Glow in seven days ✨', 'Second'], duration_seconds: 5, end_card: true });
    expect(res.statusCode, res.body).toBe(202);
    const card = { ...KIT_CARD, color: '#1d3557' };
    for (const id of res.json().video_ids as string[]) {
      const { detail, props, job } = await madeOf(id);
      // the wall's length is what was asked; the card follows it
      expect(detail).toMatchObject({ end_card: card, duration_seconds: 5 });
      expect(props.endCard).toEqual(card);
      expect(props.durationInSeconds).toBe(5);
      expect(job.durationSeconds).toBe(7);
    }
    const [first] = res.json().video_ids as string[];
    // the kit's card changes, then is turned off: the video and its next render keep the card it was made with
    expect((await api({ method: 'PATCH', url: `/api/brand-kits/${kitId}/`, payload: { end_card: { headline: 'Renamed', seconds: 5 } } })).statusCode).toBe(200);
    expect((await api({ method: 'PATCH', url: `/api/brand-kits/${kitId}/`, payload: { end_card: { enabled: false } } })).statusCode).toBe(200);
    try {
      await rendering.worker.drain();
      const again = await api({ method: 'POST', url: `/api/text-wall-videos/${first}/render/` });
      expect(again.statusCode, again.body).toBe(202);
      const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, again.json().render_job_id));
      const request = parseRenderRequest(job!.compositionId, job!.inputProps);
      expect(request.props).toMatchObject({ endCard: card });
      expect((await api({ method: 'GET', url: `/api/text-wall-videos/${first}/` })).json().end_card).toEqual(card);
      // the kit's card is off now: true is refused, naming the field
      const refused = await bulk({ texts: ['Off now'], end_card: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ end_card: [expect.stringContaining('end card is off')] });
    } finally {
      await api({ method: 'PATCH', url: `/api/brand-kits/${kitId}/`, payload: { end_card: { enabled: true, ...KIT_CARD } } });
    }
  });

  it("an object sets its own fields over the kit's card (on or off), or over an empty one without a kit", async () => {
    const over = await bulk({ texts: ['Own cta'], end_card: { cta: 'Buy today', seconds: 4 } });
    expect((await madeOf(over.json().video_ids[0])).detail.end_card).toEqual({ headline: 'Glow Serum', cta: 'Buy today', url: 'glow.example/try', seconds: 4, color: '#1d3557' });
    // a kit whose card is off still lends its texts and colour to a card asked for
    const off = await bulk({ texts: ['Off kit'], brand_kit_id: offKitId, end_card: { url: 'https://plain.example' } });
    expect((await madeOf(off.json().video_ids[0])).detail.end_card).toEqual({ headline: 'Plain Co', cta: 'Visit us', url: 'https://plain.example', seconds: 3, color: '#e11d48' });
    // no kit: what is sent, the rest empty, 3 s, the default colour unless one is named; emoji and right-to-left text as they are
    const none = await bulk({ texts: ['No kit'], brand_kit_id: null, end_card: { headline: 'مرحبا 👋', color: '#ABCDEF' } });
    const { detail, props } = await madeOf(none.json().video_ids[0]);
    expect(detail.end_card).toEqual({ headline: 'مرحبا 👋', cta: '', url: '', seconds: 3, color: '#abcdef' });
    expect(props.brand).toBeNull();
    expect((await madeOf((await bulk({ texts: ['Default colour'], brand_kit_id: null, end_card: { cta: 'Go' } })).json().video_ids[0])).detail.end_card.color).toBe('#7c3aed');
  });

  it('refuses a bad card with a 400 naming the field, and makes nothing', async () => {
    const { user: stranger, team: theirs } = await userWithTeam(t.app, 'Strangers');
    const theirKit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Theirs', end_card: { enabled: true, headline: 'Theirs' } } }, stranger, theirs.slug)).json().id as string;
    const before = await count();
    const cases: [Record<string, unknown>, string | null, number?][] = [
      [{ end_card: true, brand_kit_id: null }, 'end_card'],
      [{ end_card: true, brand_kit_id: offKitId }, 'end_card'],
      [{ end_card: {}, brand_kit_id: null }, 'end_card'],
      [{ end_card: { headline: '   ' }, brand_kit_id: null }, 'end_card'],
      [{ end_card: 'yes' }, 'end_card'],
      [{ end_card: 1 }, 'end_card'],
      [{ end_card: [] }, 'end_card'],
      [{ end_card: { enabled: false } }, 'end_card'],
      [{ end_card: { url: 'javascript:alert(1)' } }, 'end_card.url'],
      [{ end_card: { url: 'https://user:pass@glow.example' } }, 'end_card.url'],
      [{ end_card: { url: 'glow example' } }, 'end_card.url'],
      [{ end_card: { seconds: 0 } }, 'end_card.seconds'],
      [{ end_card: { seconds: 6 } }, 'end_card.seconds'],
      [{ end_card: { seconds: 1e308 } }, 'end_card.seconds'],
      // a field of the wrong type makes the object no card at all: the card is named, with what it may be
      [{ end_card: { seconds: '3' } }, 'end_card'],
      [{ end_card: { headline: 'x'.repeat(121) } }, 'end_card.headline'],
      [{ end_card: { cta: 'x'.repeat(61) } }, 'end_card.cta'],
      [{ end_card: { cta: 'Buy\u0007now' } }, 'end_card.cta'],
      [{ end_card: { headline: 'Nul\u0000l' } }, 'end_card.headline'],
      [{ end_card: { color: 'red' } }, 'end_card.color'],
      // another team's kit is not found, whatever the card
      [{ end_card: true, brand_kit_id: theirKit }, null, 404],
    ];
    for (const [payload, field, status = 400] of cases) {
      const res = await bulk({ texts: ['Nope'], ...payload });
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      if (field) expect(Object.keys(res.json()), JSON.stringify(payload)).toEqual([field]);
    }
    expect(await count()).toBe(before);
  });

  it('closes a multi text wall after its last wall, kept in its config', async () => {
    const res = await api({ method: 'POST', url: '/api/composite-videos/multitextwall/', payload: { texts: ['One', 'Two'], seconds_per_wall: 2, end_card: { cta: 'Last word' } } });
    expect(res.statusCode, res.body).toBe(202);
    const detail = (await api({ method: 'GET', url: `/api/composite-videos/${res.json().video_ids[0]}/` })).json();
    expect(detail.config.endCard).toEqual({ ...KIT_CARD, cta: 'Last word', color: '#1d3557' });
    const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, detail.render_job_id));
    expect(parseRenderRequest(job!.compositionId, job!.inputProps).props).toMatchObject({ endCard: { cta: 'Last word' } });
    // two walls of 2 s overlapping by a fade (0.4 s), then the card's 2 s
    expect(job!.durationSeconds).toBeCloseTo(2 + 2 - 0.4 + 2, 5);
    const bad = await api({ method: 'POST', url: '/api/composite-videos/multitextwall/', payload: { texts: ['One'], end_card: { seconds: 9 } } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['end_card.seconds']);
  });
});
