import { expect } from 'vitest';
import { authenticate } from '../../core/authenticate.ts';
import { as, createTestApp, registerUser, userWithTeam, type TestApp } from '../../test/harness.ts';
import { teamAccess, teamFromHeader } from './team-access.ts';

/** Exercises teamFromHeader through a probe route on a fresh app (routes can't be added after ready). */
export async function resolveCurrentTeamProbe(_shared: TestApp) {
  const t = await createTestApp({}, {
    beforeReady: (app) =>
      app.get('/api/__probe/', { onRequest: [authenticate, teamFromHeader] }, async (request) => ({ slug: teamAccess(request).team.slug })),
  });
  try {
    const app = t.app;
    const { user, team } = await userWithTeam(app, 'First Team');
    const second = (await as(app, user)({ method: 'POST', url: '/teams/api/teams/', payload: { name: 'Second Team' } })).json();
    const loner = await registerUser(app);
    const other = await userWithTeam(app, 'Someone Else');
    const probe = (who: { access: string }, slug?: string) =>
      as(app, who)({ method: 'GET', url: '/api/__probe/', headers: slug ? { 'x-team-slug': slug } : {} });
    expect((await probe(user)).json()).toEqual({ slug: team.slug });
    expect((await probe(user, second.slug)).json()).toEqual({ slug: second.slug });
    expect((await probe(user, other.team.slug)).statusCode).toBe(404);
    const none = await probe(loner);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: 'No team selected', code: 'no_team' });
  } finally {
    await t.close();
  }
}
