import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { speechAssets, textWallVideos } from '@hookwall/db';
import { speechTokens } from '@hookwall/video/schemas';
import { startFakeAudioServer, type FakeAudioServer } from '@hookwall/voices/testing';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam } from '../videos/videos.test-helpers.ts';

/**
 * A remote voice (an OpenAI-compatible /audio/speech endpoint, here a local fake speaking the real
 * wire protocol: real WAV bytes, OpenAI's error bodies) through the API: it is listed, costs a
 * credit per text that is not cached, and a failure (500, no answer, not audio) refunds, stores
 * nothing and answers 502 with a reason the user can read.
 */
let server: FakeAudioServer;
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
const VOICE = 'remote:nova';

beforeAll(async () => {
  server = await startFakeAudioServer({ defaultVoice: 'fr-FR-female' });
  t = await createTestApp({ TTS_BASE_URL: server.url, TTS_API_KEY: server.apiKey, TTS_VOICES: ['nova', 'alloy'], SPEECH_TIMEOUT_MS: 8000 });
  ({ user: admin, team } = await userWithTeam(t.app, 'Remote Voice Team'));
  await subscribeTeam(t.app, admin, team.slug);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await server?.close();
});
beforeEach(() => server.setMode('ok'));

const call = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });
const speak = (payload: object) => call({ method: 'POST', url: '/api/voices/speak/', payload });
const balance = async () => (await call({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` })).json().balance as number;
const ledger = async () => {
  const body = (await call({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/transactions/` })).json();
  return (body.results ?? body) as { kind: string; amount: number; reason: string }[];
};
const speechRows = () => t.deps.db.select().from(speechAssets).where(eq(speechAssets.teamId, team.id));
const speechFiles = () => t.deps.storage.list(`teams/${team.id}/speech/`);
const speechCalls = () => server.seen.filter((r) => r.path === '/v1/audio/speech').length;

describe('remote voices', () => {
  it('are listed beside the offline ones', async () => {
    const voices = (await call({ method: 'GET', url: '/api/voices/' })).json().results as { id: string; provider: string }[];
    expect(voices.filter((v) => v.provider === 'remote').map((v) => v.id)).toEqual(['remote:nova', 'remote:alloy']);
    expect(voices.some((v) => v.provider === 'offline')).toBe(true);
  });

  it('cost a credit per text not cached: the same text again is free, and the endpoint is asked once', async () => {
    const before = await balance();
    const calls = speechCalls();
    const text = 'Une voix venue de loin.';
    const first = await speak({ voice_id: VOICE, text });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().words.map((w: { text: string }) => w.text)).toEqual(speechTokens(text));
    expect(await balance()).toBe(before - 1);
    // the endpoint got the OpenAI request: model, voice, input, speed, with the key
    const request = server.seen.filter((r) => r.path === '/v1/audio/speech').at(-1)!;
    expect(request.auth).toBe(`Bearer ${server.apiKey}`);
    expect(request.json).toMatchObject({ model: 'tts-1', voice: 'nova', input: text });
    const again = await speak({ voice_id: VOICE, text, speed: 1 });
    expect(again.json().id).toBe(first.json().id);
    expect(await balance()).toBe(before - 1);
    expect(speechCalls()).toBe(calls + 1);
    expect((await speechRows()).find((r) => r.id === first.json().id)?.provider).toBe('remote');
  });

  it('two identical calls at once are one asset and one credit', async () => {
    const before = await balance();
    const [a, b] = await Promise.all([speak({ voice_id: VOICE, text: 'En même temps, à distance.' }), speak({ voice_id: VOICE, text: 'En même temps, à distance.' })]);
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.statusCode, b!.body).toBe(200);
    expect(b!.json().id).toBe(a!.json().id);
    expect((await speechRows()).filter((r) => r.text === 'En même temps, à distance.')).toHaveLength(1);
    expect(await balance()).toBe(before - 1);
  });

  for (const [mode, reason] of [
    ['error500', /500|error|failed/i],
    ['hang', /did not answer|time/i],
    ['not-audio', /audio/i],
  ] as const) {
    it(`a ${mode} answer is a 502 with its reason: the credit comes back and nothing is stored`, async () => {
      const before = await balance();
      const rows = (await speechRows()).length;
      const files = (await speechFiles()).length;
      server.setMode(mode, 'speech');
      const res = await speak({ voice_id: VOICE, text: `Échec ${mode}.` });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().detail).toMatch(reason);
      expect(res.json().detail).not.toMatch(/sk-|Error:|\n\s+at /);
      expect(await balance()).toBe(before);
      const [refund, spend] = await ledger();
      expect(spend).toMatchObject({ kind: 'spend', amount: -1 });
      expect(refund).toMatchObject({ kind: 'refund', amount: 1 });
      expect((await speechRows()).length).toBe(rows);
      expect((await speechFiles()).length).toBe(files);
      // once the endpoint is back, the same text is made (and paid) normally
      server.setMode('ok', 'speech');
      expect((await speak({ voice_id: VOICE, text: `Échec ${mode}.` })).statusCode).toBe(200);
      expect(await balance()).toBe(before - 1);
    });
  }

  it('402 when the team has no credit left, and nothing is asked of the endpoint', async () => {
    const other = await userWithTeam(t.app, 'Broke Voice Team');
    const calls = speechCalls();
    const res = await as(t.app, other.user)({ method: 'POST', url: '/api/voices/speak/', headers: { 'x-team-slug': other.team.slug }, payload: { voice_id: VOICE, text: 'Sans le sou.' } });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'insufficient_credits' });
    expect(speechCalls()).toBe(calls);
  });

  it('a bulk with a remote voice pays each distinct text once; a failure in the middle makes no video and refunds all', async () => {
    const before = await balance();
    const ok = await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Un.', 'Deux.', 'Un.'], voice: { voice_id: VOICE }, captions: { style: 'pop' } } });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(await balance()).toBe(before - 2);

    const videos = async () => (await t.deps.db.select().from(textWallVideos).where(eq(textWallVideos.teamId, team.id))).length;
    const made = await videos();
    const rows = (await speechRows()).length;
    server.setMode('error500', 'speech');
    const failed = await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Trois.', 'Quatre.', 'Un.'], voice: { voice_id: VOICE } } });
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json().detail).toMatch(/^Text "(Trois|Quatre)\."/);
    expect(await balance()).toBe(before - 2);
    expect(await videos()).toBe(made);
    expect((await speechRows()).length).toBe(rows);
    expect((await speechFiles()).length).toBe(rows);
  });

  it('speech made for a bulk that is then refused (a text that does not fit) is removed and refunded', async () => {
    const before = await balance();
    const rows = (await speechRows()).length;
    const long = 'Cette phrase est bien trop longue pour tenir dans une vidéo de cinq secondes, même lue assez vite par une voix claire, car elle continue encore et encore avec des mots, des virgules, des détails et des promesses.';
    const res = await call({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Court.', long], voice: { voice_id: VOICE }, duration_seconds: 5 } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().duration_seconds[0]).toMatch(/^Text 2 takes/);
    expect(await balance()).toBe(before);
    expect((await speechRows()).length).toBe(rows);
    expect((await speechFiles()).length).toBe(rows);
  });
});
