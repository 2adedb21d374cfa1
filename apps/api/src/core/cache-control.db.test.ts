import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp } from '../test/harness.ts';

/** Every API answer carries tokens or personal data: none may be kept by a browser or a proxy. */
describe('Cache-Control on API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is no-store on every operation of the OpenAPI document, for anonymous and signed-in callers, success or error', async () => {
    const { user, team } = await userWithTeam(t.app);
    const document = (await t.app.inject({ url: '/api/schema/' })).json() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(operations.length).toBeGreaterThan(40);
    const statuses = new Set<number>();
    for (const { method, path } of operations) {
      const url = path.replace('{teamSlug}', team.slug).replace(/\{[^}]+\}/g, '999999');
      for (const caller of [null, user]) {
        const res = await as(t.app, caller)({ method: method as 'GET', url, headers: { 'x-team-slug': team.slug } });
        statuses.add(res.statusCode);
        expect(res.headers['cache-control'], `${method} ${url} (${res.statusCode})`).toBe('no-store');
      }
    }
    // the walk reached answers of several kinds, not only one error
    expect([...statuses].some((s) => s < 300)).toBe(true);
    expect([...statuses].some((s) => s >= 400)).toBe(true);
  });

  it('leaves the web app and media caching to their own rules', async () => {
    const res = await t.app.inject({ url: '/api/health/' });
    expect(res.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ url: '/media/nothing-here' });
    expect(unknown.headers['cache-control']).not.toBe('no-store');
  });
});
