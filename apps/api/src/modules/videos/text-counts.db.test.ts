import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam } from './videos.test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Counts'));
  await subscribeTeam(t.app, admin, team.slug);
});
afterAll(async () => t?.close());

describe('how many texts to write', () => {
  it('a count below 1 is a 400 that says so, for generate_texts and bulk_create, and nothing is made', async () => {
    const context = (await api({ method: 'POST', url: '/api/contexts/', payload: { name: 'Glow Serum', type: 'product', content: 'Gives dull skin a glow in 7 days.\nWhat makes it special:\n- Vitamin C\n- Vegan' } })).json();
    const videosBefore = (await api({ method: 'GET', url: '/api/text-wall-videos/' })).json().count;
    for (const count of [0, -1]) {
      const generate = await api({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count } });
      expect(generate.statusCode, generate.body).toBe(400);
      expect(generate.json().count).toEqual(['Ensure this value is greater than or equal to 1.']);
      const bulk = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { context_id: context.id, count } });
      expect(bulk.statusCode, bulk.body).toBe(400);
      expect(bulk.json().count).toEqual(['Ensure this value is greater than or equal to 1.']);
    }
    expect((await api({ method: 'GET', url: '/api/text-wall-videos/' })).json().count).toBe(videosBefore);
    // a count that is fine still writes
    const one = await api({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 1 } });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().texts).toHaveLength(1);
  });
});
