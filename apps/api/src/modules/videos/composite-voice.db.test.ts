import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compositeVideos, speechAssets } from '@hookwall/db';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam, uploadClip } from './videos.test-helpers.ts';

/**
 * A hook + demo composite with a voice-over, through the API, the real database and the offline
 * voice: the script is spoken once (cached), a new one again; every bad input is a 4xx that makes
 * nothing. Its render (the MP4 speaks, its captions stored): composite-voice.render.test.ts.
 */
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let hook: { id: string };
let demo: { id: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug } });
const VOICE = 'espeak:en-US-female';
const SCRIPT = 'Meet the serum. It works in a week.';

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Voice-overs'));
  await subscribeTeam(t.app, admin, team.slug);
  hook = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Hook', clipKind: 'hook' });
  demo = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Demo', clipKind: 'product_demo' });
}, 180_000);
afterAll(async () => t?.close());

const bulk = (payload: Record<string, unknown>) => api({ method: 'POST', url: '/api/composite-videos/bulk_create_hook_product_demo/', payload: { hook_video_ids: [hook.id], product_demo_video_ids: [demo.id], ...payload } });
const countRows = async () => ({
  videos: (await t.deps.db.select().from(compositeVideos).where(eq(compositeVideos.teamId, team.id))).length,
  speech: (await t.deps.db.select().from(speechAssets).where(eq(speechAssets.teamId, team.id))).length,
});

describe('a composite with a voice-over', () => {
  it('is spoken once for the same script: a second bulk reuses the speech', async () => {
    // the script spoken a first time (as the render test's bulk speaks it)
    expect((await bulk({ voiceover_texts: [SCRIPT], voice: { voice_id: VOICE, speed: 1.2 }, captions: { style: 'highlight' }, overlay_texts: ['Wait for it'] })).statusCode).toBe(202);
    const before = await countRows();
    const res = await bulk({ voiceover_texts: [SCRIPT], voice: { voice_id: VOICE, speed: 1.2 } });
    expect(res.statusCode, res.body).toBe(202);
    const after = await countRows();
    expect(after.speech).toBe(before.speech);
    expect(after.videos).toBe(before.videos + 1);
  });

  it('can be made alone, read from the hook, and a new script is spoken again', async () => {
    const created = await api({
      method: 'POST',
      url: '/api/composite-videos/',
      payload: { composition_id: 'hook-product-demo', hook_video_id: hook.id, product_demo_video_id: demo.id, config: { voiceoverText: 'Short one.', hookText: 'Hi' }, voice: { voice_id: VOICE, start: 'hook' }, render: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const video = created.json();
    expect(video.config.speechStart).toBe('hook');
    const [row] = await t.deps.db.select().from(compositeVideos).where(eq(compositeVideos.id, video.id));
    const patched = await api({ method: 'PATCH', url: `/api/composite-videos/${video.id}/`, payload: { config: { voiceoverText: 'A longer script, read again.' } } });
    expect(patched.statusCode, patched.body).toBe(200);
    const [again] = await t.deps.db.select().from(compositeVideos).where(eq(compositeVideos.id, video.id));
    expect(again!.speechAssetId).not.toBe(row!.speechAssetId);
    // a voiced composite cannot lose its script
    const emptied = await api({ method: 'PATCH', url: `/api/composite-videos/${video.id}/`, payload: { config: { voiceoverText: '' } } });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json()).toHaveProperty(['config.voiceoverText']);
  });

  it('refuses bad input with the field named, and makes nothing', async () => {
    const before = await countRows();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ voice: { voice_id: VOICE } }, 400, 'voiceover_texts'],
      [{ voice: { voice_id: VOICE }, voiceover_texts: [''] }, 400, 'voiceover_texts'],
      [{ voiceover_texts: ['Hello'] }, 400, 'voice'],
      [{ voice: { voice_id: VOICE, speed: 3 }, voiceover_texts: ['Hello'] }, 400, 'voice.speed'],
      [{ voice: { voice_id: VOICE, start: 'middle' }, voiceover_texts: ['Hello'] }, 400, 'voice.start'],
      [{ voice: { voice_id: VOICE }, voiceover_texts: ['Hel\u0000lo'] }, 400, 'voiceover_texts.0'],
      [{ voice: { voice_id: VOICE }, voiceover_texts: ['x'.repeat(1001)] }, 400, 'voiceover_texts.0'],
      [{ voice: { voice_id: 'espeak:xx-nope' }, voiceover_texts: ['Hello'] }, 404, ''],
      [{ voice: 'espeak:en-US-female', voiceover_texts: ['Hello'] }, 400, 'voice'],
    ];
    for (const [payload, code, field] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 80)}: ${res.body}`).toBe(code);
      if (field) expect(Object.keys(res.json()), res.body).toContain(field);
    }
    const multi = await api({ method: 'POST', url: '/api/composite-videos/', payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'A' }] }, voice: { voice_id: VOICE } } });
    expect(multi.statusCode).toBe(400);
    expect(multi.json()).toHaveProperty('voice');
    const noScript = await api({ method: 'POST', url: '/api/composite-videos/', payload: { composition_id: 'hook-product-demo', hook_video_id: hook.id, product_demo_video_id: demo.id, config: {}, voice: { voice_id: VOICE } } });
    expect(noScript.statusCode).toBe(400);
    expect(noScript.json()).toHaveProperty(['config.voiceoverText']);
    // the server's props cannot be sent: a speech in the config is dropped
    const sneaky = await api({
      method: 'POST',
      url: '/api/composite-videos/',
      payload: { composition_id: 'hook-product-demo', hook_video_id: hook.id, product_demo_video_id: demo.id, config: { speech: { audio: { url: 'file:///etc/passwd', durationInSeconds: 1 }, words: [] }, hookWords: [{ text: 'x', start: 0, end: 1 }] }, render: false },
    });
    expect(sneaky.statusCode, sneaky.body).toBe(201);
    expect(sneaky.json().config.speech).toBeUndefined();
    expect(sneaky.json().config.hookWords).toBeUndefined();
    expect((await api({ method: 'DELETE', url: `/api/composite-videos/${sneaky.json().id}/` })).statusCode).toBe(204);
    expect(await countRows()).toEqual(before);
  });
});
