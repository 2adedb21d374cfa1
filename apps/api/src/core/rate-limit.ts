import type { FastifyRequest } from 'fastify';
import type { Db } from '@hookwall/db';
import { AppError } from './errors.ts';
import * as repo from './rate-limit.repository.ts';

const throttled = (retryAfter: number) =>
  new AppError('throttled', 'Request was throttled.', {
    body: { detail: `Request was throttled. Expected available in ${retryAfter} seconds.`, code: 'throttled' },
    headers: { 'retry-after': String(retryAfter) },
  });

/**
 * Counts a hit on `key` in a fixed window and throws 429 with Retry-After past `max`.
 * The counter lives in the database so that several API machines share one limit.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  sweepNowAndThen(db);
  const { count, remaining } = await repo.countHit(db, key, windowSeconds);
  if (count > max) throw throttled(Math.max(1, Math.ceil(remaining)));
}

/** Limits per client address and, when the body names one, per account. */
export async function limitAuthAttempt(db: Db, request: FastifyRequest, scope: string, max: number, account?: string) {
  await hitRateLimit(db, `${scope}:ip:${request.ip}`, max, 60);
  if (account) await hitRateLimit(db, `${scope}:acct:${account.toLowerCase()}`, max, 60);
}

/**
 * Login failures count per (account, address) pair, and only failures: a stranger guessing from
 * elsewhere can never lock the owner out, while one address guessing one account waits longer
 * after each failure past the first few (2 s, 4 s, 8 s … up to 15 minutes).
 */
const FREE_FAILURES = 4;
const MAX_BACKOFF_SECONDS = 15 * 60;
const FORGET_FAILURES_SECONDS = 60 * 60;
const loginKey = (account: string, request: FastifyRequest) => `login-fail:${account.toLowerCase()}:${request.ip}`;

export function loginBackoffSeconds(failures: number): number {
  return failures <= FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES), MAX_BACKOFF_SECONDS);
}

/** Throws 429 while this address must wait before trying this account again. */
export async function checkLoginBackoff(db: Db, request: FastifyRequest, account: string): Promise<void> {
  const failures = await repo.readFailures(db, loginKey(account, request));
  if (!failures || failures.secondsSinceLast > FORGET_FAILURES_SECONDS) return;
  const wait = loginBackoffSeconds(failures.count) - failures.secondsSinceLast;
  if (wait > 0) throw throttled(Math.ceil(wait));
}

export async function recordLoginOutcome(db: Db, request: FastifyRequest, account: string, isSuccess: boolean): Promise<void> {
  if (isSuccess) await repo.clearKey(db, loginKey(account, request));
  else await repo.recordFailure(db, loginKey(account, request), FORGET_FAILURES_SECONDS);
}

/** Old counters are deleted now and then (at most once a minute per process, in bounded batches). */
const STALE_SECONDS = 24 * 60 * 60;
let lastSweep = 0;
function sweepNowAndThen(db: Db) {
  if (Date.now() - lastSweep < 60_000) return;
  lastSweep = Date.now();
  void repo.deleteStale(db, STALE_SECONDS).catch(() => undefined);
}

export async function sweepStaleRateLimits(db: Db): Promise<number> {
  return repo.deleteStale(db, STALE_SECONDS);
}
