import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { musicTracks } from '@hookwall/db';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { makeTestVideo, pathOf, teamWithRoles } from '../media/media.test-helpers.ts';
import { makeTestAudio, makeTestPng, musicForm, type TestAudioFormat } from './music.test-helpers.ts';
import { MAX_MUSIC_UPLOAD_BYTES } from './music-tracks.schemas.ts';
import { MUSIC_MESSAGES } from './music-tracks.service.ts';

vi.setConfig({ testTimeout: 60_000 });

/**
 * Music tracks through the API on the real database, storage and ffmpeg: real audio made by
 * ffmpeg in each format, and everything that is not a track (a video, playlists, a concat list, a
 * picture renamed .mp3, a tone too short, a file too large) refused on `file` with its reason.
 */
const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let outsider: TestUser;
let team: { id: number; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, reader, outsider, team } = await teamWithRoles(t.app));
}, 60_000);
afterAll(async () => t?.close());

type Track = { id: string; name: string; duration_seconds: number; audio_url: string; size_bytes: number; created_at: string };
const call = (user: TestUser | null, options: InjectOptions) => as(t.app, user)(options);
const upload = (file: { name: string; bytes: Buffer; type?: string } | null, fields: Record<string, string> = {}, user: TestUser = admin) =>
  call(user, { method: 'POST', url: '/api/music-tracks/', ...musicForm(file, fields) });
const rows = () => t.deps.db.select().from(musicTracks).where(eq(musicTracks.teamId, team.id));
const stored = () => t.deps.storage.list(`teams/${team.id}/music/`);
/** the uploads' temporary folders: each goes once its request is answered */
const folders = () => readdirSync(tmpdir()).filter((d) => d.startsWith('hookwall-music-'));
let before: string[] = [];
beforeEach(() => {
  before = folders();
});
const noLeftovers = () => vi.waitFor(() => expect(folders().filter((d) => !before.includes(d))).toEqual([]));
const bytesOf = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  expect(res.statusCode, url).toBe(200);
  return res;
};

/** ffprobe of the bytes behind an audio_url, and their integrated loudness (EBU R128, LUFS) */
function measure(bytes: Buffer) {
  const file = join(t.dataDir, `measured-${Math.random().toString(36).slice(2)}.m4a`);
  writeFileSync(file, bytes);
  const probe = JSON.parse(execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_name,codec_type,sample_rate,channels:format=format_name,duration', '-of', 'json', file], { encoding: 'utf8' })) as {
    streams: { codec_name: string; codec_type: string; sample_rate: string; channels: number }[];
    format: { format_name: string; duration: string };
  };
  const meter = spawnSync(ffmpeg, ['-nostdin', '-hide_banner', '-i', file, '-af', 'ebur128', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  const lufs = Number(/Integrated loudness:\s*I:\s*(-?[\d.]+) LUFS/.exec(meter)?.[1]);
  return { ...probe, lufs };
}

describe('POST /api/music-tracks/', () => {
  it.each<[TestAudioFormat, string]>([
    ['mp3', 'audio/mpeg'],
    ['m4a', 'audio/mp4'],
    ['aac', 'audio/aac'],
    ['wav', 'audio/wav'],
    ['ogg', 'audio/ogg'],
    ['flac', 'audio/flac'],
  ])('takes %s and stores one canonical copy: M4A, AAC stereo 48 kHz, loudness-normalised to -16 LUFS', async (format, type) => {
    const before = (await stored()).length;
    // a quiet tone (about -33 LUFS), and a declared type the server ignores
    const res = await upload({ name: `Calm piano.${format}`, bytes: makeTestAudio(format, { seconds: 3, volume: 0.05 }), type: format === 'wav' ? 'text/plain' : type });
    expect(res.statusCode, res.body).toBe(201);
    const track = res.json() as Track;
    expect(track).toMatchObject({ name: 'Calm piano', audio_url: expect.any(String), size_bytes: expect.any(Number), created_at: expect.any(String) });
    expect(track.duration_seconds).toBeGreaterThan(2.9);
    expect(track.duration_seconds).toBeLessThan(3.2);
    // one file more, named by the server
    const keys = await stored();
    expect(keys).toHaveLength(before + 1);
    const [row] = (await rows()).filter((r) => r.id === track.id);
    expect(row!.storageKey).toMatch(new RegExp(`^teams/${team.id}/music/[0-9a-f-]{36}\\.m4a$`));
    expect(row!.filename).toBe(`Calm piano.${format}`);

    const served = await bytesOf(track.audio_url);
    expect(served.headers['content-type']).toBe('audio/mp4');
    expect(served.rawPayload.length).toBe(track.size_bytes);
    const m = measure(served.rawPayload);
    expect(m.format.format_name).toContain('m4a');
    expect(m.streams).toEqual([{ codec_name: 'aac', codec_type: 'audio', sample_rate: '48000', channels: 2 }]);
    expect(Math.abs(m.lufs + 16)).toBeLessThan(1.5);
    await noLeftovers();
  });

  it('keeps only the sound of an MP3 with a cover picture; takes a name given, emoji and right-to-left text included', async () => {
    const res = await upload({ name: 'cover.mp3', bytes: makeTestAudio('mp3', { cover: makeTestPng() }) }, { name: '  موسيقى 🎵 hype  ' });
    expect(res.statusCode, res.body).toBe(201);
    const track = res.json() as Track;
    expect(track.name).toBe('موسيقى 🎵 hype');
    expect(measure((await bytesOf(track.audio_url)).rawPayload).streams.map((s) => s.codec_type)).toEqual(['audio']);
  });

  it.each<[string, () => { name: string; bytes: Buffer }, string]>([
    ['a video', () => ({ name: 'clip.mp4', bytes: makeTestVideo() }), MUSIC_MESSAGES.video],
    ['a video renamed .mp3', () => ({ name: 'song.mp3', bytes: makeTestVideo() }), MUSIC_MESSAGES.video],
    ['an M3U playlist', () => ({ name: 'list.mp3', bytes: Buffer.from('#EXTM3U\n#EXTINF:3,Song\n/etc/passwd\nhttp://169.254.169.254/latest/meta-data\n') }), MUSIC_MESSAGES.playlist],
    ['an HLS playlist', () => ({ name: 'live.m3u8', bytes: Buffer.from('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:3000/secret.ts\n') }), MUSIC_MESSAGES.playlist],
    ['a PLS playlist', () => ({ name: 'radio.pls', bytes: Buffer.from('[playlist]\nFile1=http://example.com/stream\nNumberOfEntries=1\n') }), MUSIC_MESSAGES.playlist],
    ['an ffconcat list', () => ({ name: 'mix.wav', bytes: Buffer.from("ffconcat version 1.0\nfile '/etc/passwd'\n") }), MUSIC_MESSAGES.concat],
    ['a PNG renamed .mp3', () => ({ name: 'picture.mp3', bytes: makeTestPng() }), MUSIC_MESSAGES.image],
    ['text', () => ({ name: 'notes.mp3', bytes: Buffer.from('Just some notes about the jingle.\n') }), MUSIC_MESSAGES.text],
    ['an empty file', () => ({ name: 'empty.mp3', bytes: Buffer.alloc(0) }), MUSIC_MESSAGES.empty],
    ['random bytes', () => ({ name: 'noise.flac', bytes: Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 251)) }), MUSIC_MESSAGES.unknown],
    ['an MP3 cut to its header', () => ({ name: 'cut.mp3', bytes: makeTestAudio('mp3').subarray(0, 200) }), MUSIC_MESSAGES.unknown],
    ['a 0.5 s tone', () => ({ name: 'blip.wav', bytes: makeTestAudio('wav', { seconds: 0.5 }) }), MUSIC_MESSAGES.tooShort(0.5)],
  ])('refuses %s with a 400 on file saying why, and stores nothing', async (_label, make, message) => {
    const before = { rows: (await rows()).length, files: (await stored()).length };
    const res = await upload(make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ file: [message] });
    expect((await rows()).length).toBe(before.rows);
    expect((await stored()).length).toBe(before.files);
    await noLeftovers();
  });

  it('refuses a track over 10 minutes', async () => {
    // silence compresses to almost nothing: 10 min 5 s of WAV at 8 kHz mono is under 10 MB
    const dir = t.dataDir;
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '605', '-c:a', 'pcm_u8', join(dir, 'long.wav')]);
    const { readFileSync } = await import('node:fs');
    const res = await upload({ name: 'long.wav', bytes: readFileSync(join(dir, 'long.wav')) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ file: [MUSIC_MESSAGES.tooLong(605)] });
  });

  it('refuses a file over 50 MB before reading it (its Content-Length says so), and one that says nothing once it passes 50 MB', async () => {
    const before = (await rows()).length;
    const huge = Buffer.alloc(MAX_MUSIC_UPLOAD_BYTES + 1024, 0x41);
    const declared = await upload({ name: 'huge.wav', bytes: huge });
    expect(declared.statusCode).toBe(400);
    expect(declared.json()).toEqual({ file: ['The file is larger than 50 MB: a music track can be at most 50 MB.'] });
    // chunked: no length up front, cut off at the limit
    const form = musicForm({ name: 'huge.wav', bytes: huge });
    const streamed = await call(admin, { method: 'POST', url: '/api/music-tracks/', headers: form.headers, payload: Readable.from([form.payload.subarray(0, 1 << 20), form.payload.subarray(1 << 20)]) });
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json()).toEqual({ file: ['The file is larger than 50 MB: a music track can be at most 50 MB.'] });
    expect((await rows()).length).toBe(before);
    await noLeftovers();
  });

  it('400 without a file, for a JSON body, a bad name or a NUL; 403 for a read-only member; 401 without a token', async () => {
    const tone = { name: 'a.mp3', bytes: makeTestAudio('mp3') };
    expect((await upload(null, { name: 'x' })).json()).toEqual({ file: ['No audio file was sent. Attach it in the field "file" (multipart/form-data).'] });
    const json = await call(admin, { method: 'POST', url: '/api/music-tracks/', payload: { file: 'a.mp3' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ file: ['Send the audio file as multipart/form-data, in the field "file".'] });
    expect((await upload(tone, { name: '   ' })).json()).toEqual({ name: ['Name the track (1 to 200 characters).'] });
    expect((await upload(tone, { name: 'x'.repeat(201) })).json()).toEqual({ name: ['Keep the name under 200 characters.'] });
    expect((await upload(tone, { name: 'a\u0000b' })).json()).toEqual({ name: ['Null characters are not allowed.'] });
    const refused = await upload(tone, {}, reader);
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/music-tracks/', ...musicForm(tone) })).statusCode).toBe(401);
    await noLeftovers();
  });

  it('counts toward the team storage quota: a track that does not fit is a 413 and nothing is kept', async () => {
    const config = t.deps.config as { TEAM_STORAGE_QUOTA_BYTES: number };
    const { storedBytes } = await import('../quotas/quotas.repository.ts');
    expect((await upload({ name: 'first.mp3', bytes: makeTestAudio('mp3') })).statusCode).toBe(201);
    const used = await storedBytes(t.deps.db, team.id);
    const before = (await stored()).length;
    config.TEAM_STORAGE_QUOTA_BYTES = used + 1000;
    try {
      const res = await upload({ name: 'big.wav', bytes: makeTestAudio('wav', { seconds: 3 }) });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ code: 'storage_quota_exceeded' });
      expect((await stored()).length).toBe(before);
      // full already: refused before the file is read
      config.TEAM_STORAGE_QUOTA_BYTES = used;
      expect((await upload({ name: 'small.mp3', bytes: makeTestAudio('mp3') })).statusCode).toBe(413);
    } finally {
      config.TEAM_STORAGE_QUOTA_BYTES = 0;
    }
    const track = (await upload({ name: 'fits.mp3', bytes: makeTestAudio('mp3') })).json() as Track;
    expect(await storedBytes(t.deps.db, team.id)).toBe(used + track.size_bytes);
  });
});

describe('GET, PATCH and DELETE /api/music-tracks/{id}/', () => {
  let track: Track;
  beforeAll(async () => {
    track = (await upload({ name: 'Summer.mp3', bytes: makeTestAudio('mp3') })).json();
  });

  it('lists the team tracks as a DRF page, newest first, searchable, and hides them from other teams (404)', async () => {
    const page = (await call(reader, { method: 'GET', url: '/api/music-tracks/?page_size=2' })).json();
    expect(page).toMatchObject({ count: expect.any(Number), previous: null });
    expect(page.results).toHaveLength(2);
    expect(page.results[0].created_at >= page.results[1].created_at).toBe(true);
    expect(page.next).toContain('page=2');
    const found = (await call(reader, { method: 'GET', url: '/api/music-tracks/?search=summ' })).json();
    expect(found.results.map((r: Track) => r.id)).toEqual([track.id]);
    expect((await call(admin, { method: 'GET', url: '/api/music-tracks/?ordering=size' })).statusCode).toBe(400);
    expect((await call(reader, { method: 'GET', url: `/api/music-tracks/${track.id}/` })).json()).toMatchObject({ id: track.id, name: 'Summer' });
    // another team's member: as if it did not exist
    expect((await call(outsider, { method: 'GET', url: `/api/music-tracks/${track.id}/` })).statusCode).toBe(404);
    expect((await call(outsider, { method: 'PATCH', url: `/api/music-tracks/${track.id}/`, payload: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await call(outsider, { method: 'DELETE', url: `/api/music-tracks/${track.id}/` })).statusCode).toBe(404);
    expect((await call(outsider, { method: 'GET', url: '/api/music-tracks/' })).json().count).toBe(0);
    expect((await call(admin, { method: 'GET', url: '/api/music-tracks/not-a-uuid/' })).statusCode).toBe(404);
  });

  it('renames (admins only), with the field named on a bad name', async () => {
    const url = `/api/music-tracks/${track.id}/`;
    expect((await call(reader, { method: 'PATCH', url, payload: { name: 'Nope' } })).statusCode).toBe(403);
    const renamed = await call(admin, { method: 'PATCH', url, payload: { name: ' Summer mix ✨ ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: track.id, name: 'Summer mix ✨' });
    expect((await call(admin, { method: 'PATCH', url, payload: { name: '' } })).json()).toEqual({ name: ['Name the track (1 to 200 characters).'] });
    expect((await call(admin, { method: 'PATCH', url, payload: { name: 42 } })).statusCode).toBe(400);
    expect((await call(admin, { method: 'PATCH', url, payload: { name: 'a\u0000' } })).statusCode).toBe(400);
    expect((await call(admin, { method: 'GET', url })).json().name).toBe('Summer mix ✨');
  });

  it('go with their team: its rows and files', async () => {
    const doomed = await userWithTeam(t.app, 'Short-lived');
    const form = musicForm({ name: 'a.mp3', bytes: makeTestAudio('mp3') });
    const made = await call(doomed.user, { method: 'POST', url: '/api/music-tracks/', ...form, headers: { ...form.headers, 'x-team-slug': doomed.team.slug } });
    expect(made.statusCode, made.body).toBe(201);
    expect(await t.deps.storage.list(`teams/${doomed.team.id}/music/`)).toHaveLength(1);
    expect((await call(doomed.user, { method: 'DELETE', url: `/teams/api/teams/${doomed.team.id}/` })).statusCode).toBe(204);
    expect(await t.deps.storage.list(`teams/${doomed.team.id}/`)).toEqual([]);
    expect(await t.deps.db.select().from(musicTracks).where(eq(musicTracks.teamId, doomed.team.id))).toEqual([]);
  });

  it('deletes the track and its file; of concurrent deletes one wins and the others get 404', async () => {
    const doomed = (await upload({ name: 'Doomed.mp3', bytes: makeTestAudio('mp3') })).json() as Track;
    const key = (await rows()).find((r) => r.id === doomed.id)!.storageKey;
    const url = `/api/music-tracks/${doomed.id}/`;
    expect((await call(reader, { method: 'DELETE', url })).statusCode).toBe(403);
    const answers = await Promise.all([1, 2, 3].map(() => call(admin, { method: 'DELETE', url })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404, 404]);
    expect(await t.deps.storage.head(key)).toBeNull();
    expect((await call(admin, { method: 'GET', url })).statusCode).toBe(404);
  });
});
