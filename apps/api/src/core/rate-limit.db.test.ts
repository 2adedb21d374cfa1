import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '@hookwall/db';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { hitRateLimit, sweepStaleRateLimits } from './rate-limit.ts';

describe('rate limit counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('are swept once a day old, and recent ones stay', async () => {
    const db = t.database.db;
    await hitRateLimit(db, 'test:recent', 10, 60);
    await db.execute(sql`INSERT INTO rate_limits (key, window_start, count) VALUES ('test:old-1', now() - interval '2 days', 3), ('test:old-2', now() - interval '25 hours', 1)`);
    expect(await sweepStaleRateLimits(db)).toBe(2);
    const keys = await executeRows<{ key: string }>(db, sql`SELECT key FROM rate_limits WHERE key LIKE 'test:%' ORDER BY key`);
    expect(keys.map((k) => k.key)).toEqual(['test:recent']);
  });
});
