import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, registerUser, uniqueEmail, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { makeTestVideo, pathOf } from './media.test-helpers.ts';

/**
 * Upload URLs are pinned to what they were for (local storage, where the app receives the PUT): a
 * newer URL replaces the earlier ones, confirming closes them, and deleting the video or the team,
 * or the uploader losing the right to change the team's videos, ends them. A refused PUT stores nothing.
 */
let t: TestApp;
let clip: Buffer;
let otherClip: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  clip = makeTestVideo({ seconds: 1 });
  otherClip = makeTestVideo({ seconds: 2 });
});
afterAll(() => t.close());

const kinds = [
  { name: 'brand video', base: '/api/brand-videos/', fields: { kind: 'hook' } },
  { name: 'background video', base: '/api/text-wall-background-videos/', fields: {} },
] as const;
type Kind = (typeof kinds)[number];

interface Team {
  id: number;
  slug: string;
}

function client(user: TestUser, team: Team) {
  return (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });
}

async function createVideo(user: TestUser, team: Team, kind: Kind, size: number): Promise<string> {
  const res = await client(user, team)({ method: 'POST', url: kind.base, payload: { filename: 'clip.mp4', content_type: 'video/mp4', size, ...kind.fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function uploadUrl(user: TestUser, team: Team, kind: Kind, id: string): Promise<string> {
  const res = await client(user, team)({ method: 'POST', url: `${kind.base}${id}/upload_url/`, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().upload_url;
}

const put = (url: string, body: Buffer) => t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': 'video/mp4' }, payload: body });
const confirm = (user: TestUser, team: Team, kind: Kind, id: string) => client(user, team)({ method: 'POST', url: `${kind.base}${id}/confirm_upload/`, payload: {} });
const listTeamFiles = (team: Team) => t.deps.storage.list(`teams/${team.id}/`);

/** The key a local upload URL writes to. */
const keyOf = (url: string) => JSON.parse(Buffer.from(new URL(url, 'http://x').searchParams.get('token')!.split('.')[0]!, 'base64url').toString()).key as string;

/** A second admin of the team (invited, registered through the invitation), with their membership id. */
async function secondAdmin(owner: TestUser, team: Team, role: 'admin' | 'member' = 'admin') {
  const email = uniqueEmail('second');
  const invitation = await as(t.app, owner)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email, role } });
  expect(invitation.statusCode, invitation.body).toBe(201);
  const user = await registerUser(t.app, { email, invitation_id: invitation.json().id });
  const members = (await as(t.app, owner)({ method: 'GET', url: `/a/${team.slug}/team/members/` })).json().results as { id: number; user_id: number }[];
  return { user, membershipId: members.find((m) => m.user_id === user.id)!.id };
}

describe.each(kinds)('the upload URLs of a $name', (kind) => {
  it('a newer URL replaces the earlier: a PUT to the stale one is refused and never reaches the video', async () => {
    const { user, team } = await userWithTeam(t.app, 'Stale URL');
    const id = await createVideo(user, team, kind, clip.length);
    const first = await uploadUrl(user, team, kind, id);
    const second = await uploadUrl(user, team, kind, id);

    const stale = await put(first, clip);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ detail: 'A newer upload URL was issued for this video; only the latest one works.', code: 'upload_url_replaced' });
    expect(await t.deps.storage.head(keyOf(first))).toBeNull();
    // nothing was uploaded through the current URL
    expect((await confirm(user, team, kind, id)).json().code).toBe('upload_missing');

    expect((await put(second, clip)).statusCode).toBe(200);
    const ready = (await confirm(user, team, kind, id)).json();
    expect(ready).toMatchObject({ status: 'ready', size: clip.length });

    // after confirming, no URL writes anything: the latest is closed, the stale one still replaced
    const late = await put(second, otherClip);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ detail: 'The upload of this video has been confirmed; this upload URL no longer works.', code: 'upload_url_closed' });
    expect((await put(first, otherClip)).json().code).toBe('upload_url_replaced');
    const served = await t.app.inject({ method: 'GET', url: pathOf(ready.url) });
    expect(served.rawPayload.equals(clip)).toBe(true);
    // the confirmed file lives at the video's own key; nothing is left at any URL's key
    expect((await listTeamFiles(team)).filter((key) => key.includes('/uploads/'))).toEqual([]);
  });

  it('what came through an earlier URL is removed when a new one is issued, and confirm never reads it', async () => {
    const { user, team } = await userWithTeam(t.app, 'Earlier upload');
    const id = await createVideo(user, team, kind, clip.length);
    const first = await uploadUrl(user, team, kind, id);
    expect((await put(first, clip)).statusCode).toBe(200);
    expect(await t.deps.storage.head(keyOf(first))).not.toBeNull();
    await uploadUrl(user, team, kind, id);
    expect(await t.deps.storage.head(keyOf(first))).toBeNull();
    const res = await confirm(user, team, kind, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('upload_missing');
    expect(await listTeamFiles(team)).toEqual([]);
  });

  it('a PUT after the video is deleted is refused and stores nothing', async () => {
    const { user, team } = await userWithTeam(t.app, 'Deleted video');
    const id = await createVideo(user, team, kind, clip.length);
    const url = await uploadUrl(user, team, kind, id);
    expect((await client(user, team)({ method: 'DELETE', url: `${kind.base}${id}/` })).statusCode).toBe(204);
    const res = await put(url, clip);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'The video this upload URL was for has been deleted.', code: 'upload_url_revoked' });
    expect(await listTeamFiles(team)).toEqual([]);
  });

  it('a PUT after the team is deleted is refused and stores nothing', async () => {
    const { user, team } = await userWithTeam(t.app, 'Deleted team');
    const id = await createVideo(user, team, kind, clip.length);
    const url = await uploadUrl(user, team, kind, id);
    expect((await as(t.app, user)({ method: 'DELETE', url: `/teams/api/teams/${team.id}/` })).statusCode).toBe(204);
    const res = await put(url, clip);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'The team this upload URL was for has been deleted.', code: 'upload_url_revoked' });
    expect(await listTeamFiles(team)).toEqual([]);
  });

  it('a PUT after the uploader is removed from the team, or made read-only, is refused and stores nothing', async () => {
    const { user: owner, team } = await userWithTeam(t.app, 'Removed uploader');
    const removed = await secondAdmin(owner, team);
    const demoted = await secondAdmin(owner, team);
    const ids = [await createVideo(owner, team, kind, clip.length), await createVideo(owner, team, kind, clip.length)];
    const removedUrl = await uploadUrl(removed.user, team, kind, ids[0]!);
    const demotedUrl = await uploadUrl(demoted.user, team, kind, ids[1]!);
    expect((await as(t.app, owner)({ method: 'DELETE', url: `/a/${team.slug}/team/members/${removed.membershipId}/` })).statusCode).toBe(204);
    expect((await as(t.app, owner)({ method: 'PATCH', url: `/a/${team.slug}/team/members/${demoted.membershipId}/`, payload: { role: 'member' } })).statusCode).toBe(200);
    for (const url of [removedUrl, demotedUrl]) {
      const res = await put(url, clip);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: "Whoever asked for this upload URL can no longer change this team's videos.", code: 'upload_url_revoked' });
    }
    expect(await listTeamFiles(team)).toEqual([]);
    // an admin who still is one asks for a URL of their own
    const fresh = await uploadUrl(owner, team, kind, ids[0]!);
    expect((await put(fresh, clip)).statusCode).toBe(200);
    expect((await confirm(owner, team, kind, ids[0]!)).json().status).toBe('ready');
  });

  it('deleting the video leaves no file behind', async () => {
    const { user, team } = await userWithTeam(t.app, 'No leftovers');
    const id = await createVideo(user, team, kind, clip.length);
    expect((await put(await uploadUrl(user, team, kind, id), clip)).statusCode).toBe(200);
    expect((await confirm(user, team, kind, id)).json().status).toBe('ready');
    const before = await listTeamFiles(team);
    // the video and its thumbnail
    expect(before).toHaveLength(2);
    expect(before.some((key) => key.includes('/thumbnails/'))).toBe(true);
    expect((await client(user, team)({ method: 'DELETE', url: `${kind.base}${id}/` })).statusCode).toBe(204);
    expect(await listTeamFiles(team)).toEqual([]);
  });
});

describe('upload URLs asked for at once', () => {
  it('leave one URL that works, the latest', async () => {
    const kind = kinds[0];
    const { user, team } = await userWithTeam(t.app, 'At once');
    const id = await createVideo(user, team, kind, clip.length);
    const answers = await Promise.all(Array.from({ length: 4 }, () => client(user, team)({ method: 'POST', url: `${kind.base}${id}/upload_url/`, payload: {} })));
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const urls = answers.filter((a) => a.statusCode === 200).map((a) => a.json().upload_url as string);
    const puts = [];
    for (const url of urls) puts.push((await put(url, clip)).statusCode);
    expect(puts.filter((status) => status === 200)).toHaveLength(1);
    expect(puts.filter((status) => status === 403)).toHaveLength(urls.length - 1);
    expect((await confirm(user, team, kind, id)).json().status).toBe('ready');
  });
});

describe('deleting a team', () => {
  it('removes every file of it: videos, thumbnails and uploads not yet confirmed', async () => {
    const { user, team } = await userWithTeam(t.app, 'Whole team');
    for (const kind of kinds) {
      const ready = await createVideo(user, team, kind, clip.length);
      expect((await put(await uploadUrl(user, team, kind, ready), clip)).statusCode).toBe(200);
      expect((await confirm(user, team, kind, ready)).json().status).toBe('ready');
      const pending = await createVideo(user, team, kind, clip.length);
      expect((await put(await uploadUrl(user, team, kind, pending), clip)).statusCode).toBe(200);
    }
    const before = await listTeamFiles(team);
    expect(before.filter((key) => key.includes('/uploads/'))).toHaveLength(2);
    expect(before).toHaveLength(6);
    expect((await as(t.app, user)({ method: 'DELETE', url: `/teams/api/teams/${team.id}/` })).statusCode).toBe(204);
    expect(await listTeamFiles(team)).toEqual([]);
  });
});
