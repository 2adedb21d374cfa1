import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@hookwall/db';
import { as, createTestApp, registerUser, uniqueEmail, type TestApp, type TestUser } from '../../test/harness.ts';
import { findUserById } from './auth.repository.ts';
import { issueTokens } from './auth.service.ts';
import { RECENT_SIGN_IN_SECONDS } from './recent-sign-in.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, access?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: access ? { authorization: `Bearer ${access}` } : {} });
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** the claims of a token, as anyone holding it can read them */
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { auth_time?: number; iat: number };

/** A real session of the user (stored refresh token, its own family) that signed in `ageSeconds` ago; null: a token that does not say. */
async function sessionSignedIn(user: TestUser, ageSeconds: number | null) {
  const row = (await findUserById(t.deps.db, user.id))!;
  const { access, refresh } = await issueTokens(t.deps, row, undefined, ageSeconds === null ? null : nowSeconds() - ageSeconds);
  return { access: access.token, refresh: refresh.token };
}

const NEW_PASSWORD = 'a brand new secret';
const changePassword = (access: string) => post('/api/auth/password/change/', { new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD }, access);
const canLogIn = async (email: string, password: string) => (await post('/api/auth/login/', { email, password })).statusCode === 200;
const me = async (access: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { authorization: `Bearer ${access}` } })).json();
const mailsTo = async (email: string) => (await t.deps.db.select().from(jobs).where(and(eq(jobs.name, 'send-email')))).filter((j) => (j.payload as { to: string }).to === email.toLowerCase());

const PASSWORD_403 = { detail: 'Please sign in again to change your password.', code: 'reauthentication_required' };
const EMAIL_403 = { detail: 'Please sign in again to change your email address.', code: 'reauthentication_required' };
const ELEVEN_MINUTES = 11 * 60;

describe('a password or email change needs a recent sign-in', () => {
  it('every token says when its user signed in: login sets it, a refresh hands it on unchanged', async () => {
    const user = await registerUser(t.app);
    const login = (await post('/api/auth/login/', { email: user.email, password: user.password })).json().jwt;
    const signedInAt = claims(login.access).auth_time!;
    expect(Math.abs(signedInAt - nowSeconds())).toBeLessThanOrEqual(5);
    expect(claims(login.refresh).auth_time).toBe(signedInAt);

    const old = await sessionSignedIn(user, ELEVEN_MINUTES);
    const oldTime = claims(old.access).auth_time!;
    const refreshed = (await post('/api/auth/token/refresh/', { refresh: old.refresh })).json();
    // the refresh is new, its sign-in is not
    expect(claims(refreshed.access).iat).toBeGreaterThan(oldTime + ELEVEN_MINUTES - 5);
    expect(claims(refreshed.access).auth_time).toBe(oldTime);
    expect(claims(refreshed.refresh).auth_time).toBe(oldTime);
    const again = (await post('/api/auth/token/refresh/', { refresh: refreshed.refresh })).json();
    expect(claims(again.access).auth_time).toBe(oldTime);
    // and a refreshed token can still not change the password
    const res = await changePassword(again.access);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(PASSWORD_403);
  });

  it('a fresh login changes the password', async () => {
    const user = await registerUser(t.app);
    const login = (await post('/api/auth/login/', { email: user.email, password: user.password })).json().jwt;
    const res = await changePassword(login.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: 'New password has been saved.' });
    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it('a sign-in 11 minutes old cannot change the password (403, nothing changes); signing in again can', async () => {
    const user = await registerUser(t.app);
    const bystander = await sessionSignedIn(user, 0);
    const stale = await sessionSignedIn(user, ELEVEN_MINUTES);
    const res = await changePassword(stale.access);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(PASSWORD_403);
    // with old_password too, and with a body that would fail: the sign-in is asked for, nothing else is said
    expect((await post('/api/auth/password/change/', { old_password: user.password, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD }, stale.access)).statusCode).toBe(403);
    expect((await post('/api/auth/password/change/', { new_password1: '12345678', new_password2: '12345678' }, stale.access)).json()).toEqual(PASSWORD_403);
    // nothing changed: the old password works, the new one does not, no session was ended
    expect(await canLogIn(user.email, user.password)).toBe(true);
    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { authorization: `Bearer ${bystander.access}` } })).statusCode).toBe(200);
    expect((await post('/api/auth/token/refresh/', { refresh: bystander.refresh })).statusCode).toBe(200);

    // signing in again (the login route) gives a token that may
    const again = (await post('/api/auth/login/', { email: user.email, password: user.password })).json().jwt;
    expect((await changePassword(again.access)).statusCode).toBe(200);
    expect(await canLogIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it('the window is 10 minutes: a sign-in 9 minutes old may, a token without a sign-in time may not', async () => {
    expect(RECENT_SIGN_IN_SECONDS).toBe(600);
    const user = await registerUser(t.app);
    const recent = await sessionSignedIn(user, 9 * 60);
    const unknown = await sessionSignedIn(user, null);
    expect(claims(unknown.access).auth_time).toBeUndefined();
    expect((await changePassword(unknown.access)).json()).toEqual(PASSWORD_403);
    // a session issued before tokens said when: its refresh does not make one up
    const refreshed = (await post('/api/auth/token/refresh/', { refresh: unknown.refresh })).json();
    expect(claims(refreshed.access).auth_time).toBeUndefined();
    expect((await changePassword(refreshed.access)).statusCode).toBe(403);
    expect((await changePassword(recent.access)).statusCode).toBe(200);
  });

  it('a sign-in 11 minutes old cannot change the email (PUT or PATCH), but may change the name; signing in again can', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const stale = await sessionSignedIn(user, ELEVEN_MINUTES);
    const call = as(t.app, stale);
    const mailsBefore = (await mailsTo(user.email)).length;
    const target = uniqueEmail('taken-over');
    const patched = await call({ method: 'PATCH', url: '/api/auth/user/', payload: { email: target } });
    expect(patched.statusCode).toBe(403);
    expect(patched.json()).toEqual(EMAIL_403);
    const put = await call({ method: 'PUT', url: '/api/auth/user/', payload: { email: target, first_name: 'Mallory' } });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual(EMAIL_403);
    // a stale token does not learn which addresses are registered either
    expect((await call({ method: 'PATCH', url: '/api/auth/user/', payload: { email: other.email } })).json()).toEqual(EMAIL_403);
    // nothing changed, nothing was mailed
    expect(await me(stale.access)).toMatchObject({ email: user.email, first_name: '' });
    expect(await mailsTo(target)).toHaveLength(0);
    expect(await mailsTo(user.email)).toHaveLength(mailsBefore);

    // what is not an email change goes through: the name, and a PUT that keeps the address
    expect((await call({ method: 'PATCH', url: '/api/auth/user/', payload: { first_name: 'Ana' } })).statusCode).toBe(200);
    const kept = await call({ method: 'PUT', url: '/api/auth/user/', payload: { email: user.email.toUpperCase(), last_name: 'Lopes' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ email: user.email, first_name: 'Ana', last_name: 'Lopes' });

    const again = (await post('/api/auth/login/', { email: user.email, password: user.password })).json().jwt;
    const moved = await as(t.app, again)({ method: 'PATCH', url: '/api/auth/user/', payload: { email: target } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ email: target.toLowerCase(), email_verified: false });
  });

  it('with two-factor on, the password alone is not a sign-in: the second factor gives the new sign-in time', async () => {
    const user = await registerUser(t.app);
    const { secret } = (await as(t.app, user)({ method: 'GET', url: '/api/auth/otp/setup/' })).json();
    expect((await post('/api/auth/otp/enable/', { otp: await generate({ secret }) }, user.access)).statusCode).toBe(200);
    const stale = await sessionSignedIn(user, ELEVEN_MINUTES);
    expect((await changePassword(stale.access)).statusCode).toBe(403);

    const login = (await post('/api/auth/login/', { email: user.email, password: user.password })).json();
    expect(login).toMatchObject({ status: 'otp_required' });
    expect(login.jwt).toBeUndefined();
    // enabling used this step's code: the next step's
    const code = await generate({ secret, epoch: nowSeconds() + 30 });
    const session = (await post('/api/auth/verify-otp/', { temp_otp_token: login.temp_otp_token, otp: code })).json();
    expect(Math.abs(claims(session.access).auth_time! - nowSeconds())).toBeLessThanOrEqual(5);
    expect((await changePassword(session.access)).statusCode).toBe(200);
  });
});
