import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { insertMany, renderJobs, teams, type RenderJobStatus } from '@hookwall/db';
import { hookProductDemoPropsSchema, multiTextWallPropsSchema, textWallPropsSchema } from '@hookwall/video/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { renderSeconds } from './render-jobs.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("a render's length", () => {
  const cases: [string, Record<string, unknown>, number][] = [
    ['text-wall', textWallPropsSchema.parse({ text: 'a', durationInSeconds: 17 }), 17],
    ['hook-product-demo', hookProductDemoPropsSchema.parse({ hook: { url: 'x', durationInSeconds: 9 }, demo: { url: 'y', durationInSeconds: 4.5 } }), 6 + 4.5 + 2],
    ['hook-product-demo', hookProductDemoPropsSchema.parse({ hook: null, demo: { url: 'y', durationInSeconds: 40 }, endCardSeconds: 0 }), 3 + 15],
    ['hook-product-demo', hookProductDemoPropsSchema.parse({ hook: { url: 'x', durationInSeconds: 2 }, demo: null, maxHookSeconds: 1 }), 1 + 4 + 2],
    ['multi-text-wall', multiTextWallPropsSchema.parse({ walls: [{ text: 'a', durationInSeconds: 2.2 }, { text: 'b', durationInSeconds: 3 }, { text: 'c' }] }), 2.2 + 3 + 4 - 2 * 0.4],
    ['multi-text-wall', multiTextWallPropsSchema.parse({ walls: [{ text: 'a', durationInSeconds: 2 }], transition: 'none' }), 2],
  ];

  it("is its composition's own calculation over its props", () => {
    for (const [composition, props, seconds] of cases) expect(renderSeconds(composition, props), composition).toBeCloseTo(seconds, 6);
  });

  it('is what the migration gave the renders that were waiting when it ran', async () => {
    const db = t.deps.db;
    const [team] = await db.insert(teams).values({ name: 'Backfill', slug: `backfill-${Date.now()}` }).returning();
    const rows = cases.map(([compositionId, inputProps]) => ({ id: randomUUID(), teamId: team!.id, compositionId, inputProps, targetType: 'composite_video' as const, targetId: randomUUID(), status: 'queued' as RenderJobStatus }));
    await insertMany(db, renderJobs, [...rows, { ...rows[0]!, id: randomUUID(), status: 'completed' }]);
    const migration = createRequire(import.meta.url).resolve('@hookwall/db/migrations/0011_backfill_render_durations.sql');
    await db.execute(sql.raw(readFileSync(migration, 'utf8')));
    const found = new Map((await db.select().from(renderJobs)).map((row) => [row.id, row]));
    for (const [i, [composition, props]] of cases.entries()) expect(found.get(rows[i]!.id)!.durationSeconds, composition).toBeCloseTo(renderSeconds(composition, props), 6);
    // finished renders count in no quota: left alone
    expect([...found.values()].filter((row) => row.status === 'completed').map((row) => row.durationSeconds)).toEqual([0]);
  });
});
