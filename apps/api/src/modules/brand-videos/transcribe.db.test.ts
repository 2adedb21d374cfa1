import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { brandVideos, renderJobs } from '@hookwall/db';
import { speechTokens } from '@hookwall/video/schemas';
import { synthesize } from '@hookwall/voices';
import { startFakeAudioServer, type FakeAudioServer, type SeenAudioFile } from '@hookwall/voices/testing';
import { as, createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { makeTestVideo, teamWithRoles } from '../media/media.test-helpers.ts';
import { subscribeTeam, uploadClip } from '../videos/videos.test-helpers.ts';
import { cleanTranscript, transcriptWords } from './transcripts.service.ts';

/**
 * `POST /api/brand-videos/{id}/transcribe/` on the real database, ffmpeg and a local fake of an
 * OpenAI-compatible transcription endpoint (real WAV in, verbose_json out, OpenAI's error bodies):
 * the words stored on the clip, credits spent once and given back on failure, and bad input.
 */
const { ffmpeg } = mediaToolsFrom(process.env);
const dir = mkdtempSync(join(tmpdir(), 'hookwall-transcribe-'));
const SCRIPT = 'Stop scrolling. This changes how you make ads.';
/** the speech starts this far into the clip */
const DELAY = 0.6;

let server: FakeAudioServer;
let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let outsider: TestUser;
let team: { id: number; slug: string };
let talking: Buffer;

/** A real MP4 (64x112 test picture) of `seconds`, its sound the given WAV file (or a sine), delayed by `delay`. */
function clipWithSound(name: string, seconds: number, sound: { wav?: string; sine?: boolean }, delay = 0, fps = 10): Buffer {
  const out = join(dir, name);
  const audio = sound.wav ? ['-i', sound.wav] : ['-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=16000:duration=${seconds}`];
  execFileSync(ffmpeg, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=64x112:r=${fps}:d=${seconds}`, ...audio,
    '-filter_complex', `[1:a]adelay=${Math.round(delay * 1000)},apad[a]`, '-map', '0:v', '-map', '[a]', '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', out,
  ]);
  return readFileSync(out);
}

beforeAll(async () => {
  server = await startFakeAudioServer();
  t = await createTestApp({ STT_BASE_URL: server.url, STT_API_KEY: server.apiKey, SPEECH_TIMEOUT_MS: 8000 });
  ({ admin, reader, outsider, team } = await teamWithRoles(t.app));
  await subscribeTeam(t.app, admin, team.slug);
  // a hook clip that speaks: the offline voice reading the script, from DELAY into a 4 s clip
  const speech = await synthesize({ ttsVoices: [], timeoutMs: 30_000 }, { voiceId: 'espeak:en-US-female', text: SCRIPT, speed: 1.2 });
  writeFileSync(join(dir, 'speech.wav'), speech.audio);
  talking = clipWithSound('talking.mp4', 4, { wav: join(dir, 'speech.wav') }, DELAY);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.setMode('ok');
  server.setDelay(0);
  server.setTranscript(SCRIPT);
});

const call = (user: TestUser = admin, slug = team.slug) => (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user)({ ...o, headers: { 'x-team-slug': slug, ...(o.headers ?? {}) } });
const transcribe = (id: string, payload?: unknown, user?: TestUser) => call(user)({ method: 'POST', url: `/api/brand-videos/${id}/transcribe/`, ...(payload !== undefined && { payload: payload as object }) });
const upload = (bytes: Buffer, title = 'Hook') => uploadClip(t.app, admin, team.slug, 'brand', { bytes, title });
const balance = async () => (await call()({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/balance/` })).json().balance as number;
const ledger = async () => {
  const body = (await call()({ method: 'GET', url: `/a/${team.slug}/subscription/api/credits/transactions/` })).json();
  return (body.results ?? body) as { kind: string; amount: number; reason: string }[];
};
const transcriptions = () => server.seen.filter((r) => r.path === '/v1/audio/transcriptions');
const stored = async (id: string) => (await t.deps.db.select().from(brandVideos).where(eq(brandVideos.id, id)))[0]!;
type Word = { text: string; start: number; end: number };

function expectClean(words: Word[], seconds: number) {
  let previous = 0;
  for (const w of words) {
    expect(w.text.length).toBeGreaterThan(0);
    expect(w.start).toBeGreaterThanOrEqual(previous);
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    expect(w.end).toBeLessThanOrEqual(seconds + 1e-6);
    previous = w.start;
  }
}

describe('transcribing a clip', () => {
  it('sends its sound as a 16 kHz mono WAV, stores the words timed from the clip start, and charges one credit', async () => {
    const clip = await upload(talking);
    const before = await balance();
    const calls = transcriptions().length;
    const res = await transcribe(clip.id, {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: clip.id, text: SCRIPT, language: 'english' });
    expect(Object.keys(body).sort()).toEqual(['id', 'language', 'text', 'transcribed_at', 'words']);
    const words = body.words as Word[];
    expect(words.map((w) => w.text)).toEqual(speechTokens(SCRIPT));
    expectClean(words, 4);
    // timed on the clip's own sound: the first word starts where the speech starts, not at 0
    expect(words[0]!.start).toBeGreaterThan(DELAY - 0.25);
    expect(words.at(-1)!.end).toBeLessThan(4);

    // the request: OpenAI's fields, the key, and a real WAV as long as the clip
    expect(transcriptions()).toHaveLength(calls + 1);
    const request = transcriptions().at(-1)!;
    expect(request.auth).toBe(`Bearer ${server.apiKey}`);
    expect(request.form).toMatchObject({ model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': 'word' });
    const file = request.form!.file as SeenAudioFile;
    expect(file.wav).toMatchObject({ sampleRate: 16_000, channels: 1, bits: 16 });
    expect(file.wav!.durationSeconds).toBeCloseTo(4, 1);

    expect(await balance()).toBe(before - 1);
    expect((await ledger())[0]).toMatchObject({ kind: 'spend', amount: -1 });

    // stored on the clip: its detail and the list show it; the composites' reader gives the same words
    const detail = (await call()({ method: 'GET', url: `/api/brand-videos/${clip.id}/` })).json();
    expect(detail.transcript).toEqual({ text: SCRIPT, language: 'english', words, transcribed_at: body.transcribed_at });
    const listed = (await call()({ method: 'GET', url: '/api/brand-videos/?page_size=100' })).json().results.find((v: { id: string }) => v.id === clip.id);
    expect(listed.transcript.words).toEqual(words);
    expect(transcriptWords(await stored(clip.id))).toEqual(words);

    // again: the stored transcript, free, without asking the endpoint
    const again = await transcribe(clip.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(transcriptions()).toHaveLength(calls + 1);
    expect(await balance()).toBe(before - 1);

    // force: transcribed and paid again
    server.setTranscript('Stop scrolling now.');
    const forced = await transcribe(clip.id, { force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().words.map((w: Word) => w.text)).toEqual(['Stop', 'scrolling', 'now.']);
    expect(transcriptions()).toHaveLength(calls + 2);
    expect(await balance()).toBe(before - 2);
  });

  it("a hook + demo composite of a transcribed hook carries the hook's own words to its render", async () => {
    const hook = await upload(talking, 'Captioned hook');
    const words = (await transcribe(hook.id)).json().words as Word[];
    expect(words.length).toBeGreaterThan(0);
    const demo = await uploadClip(t.app, admin, team.slug, 'brand', { clipKind: 'product_demo', title: 'Demo' });
    const made = await call()({ method: 'POST', url: '/api/composite-videos/', payload: { composition_id: 'hook-product-demo', hook_video_id: hook.id, product_demo_video_id: demo.id, config: {}, render: true } });
    expect(made.statusCode, made.body).toBe(201);
    const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.targetId, made.json().id));
    expect((job!.inputProps as { hookWords: Word[] }).hookWords).toEqual(words);
  });

  it('two clicks at once make one call and one charge', async () => {
    const clip = await upload(talking, 'Double click');
    const before = await balance();
    const calls = transcriptions().length;
    const answers = await Promise.all([transcribe(clip.id), transcribe(clip.id, { force: true }), transcribe(clip.id, {})]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(transcriptions()).toHaveLength(calls + 1);
    expect(await balance()).toBe(before - 1);
  });

  it('another API machine that stores its transcript first wins: this call answers it and gives its credit back', async () => {
    const clip = await upload(talking, 'Two machines');
    const before = await balance();
    const calls = transcriptions().length;
    server.setDelay(800);
    const pending = transcribe(clip.id);
    // while the endpoint works, another process (its own in-flight map) stores a transcript of the clip
    await vi.waitFor(() => expect(transcriptions().length).toBe(calls + 1), { timeout: 10_000, interval: 20 });
    const theirs = { text: 'Theirs', language: 'english', words: [{ text: 'Theirs', start: 0.5, end: 0.9 }] };
    await t.deps.db.update(brandVideos).set({ transcript: theirs, transcribedAt: new Date() }).where(eq(brandVideos.id, clip.id));
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(theirs);
    expect(await balance()).toBe(before);
    expect((await ledger())[0]).toMatchObject({ kind: 'refund', amount: 1 });
  });

  it('cuts the sound sent at 5 minutes: words stay inside it', async () => {
    const long = clipWithSound('long.mp4', 302, { sine: true }, 0, 1);
    const clip = await upload(long, 'Long hook');
    server.setTranscript('A long hook that goes on and on.');
    const res = await transcribe(clip.id);
    expect(res.statusCode, res.body).toBe(200);
    const file = transcriptions().at(-1)!.form!.file as SeenAudioFile;
    expect(file.wav!.durationSeconds).toBeCloseTo(300, 0);
    expectClean(res.json().words, 300);
  });

  it('keeps only what a composition takes: words cleaned, cut to 200 characters, inside the clip, sorted', async () => {
    const clip = await upload(talking, 'Messy words');
    const long = 'a'.repeat(300);
    server.setTranscript(`Hello\u202e world 🚀 ${long} مرحبا بالعالم`);
    const res = await transcribe(clip.id);
    expect(res.statusCode, res.body).toBe(200);
    const words = res.json().words as Word[];
    expect(words.map((w) => w.text)).toEqual(['Hello', 'world', 'a'.repeat(200), 'مرحبا', 'بالعالم']);
    expect(res.json().text).not.toContain('\u202e');
    expectClean(words, 4);
  });
});

describe('what cannot be transcribed', () => {
  it('a clip without sound: 400, nothing asked, nothing charged', async () => {
    const clip = await upload(makeTestVideo({ seconds: 1 }), 'Silent');
    const before = await balance();
    const calls = transcriptions().length;
    const res = await transcribe(clip.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'This clip has no sound to transcribe.' });
    expect(transcriptions()).toHaveLength(calls);
    expect(await balance()).toBe(before);
    expect((await stored(clip.id)).transcript).toBeNull();
  });

  it('a clip not uploaded yet: 400', async () => {
    const created = (await call()({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'later.mp4', content_type: 'video/mp4', size: 1000, kind: 'hook' } })).json();
    const res = await transcribe(created.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/not ready/);
  });

  for (const [mode, reason] of [
    ['error500', /failed \(500/],
    ['hang', /did not answer within 8 s/],
    ['wrong-json', /no word timestamps/],
    ['not-audio', /not a transcription/],
  ] as const) {
    it(`the endpoint's ${mode}: 502 with the reason, the credit back, nothing stored (a transcript already there is kept)`, async () => {
      const clip = await upload(talking, `Fails ${mode}`);
      const before = await balance();
      server.setMode(mode, 'transcriptions');
      const res = await transcribe(clip.id);
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ code: 'transcription_failed' });
      expect(res.json().detail).toMatch(reason);
      expect(res.json().detail).not.toMatch(/sk-|Error:|\n\s+at /);
      expect(await balance()).toBe(before);
      const [refund, spend] = await ledger();
      expect(spend).toMatchObject({ kind: 'spend', amount: -1 });
      expect(refund).toMatchObject({ kind: 'refund', amount: 1 });
      expect((await stored(clip.id)).transcript).toBeNull();
      expect((await call()({ method: 'GET', url: `/api/brand-videos/${clip.id}/` })).json().transcript).toBeNull();

      if (mode !== 'error500') return;
      // a forced transcription that fails keeps the transcript the clip had
      server.setMode('ok');
      const first = (await transcribe(clip.id)).json();
      server.setMode(mode, 'transcriptions');
      expect((await transcribe(clip.id, { force: true })).statusCode).toBe(502);
      expect((await call()({ method: 'GET', url: `/api/brand-videos/${clip.id}/` })).json().transcript.words).toEqual(first.words);
      expect(await balance()).toBe(before - 1);
    });
  }

  it('a team without credits: 402, the endpoint is not asked', async () => {
    const clip = await uploadClip(t.app, outsider, (await teamOf(outsider)).slug, 'brand', { bytes: talking, title: 'Broke' });
    const calls = transcriptions().length;
    const res = await as(t.app, outsider)({ method: 'POST', url: `/api/brand-videos/${clip.id}/transcribe/`, payload: {} });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'insufficient_credits' });
    expect(transcriptions()).toHaveLength(calls);
  });
});

async function teamOf(user: TestUser) {
  const teams = (await as(t.app, user)({ method: 'GET', url: '/teams/api/teams/' })).json();
  return ((teams.results ?? teams) as { slug: string }[])[0]!;
}

describe('who may transcribe, and bad input', () => {
  it("another team's clip, an unknown id or a malformed one: 404; a read-only member: 403", async () => {
    const clip = await upload(talking, 'Guarded');
    const calls = transcriptions().length;
    for (const res of [
      await as(t.app, outsider)({ method: 'POST', url: `/api/brand-videos/${clip.id}/transcribe/`, payload: {} }),
      await transcribe('00000000-0000-4000-8000-000000000000'),
      await transcribe('not-a-uuid'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const asReader = await transcribe(clip.id, {}, reader);
    expect(asReader.statusCode).toBe(403);
    expect(transcriptions()).toHaveLength(calls);
  });

  it('a force that is not a boolean, a NUL, or a body that is not JSON: 400 naming the field, nothing done', async () => {
    const clip = await upload(talking, 'Bad input');
    const calls = transcriptions().length;
    for (const payload of [{ force: 'yes' }, { force: '\u0000' }, { force: 1 }]) {
      const res = await transcribe(clip.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json())).toContain('force');
    }
    const notJson = await call()({ method: 'POST', url: `/api/brand-videos/${clip.id}/transcribe/`, headers: { 'content-type': 'application/json' }, payload: '{force' });
    expect(notJson.statusCode).toBe(400);
    expect(transcriptions()).toHaveLength(calls);
    expect((await stored(clip.id)).transcript).toBeNull();
  });

  it('without a transcription endpoint: 400 that says what to set, and the voices list says it is off', async () => {
    const bare = await createTestApp();
    try {
      const { admin: owner, team: own } = await teamWithRoles(bare.app);
      const clip = await uploadClip(bare.app, owner, own.slug, 'brand', { bytes: talking });
      const res = await as(bare.app, owner)({ method: 'POST', url: `/api/brand-videos/${clip.id}/transcribe/`, headers: { 'x-team-slug': own.slug } });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^Transcription is not set up on this server: set STT_BASE_URL/);
      const voices = (await as(bare.app, owner)({ method: 'GET', url: '/api/voices/', headers: { 'x-team-slug': own.slug } })).json();
      expect(voices.transcription_available).toBe(false);
      expect((await as(bare.app, owner)({ method: 'GET', url: `/api/brand-videos/${clip.id}/`, headers: { 'x-team-slug': own.slug } })).json().transcript).toBeNull();
    } finally {
      await bare.close();
    }
    expect((await call()({ method: 'GET', url: '/api/voices/' })).json().transcription_available).toBe(true);
  });
});

describe('cleanTranscript and transcriptWords', () => {
  it('drops garbage, clamps to the clip, sorts, caps at 2000 words, reads only valid stored words', () => {
    const words = [
      { text: ' late ', start: 3.5, end: 9 },
      { text: '...', start: 0.1, end: 0.2 },
      { text: '', start: 0.3, end: 0.4 },
      { text: 'early', start: -2, end: 0.5 },
      { text: 'back\u0000wards', start: 2, end: 1 },
      { text: 'inf', start: Number.NaN, end: 1 },
    ];
    const out = cleanTranscript({ text: '', language: ' English ', words }, 4);
    expect(out).toEqual({
      text: 'early back wards late',
      language: 'english',
      words: [
        { text: 'early', start: 0, end: 0.5 },
        { text: 'back wards', start: 2, end: 2 },
        { text: 'late', start: 3.5, end: 4 },
      ],
    });
    const many = Array.from({ length: 2500 }, (_, i) => ({ text: `w${i}`, start: i / 1000, end: i / 1000 + 0.001 }));
    expect(cleanTranscript({ text: 'x', language: '<script>', words: many }, 10)).toMatchObject({ language: null });
    expect(cleanTranscript({ text: 'x', language: null, words: many }, 10).words).toHaveLength(2000);
    expect(transcriptWords({ transcript: null })).toEqual([]);
    expect(transcriptWords({ transcript: { words: [{ text: '', start: 0, end: 1 }] } })).toEqual([]);
    expect(transcriptWords({ transcript: { words: 'nope' } })).toEqual([]);
  });
});
