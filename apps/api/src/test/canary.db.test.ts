import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, registerUser, uniqueEmail, type TestApp } from './harness.ts';

/**
 * Canary scan: team A's objects carry a unique marker in every text field a user can set; every
 * GET route the app registers is called as a user of team B, with team B's team and with every
 * one of team A's ids and its slug. The marker must never come back.
 */
const MARKER = 'canary7f3a9';

describe('canary scan across teams', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("never shows team A's data to a user of team B, whatever ids and slugs they try", async () => {
    const adminA = await registerUser(t.app, { first_name: `Ann ${MARKER}` });
    const callA = as(t.app, adminA);
    const teamA = (await callA({ method: 'POST', url: '/teams/api/teams/', payload: { name: `Team ${MARKER}` } })).json();
    const headersA = { 'x-team-slug': teamA.slug };
    const context = (await callA({ method: 'POST', url: '/api/contexts/', headers: headersA, payload: { name: `Ctx ${MARKER}`, type: 'product', content: `Does ${MARKER}` } })).json();
    const clip = (await callA({ method: 'POST', url: '/api/brand-videos/', headers: headersA, payload: { title: `Clip ${MARKER}`, filename: `${MARKER}.mp4`, content_type: 'video/mp4', size: 10, tags: [MARKER] } })).json();
    const background = (await callA({ method: 'POST', url: '/api/text-wall-background-videos/', headers: headersA, payload: { name: `Bg ${MARKER}`, filename: 'b.mp4', content_type: 'video/mp4', size: 10 } })).json();
    const invitation = (await callA({ method: 'POST', url: `/a/${teamA.slug}/team/api/invitations/`, payload: { team: teamA.id, email: `${MARKER}@example.com`, role: 'admin' } })).json();
    const members = (await callA({ method: 'GET', url: `/a/${teamA.slug}/team/members/` })).json().results;
    const kit = (
      await callA({
        method: 'POST',
        url: '/api/brand-kits/',
        headers: headersA,
        payload: { name: `Kit ${MARKER}`, context_id: context.id, end_card: { headline: `Card ${MARKER}`, cta: MARKER, url: `${MARKER}.example.com` }, text_style: { highlightWords: [MARKER] } },
      })
    ).json();
    for (const x of [context, clip, background, invitation, kit]) expect(x.id).toBeDefined();

    const userB = await registerUser(t.app, { email: uniqueEmail('b') });
    const teamB = (await as(t.app, userB)({ method: 'POST', url: '/teams/api/teams/', payload: { name: 'Team B' } })).json();
    const ids = [context.id, clip.id, background.id, teamA.id, invitation.id, members[0].id, kit.id].map(String);

    const routes = [...new Set(t.app.routeInventory.filter((r) => r.method === 'GET').map((r) => r.url))].filter(
      (url) =>
        !url.startsWith('/assets/') &&
        !url.startsWith('/api/docs') &&
        // the public invitation page shows its team and invitee to whoever holds the invitation id, which is the secret
        url !== '/teams/api/invitations/:id/',
    );
    expect(routes.length).toBeGreaterThan(20);
    let calls = 0;
    for (const route of routes) {
      const path = route.endsWith('/') || /\.[a-z]+$/.test(route) || route.endsWith(':file') || route === '/metrics' ? route : `${route}/`;
      const urls = new Set<string>();
      for (const slug of [teamA.slug, teamB.slug]) {
        const withSlug = path.replace(':teamSlug', slug);
        if (withSlug.includes(':')) for (const id of ids) urls.add(withSlug.replace(/:[a-zA-Z]+/, id));
        else urls.add(withSlug);
      }
      for (const url of urls) {
        for (const slug of [teamA.slug, teamB.slug]) {
          const res = await as(t.app, userB)({ method: 'GET', url, headers: { 'x-team-slug': slug } });
          calls++;
          expect(res.body.includes(MARKER), `GET ${url} (X-Team-Slug ${slug}) answered ${res.statusCode} with team A's data`).toBe(false);
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    // and the same calls as team A do show it, so the scan would see a leak
    const own = await callA({ method: 'GET', url: '/api/contexts/', headers: headersA });
    expect(own.body).toContain(MARKER);
  });
});
