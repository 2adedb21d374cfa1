import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repeatsExample, shapeDistance, shapeOf } from '@hookwall/copywriter';
import { GLOW_SERUM } from '@hookwall/copywriter/testing';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';

/** "Make more like this": generate_texts with the winners' ids, on the offline copywriter. */
let t: TestApp;
let admin: TestUser;
let team: { slug: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug, ...(o.headers ?? {}) } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Winners'));
});
afterAll(async () => t?.close());

describe('texts like the winning videos', () => {
  it('writes new texts in the winners’ shape, never the winners again', async () => {
    const context = (await api({ method: 'POST', url: '/api/contexts/', payload: { name: GLOW_SERUM.name, type: 'product', content: GLOW_SERUM.content } })).json() as { id: number };
    const winners = ['Dull skin again? ✨', 'Still hiding under make-up? 🍊'];
    const ids: string[] = [];
    for (const text of winners) ids.push((await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text, render: false, context_id: context.id } })).json().id);
    const like = await api({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 6, like_video_ids: ids } });
    expect(like.statusCode, like.body).toBe(200);
    const plain = await api({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 6 } });
    const texts: string[] = like.json().texts;
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(repeatsExample(text, winners), text).toBe(false);
    const shape = shapeOf(winners);
    const mean = (list: string[]) => list.reduce((sum, x) => sum + shapeDistance(x, shape), 0) / list.length;
    expect(mean(texts)).toBeLessThan(mean(plain.json().texts));
  });

  it('refuses ids that are not the team’s videos, malformed ids and too many, before writing anything', async () => {
    const context = (await api({ method: 'POST', url: '/api/contexts/', payload: { name: 'Glow', type: 'product', content: GLOW_SERUM.content } })).json() as { id: number };
    const other = await userWithTeam(t.app, 'Others');
    const theirs = (await as(t.app, other.user)({ method: 'POST', url: '/api/text-wall-videos/', headers: { 'x-team-slug': other.team.slug }, payload: { text: 'Theirs', render: false } })).json().id;
    for (const [ids, message] of [
      [[theirs], `Not one of your videos: ${theirs}.`],
      [[randomUUID()], /^Not one of your videos: /],
      [['nope'], 'Must be a valid UUID.'],
      [Array.from({ length: 21 }, () => randomUUID()), 'At most 20 videos.'],
      [[], 'Choose at least one video.'],
    ] as const) {
      const res = await api({ method: 'POST', url: '/api/text-wall-videos/generate_texts/', payload: { context_id: context.id, count: 2, like_video_ids: ids } });
      expect(res.statusCode).toBe(400);
      const errors = Object.entries(res.json() as Record<string, string[]>).find(([field]) => field.startsWith('like_video_ids'))?.[1]?.[0];
      expect(errors).toMatch(message);
    }
  });
});
