import { createHash, randomBytes } from 'node:crypto';
import { enqueueJob } from '@hookwall/jobs';
import type { Db } from '@hookwall/db';
import type { AppDeps } from '../../core/deps.ts';
import { AppError } from '../../core/errors.ts';
import * as repo from './auth.repository.ts';

/**
 * Email ownership. An address is verified by a single-use link mailed to it (valid 3 days, only its
 * hash stored), or by registering through an invitation mailed to it. Accepting an invitation needs
 * a verified address equal to the invitation's.
 */
const LINK_DAYS = 3;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Records a new link for `email` and queues its email, in the caller's transaction. */
export async function queueVerificationEmail(deps: AppDeps, tx: Tx, user: { id: number }, email: string): Promise<void> {
  const key = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LINK_DAYS * 24 * 3600 * 1000);
  await repo.insertEmailVerification(tx, { keyHash: hashKey(key), userId: user.id, email, expiresAt });
  const link = `${deps.config.APP_URL}/verify-email?key=${key}`;
  await enqueueJob(tx, 'send-email', {
    to: email,
    subject: 'Confirm your email address for Hookwall',
    text: `Confirm that ${email} is your email address on Hookwall:\n\n${link}\n\nThe link works once and expires in ${LINK_DAYS} days. If you did not ask for it, ignore this email.\n`,
    html: `<p>Confirm that <strong>${escapeHtml(email)}</strong> is your email address on Hookwall.</p><p><a href="${link}">Confirm my email address</a></p><p>The link works once and expires in ${LINK_DAYS} days. If you did not ask for it, ignore this email.</p>`,
    reference: `verify-email:${user.id}`,
  });
}

/** Tells the previous address that the account's email changed (the owner may not have done it). */
export async function queueEmailChangedNotice(tx: Tx, user: { id: number }, oldEmail: string, newEmail: string): Promise<void> {
  await enqueueJob(tx, 'send-email', {
    to: oldEmail,
    subject: 'Your Hookwall email address was changed',
    text: `The email address of your Hookwall account was changed from ${oldEmail} to ${newEmail}.\n\nIf you did not do this, sign in and change your password, or reply to this email.\n`,
    reference: `email-changed:${user.id}`,
  });
}

export async function verifyEmail(deps: AppDeps, key: string) {
  const invalid = new AppError('bad_request', 'This verification link is invalid, was already used, or has expired.');
  const row = await repo.consumeEmailVerification(deps.db, hashKey(key));
  if (!row) {
    // the same link opened again (a second click, a reloaded page) answers as the first did, while it still holds
    const used = await repo.findEmailVerification(deps.db, hashKey(key));
    const user = used?.usedAt ? await repo.findUserById(deps.db, used.userId) : null;
    if (used && user?.emailVerified && user.email === used.email) return { detail: 'ok', email: user.email };
    throw invalid;
  }
  // the account's address may have changed since this link was sent: then it proves nothing
  const user = await repo.markEmailVerified(deps.db, row.userId, row.email);
  if (!user) throw invalid;
  return { detail: 'ok', email: user.email };
}

export async function resendVerification(deps: AppDeps, user: repo.UserRow) {
  if (user.emailVerified) return { detail: 'Your email address is already verified.' };
  await deps.db.transaction(async (tx) => queueVerificationEmail(deps, tx, user, user.email));
  return { detail: 'ok' };
}
