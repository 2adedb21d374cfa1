import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '@hookwall/db';
import { AppError } from './errors.ts';

/**
 * Counts a hit on `key` in a fixed window and throws 429 with Retry-After past `max`.
 * The counter lives in the database so that several API machines share one limit.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END
    RETURNING count, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) AS remaining`);
  const row = (result as unknown as { rows: { count: number; remaining: string | number }[] }).rows[0]!;
  if (Number(row.count) > max) {
    const retryAfter = Math.max(1, Math.ceil(Number(row.remaining)));
    throw new AppError('throttled', 'Request was throttled.', {
      body: { detail: `Request was throttled. Expected available in ${retryAfter} seconds.`, code: 'throttled' },
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}

/** Limits per client address and, when the body names one, per account. */
export async function limitAuthAttempt(db: Db, request: FastifyRequest, scope: string, max: number, account?: string) {
  await hitRateLimit(db, `${scope}:ip:${request.ip}`, max, 60);
  if (account) await hitRateLimit(db, `${scope}:acct:${account.toLowerCase()}`, max, 60);
}
