import { createHmac, timingSafeEqual } from 'node:crypto';
import { enqueueJob } from '@hookwall/jobs';
import type { AppDeps } from '../../core/deps.ts';
import { fieldError } from '../../core/errors.ts';
import * as repo from './auth.repository.ts';
import { checkNewPassword } from './auth.service.ts';
import { hashPassword } from './passwords.ts';
import { endOtherSessions } from './sessions.ts';

/**
 * Password reset by email, as dj-rest-auth does it: `password/reset/` mails a link
 * `/reset-password?uid=…&token=…`, `password/reset/confirm/` sets the new password.
 *
 * Nothing is stored. The uid is the user id in base64url (Django's `urlsafe_base64_encode`); the
 * token is the time it was made and an HMAC, keyed from the signing secret, over the user's id,
 * email, current password hash and that time (Django's PasswordResetTokenGenerator). So a link
 * stops working when it is used (the password hash changes), when the password is changed any
 * other way, when the email changes, and after RESET_LINK_SECONDS.
 */
export const RESET_LINK_SECONDS = 60 * 60;
/** How many reset emails one address may be sent in an hour: a stranger cannot flood an inbox. */
export const RESET_MAILS_PER_ADDRESS_PER_HOUR = 5;

export const RESET_REQUESTED = { detail: 'Password reset e-mail has been sent.' };
export const RESET_DONE = { detail: 'Password has been reset with the new password.' };
export const RESET_LINK_VALID = { detail: 'This link is valid.' };
// dj-rest-auth's wording for a uid or token that does not hold
const INVALID = 'Invalid value';

const encodeUid = (userId: number) => Buffer.from(String(userId)).toString('base64url');

/** The user id a uid names, or null when it is not one we could have made. */
function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('latin1');
  if (!/^[1-9]\d{0,9}$/.test(text) || encodeUid(Number(text)) !== uid) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

type ResetUser = Pick<repo.UserRow, 'id' | 'email' | 'passwordHash'>;

function mac(secret: string, user: ResetUser, issuedAt: number): string {
  // a key of its own, derived from the signing secret, so no other use of that secret yields a token
  const key = createHmac('sha256', secret).update('hookwall password reset').digest();
  return createHmac('sha256', key).update(`${user.id}\n${user.email.toLowerCase()}\n${user.passwordHash}\n${issuedAt}`).digest('base64url');
}

export function makeResetToken(secret: string, user: ResetUser, issuedAt = Math.floor(Date.now() / 1000)): string {
  return `${issuedAt.toString(36)}-${mac(secret, user, issuedAt)}`;
}

export function isValidResetToken(secret: string, user: ResetUser, token: string): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const issuedAt = parseInt(match[1]!, 36);
  const now = Math.floor(Date.now() / 1000);
  // a minute of grace for clocks of several API machines that disagree
  if (issuedAt > now + 60 || now - issuedAt > RESET_LINK_SECONDS) return false;
  return timingSafeEqual(Buffer.from(match[2]!), Buffer.from(mac(secret, user, issuedAt)));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Mails a reset link to `email` if an account has it; nothing otherwise. Run after the answer is
 * sent (see requestPasswordReset), so the answer is the same, and as quick, either way.
 */
export async function mailResetLink(deps: AppDeps, email: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  const link = `${deps.config.APP_URL}/reset-password?uid=${encodeUid(user.id)}&token=${makeResetToken(deps.config.JWT_SECRET, user)}`;
  const minutes = RESET_LINK_SECONDS / 60;
  const lifetime = minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
  await enqueueJob(deps.db, 'send-email', {
    to: user.email,
    subject: 'Reset your Hookwall password',
    text: `Someone asked to reset the password of the Hookwall account for ${user.email}. Choose a new password here:\n\n${link}\n\nThe link works once and expires in ${lifetime}. If you did not ask for it, ignore this email: your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of the Hookwall account for <strong>${escapeHtml(user.email)}</strong>.</p><p><a href="${link}">Choose a new password</a></p><p>The link works once and expires in ${lifetime}. If you did not ask for it, ignore this email: your password stays as it is.</p>`,
    reference: `password-reset:${user.id}`,
  });
}

/** The mails being queued after their answers went out; awaited on close and by tests. */
const pending = new Set<Promise<void>>();

/**
 * Answers at once, the same whether or not the address has an account; the look-up and the mail
 * happen after, so neither the body nor the time of the answer tells the two apart.
 */
export function requestPasswordReset(deps: AppDeps, email: string, log: (error: unknown) => void) {
  const work = mailResetLink(deps, email).catch(log);
  pending.add(work);
  void work.finally(() => pending.delete(work));
  return RESET_REQUESTED;
}

/** Resolves once every reset mail asked for so far is queued (or failed and was logged). */
export async function settlePasswordResetMails(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

/** The user a reset link names, if its uid and token hold (dj-rest-auth's order and messages); else a 400. */
async function linkUserOr400(deps: AppDeps, link: { uid: string; token: string }) {
  const userId = decodeUid(link.uid);
  const user = userId === null ? null : await repo.findUserById(deps.db, userId);
  if (!user) throw fieldError({ uid: INVALID });
  if (!isValidResetToken(deps.config.JWT_SECRET, user, link.token)) throw fieldError({ token: INVALID });
  return user;
}

/**
 * Whether a reset link still holds, changing nothing: the reset page asks on load, so a link that
 * was used or has expired is refused before the user types a new password twice.
 */
export async function checkPasswordResetLink(deps: AppDeps, link: { uid: string; token: string }) {
  await linkUserOr400(deps, link);
  return RESET_LINK_VALID;
}

export interface ResetConfirm {
  uid: string;
  token: string;
  new_password1: string;
  new_password2: string;
}

/**
 * Sets the new password if the link holds, then ends every session of the user. Checked in
 * dj-rest-auth's order: the uid, the token, then the password (the same rules and messages as a
 * password change). The hash is swapped only if it is still the one the token was made over, so
 * of two requests with one link at the same moment only one succeeds.
 */
export async function confirmPasswordReset(deps: AppDeps, input: ResetConfirm) {
  const user = await linkUserOr400(deps, input);
  checkNewPassword(user.email, input.new_password1, input.new_password2);
  const changed = await repo.replacePasswordHash(deps.db, user.id, user.passwordHash, await hashPassword(input.new_password1));
  if (!changed) throw fieldError({ token: INVALID });
  await endOtherSessions(deps.db, user.id, null);
  return RESET_DONE;
}
