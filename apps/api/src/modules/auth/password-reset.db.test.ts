import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '@hookwall/db';
import { createTestApp, registerUser, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { decodeQuotedPrintable } from '../../test/mail.ts';
import { RESET_LINK_SECONDS, RESET_MAILS_PER_ADDRESS_PER_HOUR, settlePasswordResetMails } from './password-reset.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const post = (url: string, payload: unknown, options: { access?: string; remoteAddress?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: options.remoteAddress, headers: options.access ? { authorization: `Bearer ${options.access}` } : {} });
const askReset = (email: string, remoteAddress?: string) => post('/api/auth/password/reset/', { email }, { remoteAddress });
const confirm = (link: { uid: string; token: string }, password: string, again = password) =>
  post('/api/auth/password/reset/confirm/', { uid: link.uid, token: link.token, new_password1: password, new_password2: again });
const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { authorization: `Bearer ${access}` } });
const login = (email: string, password: string) => post('/api/auth/login/', { email, password });

/** The reset mails queued for `email` so far (after the answers' background work is done). */
async function resetMailsTo(email: string) {
  await settlePasswordResetMails();
  const rows = await t.deps.db.select().from(jobs).where(eq(jobs.name, 'send-email'));
  return rows.filter((row) => {
    const payload = row.payload as { to: string; reference?: string };
    return payload.to === email && payload.reference?.startsWith('password-reset:');
  });
}

/** The newest reset link mailed to `email`, read from the outbox the worker wrote, as the user would open it. */
async function mailedLink(email: string) {
  await settlePasswordResetMails();
  await t.worker.drain();
  const outbox = join(t.dataDir, 'outbox');
  const messages = readdirSync(outbox)
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(join(outbox, f), 'utf8')))
    .filter((m) => m.includes(`To: ${email}`) && m.includes('/reset-password?'));
  const message = messages.at(-1) ?? '';
  const url = /http:\/\/localhost:3000\/reset-password\?uid=[\w-]+&token=[\w-]+/.exec(message)?.[0];
  if (!url) throw new Error(`no reset link was mailed to ${email}`);
  const search = new URL(url).searchParams;
  return { url, message, uid: search.get('uid')!, token: search.get('token')! };
}

describe('asking for a reset link', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const user = await registerUser(t.app);
    const nobody = uniqueEmail('nobody');
    const known = await askReset(user.email);
    const unknown = await askReset(nobody);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: 'Password reset e-mail has been sent.' });
    expect(unknown.body).toBe(known.body);
    const headerNames = (res: typeof known) => Object.keys(res.headers).filter((h) => h !== 'x-request-id' && h !== 'date').sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    expect(await resetMailsTo(user.email)).toHaveLength(1);
    expect(await resetMailsTo(nobody)).toHaveLength(0);
  });

  it('finds the account whatever the case of the address', async () => {
    const user = await registerUser(t.app);
    expect((await askReset(user.email.toUpperCase())).statusCode).toBe(200);
    expect(await resetMailsTo(user.email)).toHaveLength(1);
  });

  it('refuses an address that is not one, a missing one, wrong types, NUL bytes and huge strings with 400s, mailing nothing', async () => {
    const cases: [unknown, Record<string, unknown>][] = [
      [{ email: 'not-an-email' }, { email: ['Enter a valid email address.'] }],
      [{}, { email: ['This field is required.'] }],
      [{ email: 42 }, { email: ['Not a valid string.'] }],
      [{ email: ['a@example.com'] }, { email: ['Not a valid string.'] }],
    ];
    for (const [payload, body] of cases) {
      const res = await post('/api/auth/password/reset/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(body);
    }
    for (const payload of [{ email: 'a\u0000@example.com' }, { email: `${'a'.repeat(100_000)}@example.com` }, [1, 2]]) {
      const res = await post('/api/auth/password/reset/', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(Object.keys(res.json()).length).toBeGreaterThan(0);
    }
    await settlePasswordResetMails();
  });
});

describe('the mailed link', () => {
  it('sets the new password once, and ends every session of the user', async () => {
    const user = await registerUser(t.app);
    const other = (await login(user.email, user.password)).json().jwt;
    await askReset(user.email);
    const link = await mailedLink(user.email);
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/reset-password\?uid=/);
    // the web app's pages say the same lifetime (RESET_LINK_LIFETIME in apps/web/src/lib/password-rules.ts)
    expect(link.message).toContain('The link works once and expires in 1 hour.');
    expect(link.message).toContain('Subject: Reset your Hookwall password');

    const res = await confirm(link, 'a fresh start today');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password has been reset with the new password.' });

    // every session ended: access tokens refused, refresh tokens revoked
    for (const session of [user, other]) {
      expect((await me(session.access)).statusCode).toBe(401);
      expect((await post('/api/auth/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
    }
    expect((await login(user.email, user.password)).statusCode).toBe(400);
    expect((await login(user.email, 'a fresh start today')).statusCode).toBe(200);

    // the same link again: refused, and the password stays
    const again = await confirm(link, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['Invalid value'] });
    expect((await login(user.email, 'a fresh start today')).statusCode).toBe(200);
  });

  it('check/ says whether a link holds, changing nothing: valid before its use, refused after, and on another user’s uid', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    await askReset(user.email);
    const link = await mailedLink(user.email);
    const check = (l: { uid: string; token: string }) => post('/api/auth/password/reset/check/', l);
    expect((await check(link)).json()).toEqual({ detail: 'This link is valid.' });
    // asking twice uses nothing up
    expect((await check(link)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    const otherUid = (await (async () => (await askReset(other.email), mailedLink(other.email)))()).uid;
    const foreign = await check({ uid: otherUid, token: link.token });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ token: ['Invalid value'] });
    expect((await check({ uid: 'not a uid!', token: link.token })).json()).toEqual({ uid: ['Invalid value'] });
    const bad = await post('/api/auth/password/reset/check/', { uid: 12, token: 'x\u0000' });
    expect(bad.statusCode).toBe(400);
    expect((await confirm(link, 'a fresh start today')).statusCode).toBe(200);
    const used = await check(link);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ token: ['Invalid value'] });
  });

  it('lets exactly one of two uses at the same moment win', async () => {
    const user = await registerUser(t.app);
    await askReset(user.email);
    const link = await mailedLink(user.email);
    const results = await Promise.all([confirm(link, 'first of the two'), confirm(link, 'second of the two')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'first of the two' : 'second of the two';
    expect((await login(user.email, winner)).statusCode).toBe(200);
  });

  it(`expires ${RESET_LINK_SECONDS / 60} minutes after it was sent`, async () => {
    const user = await registerUser(t.app);
    await askReset(user.email);
    const link = await mailedLink(user.email);
    const sentAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(sentAt + (RESET_LINK_SECONDS + 2) * 1000);
    const late = await confirm(link, 'too late for this');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ token: ['Invalid value'] });
    // the same link a little earlier, still within its lifetime, works: the time alone refused it
    vi.setSystemTime(sentAt + (RESET_LINK_SECONDS - 60) * 1000);
    expect((await confirm(link, 'just in time today')).statusCode).toBe(200);
  });

  it('refuses a tampered token, another user’s uid and unknown or malformed uids, changing nothing', async () => {
    const user = await registerUser(t.app);
    const someoneElse = await registerUser(t.app);
    await askReset(user.email);
    const link = await mailedLink(user.email);
    const [time, mac] = link.token.split('-') as [string, string];
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    const otherUid = Buffer.from(String(someoneElse.id)).toString('base64url');
    const tokenCases = [
      `${time}-${flipped}`,
      // another time within the lifetime with the same mac: the time is signed too
      `${(parseInt(time, 36) - 60).toString(36)}-${mac}`,
      `${time}-${mac}x`,
      'x'.repeat(128),
      `${time}-`,
    ];
    for (const token of tokenCases) {
      const res = await confirm({ uid: link.uid, token }, 'never to be set');
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({ token: ['Invalid value'] });
    }
    const wrongUser = await confirm({ uid: otherUid, token: link.token }, 'never to be set');
    expect(wrongUser.json()).toEqual({ token: ['Invalid value'] });
    for (const uid of [Buffer.from('99999999').toString('base64url'), Buffer.from('0').toString('base64url'), 'not base64!', Buffer.from('1e3').toString('base64url'), Buffer.from('99999999999').toString('base64url'), 'MQ==']) {
      const res = await confirm({ uid, token: link.token }, 'never to be set');
      expect(res.statusCode, uid).toBe(400);
      expect(res.json()).toEqual({ uid: ['Invalid value'] });
    }
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await login(someoneElse.email, someoneElse.password)).statusCode).toBe(200);
    // the untampered link still works after all that
    expect((await confirm(link, 'the real new one')).statusCode).toBe(200);
  });

  it('holds the new password to the registration rules, with their messages on new_password2, and keeps the link usable', async () => {
    const user = await registerUser(t.app, { email: uniqueEmail('rules') });
    await askReset(user.email);
    const link = await mailedLink(user.email);
    const mismatch = await confirm(link, 'a fresh start today', 'a fresh start todax');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ new_password2: ["The two password fields didn't match."] });
    const cases: [string, string][] = [
      ['short1', 'This password is too short. It must contain at least 8 characters.'],
      ['1234567890123', 'This password is entirely numeric.'],
      ['password123', 'This password is too common.'],
      [user.email, 'The password is too similar to the email address.'],
    ];
    for (const [password, message] of cases) {
      const res = await confirm(link, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().new_password2).toContain(message);
    }
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await confirm(link, 'a fresh start today')).statusCode).toBe(200);
  });

  it('stops working once the password was changed another way', async () => {
    const user = await registerUser(t.app);
    await askReset(user.email);
    const link = await mailedLink(user.email);
    const change = await post('/api/auth/password/change/', { new_password1: 'changed in settings', new_password2: 'changed in settings' }, { access: user.access });
    expect(change.statusCode).toBe(200);
    expect((await confirm(link, 'not going to happen')).json()).toEqual({ token: ['Invalid value'] });
  });

  it('answers 400 in the API’s shape to wrong types, missing fields, NUL bytes and huge strings', async () => {
    const user = await registerUser(t.app);
    await askReset(user.email);
    const link = await mailedLink(user.email);
    const url = '/api/auth/password/reset/confirm/';
    const wrongTypes = await post(url, { uid: 1, token: ['x'], new_password1: null, new_password2: {} });
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json()).sort()).toEqual(['new_password1', 'new_password2', 'token', 'uid']);
    const missing = await post(url, {});
    expect(missing.json()).toEqual({
      uid: ['This field is required.'],
      token: ['This field is required.'],
      new_password1: ['This field is required.'],
      new_password2: ['This field is required.'],
    });
    const bodies = [
      { uid: link.uid, token: link.token, new_password1: 'with a \u0000 inside', new_password2: 'with a \u0000 inside' },
      { uid: `${link.uid}\u0000`, token: link.token, new_password1: 'a fresh start today', new_password2: 'a fresh start today' },
      { uid: 'M'.repeat(100_000), token: link.token, new_password1: 'a fresh start today', new_password2: 'a fresh start today' },
      { uid: link.uid, token: 'x'.repeat(100_000), new_password1: 'a fresh start today', new_password2: 'a fresh start today' },
      { uid: link.uid, token: link.token, new_password1: 'p'.repeat(100_000), new_password2: 'p'.repeat(100_000) },
      [link],
    ];
    for (const body of bodies) {
      const res = await post(url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      const json = res.json();
      expect(typeof json === 'object' && json !== null && Object.keys(json).length > 0).toBe(true);
    }
    // nothing above changed the password or used the link
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await confirm(link, 'a fresh start today')).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it(`sends one address at most ${RESET_MAILS_PER_ADDRESS_PER_HOUR} links an hour, from any number of client addresses`, async () => {
    const user = await registerUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i <= RESET_MAILS_PER_ADDRESS_PER_HOUR; i++) codes.push((await askReset(user.email, `198.51.100.${i + 1}`)).statusCode);
    expect(codes).toEqual([...Array(RESET_MAILS_PER_ADDRESS_PER_HOUR).fill(200), 429]);
    expect(await resetMailsTo(user.email)).toHaveLength(RESET_MAILS_PER_ADDRESS_PER_HOUR);
    // an unknown address is limited alike, so a 429 says nothing about an account
    const nobody = uniqueEmail('nobody');
    const unknownCodes: number[] = [];
    for (let i = 0; i <= RESET_MAILS_PER_ADDRESS_PER_HOUR; i++) unknownCodes.push((await askReset(nobody, `198.51.100.${i + 50}`)).statusCode);
    expect(unknownCodes).toEqual(codes);
  });

  it('limits both calls per client address with 429 and Retry-After', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const ask: number[] = [];
      for (let i = 0; i < 5; i++) ask.push((await limited.app.inject({ method: 'POST', url: '/api/auth/password/reset/', payload: { email: uniqueEmail('spread') } })).statusCode);
      expect(ask).toEqual([200, 200, 200, 429, 429]);
      const confirmCodes: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/password/reset/confirm/',
          payload: { uid: Buffer.from(String(1000 + i)).toString('base64url'), token: 'guess', new_password1: 'a fresh start today', new_password2: 'a fresh start today' },
        });
        confirmCodes.push(last.statusCode);
      }
      expect(confirmCodes).toEqual([400, 400, 400, 429, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json().code).toBe('throttled');
    } finally {
      await limited.close();
    }
  });
});
