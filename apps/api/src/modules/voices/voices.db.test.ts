import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderJobs, speechAssets, textWallVideos } from '@hookwall/db';
import { speechTokens } from '@hookwall/video/schemas';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam } from '../videos/videos.test-helpers.ts';

/**
 * Voices and speech through the API, offline (the eSpeak NG voices in @hookwall/voices): the list,
 * the public samples, speak/ and its cache, bad input, and text walls that speak. The remote
 * voices' cases (credits, failures) are in voices-remote.test.ts, against a fake endpoint.
 */
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let french: { id: string; language: string; sample_url: string };

const call = (user: TestUser = admin, slug = team.slug) => (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user)({ ...o, headers: { 'x-team-slug': slug, ...(o.headers ?? {}) } });
const speak = (payload: unknown, user?: TestUser, slug?: string) => call(user, slug)({ method: 'POST', url: '/api/voices/speak/', payload: payload as object });
/** the bytes behind a URL the API handed out (local storage: the app's own signed /media/ route) */
const fetchBytes = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
};
const isWav = (bytes: Buffer) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WAVE';
const rowsOf = (teamId: number) => t.deps.db.select().from(speechAssets).where(eq(speechAssets.teamId, teamId));

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Voice Team'));
  const list = (await call()({ method: 'GET', url: '/api/voices/' })).json().results as (typeof french & { provider: string })[];
  const found = list.find((v) => v.language.toLowerCase().startsWith('fr') && v.provider === 'offline');
  if (!found) throw new Error(`no offline French voice in ${JSON.stringify(list.map((v) => v.id))}`);
  french = found;
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/voices/', () => {
  it('lists the offline voices in many languages, each with its sample, and no remote voice without TTS_BASE_URL', async () => {
    const res = await call()({ method: 'GET', url: '/api/voices/' });
    expect(res.statusCode).toBe(200);
    const voices = res.json().results as { id: string; name: string; language: string; provider: string; sample_url: string }[];
    const languages = new Set(voices.map((v) => v.language.slice(0, 2).toLowerCase()));
    for (const lang of ['en', 'es', 'fr', 'de', 'pt', 'it', 'ar', 'hi', 'zh', 'ja']) expect(languages, lang).toContain(lang);
    expect(voices.every((v) => v.provider === 'offline')).toBe(true);
    for (const v of voices) expect(v.sample_url).toBe(`/api/voices/${encodeURIComponent(v.id)}/sample/`);
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
  });

  it('needs a signed-in member of the team', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/voices/' })).statusCode).toBe(401);
  });
});

describe('GET /api/voices/{id}/sample/', () => {
  it('is public: the voice reading a sentence of its language, made once (concurrent first requests share it) and kept', async () => {
    const url = french.sample_url;
    const [a, b, c] = await Promise.all([url, url, url].map((u) => t.app.inject({ method: 'GET', url: u })));
    for (const res of [a!, b!, c!]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^audio\//);
    }
    expect(isWav(a!.rawPayload)).toBe(true);
    // one synthesis: the same bytes, one file
    expect(b!.rawPayload.equals(a!.rawPayload)).toBe(true);
    expect(c!.rawPayload.equals(a!.rawPayload)).toBe(true);
    expect(await t.deps.storage.list('voices/samples/')).toHaveLength(1);
    // kept: a later request reads the same file
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(a!.rawPayload)).toBe(true);
    expect(await t.deps.storage.list('voices/samples/')).toHaveLength(1);
  });

  it('404 for a voice that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/voices/espeak%3Anope-nope/sample/' });
    expect(res.statusCode).toBe(404);
    expect(await t.deps.storage.list('voices/samples/')).toHaveLength(1);
  });
});

describe('POST /api/voices/speak/ (offline)', () => {
  const TEXT = 'Bonjour à tous, voici notre nouvelle crème 🌿 pour la peau.';

  it('speaks French: a WAV, its length, and a time for each word of the text, in order', async () => {
    const res = await speak({ voice_id: french.id, text: TEXT });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { id: string; audio_url: string; duration_seconds: number; words: { text: string; start: number; end: number }[] };
    expect(body.words.map((w) => w.text)).toEqual(speechTokens(TEXT));
    expect(body.duration_seconds).toBeGreaterThan(1.5);
    for (const [i, w] of body.words.entries()) {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      expect(w.end).toBeLessThanOrEqual(body.duration_seconds + 0.01);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(body.words[i - 1]!.start);
    }
    const audio = await fetchBytes(body.audio_url);
    expect(isWav(audio)).toBe(true);
    // a WAV's length is in its bytes: 16-bit samples at the header's rate and channels
    const rate = audio.readUInt32LE(24);
    const blockAlign = audio.readUInt16LE(32);
    const seconds = (audio.length - 44) / (rate * blockAlign);
    expect(Math.abs(seconds - body.duration_seconds)).toBeLessThan(0.1);
  });

  it('is cached per team by voice, speed and text: the same call answers the same speech; another speed or text is another', async () => {
    const first = (await speak({ voice_id: french.id, text: 'Une seule fois.', speed: 1 })).json();
    const again = (await speak({ voice_id: french.id, text: '  Une seule fois.  ' })).json();
    expect(again.id).toBe(first.id);
    expect(again.words).toEqual(first.words);
    const faster = (await speak({ voice_id: french.id, text: 'Une seule fois.', speed: 1.5 })).json();
    expect(faster.id).not.toBe(first.id);
    expect(faster.duration_seconds).toBeLessThan(first.duration_seconds);
    const other = (await speak({ voice_id: french.id, text: 'Une autre fois.' })).json();
    expect(other.id).not.toBe(first.id);
    const rows = (await rowsOf(team.id)).filter((r) => ['Une seule fois.', 'Une autre fois.'].includes(r.text));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.storageKey.startsWith(`teams/${team.id}/speech/`)).toBe(true);
      expect(row.provider).toBe('offline');
      expect(await t.deps.storage.head(row.storageKey)).not.toBeNull();
    }
  });

  it('two identical calls at once make one speech', async () => {
    const text = 'Deux appels en même temps.';
    const [a, b] = await Promise.all([speak({ voice_id: french.id, text }), speak({ voice_id: french.id, text })]);
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.statusCode, b!.body).toBe(200);
    expect(b!.json().id).toBe(a!.json().id);
    expect((await rowsOf(team.id)).filter((r) => r.text === text)).toHaveLength(1);
    expect((await t.deps.storage.list(`teams/${team.id}/speech/`)).length).toBe((await rowsOf(team.id)).length);
  });

  it('another team gets its own speech of the same text, never the first team\'s', async () => {
    const other = await userWithTeam(t.app, 'Other Voice Team');
    const mine = (await speak({ voice_id: french.id, text: 'Une seule fois.' })).json();
    const theirs = await speak({ voice_id: french.id, text: 'Une seule fois.' }, other.user, other.team.slug);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().id).not.toBe(mine.id);
    const [row] = await rowsOf(other.team.id);
    expect(row!.storageKey.startsWith(`teams/${other.team.id}/`)).toBe(true);
    // deleting the team removes its speech files
    expect((await as(t.app, other.user)({ method: 'DELETE', url: `/teams/api/teams/${other.team.id}/` })).statusCode).toBe(204);
    expect(await t.deps.storage.head(row!.storageKey)).toBeNull();
    expect(await rowsOf(other.team.id)).toHaveLength(0);
  });

  it('bad input is a 400 naming the field, and nothing is made', async () => {
    const before = (await rowsOf(team.id)).length;
    const cases: [unknown, string][] = [
      [{ voice_id: french.id, text: 'Vite', speed: 0.1 }, 'speed'],
      [{ voice_id: french.id, text: 'Vite', speed: 3 }, 'speed'],
      [{ voice_id: french.id, text: 'Vite', speed: 'x' }, 'speed'],
      [{ voice_id: french.id, text: '' }, 'text'],
      [{ voice_id: french.id, text: '   ' }, 'text'],
      [{ voice_id: french.id, text: 'a\u0000b' }, 'text'],
      [{ voice_id: french.id, text: 'a'.repeat(1001) }, 'text'],
      [{ voice_id: french.id, text: 42 }, 'text'],
      [{ voice_id: french.id }, 'text'],
      [{ voice_id: 7, text: 'Vite' }, 'voice_id'],
      [{ text: 'Vite' }, 'voice_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await speak(payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 80)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload).slice(0, 80)).toContain(field);
    }
    // the longest text allowed is spoken
    expect((await speak({ voice_id: french.id, text: 'a '.repeat(500).trim() })).statusCode).toBe(200);
    expect((await rowsOf(team.id)).length).toBe(before + 1);
  });

  it('404 for an unknown voice', async () => {
    const res = await speak({ voice_id: 'espeak:klingon-xx', text: 'Qapla' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toContain('espeak:klingon-xx');
  });
});

describe('text walls that speak (bulk_create with a voice)', () => {
  let subscribed = false;
  const bulk = async (payload: object) => {
    if (!subscribed) {
      await subscribeTeam(t.app, admin, team.slug);
      subscribed = true;
    }
    return call()({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload });
  };
  const requestOf = async (videoId: string) => {
    const [job] = await t.deps.db.select().from(renderJobs).where(and(eq(renderJobs.targetId, videoId), eq(renderJobs.teamId, team.id)));
    return job!;
  };

  it('each video speaks its text with the same speech as speak/, lasts it plus a second (5 s at least), and shows its voice and captions', async () => {
    const short = 'Court.';
    const long = 'Cette crème hydrate votre peau pendant toute la journée, même en hiver, sans laisser de film gras, et son parfum léger de fleurs blanches vous accompagne du matin jusqu\'au soir.';
    const previewed = (await speak({ voice_id: french.id, text: long, speed: 1.25 })).json();
    const res = await bulk({ texts: [short, long, short], voice: { voice_id: french.id, speed: 1.25 }, captions: { style: 'highlight' } });
    expect(res.statusCode, res.body).toBe(202);
    const { video_ids } = res.json() as { video_ids: string[] };
    expect(video_ids).toHaveLength(3);
    // the preview's speech is the render's: same asset, not made again
    const rows = (await rowsOf(team.id)).filter((r) => [short, long].includes(r.text) && r.speed === 1.25);
    expect(rows).toHaveLength(2);
    const longRow = rows.find((r) => r.text === long)!;
    expect(longRow.id).toBe(previewed.id);
    const shortRow = rows.find((r) => r.text === short)!;
    for (const [i, id] of video_ids.entries()) {
      const row = i === 1 ? longRow : shortRow;
      const job = await requestOf(id);
      const props = job.inputProps as { durationInSeconds: number; speech: { audio: { media: { kind: string; key: string }; durationInSeconds: number }; words: unknown[] }; captions: unknown };
      expect(props.speech.audio).toEqual({ media: { kind: 'upload', key: row.storageKey }, durationInSeconds: row.durationSeconds });
      expect(props.speech.words).toEqual(row.words);
      expect(props.captions).toEqual({ style: 'highlight' });
      const expected = Math.max(5, row.durationSeconds + 1);
      expect(props.durationInSeconds).toBeCloseTo(expected, 1);
      expect(job.durationSeconds).toBeCloseTo(expected, 1);
      const detail = (await call()({ method: 'GET', url: `/api/text-wall-videos/${id}/` })).json();
      expect(detail).toMatchObject({ voice: { voice_id: french.id, speed: 1.25 }, captions: { style: 'highlight' } });
      expect(detail.duration_seconds).toBeCloseTo(expected, 1);
    }
    // the short text is said in well under 4 s: its video takes the 5 s minimum; the long one lasts its speech plus a second
    expect(shortRow.durationSeconds).toBeLessThan(4);
    expect(longRow.durationSeconds + 1).toBeGreaterThan(5);
    // a silent wall still shows null for both
    const silent = (await bulk({ texts: ['Sans voix.'] })).json().video_ids[0];
    expect((await call()({ method: 'GET', url: `/api/text-wall-videos/${silent}/` })).json()).toMatchObject({ voice: null, captions: null });
    expect(((await requestOf(silent)).inputProps as { speech: unknown }).speech).toBeNull();
  });

  it('with duration_seconds every speech must fit: a 400 that names the text and the length it needs, and no video is made', async () => {
    const long = 'Cette crème hydrate votre peau pendant toute la journée, même en hiver, sans laisser de film gras, et elle sent bon.';
    const countVideos = async () => (await t.deps.db.select().from(textWallVideos).where(eq(textWallVideos.teamId, team.id))).length;
    const before = await countVideos();
    const res = await bulk({ texts: ['Court.', long], voice: { voice_id: french.id }, duration_seconds: 5 });
    expect(res.statusCode, res.body).toBe(400);
    const [message] = res.json().duration_seconds as string[];
    expect(message).toMatch(/^Text 2 takes \d+(\.\d)? s to say and does not fit in 5 s: choose at least \d+(\.\d)? s/);
    const needed = Number(/at least (\d+(?:\.\d)?) s/.exec(message!)![1]);
    expect(needed).toBeGreaterThan(5);
    expect(await countVideos()).toBe(before);
    // the length it asked for fits
    const fits = await bulk({ texts: ['Court.', long], voice: { voice_id: french.id }, duration_seconds: Math.ceil(needed) });
    expect(fits.statusCode, fits.body).toBe(202);
    for (const id of fits.json().video_ids) expect(((await requestOf(id)).inputProps as { durationInSeconds: number }).durationInSeconds).toBe(Math.ceil(needed));
  });

  it('a speech longer than any video is a 400 on texts; captions without a voice and an unknown voice are refused before anything is spoken', async () => {
    const tooLong = await bulk({ texts: ['Voici un très long texte qui continue. '.repeat(25).trim()], voice: { voice_id: french.id, speed: 0.5 } });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json().texts[0]).toMatch(/^Text 1 takes \d+(\.\d)? s to say; a video lasts at most 60 s/);
    const noVoice = await bulk({ texts: ['Sous-titres seuls.'], captions: { style: 'pop' } });
    expect(noVoice.statusCode).toBe(400);
    expect(noVoice.json()).toHaveProperty('captions');
    const badStyle = await bulk({ texts: ['Style.'], voice: { voice_id: french.id }, captions: { style: 'wobble' } });
    expect(badStyle.statusCode).toBe(400);
    expect(Object.keys(badStyle.json())[0]).toMatch(/^captions/);
    const badSpeed = await bulk({ texts: ['Vitesse.'], voice: { voice_id: french.id, speed: 9 } });
    expect(badSpeed.statusCode).toBe(400);
    expect(Object.keys(badSpeed.json())[0]).toMatch(/^voice/);
    const unknown = await bulk({ texts: ['Inconnu.'], voice: { voice_id: 'espeak:nobody-xx' } });
    expect(unknown.statusCode).toBe(404);
    expect((await rowsOf(team.id)).some((r) => ['Sous-titres seuls.', 'Style.', 'Vitesse.', 'Inconnu.'].includes(r.text))).toBe(false);
  });

  it('a new text of a voiced wall is spoken again, and the video follows its length', async () => {
    const id = (await bulk({ texts: ['Premier.'], voice: { voice_id: french.id }, captions: { style: 'karaoke' } })).json().video_ids[0];
    const text = 'Un texte bien plus long que le premier, pour que la vidéo dure plus de cinq secondes au moins, avec encore quelques mots de plus à dire tranquillement.';
    const res = await call()({ method: 'PATCH', url: `/api/text-wall-videos/${id}/`, payload: { text } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await rowsOf(team.id)).filter((r) => r.text === text);
    expect(row!.durationSeconds + 1).toBeGreaterThan(5);
    expect(res.json().duration_seconds).toBeCloseTo(Math.max(5, row!.durationSeconds + 1), 1);
    const [wall] = await t.deps.db.select().from(textWallVideos).where(eq(textWallVideos.id, id));
    expect(wall!.speechAssetId).toBe(row!.id);
    // a length the speech does not fit in is refused
    const short = await call()({ method: 'PATCH', url: `/api/text-wall-videos/${id}/`, payload: { duration_seconds: 5 } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toHaveProperty('duration_seconds');
    // a render of it now plays the new speech (the bulk's render, still queued, is cancelled first)
    const queued = (await call()({ method: 'GET', url: `/api/text-wall-videos/${id}/` })).json().render_job_id;
    expect((await call()({ method: 'POST', url: `/api/remotion-render-jobs/${queued}/cancel/`, payload: {} })).statusCode).toBe(200);
    const rendered = await call()({ method: 'POST', url: `/api/text-wall-videos/${id}/render/`, payload: {} });
    expect(rendered.statusCode, rendered.body).toBe(202);
    const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, rendered.json().render_job_id));
    expect((job!.inputProps as { speech: { audio: { media: { key: string } } } }).speech.audio.media.key).toBe(row!.storageKey);
  });
});
