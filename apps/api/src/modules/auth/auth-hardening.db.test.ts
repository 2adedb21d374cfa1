import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@hookwall/db';
import { createTestApp, registerUser, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { authorization: `Bearer ${token}` } });

describe('passwords', () => {
  it('are stored as argon2id with m=19456 KiB, t=2, p=1 or more', async () => {
    const user = await registerUser(t.app);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row!.passwordHash);
    expect(match).not.toBeNull();
    const [m, tCost, p] = match!.slice(1).map(Number);
    expect(m).toBeGreaterThanOrEqual(19456);
    expect(tCost).toBeGreaterThanOrEqual(2);
    expect(p).toBeGreaterThanOrEqual(1);
  });

  it('a list of 10,000 common passwords ships with the app, and they are refused at register and at password change', async () => {
    const list = readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8').split('\n').filter(Boolean);
    expect(list).toHaveLength(10_000);
    // long enough to pass every other rule, so only the list can refuse them
    const long = list.filter((p) => p.length >= 10 && !/^\d+$/.test(p));
    const picks = [long[0]!, long[Math.floor(long.length / 2)]!, long[long.length - 1]!];
    for (const password of picks) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register/', payload: { email: uniqueEmail(), password1: password, password2: password } });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().password1).toContain('This password is too common.');
    }
    const user = await registerUser(t.app);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change/',
      headers: { authorization: `Bearer ${user.access}` },
      payload: { new_password1: picks[1], new_password2: picks[1] },
    });
    expect(change.statusCode).toBe(400);
    expect(JSON.stringify(change.json())).toContain('This password is too common.');
  });
});

describe('forged and misused tokens are all 401', () => {
  const secret = () => new TextEncoder().encode(t.deps.config.JWT_SECRET);
  const claims = (userId: number) => ({ token_type: 'access', user_id: userId, family: 'f' });

  it('alg none, a wrong key, a wrong audience or issuer, an expired token, a refresh token used as access', async () => {
    const user = await registerUser(t.app);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const body = { ...claims(user.id), sub: String(user.id), aud: TOKEN_AUDIENCE, iss: TOKEN_ISSUER, iat: now, exp: now + 600 };
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(body)}.`;
    const sign = (payload: object, key = secret()) => new SignJWT(payload as never).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const wrongKey = await sign(body, new TextEncoder().encode('not-the-secret-of-this-app-at-all'));
    const wrongAudience = await sign({ ...body, aud: 'some-other-service' });
    const wrongIssuer = await sign({ ...body, iss: 'someone-else' });
    const noAudience = await sign({ ...claims(user.id), sub: String(user.id), iat: now, exp: now + 600 });
    const expired = await sign({ ...body, iat: now - 3600, exp: now - 60 });
    const cases = { algNone, wrongKey, wrongAudience, wrongIssuer, noAudience, expired, refreshAsAccess: user.refresh };
    for (const [name, token] of Object.entries(cases)) {
      const res = await me(token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().code, name).toBe('token_not_valid');
    }
    // the genuine token works, so the 401s above are about the forgeries
    expect((await me(user.access)).statusCode).toBe(200);
  });

  it('twenty parallel refreshes with one token yield at most one successor', async () => {
    const user = await registerUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: user.refresh } })),
    );
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners.length).toBeLessThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 401)).toBe(true);
  });
});

describe('login answers', () => {
  it('are the same for known and unknown emails, with a median time gap under 10 ms (or a quarter of a login on a loaded machine) over 200 tries', async () => {
    const known = await registerUser(t.app);
    const attempt = async (email: string, i: number) => {
      const started = process.hrtime.bigint();
      // a different address each time: failures count per (account, address), and this measures work, not the back-off
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password: 'not the password' }, remoteAddress: `10.1.${i >> 8}.${i & 255}` });
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode, body: res.body };
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 200; i++) {
      // interleaved, so drift of the machine's load affects both alike
      const a = await attempt(known.email, 2 * i);
      const b = await attempt(`nobody-${i}@example.com`, 2 * i + 1);
      expect([a.status, b.status]).toEqual([400, 400]);
      expect(a.body).toBe(b.body);
      knownTimes.push(a.ms);
      unknownTimes.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    // skipping the password hash for an unknown email would leave a gap of most of a login's time
    // (the hash is nearly all of it); on a loaded machine (CI, two test processes and a database
    // server on two cores) the noise of 200 tries alone passes 10 ms, and has reached 14% of a login
    const slower = Math.max(median(knownTimes), median(unknownTimes));
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(Math.max(10, slower / 4));
  }, 180_000);
});
