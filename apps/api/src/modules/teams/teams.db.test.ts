import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '@hookwall/db';
import { decodeQuotedPrintable } from '../../test/mail.ts';
import { as, createTestApp, registerUser, uniqueEmail, userWithTeam, verifyUserEmail, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function invite(admin: { access: string }, team: { id: number; slug: string }, email: string, role = 'member') {
  return as(t.app, admin)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email, role } });
}

/** A team with an admin and a read-only member who joined through an invitation. */
async function teamWithMember() {
  const { user: admin, team } = await userWithTeam(t.app, 'Matrix Team');
  const memberEmail = uniqueEmail('member');
  const invitation = (await invite(admin, team, memberEmail)).json();
  const member = await registerUser(t.app, { email: memberEmail, invitation_id: invitation.id });
  return { admin, member, team };
}

describe('teams', () => {
  it('creates a team with the creator as admin and a unique slug', async () => {
    const user = await registerUser(t.app);
    const call = as(t.app, user);
    const first = await call({ method: 'POST', url: '/teams/api/teams/', payload: { name: 'Café Olé' } });
    expect(first.statusCode).toBe(201);
    const team = first.json();
    expect(team).toMatchObject({ name: 'Café Olé', slug: 'cafe-ole', is_admin: true, has_active_subscription: false, subscription: null, invitations: [] });
    expect(team.members).toEqual([expect.objectContaining({ user_id: user.id, role: 'admin', email: user.email })]);
    const second = (await call({ method: 'POST', url: '/teams/api/teams/', payload: { name: 'cafe ole' } })).json();
    expect(second.slug).toBe('cafe-ole-2');
    const emoji = (await call({ method: 'POST', url: '/teams/api/teams/', payload: { name: '🎬🎬🎬' } })).json();
    expect(emoji.slug).toMatch(/^team(-\d+)?$/);
  });

  it('validates the name', async () => {
    const user = await registerUser(t.app);
    const res = await as(t.app, user)({ method: 'POST', url: '/teams/api/teams/', payload: { name: 'ab' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['Name must be at least 3 characters'] });
    const missing = await as(t.app, user)({ method: 'POST', url: '/teams/api/teams/', payload: {} });
    expect(missing.json()).toEqual({ name: ['This field is required.'] });
  });

  it('lists the user teams paginated, oldest first, and 404s past the last page', async () => {
    const user = await registerUser(t.app);
    const call = as(t.app, user);
    for (const name of ['Team One', 'Team Two', 'Team Three']) await call({ method: 'POST', url: '/teams/api/teams/', payload: { name } });
    const page1 = (await call({ method: 'GET', url: '/teams/api/teams/?page_size=2' })).json();
    expect(page1.count).toBe(3);
    expect(page1.results.map((r: { name: string }) => r.name)).toEqual(['Team One', 'Team Two']);
    expect(page1.previous).toBeNull();
    expect(page1.next).toMatch(/^http:\/\/[^/]+\/teams\/api\/teams\/\?page_size=2&page=2$/);
    const page2 = (await call({ method: 'GET', url: '/teams/api/teams/?page_size=2&page=2' })).json();
    expect(page2.results).toHaveLength(1);
    expect(page2.next).toBeNull();
    expect(page2.previous).toBeTruthy();
    const past = await call({ method: 'GET', url: '/teams/api/teams/?page=9' });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('get_or_create_team creates one named after the user, once', async () => {
    const user = await registerUser(t.app, { first_name: 'Noor' });
    const call = as(t.app, user);
    const first = (await call({ method: 'GET', url: '/teams/api/teams/get_or_create_team/' })).json();
    expect(first.name).toBe("Noor's Team");
    const again = (await call({ method: 'GET', url: '/teams/api/teams/get_or_create_team/' })).json();
    expect(again.id).toBe(first.id);
  });

  it('lets admins rename and delete, members only read', async () => {
    const { admin, member, team } = await teamWithMember();
    const asMember = as(t.app, member);
    expect((await asMember({ method: 'GET', url: `/teams/api/teams/${team.id}/` })).json().is_admin).toBe(false);
    expect((await asMember({ method: 'PATCH', url: `/teams/api/teams/${team.id}/`, payload: { name: 'Hijacked' } })).statusCode).toBe(403);
    expect((await asMember({ method: 'DELETE', url: `/teams/api/teams/${team.id}/` })).statusCode).toBe(403);
    const renamed = await as(t.app, admin)({ method: 'PUT', url: `/teams/api/teams/${team.id}/`, payload: { name: 'Renamed Team' } });
    expect(renamed.json().name).toBe('Renamed Team');
    await t.deps.storage.write(`teams/${team.id}/brand_videos/left-behind.mp4`, Buffer.from('clip'), { contentType: 'video/mp4' });
    expect((await as(t.app, admin)({ method: 'DELETE', url: `/teams/api/teams/${team.id}/` })).statusCode).toBe(204);
    expect(await t.deps.storage.head(`teams/${team.id}/brand_videos/left-behind.mp4`)).toBeNull();
    expect((await asMember({ method: 'GET', url: `/teams/api/teams/${team.id}/` })).statusCode).toBe(404);
  });
});

describe('invitations', () => {
  it('creates one per email, sends the email with the link, and shows it publicly', async () => {
    const { user: admin, team } = await userWithTeam(t.app, 'Invite Co');
    const email = uniqueEmail('guest');
    const res = await invite(admin, team, email, 'admin');
    expect(res.statusCode).toBe(201);
    const invitation = res.json();
    expect(invitation).toMatchObject({ email, role: 'admin', team: team.id, status: 'pending', invited_by: admin.email });
    const days = (Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)) / 86400_000;
    expect(Math.round(days)).toBe(14);

    expect(await t.worker.drain()).toBeGreaterThanOrEqual(1);
    const outbox = join(t.dataDir, 'outbox');
    const message = readdirSync(outbox)
      .map((f) => decodeQuotedPrintable(readFileSync(join(outbox, f), 'utf8')))
      .find((m) => m.includes(email));
    expect(message).toBeDefined();
    expect(message).toContain(`http://localhost:3000/teams/invitation/${invitation.id}`);

    const publicView = await t.app.inject({ method: 'GET', url: `/teams/api/invitations/${invitation.id}/` });
    expect(publicView.json()).toMatchObject({ id: invitation.id, team: { name: 'Invite Co', slug: team.slug }, email, role: 'admin', status: 'pending' });
    expect((await t.app.inject({ method: 'GET', url: '/teams/api/invitations/00000000-0000-4000-8000-000000000000/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/teams/api/invitations/not-a-uuid/' })).statusCode).toBe(404);
  });

  it('refuses a duplicate pending invitation, an existing member and a mismatched team', async () => {
    const { admin, member, team } = await teamWithMember();
    const email = uniqueEmail('dup');
    expect((await invite(admin, team, email)).statusCode).toBe(201);
    const dup = await invite(admin, team, email.toUpperCase());
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toHaveProperty('email');
    const existing = await invite(admin, team, member.email);
    expect(existing.statusCode).toBe(400);
    expect(existing.json()).toHaveProperty('email');
    const wrongTeam = await as(t.app, admin)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id + 1000, email: uniqueEmail() } });
    expect(wrongTeam.statusCode).toBe(400);
    expect(wrongTeam.json()).toHaveProperty('team');
  });

  it('lists, changes the role, resends (extending expiry) and cancels', async () => {
    const { user: admin, team } = await userWithTeam(t.app, 'Lifecycle');
    const call = as(t.app, admin);
    const created = (await invite(admin, team, uniqueEmail())).json();
    const list = (await call({ method: 'GET', url: `/a/${team.slug}/team/api/invitations/` })).json();
    expect(list.count).toBe(1);
    expect(list.results[0].id).toBe(created.id);
    const patched = await call({ method: 'PATCH', url: `/a/${team.slug}/team/api/invitations/${created.id}/`, payload: { role: 'admin' } });
    expect(patched.json().role).toBe('admin');
    // about to expire: resending gives it a full lifetime again
    const tomorrow = new Date(Date.now() + 86400_000);
    await t.deps.db.update(invitations).set({ expiresAt: tomorrow }).where(eq(invitations.id, created.id));
    const beforeResend = Date.now();
    const resent = await call({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/${created.id}/resend/` });
    expect(resent.statusCode).toBe(200);
    expect(Date.parse(resent.json().expires_at)).toBeGreaterThanOrEqual(beforeResend + 14 * 86400_000); // the contract: 14 days
    expect((await call({ method: 'DELETE', url: `/a/${team.slug}/team/api/invitations/${created.id}/` })).statusCode).toBe(204);
    expect((await call({ method: 'GET', url: `/a/${team.slug}/team/api/invitations/` })).json().count).toBe(0);
    const teamView = (await call({ method: 'GET', url: `/teams/api/teams/${team.id}/` })).json();
    expect(teamView.invitations).toEqual([]);
  });

  it('joins only with a valid invitation for the caller own email', async () => {
    const { user: admin, team } = await userWithTeam(t.app, 'Join Co');
    const invitedEmail = uniqueEmail('invited');
    const invitation = (await invite(admin, team, invitedEmail)).json();
    const stranger = await registerUser(t.app);
    const byStranger = await as(t.app, stranger)({ method: 'POST', url: '/teams/api/join/team-by-id/', payload: { team_id: team.id, invitation_id: invitation.id } });
    expect(byStranger.statusCode).toBe(403);

    const invited = await registerUser(t.app, { email: invitedEmail });
    // registered without the invitation link: the address is not proven yet, so the id alone is not enough
    const unverified = await as(t.app, invited)({ method: 'POST', url: `/teams/api/join/team/${team.slug}/`, payload: { invitation_id: invitation.id } });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().detail).toMatch(/Verify your email address first/);
    await verifyUserEmail(t, invited);
    const wrongSlug = await as(t.app, invited)({ method: 'POST', url: '/teams/api/join/team/other-team/', payload: { invitation_id: invitation.id } });
    expect(wrongSlug.statusCode).toBe(403);
    const joined = await as(t.app, invited)({ method: 'POST', url: `/teams/api/join/team/${team.slug}/`, payload: { invitation_id: invitation.id } });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().members.map((m: { user_id: number }) => m.user_id)).toContain(invited.id);
    // joining twice is harmless
    const again = await as(t.app, invited)({ method: 'POST', url: '/teams/api/join/team-by-id/', payload: { team_id: team.id, invitation_id: invitation.id } });
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/teams/api/invitations/${invitation.id}/` })).json().status).toBe('accepted');
  });

  it('accepts through the invitation page endpoint and refuses a cancelled one', async () => {
    const { user: admin, team } = await userWithTeam(t.app, 'Accept Co');
    const email = uniqueEmail('acc');
    const invitation = (await invite(admin, team, email, 'admin')).json();
    const user = await registerUser(t.app, { email });
    await verifyUserEmail(t, user);
    const accepted = await as(t.app, user)({ method: 'POST', url: `/teams/api/invitations/${invitation.id}/accept/` });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: team.id, is_admin: true });

    const cancelledEmail = uniqueEmail('cxl');
    const cancelled = (await invite(admin, team, cancelledEmail)).json();
    await as(t.app, admin)({ method: 'DELETE', url: `/a/${team.slug}/team/api/invitations/${cancelled.id}/` });
    const late = await registerUser(t.app, { email: cancelledEmail });
    await verifyUserEmail(t, late);
    expect((await as(t.app, late)({ method: 'POST', url: `/teams/api/invitations/${cancelled.id}/accept/` })).statusCode).toBe(403);
  });
});

describe('invitation ids', () => {
  it('are shown to admins only: a read-only member sees who is invited and their role, never an id', async () => {
    const { admin, member, team } = await teamWithMember();
    await invite(admin, team, uniqueEmail('secret'), 'admin');
    const asMember = as(t.app, member);
    const viaDetail = (await asMember({ method: 'GET', url: `/teams/api/teams/${team.id}/` })).json().invitations;
    const viaList = (await asMember({ method: 'GET', url: '/teams/api/teams/' })).json().results.find((x: { id: number }) => x.id === team.id).invitations;
    for (const invitations of [viaDetail, viaList]) {
      expect(invitations).toHaveLength(1);
      expect(invitations[0]).toMatchObject({ role: 'admin', invited_by: expect.any(String) });
      expect(invitations[0].email).toMatch(/^secret-/);
      expect(invitations[0]).not.toHaveProperty('id');
    }
    expect((await asMember({ method: 'GET', url: `/a/${team.slug}/team/api/invitations/` })).statusCode).toBe(403);
    const asAdmin = (await as(t.app, admin)({ method: 'GET', url: `/teams/api/teams/${team.id}/` })).json().invitations;
    expect(asAdmin[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a member cannot become admin by taking over an admin invitation address', async () => {
    const { admin, member, team } = await teamWithMember();
    const target = uniqueEmail('boss');
    const invitation = (await invite(admin, team, target, 'admin')).json();
    // the member changes their email to the invited address (no proof of owning it) and tries the id
    const changed = await as(t.app, member)({ method: 'PATCH', url: '/api/auth/user/', payload: { email: target } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().email_verified).toBe(false);
    const accept = await as(t.app, member)({ method: 'POST', url: `/teams/api/invitations/${invitation.id}/accept/` });
    expect(accept.statusCode).toBe(403);
    const role = (await as(t.app, member)({ method: 'GET', url: `/teams/api/teams/${team.id}/` })).json().role;
    expect(role).toBe('member');
  });
});

describe('members', () => {
  it('lists members, changes roles, and keeps the last admin', async () => {
    const { admin, member, team } = await teamWithMember();
    const call = as(t.app, admin);
    const list = (await call({ method: 'GET', url: `/a/${team.slug}/team/members/` })).json();
    expect(list.count).toBe(2);
    const adminRow = list.results.find((m: { user_id: number }) => m.user_id === admin.id);
    const memberRow = list.results.find((m: { user_id: number }) => m.user_id === member.id);
    expect(memberRow).toMatchObject({ role: 'member', email: member.email });
    expect(Object.keys(memberRow).sort()).toEqual(['avatar_url', 'created_at', 'display_name', 'email', 'id', 'role', 'user_id']);

    const lastAdmin = await call({ method: 'PATCH', url: `/a/${team.slug}/team/members/${adminRow.id}/`, payload: { role: 'member' } });
    expect(lastAdmin.statusCode).toBe(400);
    expect(lastAdmin.json()).toEqual({ detail: 'You cannot remove the only administrator from a team.' });
    const leave = await call({ method: 'DELETE', url: `/a/${team.slug}/team/members/${adminRow.id}/` });
    expect(leave.json()).toEqual({ detail: 'You cannot remove the only administrator from a team.' });

    const promoted = await call({ method: 'PUT', url: `/a/${team.slug}/team/members/${memberRow.id}/`, payload: { role: 'admin' } });
    expect(promoted.json().role).toBe('admin');
    // now two admins: the first may step down
    expect((await call({ method: 'PATCH', url: `/a/${team.slug}/team/members/${adminRow.id}/`, payload: { role: 'member' } })).json().role).toBe('member');
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const { admin, member, team } = await teamWithMember();
    const rows = (await as(t.app, admin)({ method: 'GET', url: `/a/${team.slug}/team/members/` })).json().results;
    const adminRow = rows.find((m: { user_id: number }) => m.user_id === admin.id);
    const memberRow = rows.find((m: { user_id: number }) => m.user_id === member.id);
    await as(t.app, admin)({ method: 'PATCH', url: `/a/${team.slug}/team/members/${memberRow.id}/`, payload: { role: 'admin' } });
    const results = await Promise.all([
      as(t.app, admin)({ method: 'PATCH', url: `/a/${team.slug}/team/members/${memberRow.id}/`, payload: { role: 'member' } }),
      as(t.app, member)({ method: 'PATCH', url: `/a/${team.slug}/team/members/${adminRow.id}/`, payload: { role: 'member' } }),
    ]);
    const after = (await as(t.app, admin)({ method: 'GET', url: `/a/${team.slug}/team/members/` })).json().results;
    expect(after.filter((m: { role: string }) => m.role === 'admin')).toHaveLength(1);
    // the loser is refused: either as the last admin (400) or because it was demoted first (403)
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('a member may leave; an admin removes others; a member cannot remove others', async () => {
    const { admin, member, team } = await teamWithMember();
    const rows = (await as(t.app, admin)({ method: 'GET', url: `/a/${team.slug}/team/members/` })).json().results;
    const adminRow = rows.find((m: { user_id: number }) => m.user_id === admin.id);
    const memberRow = rows.find((m: { user_id: number }) => m.user_id === member.id);
    expect((await as(t.app, member)({ method: 'DELETE', url: `/a/${team.slug}/team/members/${adminRow.id}/` })).statusCode).toBe(403);
    expect((await as(t.app, member)({ method: 'DELETE', url: `/a/${team.slug}/team/members/${memberRow.id}/` })).statusCode).toBe(204);
    expect((await as(t.app, member)({ method: 'GET', url: `/a/${team.slug}/team/members/` })).statusCode).toBe(404);
  });
});

describe('current team for /api/ paths', () => {
  it('uses X-Team-Slug, else the first team, and answers no_team for a user without one', async () => {
    const { resolveCurrentTeamProbe } = await import('./team-access.test-helpers.ts');
    await resolveCurrentTeamProbe(t);
  });
});

describe('permission matrix', () => {
  it('for every team-scoped endpoint: another team 404, read-only member 403 on writes, no token 401', async () => {
    const { admin, member, team } = await teamWithMember();
    const outsider = (await userWithTeam(t.app, 'Outsider Team')).user;
    const invitation = (await invite(admin, team, uniqueEmail('matrix'))).json();
    const rows = (await as(t.app, admin)({ method: 'GET', url: `/a/${team.slug}/team/members/` })).json().results;
    const adminRow = rows.find((m: { user_id: number }) => m.user_id === admin.id);
    const base = `/a/${team.slug}`;
    const endpoints: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object; isWrite: boolean }[] = [
      // invitation ids are for admins only: a member reading them is refused like a write
      { method: 'GET', url: `${base}/team/api/invitations/`, isWrite: true },
      { method: 'POST', url: `${base}/team/api/invitations/`, payload: { team: team.id, email: uniqueEmail(), role: 'member' }, isWrite: true },
      { method: 'GET', url: `${base}/team/api/invitations/${invitation.id}/`, isWrite: true },
      { method: 'PUT', url: `${base}/team/api/invitations/${invitation.id}/`, payload: { role: 'admin' }, isWrite: true },
      { method: 'PATCH', url: `${base}/team/api/invitations/${invitation.id}/`, payload: { role: 'admin' }, isWrite: true },
      { method: 'POST', url: `${base}/team/api/invitations/${invitation.id}/resend/`, isWrite: true },
      { method: 'DELETE', url: `${base}/team/api/invitations/${invitation.id}/`, isWrite: true },
      { method: 'GET', url: `${base}/team/members/`, isWrite: false },
      { method: 'GET', url: `${base}/team/members/${adminRow.id}/`, isWrite: false },
      { method: 'PUT', url: `${base}/team/members/${adminRow.id}/`, payload: { role: 'member' }, isWrite: true },
      { method: 'PATCH', url: `${base}/team/members/${adminRow.id}/`, payload: { role: 'member' }, isWrite: true },
      { method: 'DELETE', url: `${base}/team/members/${adminRow.id}/`, isWrite: true },
      { method: 'GET', url: `/teams/api/teams/${team.id}/`, isWrite: false },
      { method: 'PATCH', url: `/teams/api/teams/${team.id}/`, payload: { name: 'New Name' }, isWrite: true },
      { method: 'PUT', url: `/teams/api/teams/${team.id}/`, payload: { name: 'New Name' }, isWrite: true },
      { method: 'DELETE', url: `/teams/api/teams/${team.id}/`, isWrite: true },
    ];
    for (const e of endpoints) {
      const anonymous = await t.app.inject({ method: e.method, url: e.url, payload: e.payload });
      expect(anonymous.statusCode, `${e.method} ${e.url} without a token`).toBe(401);
      const other = await as(t.app, outsider)({ method: e.method, url: e.url, payload: e.payload });
      expect(other.statusCode, `${e.method} ${e.url} by another team`).toBe(404);
      const readOnly = await as(t.app, member)({ method: e.method, url: e.url, payload: e.payload });
      expect(readOnly.statusCode, `${e.method} ${e.url} by a read-only member`).toBe(e.isWrite ? 403 : 200);
    }
    // nothing changed through all of that
    const teamAfter = (await as(t.app, admin)({ method: 'GET', url: `/teams/api/teams/${team.id}/` })).json();
    expect(teamAfter.name).toBe('Matrix Team');
    expect(teamAfter.invitations.map((i: { id: string; role: string }) => [i.id, i.role])).toEqual([[invitation.id, 'member']]);
    expect(teamAfter.members.find((m: { user_id: number }) => m.user_id === admin.id).role).toBe('admin');
  });
});
