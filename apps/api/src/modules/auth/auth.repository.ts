import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { emailVerifications, otpChallenges, refreshTokens, users, type Db } from '@hookwall/db';

import type { UserRow } from '@hookwall/db';

export type { UserRow };

export const findUserById = async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0] ?? null;

export const findUserByEmail = async (db: Db, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0] ?? null;

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow | null> {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  // an update with nothing to set (an empty PATCH) changes nothing and answers the row as it is
  if (Object.values(values).every((v) => v === undefined)) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }
  const rows = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return rows[0] ?? null;
}

/** Sets a new password hash only if the stored one is still `expected`: of two concurrent resets with one link, one wins. */
export async function replacePasswordHash(db: Db, id: number, expected: string, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, id), eq(users.passwordHash, expected)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function insertRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values);
}

/** Marks a refresh token used, atomically: only one of two concurrent rotations wins. */
export async function consumeRefreshToken(db: Db, jti: string) {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning();
  return rows[0] ?? null;
}

export const findRefreshToken = async (db: Db, jti: string) =>
  (await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti)))[0] ?? null;

export async function revokeFamily(db: Db, family: string) {
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/** true when the session (refresh-token family) was ended: any of its rows revoked */
export async function isFamilyRevoked(db: Db, family: string): Promise<boolean> {
  const rows = await db
    .select({ jti: refreshTokens.jti })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.family, family), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return rows.length > 0;
}

export async function revokeUserFamiliesExcept(db: Db, userId: number, keepFamily: string | null) {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepFamily) conditions.push(ne(refreshTokens.family, keepFamily));
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(...conditions));
}

export async function insertOtpChallenge(db: Db, values: typeof otpChallenges.$inferInsert) {
  await db.insert(otpChallenges).values(values);
}

/** Counts one attempt and returns the challenge if it is still usable. */
export async function useOtpChallengeAttempt(db: Db, id: string, maxAttempts: number) {
  const rows = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(and(eq(otpChallenges.id, id), sql`${otpChallenges.expiresAt} > now()`, sql`${otpChallenges.attempts} < ${maxAttempts}`))
    .returning();
  return rows[0] ?? null;
}

export async function deleteOtpChallenge(db: Db, id: string) {
  await db.delete(otpChallenges).where(eq(otpChallenges.id, id));
}

/**
 * Records that a TOTP code of time step `step` was accepted, atomically: true only when no code of
 * this step or a later one was accepted before, so a code works once, even sent twice at the same
 * moment (the second update waits for the first, then finds the step taken).
 */
export async function claimOtpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ otpLastUsedStep: step })
    .where(and(eq(users.id, userId), sql`(${users.otpLastUsedStep} is null or ${users.otpLastUsedStep} < ${step})`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Removes one recovery code hash if present; true when it was there (so a code works once). */
export async function consumeRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ otpRecoveryCodes: sql`array_remove(${users.otpRecoveryCodes}, ${codeHash})` })
    .where(and(eq(users.id, userId), sql`${codeHash} = ANY(${users.otpRecoveryCodes})`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function insertEmailVerification(db: Executor, values: typeof emailVerifications.$inferInsert) {
  await db.insert(emailVerifications).values(values);
}

/** Uses a verification key once, atomically: two clicks on the same link verify once. */
export async function consumeEmailVerification(db: Db, keyHash: string) {
  const rows = await db
    .update(emailVerifications)
    .set({ usedAt: new Date() })
    .where(and(eq(emailVerifications.keyHash, keyHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, new Date())))
    .returning();
  return rows[0] ?? null;
}

export const findEmailVerification = async (db: Db, keyHash: string) =>
  (await db.select().from(emailVerifications).where(eq(emailVerifications.keyHash, keyHash)))[0] ?? null;

/** Marks the address verified only if it is still the user's address (it may have changed since the link was sent). */
export async function markEmailVerified(db: Db, userId: number, email: string) {
  const rows = await db.update(users).set({ emailVerified: true }).where(and(eq(users.id, userId), eq(users.email, email))).returning();
  return rows[0] ?? null;
}
