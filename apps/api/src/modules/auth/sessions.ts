import type { Db } from '@hookwall/db';
import * as repo from './auth.repository.ts';

/**
 * A session is a refresh-token family; every access token names the one it came from. Ending a
 * session revokes its refresh tokens, and its access tokens are refused on their next request.
 * The check is one indexed look-up, remembered for at most CACHE_MS in this process; a session this
 * process ends is forgotten at once, so only other API processes may accept its tokens for up to
 * that long.
 */
const CACHE_MS = 2000;
const MAX_ENTRIES = 10_000;
const known = new Map<string, { isRevoked: boolean; checkedAt: number }>();

export async function isSessionRevoked(db: Db, family: string): Promise<boolean> {
  const cached = known.get(family);
  if (cached && Date.now() - cached.checkedAt < CACHE_MS) return cached.isRevoked;
  const isRevoked = await repo.isFamilyRevoked(db, family);
  if (known.size >= MAX_ENTRIES) known.clear();
  known.set(family, { isRevoked, checkedAt: Date.now() });
  return isRevoked;
}

export async function endSession(db: Db, family: string): Promise<void> {
  await repo.revokeFamily(db, family);
  known.set(family, { isRevoked: true, checkedAt: Date.now() });
}

/** Ends every session of the user but `keepFamily` (after a password change). */
export async function endOtherSessions(db: Db, userId: number, keepFamily: string | null): Promise<void> {
  await repo.revokeUserFamiliesExcept(db, userId, keepFamily);
  known.clear();
}
