import { AppError } from '../../core/errors.ts';

/**
 * Changing the password or the email address takes the account, so an access token alone is not
 * enough: the user must have proved who they are (password, and the second factor when it is on)
 * within this window. Every access token carries the time of that proof (`auth_time`), set at login
 * and at the second factor, and kept unchanged by refreshes. Signing in again (`POST login/`, then
 * `verify-otp/` with two-factor on) gives tokens with a new one.
 */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

export const nowInSeconds = () => Math.floor(Date.now() / 1000);

export const reauthenticationRequired = (detail: string) =>
  new AppError('permission_denied', detail, { body: { detail, code: 'reauthentication_required' } });

/** 403 `reauthentication_required` unless the caller's sign-in is recent. */
export function requireRecentSignIn(authTime: number | null, detail: string): void {
  if (authTime !== null && nowInSeconds() - authTime <= RECENT_SIGN_IN_SECONDS) return;
  throw reauthenticationRequired(detail);
}

export const PASSWORD_CHANGE_NEEDS_SIGN_IN = 'Please sign in again to change your password.';
export const EMAIL_CHANGE_NEEDS_SIGN_IN = 'Please sign in again to change your email address.';
