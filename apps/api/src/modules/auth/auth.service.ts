import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import type { AppDeps } from '../../core/deps.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { avatarUrl, displayName } from '../../core/user-format.ts';
import { isPendingInvitationFor, joinWithInvitationIfMatching } from '../teams/teams.service.ts';
import { queueEmailChangedNotice, queueVerificationEmail } from './email-verification.ts';
import * as repo from './auth.repository.ts';
import { EMAIL_CHANGE_NEEDS_SIGN_IN, nowInSeconds, PASSWORD_CHANGE_NEEDS_SIGN_IN, requireRecentSignIn } from './recent-sign-in.ts';
import { endOtherSessions, endSession } from './sessions.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import { signAccessToken, signRefreshToken, verifyRefreshToken } from './tokens.ts';

export type User = repo.UserRow;

const OTP_CHALLENGE_SECONDS = 5 * 60;
const OTP_MAX_ATTEMPTS = 5;
const ISSUER = 'Hookwall';

export function serializeUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    first_name: user.firstName,
    last_name: user.lastName,
    avatar_url: avatarUrl(user),
    get_display_name: displayName(user),
    is_staff: user.isStaff,
    otp_enabled: user.otpEnabled,
    date_joined: user.dateJoined.toISOString(),
  };
}

const invalidToken = () =>
  new AppError('token_not_valid', 'Token is invalid or expired', {
    body: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
  });

/**
 * A token pair of the session `family`. `authTime` is when the user proved who they are: now for a
 * sign-in (the default), the session's own for a refresh, which never makes a sign-in newer.
 */
export async function issueTokens(deps: AppDeps, user: User, family: string = randomUUID(), authTime: number | null = nowInSeconds()) {
  const access = await signAccessToken(deps.config, user.id, family, authTime);
  const refresh = await signRefreshToken(deps.config, user.id, family, authTime);
  await repo.insertRefreshToken(deps.db, { jti: refresh.jti, family, userId: user.id, expiresAt: refresh.expiresAt });
  return { access, refresh };
}

async function sessionFor(deps: AppDeps, user: User) {
  const { access, refresh } = await issueTokens(deps, user);
  return { access: access.token, refresh: refresh.token, user: serializeUser(user) };
}

export interface RegisterInput {
  email: string;
  password1: string;
  password2: string;
  first_name?: string;
  last_name?: string;
  invitation_id?: string;
}

export async function register(deps: AppDeps, input: RegisterInput) {
  if (input.password1 !== input.password2) {
    throw fieldError({ non_field_errors: "The two password fields didn't match." });
  }
  const problems = checkPasswordStrength(input.password1, input.email);
  if (problems.length) throw fieldError({ password1: problems });
  if (await repo.findUserByEmail(deps.db, input.email)) {
    throw fieldError({ email: 'A user is already registered with this e-mail address.' });
  }
  // the invitation came by mail to this address: registering through it proves the address
  const isInvited = input.invitation_id ? await isPendingInvitationFor(deps, input.invitation_id, input.email) : false;
  const passwordHash = await hashPassword(input.password1);
  const user = await deps.db.transaction(async (tx) => {
    const row = await repo.insertUser(tx, {
      email: input.email,
      emailVerified: isInvited,
      passwordHash,
      firstName: input.first_name?.trim() ?? '',
      lastName: input.last_name?.trim() ?? '',
    });
    if (row && !isInvited) await queueVerificationEmail(deps, tx, row, row.email);
    return row;
  });
  // a concurrent registration of the same email lost the race on the unique index
  if (!user) throw fieldError({ email: 'A user is already registered with this e-mail address.' });
  if (input.invitation_id && isInvited) await joinWithInvitationIfMatching(deps, input.invitation_id, user);
  return sessionFor(deps, user);
}

export async function login(deps: AppDeps, email: string, password: string) {
  const user = await repo.findUserByEmail(deps.db, email);
  const isValid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !isValid) throw fieldError({ non_field_errors: 'Unable to log in with provided credentials.' });
  if (user.otpEnabled && user.otpSecret) {
    const id = randomUUID();
    await repo.insertOtpChallenge(deps.db, { id, userId: user.id, expiresAt: new Date(Date.now() + OTP_CHALLENGE_SECONDS * 1000) });
    return { status: 'otp_required' as const, detail: 'OTP required for 2FA', temp_otp_token: id };
  }
  return { status: 'success' as const, detail: 'User logged in.', jwt: await sessionFor(deps, user) };
}

const hashRecoveryCode = (code: string) => createHash('sha256').update(code.trim().toLowerCase().replaceAll(' ', '')).digest('hex');

/**
 * A TOTP code of the secret, within 30 s either way, accepted once (RFC 6238 §5.2): the time step
 * it matched is claimed for the user, so the same code (or one of an earlier step) is refused
 * afterwards, also when two requests send it at once.
 */
async function acceptTotpOnce(deps: AppDeps, userId: number, secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const result = await verifyTotp({ secret, token: code, epochTolerance: 30 }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  return repo.claimOtpStep(deps.db, userId, result.timeStep);
}

async function isValidSecondFactor(deps: AppDeps, user: User, code: string): Promise<boolean> {
  const cleaned = code.replace(/\s/g, '');
  if (user.otpSecret && /^\d{6}$/.test(cleaned)) return acceptTotpOnce(deps, user.id, user.otpSecret, cleaned);
  return repo.consumeRecoveryCode(deps.db, user.id, hashRecoveryCode(cleaned));
}

export async function verifyOtp(deps: AppDeps, tempToken: string, otp: string) {
  const expired = new AppError('token_not_valid', 'Invalid temporary token', {
    body: { status: 'token_expired', detail: 'Invalid temporary token' },
  });
  const challenge = /^[0-9a-f-]{36}$/i.test(tempToken) ? await repo.useOtpChallengeAttempt(deps.db, tempToken, OTP_MAX_ATTEMPTS) : null;
  if (!challenge) throw expired;
  const user = await repo.findUserById(deps.db, challenge.userId);
  if (!user || !user.otpEnabled) throw expired;
  if (!(await isValidSecondFactor(deps, user, otp))) {
    throw new AppError('validation', 'Invalid OTP code', { body: { status: 'invalid_otp', detail: 'Invalid OTP code' } });
  }
  await repo.deleteOtpChallenge(deps.db, challenge.id);
  return sessionFor(deps, user);
}

export async function refresh(deps: AppDeps, token: string) {
  const claims = await verifyRefreshToken(deps.config, token);
  if (!claims) throw invalidToken();
  const row = await repo.consumeRefreshToken(deps.db, claims.jti);
  if (!row) {
    const existing = await repo.findRefreshToken(deps.db, claims.jti);
    // a rotated token presented again: someone holds a copy, so the whole session is ended
    if (existing?.usedAt && !existing.revokedAt) await endSession(deps.db, existing.family);
    throw invalidToken();
  }
  const user = await repo.findUserById(deps.db, row.userId);
  if (!user) throw invalidToken();
  // the session keeps the time its user signed in: refreshing is not signing in
  const { access, refresh: next } = await issueTokens(deps, user, row.family, claims.authTime);
  return {
    access: access.token,
    refresh: next.token,
    access_expiration: access.expiresAt.toISOString(),
    refresh_expiration: next.expiresAt.toISOString(),
  };
}

/** Ends the session the access token came from, and the one the refresh token names if another. */
export async function logout(deps: AppDeps, token: string | undefined, accessFamily: string | null) {
  if (accessFamily) await endSession(deps.db, accessFamily);
  if (token) {
    const claims = await verifyRefreshToken(deps.config, token);
    if (claims && claims.family !== accessFamily) await endSession(deps.db, claims.family);
  }
  return { detail: 'Successfully logged out.' };
}

export interface UserUpdate {
  email?: string;
  first_name?: string;
  last_name?: string;
}

/** `authTime`: the caller's sign-in time (its access token's); a new email address needs a recent one. */
export async function updateProfile(deps: AppDeps, user: User, authTime: number | null, input: UserUpdate) {
  const isNewEmail = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase();
  // before anything else: a stale token must not learn whether an address is registered either
  if (isNewEmail) requireRecentSignIn(authTime, EMAIL_CHANGE_NEEDS_SIGN_IN);
  if (input.email && input.email !== user.email.toLowerCase()) {
    const other = await repo.findUserByEmail(deps.db, input.email);
    if (other && other.id !== user.id) throw fieldError({ email: 'A user is already registered with this e-mail address.' });
  }
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const row = await repo.updateUser(tx, user.id, {
        ...(input.email !== undefined && { email: input.email }),
        // a new address is unproven until its link is followed; the old one is told of the change
        ...(isNewEmail && { emailVerified: false }),
        ...(input.first_name !== undefined && { firstName: input.first_name.trim() }),
        ...(input.last_name !== undefined && { lastName: input.last_name.trim() }),
      });
      if (row && isNewEmail) {
        await queueVerificationEmail(deps, tx, row, row.email);
        await queueEmailChangedNotice(tx, row, user.email, row.email);
      }
      return row;
    });
    return serializeUser(updated ?? user);
  } catch (error) {
    if (String((error as { code?: string }).code ?? (error as Error).message).includes('23505')) {
      throw fieldError({ email: 'A user is already registered with this e-mail address.' });
    }
    throw error;
  }
}

/** A new password and its confirmation, checked as Django's SetPasswordForm does: errors on new_password2. */
export function checkNewPassword(email: string, password1: string, password2: string): void {
  if (password1 !== password2) throw fieldError({ new_password2: "The two password fields didn't match." });
  const problems = checkPasswordStrength(password1, email);
  if (problems.length) throw fieldError({ new_password2: problems });
}

export interface PasswordChange {
  new_password1: string;
  new_password2: string;
  old_password?: string;
}

/** `authTime`: the caller's sign-in time; the change needs a recent one (recent-sign-in.ts). */
export async function changePassword(deps: AppDeps, user: User, caller: { family: string | null; authTime: number | null }, input: PasswordChange) {
  requireRecentSignIn(caller.authTime, PASSWORD_CHANGE_NEEDS_SIGN_IN);
  if (input.old_password !== undefined && !(await verifyPassword(user.passwordHash, input.old_password))) {
    throw fieldError({ old_password: 'Your old password was entered incorrectly. Please enter it again.' });
  }
  checkNewPassword(user.email, input.new_password1, input.new_password2);
  await repo.updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.new_password1) });
  await endOtherSessions(deps.db, user.id, caller.family);
  return { detail: 'New password has been saved.' };
}

export async function setAvatarKey(deps: AppDeps, user: User, avatarKey: string) {
  return serializeUser((await repo.updateUser(deps.db, user.id, { avatarKey })) ?? { ...user, avatarKey });
}

export async function setupOtp(deps: AppDeps, user: User) {
  if (user.otpEnabled) throw new AppError('bad_request', 'Two-factor authentication is already enabled.');
  const secret = generateSecret();
  await repo.updateUser(deps.db, user.id, { otpSecret: secret });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

export async function enableOtp(deps: AppDeps, user: User, otp: string) {
  if (user.otpEnabled) throw new AppError('bad_request', 'Two-factor authentication is already enabled.');
  if (!user.otpSecret) throw new AppError('bad_request', 'Start the two-factor setup first.');
  if (!(await acceptTotpOnce(deps, user.id, user.otpSecret, otp.replace(/\s/g, '')))) throw fieldError({ otp: 'Invalid OTP code' });
  const codes = Array.from({ length: 10 }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await repo.updateUser(deps.db, user.id, { otpEnabled: true, otpRecoveryCodes: codes.map(hashRecoveryCode) });
  return { recovery_codes: codes };
}

export async function disableOtp(deps: AppDeps, user: User, otp: string) {
  if (!user.otpEnabled) throw new AppError('bad_request', 'Two-factor authentication is not enabled.');
  if (!(await isValidSecondFactor(deps, user, otp))) throw fieldError({ otp: 'Invalid OTP code' });
  await repo.updateUser(deps.db, user.id, { otpEnabled: false, otpSecret: null, otpRecoveryCodes: [] });
}
