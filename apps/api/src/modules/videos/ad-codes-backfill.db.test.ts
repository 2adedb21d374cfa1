import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { adCodes, compositeVideos, teams, textWallVideos } from '@hookwall/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { AD_CODE_PATTERN, claimAdCodes } from './ad-codes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The statements of the migration that give older videos their codes (0020_ad_results.sql). */
function backfillStatements(): string[] {
  const file = createRequire(import.meta.url).resolve('@hookwall/db/migrations/0020_ad_results.sql');
  return readFileSync(file, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /INSERT INTO "ad_codes"|^UPDATE "(text_wall|composite)_videos" SET "ad_code"|ALTER COLUMN "ad_code" SET NOT NULL/.test(s.replace(/^--.*\n/gm, '')));
}

describe('the migration that gives older videos their ad codes', () => {
  it('gives every video made before it a code of its own, in the same characters, recorded in ad_codes', async () => {
    const db = t.deps.db;
    expect(backfillStatements()).toHaveLength(5);
    // the videos as they were before the migration: no code
    await db.execute(sql`alter table text_wall_videos alter column ad_code drop not null`);
    await db.execute(sql`alter table composite_videos alter column ad_code drop not null`);
    const [a] = await db.insert(teams).values({ name: 'Old A', slug: `old-a-${Date.now()}` }).returning();
    const [b] = await db.insert(teams).values({ name: 'Old B', slug: `old-b-${Date.now()}` }).returning();
    const walls = Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), teamId: i % 2 ? a!.id : b!.id, text: `Old ${i}`, style: {}, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) }));
    for (const wall of walls) await db.execute(sql`insert into text_wall_videos (id, team_id, text, style, created_at) values (${wall.id}, ${wall.teamId}, ${wall.text}, '{}'::jsonb, ${wall.createdAt.toISOString()})`);
    const composites = Array.from({ length: 40 }, () => randomUUID());
    for (const id of composites) await db.execute(sql`insert into composite_videos (id, team_id, name, composition_id, config) values (${id}, ${a!.id}, 'Old composite', 'multi-text-wall', '{}'::jsonb)`);

    for (const statement of backfillStatements()) await db.execute(sql.raw(statement));

    const codes = [...(await db.select({ id: textWallVideos.id, teamId: textWallVideos.teamId, code: textWallVideos.adCode }).from(textWallVideos)), ...(await db.select({ id: compositeVideos.id, teamId: compositeVideos.teamId, code: compositeVideos.adCode }).from(compositeVideos))];
    expect(codes).toHaveLength(340);
    expect(new Set(codes.map((c) => c.code)).size).toBe(340);
    for (const c of codes) expect(c.code).toMatch(AD_CODE_PATTERN);
    const registry = new Map((await db.select().from(adCodes)).map((r) => [r.code, r]));
    for (const c of codes) expect(registry.get(c.code)).toMatchObject({ videoId: c.id, teamId: c.teamId });
    // the columns hold a code for every row from now on
    await expect(db.execute(sql`insert into text_wall_videos (id, team_id, text, style) values (${randomUUID()}, ${a!.id}, 'x', '{}'::jsonb)`)).rejects.toThrow();
    // a new code drawn equal to one of them is drawn again
    const taken = codes[0]!.code;
    const draws = [taken, 'HW-YYYYYY'];
    const fresh = await claimAdCodes(db, a!.id, [randomUUID()], () => draws.shift()!);
    expect([...fresh.values()]).toEqual(['HW-YYYYYY']);
  });
});
