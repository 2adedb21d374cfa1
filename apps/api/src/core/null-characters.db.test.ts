import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp } from '../test/harness.ts';
import { subscribeTeam } from '../modules/videos/videos.test-helpers.ts';
import { NULL_CHARACTER_MESSAGE } from './null-characters.ts';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; $ref?: string; anyOf?: Schema[]; items?: Schema };

describe('NUL characters in requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('are refused with a 400 naming the field, for every string field of every JSON body in the OpenAPI document', async () => {
    const { user, team } = await userWithTeam(t.app);
    // subscribed, so the calls that make videos get past their 402 guard to the body
    await subscribeTeam(t.app, user, team.slug);
    const document = (await t.app.inject({ url: '/api/schema/' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
      components: { schemas: Record<string, Schema> };
    };
    const resolve = (schema: Schema | undefined): Schema | undefined =>
      schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;
    let checked = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const schema = resolve(operation.requestBody?.content?.['application/json']?.schema);
        for (const [field, property] of Object.entries(schema?.properties ?? {})) {
          const types = [property.type, ...(property.anyOf ?? []).map((s) => s.type)].flat();
          if (!types.includes('string')) continue;
          const url = path.replace('{teamSlug}', team.slug).replace(/\{[^}]+\}/g, '1');
          const res = await as(t.app, user)({ method: method.toUpperCase() as 'POST', url, headers: { 'x-team-slug': team.slug }, payload: { [field]: 'a\u0000b' } });
          if (res.statusCode === 403) continue; // staff-only operations refuse this caller before reading the body
          expect(res.statusCode, `${method} ${path} ${field}: ${res.body}`).toBe(400);
          expect(res.json()[field], `${method} ${path} ${field}`).toEqual([NULL_CHARACTER_MESSAGE]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('change nothing: a context, a team name and a user name with NUL are not stored', async () => {
    const { user, team } = await userWithTeam(t.app, 'Null Safe Team');
    const call = as(t.app, user);
    const headers = { 'x-team-slug': team.slug };
    expect((await call({ method: 'POST', url: '/api/contexts/', headers, payload: { name: 'ok\u0000', type: 'product', content: 'x' } })).statusCode).toBe(400);
    expect((await call({ method: 'POST', url: '/api/contexts/', headers, payload: { name: 'ok', type: 'product', content: 'nested', extra: { deep: ['\u0000'] } } })).json()).toEqual({
      'extra.deep.0': [NULL_CHARACTER_MESSAGE],
    });
    expect((await call({ method: 'GET', url: '/api/contexts/', headers })).json().count).toBe(0);
    expect((await call({ method: 'PATCH', url: `/teams/api/teams/${team.id}/`, payload: { name: 'Evil\u0000Name' } })).statusCode).toBe(400);
    expect((await call({ method: 'GET', url: `/teams/api/teams/${team.id}/` })).json().name).toBe('Null Safe Team');
    expect((await call({ method: 'PATCH', url: '/api/auth/user/', payload: { first_name: '\u0000' } })).statusCode).toBe(400);
    expect((await call({ method: 'GET', url: '/api/contexts/?search=%00', headers })).json()).toEqual({ search: [NULL_CHARACTER_MESSAGE] });
    expect((await call({ method: 'GET', url: '/api/contexts/%00/', headers })).statusCode).toBe(404);
    // the team slug in the path is read before validation: still a 404, not a database error
    expect((await call({ method: 'GET', url: '/a/a%00b/team/api/invitations/' })).statusCode).toBe(404);
  });

  it('an empty PATCH of the user, or one with only unknown keys, is a 200 that changes nothing', async () => {
    const { user } = await userWithTeam(t.app);
    const call = as(t.app, user);
    const before = (await call({ method: 'GET', url: '/api/auth/user/' })).json();
    for (const payload of [{}, { unknown: 'x' }]) {
      const res = await call({ method: 'PATCH', url: '/api/auth/user/', payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(before);
    }
  });
});
