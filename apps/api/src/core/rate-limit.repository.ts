import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '@hookwall/db';

/** Counts a hit on `key` in a fixed window; answers the count and the seconds left in the window. */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<{ count: number; remaining: number }> {
  const [row] = await executeRows<{ count: number; remaining: string | number }>(
    db,
    sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END
    RETURNING count, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) AS remaining`,
  );
  return { count: Number(row!.count), remaining: Number(row!.remaining) };
}

/**
 * Failures of one kind on `key`: `count` failures, the last at `window_start`. A failure more than
 * `forgetSeconds` after the previous one starts again at 1.
 */
export async function recordFailure(db: Db, key: string, forgetSeconds: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${forgetSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = now()`);
}

/** The failures recorded on `key` and the seconds since the last one, or null. */
export async function readFailures(db: Db, key: string): Promise<{ count: number; secondsSinceLast: number } | null> {
  const [row] = await executeRows<{ count: number; since: string | number }>(
    db,
    sql`SELECT count, extract(epoch from (now() - window_start)) AS since FROM rate_limits WHERE key = ${key}`,
  );
  return row ? { count: Number(row.count), secondsSinceLast: Number(row.since) } : null;
}

export async function clearKey(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Deletes counters untouched for `olderThanSeconds`, at most `limit` rows a call (bounded work). */
export async function deleteStale(db: Db, olderThanSeconds: number, limit = 1000): Promise<number> {
  const rows = await executeRows<{ key: string }>(
    db,
    sql`DELETE FROM rate_limits WHERE key IN (
      SELECT key FROM rate_limits WHERE window_start < now() - make_interval(secs => ${olderThanSeconds}) LIMIT ${limit}
    ) RETURNING key`,
  );
  return rows.length;
}
