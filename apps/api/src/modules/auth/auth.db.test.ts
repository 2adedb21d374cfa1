import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, mailedVerificationKey, registerUser, uniqueEmail, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, access?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: access ? { authorization: `Bearer ${access}` } : {} });

describe('register', () => {
  it('creates the user and answers tokens and the user', async () => {
    const email = uniqueEmail('Reg');
    const res = await post('/api/auth/register/', { email, password1: 'a solid passphrase', password2: 'a solid passphrase', first_name: 'Zoë', last_name: 'Ålund' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh', 'user']);
    expect(body.user).toMatchObject({ email: email.toLowerCase(), first_name: 'Zoë', last_name: 'Ålund', get_display_name: 'Zoë Ålund', is_staff: false, otp_enabled: false, avatar_url: null });
    expect(typeof body.user.id).toBe('number');
    expect(new Date(body.user.date_joined).toISOString()).toBe(body.user.date_joined);
  });

  it('refuses a duplicate email, whatever its case', async () => {
    const user = await registerUser(t.app);
    const res = await post('/api/auth/register/', { email: user.email.toUpperCase(), password1: 'another passphrase', password2: 'another passphrase' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['A user is already registered with this e-mail address.'] });
  });

  it('refuses mismatched passwords', async () => {
    const res = await post('/api/auth/register/', { email: uniqueEmail(), password1: 'a solid passphrase', password2: 'a solid passphrasf' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ["The two password fields didn't match."] });
  });

  it.each([
    ['short1', 'This password is too short. It must contain at least 8 characters.'],
    ['1234567890123', 'This password is entirely numeric.'],
    ['password123', 'This password is too common.'],
  ])('applies the password rules to %s', async (password, message) => {
    const res = await post('/api/auth/register/', { email: uniqueEmail(), password1: password, password2: password });
    expect(res.statusCode).toBe(400);
    expect(res.json().password1).toContain(message);
  });

  it('refuses a password too similar to the email', async () => {
    const res = await post('/api/auth/register/', { email: 'marguerite.dubois@example.com', password1: 'margueritedubois', password2: 'margueritedubois' });
    expect(res.statusCode).toBe(400);
    expect(res.json().password1).toContain('The password is too similar to the email address.');
  });

  it('validates types and required fields with DRF messages, changing nothing', async () => {
    const res = await post('/api/auth/register/', { email: 'not-an-email', password1: 12 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Enter a valid email address.'], password1: ['Not a valid string.'], password2: ['This field is required.'] });
  });

  it('answers 400 on a body that is not JSON and 415 on an unknown content type', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/register/', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/JSON parse error/);
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/auth/register/', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(wrongType.statusCode).toBe(415);
  });
});

describe('login', () => {
  it('answers the success shape with the jwt', async () => {
    const user = await registerUser(t.app);
    const res = await post('/api/auth/login/', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.detail).toBe('User logged in.');
    expect(body.jwt.user.email).toBe(user.email);
    expect(typeof body.jwt.access).toBe('string');
    expect(typeof body.jwt.refresh).toBe('string');
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const user = await registerUser(t.app);
    const wrong = await post('/api/auth/login/', { email: user.email, password: 'not the password' });
    const unknown = await post('/api/auth/login/', { email: uniqueEmail('nobody'), password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('tokens', () => {
  it('rotates refresh tokens and revokes the family when a rotated one is reused', async () => {
    const user = await registerUser(t.app);
    const first = await post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'access_expiration', 'refresh', 'refresh_expiration']);
    expect(body.refresh).not.toBe(user.refresh);

    const reuse = await post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    // the reuse ended the whole session: the newest token no longer works either
    const afterReuse = await post('/api/auth/token/refresh/', { refresh: body.refresh });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('lets exactly one of two concurrent rotations of the same token win', async () => {
    const user = await registerUser(t.app);
    const results = await Promise.all([post('/api/auth/token/refresh/', { refresh: user.refresh }), post('/api/auth/token/refresh/', { refresh: user.refresh })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses garbage and an access token in place of a refresh token', async () => {
    const user = await registerUser(t.app);
    expect((await post('/api/auth/token/refresh/', { refresh: 'garbage' })).statusCode).toBe(401);
    expect((await post('/api/auth/token/refresh/', { refresh: user.access })).statusCode).toBe(401);
  });

  it('verifies tokens', async () => {
    const user = await registerUser(t.app);
    const ok = await post('/api/auth/token/verify/', { token: user.access });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({});
    const bad = await post('/api/auth/token/verify/', { token: `${user.access}x` });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('token_not_valid');
  });

  it('logout revokes the refresh token; logout without any token answers the same', async () => {
    const user = await registerUser(t.app);
    const get = await t.app.inject({ method: 'GET', url: '/api/auth/logout/' });
    expect(get.json()).toEqual({ detail: 'Successfully logged out.' });
    const res = await post('/api/auth/logout/', { refresh: user.refresh }, user.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Successfully logged out.' });
    expect((await post('/api/auth/token/refresh/', { refresh: user.refresh })).statusCode).toBe(401);
    // logging out with no body at all still answers
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout/' })).statusCode).toBe(200);
  });

  it('answers 401 (never 403) without a token or with a bad one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/user/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('token_not_valid');
  });

  it('checks the token before the body, as DRF does: 401 even for an invalid body or id', async () => {
    const emptyTeam = await t.app.inject({ method: 'POST', url: '/teams/api/teams/', payload: {} });
    expect(emptyTeam.statusCode).toBe(401);
    const badId = await t.app.inject({ method: 'GET', url: '/teams/api/teams/not-a-number/' });
    expect(badId.statusCode).toBe(401);
    const badContext = await t.app.inject({ method: 'POST', url: '/api/contexts/', payload: { name: 42 } });
    expect(badContext.statusCode).toBe(401);
  });
});

describe('sessions end', () => {
  const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { authorization: `Bearer ${access}` } });
  const login = async (email: string, password: string) => (await post('/api/auth/login/', { email, password })).json().jwt as { access: string; refresh: string };

  it('logout without a refresh token in the body ends the session of the access token, and only that one', async () => {
    const user = await registerUser(t.app);
    const other = await login(user.email, user.password);
    expect((await me(user.access)).statusCode).toBe(200);
    expect((await post('/api/auth/logout/', {}, user.access)).statusCode).toBe(200);
    expect((await me(user.access)).statusCode).toBe(401);
    expect((await post('/api/auth/token/refresh/', { refresh: user.refresh })).statusCode).toBe(401);
    // the same user's other session goes on
    expect((await me(other.access)).statusCode).toBe(200);
    expect((await post('/api/auth/token/refresh/', { refresh: other.refresh })).statusCode).toBe(200);
  });

  it('GET logout ends the session of the access token too', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/logout/', headers: { authorization: `Bearer ${user.access}` } });
    expect(res.json()).toEqual({ detail: 'Successfully logged out.' });
    expect((await me(user.access)).statusCode).toBe(401);
    expect((await post('/api/auth/token/refresh/', { refresh: user.refresh })).statusCode).toBe(401);
  });

  it('logout with a stale access token still ends the session its refresh token names', async () => {
    const user = await registerUser(t.app);
    const res = await post('/api/auth/logout/', { refresh: user.refresh }, `${user.access}x`);
    expect(res.statusCode).toBe(200);
    expect((await me(user.access)).statusCode).toBe(401);
  });

  it('a reused refresh token ends the session: its access tokens, old and new, are refused', async () => {
    const user = await registerUser(t.app);
    const rotated = (await post('/api/auth/token/refresh/', { refresh: user.refresh })).json() as { access: string };
    expect((await me(rotated.access)).statusCode).toBe(200);
    expect((await post('/api/auth/token/refresh/', { refresh: user.refresh })).statusCode).toBe(401);
    expect((await me(rotated.access)).statusCode).toBe(401);
    expect((await me(user.access)).statusCode).toBe(401);
  });

  it("a password change ends the user's other sessions at once, and keeps the caller's", async () => {
    const user = await registerUser(t.app);
    const other = await login(user.email, user.password);
    const res = await post('/api/auth/password/change/', { new_password1: 'a brand new secret', new_password2: 'a brand new secret' }, user.access);
    expect(res.statusCode).toBe(200);
    expect((await me(other.access)).statusCode).toBe(401);
    expect((await me(user.access)).statusCode).toBe(200);
  });
});

describe('email verification', () => {
  const mailedKey = (email: string) => mailedVerificationKey(t, email);
  const verify = (key: string) => post('/api/auth/registration/verify-email/', { key });
  const me = async (access: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { authorization: `Bearer ${access}` } })).json();

  it('a new account is unverified until the mailed link is followed, once', async () => {
    const user = await registerUser(t.app);
    expect((await me(user.access)).email_verified).toBe(false);
    const key = await mailedKey(user.email);
    const res = await verify(key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'ok', email: user.email });
    expect((await me(user.access)).email_verified).toBe(true);
    // opening the link again answers the same, while the address it proved is still the account's
    expect((await verify(key)).json()).toEqual({ detail: 'ok', email: user.email });
    const madeUp = await verify('made-up-key');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().detail).toMatch(/invalid, was already used, or has expired/);
  });

  it('registering through an invitation proves the invited address; another address is not', async () => {
    const admin = await registerUser(t.app);
    const team = (await as(t.app, admin)({ method: 'POST', url: '/teams/api/teams/', payload: { name: 'Verify Team' } })).json();
    const email = uniqueEmail('inv');
    const invitation = (await as(t.app, admin)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email, role: 'member' } })).json();
    const invited = await registerUser(t.app, { email, invitation_id: invitation.id });
    expect((await me(invited.access)).email_verified).toBe(true);
    const other = await registerUser(t.app, { invitation_id: invitation.id });
    expect((await me(other.access)).email_verified).toBe(false);
  });

  it('changing the email unverifies it, mails a link to the new address and a notice to the old one; an old link proves nothing', async () => {
    const user = await registerUser(t.app);
    const oldKey = await mailedKey(user.email);
    const email = uniqueEmail('moved');
    const res = await as(t.app, user)({ method: 'PATCH', url: '/api/auth/user/', payload: { email } });
    expect(res.json()).toMatchObject({ email: email.toLowerCase(), email_verified: false });
    // the link sent to the previous address does not verify the new one, used or not
    expect((await verify(oldKey)).statusCode).toBe(400);
    const { jobs } = await import('@hookwall/db');
    const mails = (await t.deps.db.select().from(jobs)).map((j) => j.payload as { to: string; subject: string });
    expect(mails.some((m) => m.to === user.email.toLowerCase() && /was changed/.test(m.subject))).toBe(true);
    expect((await verify(await mailedKey(email))).statusCode).toBe(200);
    expect((await me(user.access)).email_verified).toBe(true);
  });

  it('resends a link on request, and says so when already verified', async () => {
    const user = await registerUser(t.app);
    const res = await post('/api/auth/registration/resend-email/', undefined, user.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'ok' });
    expect((await verify(await mailedKey(user.email))).statusCode).toBe(200);
    const done = await post('/api/auth/registration/resend-email/', undefined, user.access);
    expect(done.json()).toEqual({ detail: 'Your email address is already verified.' });
    expect((await post('/api/auth/registration/resend-email/', undefined)).statusCode).toBe(401);
  });
});

describe('user', () => {
  it('reads, patches and puts the current user, checking the email', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const call = as(t.app, user);
    expect((await call({ method: 'GET', url: '/api/auth/user/' })).json().email).toBe(user.email);

    const patched = await call({ method: 'PATCH', url: '/api/auth/user/', payload: { first_name: 'مريم', last_name: '🎬 Studio' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().get_display_name).toBe('مريم 🎬 Studio');

    const taken = await call({ method: 'PATCH', url: '/api/auth/user/', payload: { email: other.email } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ['A user is already registered with this e-mail address.'] });

    const invalid = await call({ method: 'PUT', url: '/api/auth/user/', payload: { email: 'nope' } });
    expect(invalid.json()).toEqual({ email: ['Enter a valid email address.'] });

    const newEmail = uniqueEmail('moved');
    const put = await call({ method: 'PUT', url: '/api/auth/user/', payload: { email: newEmail } });
    expect(put.statusCode).toBe(200);
    expect(put.json().email).toBe(newEmail);
    expect((await post('/api/auth/login/', { email: newEmail, password: user.password })).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('changes the password and revokes the other sessions but not the caller', async () => {
    const user = await registerUser(t.app);
    const otherSession = (await post('/api/auth/login/', { email: user.email, password: user.password })).json().jwt;
    const res = await post('/api/auth/password/change/', { new_password1: 'a brand new secret', new_password2: 'a brand new secret' }, user.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'New password has been saved.' });
    expect((await post('/api/auth/token/refresh/', { refresh: otherSession.refresh })).statusCode).toBe(401);
    expect((await post('/api/auth/token/refresh/', { refresh: user.refresh })).statusCode).toBe(200);
    expect((await post('/api/auth/login/', { email: user.email, password: user.password })).statusCode).toBe(400);
    expect((await post('/api/auth/login/', { email: user.email, password: 'a brand new secret' })).statusCode).toBe(200);
  });

  it('reports errors on new_password2 and checks old_password when sent', async () => {
    const user = await registerUser(t.app);
    const mismatch = await post('/api/auth/password/change/', { new_password1: 'a brand new secret', new_password2: 'another secret!' }, user.access);
    expect(mismatch.json()).toEqual({ new_password2: ["The two password fields didn't match."] });
    const weak = await post('/api/auth/password/change/', { new_password1: '12345678', new_password2: '12345678' }, user.access);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().new_password2).toContain('This password is entirely numeric.');
    const wrongOld = await post('/api/auth/password/change/', { old_password: 'wrong one', new_password1: 'a brand new secret', new_password2: 'a brand new secret' }, user.access);
    expect(wrongOld.json()).toEqual({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] });
  });
});

describe('two-factor', () => {
  /** the code of the next 30 s step: a code is accepted once, so a test that used this step's code moves on to the next one (still within the window) */
  const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

  async function enable2fa() {
    const user = await registerUser(t.app);
    const setup = await as(t.app, user)({ method: 'GET', url: '/api/auth/otp/setup/' });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(qr_svg).toMatch(/<svg/);
    const wrong = await post('/api/auth/otp/enable/', { otp: '000000' }, user.access);
    expect(wrong.statusCode).toBe(400);
    const enabled = await post('/api/auth/otp/enable/', { otp: await generate({ secret }) }, user.access);
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recovery_codes;
    expect(codes).toHaveLength(10);
    return { user, secret, codes };
  }

  it('asks for the code at login and accepts a TOTP code', async () => {
    const { user, secret } = await enable2fa();
    const login = await post('/api/auth/login/', { email: user.email, password: user.password });
    expect(login.json()).toMatchObject({ status: 'otp_required', detail: 'OTP required for 2FA' });
    const temp = login.json().temp_otp_token;
    const wrong = await post('/api/auth/verify-otp/', { temp_otp_token: temp, otp: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: 'invalid_otp', detail: 'Invalid OTP code' });
    // enabling used this step's code: the next step's
    const ok = await post('/api/auth/verify-otp/', { temp_otp_token: temp, otp: await nextCode(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.otp_enabled).toBe(true);
    // the temporary token worked once
    const again = await post('/api/auth/verify-otp/', { temp_otp_token: temp, otp: await generate({ secret }) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ status: 'token_expired', detail: 'Invalid temporary token' });
  });

  it('accepts a recovery code once, and stops after 5 attempts', async () => {
    const { user, codes } = await enable2fa();
    const temp = (await post('/api/auth/login/', { email: user.email, password: user.password })).json().temp_otp_token;
    expect((await post('/api/auth/verify-otp/', { temp_otp_token: temp, otp: codes[0] })).statusCode).toBe(200);
    const temp2 = (await post('/api/auth/login/', { email: user.email, password: user.password })).json().temp_otp_token;
    expect((await post('/api/auth/verify-otp/', { temp_otp_token: temp2, otp: codes[0] })).statusCode).toBe(400);
    for (let i = 0; i < 4; i++) await post('/api/auth/verify-otp/', { temp_otp_token: temp2, otp: '000000' });
    expect((await post('/api/auth/verify-otp/', { temp_otp_token: temp2, otp: codes[1] })).statusCode).toBe(401);
    expect((await post('/api/auth/verify-otp/', { temp_otp_token: 'unknown', otp: '000000' })).statusCode).toBe(401);
  });

  it('accepts a TOTP code once (RFC 6238 §5.2): the same code, or one of an earlier step, is refused within its window', async () => {
    const { user, secret } = await enable2fa();
    const enabledWith = await generate({ secret });
    const login = async () => (await post('/api/auth/login/', { email: user.email, password: user.password })).json().temp_otp_token as string;
    // the code that enabled two-factor does not sign in
    const temp = await login();
    const replayed = await post('/api/auth/verify-otp/', { temp_otp_token: temp, otp: enabledWith });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ status: 'invalid_otp', detail: 'Invalid OTP code' });
    const next = await nextCode(secret);
    expect((await post('/api/auth/verify-otp/', { temp_otp_token: temp, otp: next })).statusCode).toBe(200);
    // used once: refused on the next sign-in, and so is the earlier step's code
    const temp2 = await login();
    for (const otp of [next, enabledWith]) {
      const again = await post('/api/auth/verify-otp/', { temp_otp_token: temp2, otp });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ status: 'invalid_otp', detail: 'Invalid OTP code' });
    }
    // nor does it turn two-factor off
    expect((await post('/api/auth/otp/disable/', { otp: next }, user.access)).json()).toEqual({ otp: ['Invalid OTP code'] });
  });

  it('two requests sending the same code at once: one signs in, the other is refused', async () => {
    const { user, secret } = await enable2fa();
    const temps = await Promise.all(Array.from({ length: 4 }, async () => (await post('/api/auth/login/', { email: user.email, password: user.password })).json().temp_otp_token as string));
    const otp = await nextCode(secret);
    // two on the same temporary token, two on others
    const answers = await Promise.all([temps[0], temps[0], temps[1], temps[2]].map((temp) => post('/api/auth/verify-otp/', { temp_otp_token: temp, otp })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // the others: the code is taken (400), or, on the winner's own temporary token, the token is gone (401)
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect([{ status: 'invalid_otp', detail: 'Invalid OTP code' }, { status: 'token_expired', detail: 'Invalid temporary token' }]).toContainEqual(refused.json());
    }
    expect(answers.filter((r) => r.statusCode === 400).length).toBeGreaterThanOrEqual(2);
  });

  it('disables with a valid code', async () => {
    const { user, secret } = await enable2fa();
    expect((await post('/api/auth/otp/disable/', { otp: '000000' }, user.access)).statusCode).toBe(400);
    expect((await post('/api/auth/otp/disable/', { otp: await nextCode(secret) }, user.access)).statusCode).toBe(204);
    expect((await post('/api/auth/login/', { email: user.email, password: user.password })).json().status).toBe('success');
  });
});

describe('rate limits', () => {
  it('limits login attempts per address with 429 and Retry-After', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const user = await registerUser(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: user.email, password: 'wrong password' } })).statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429, 429]);
      const res = await limited.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: user.email, password: user.password } });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().code).toBe('throttled');
    } finally {
      await limited.close();
    }
  });
});

describe('login failures', () => {
  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password }, remoteAddress });

  it('a stranger failing again and again from one address never locks the owner out from theirs', async () => {
    const owner = await registerUser(t.app);
    const stranger: number[] = [];
    for (let i = 0; i < 12; i++) stranger.push((await login(owner.email, `guess number ${i}`, '203.0.113.7')).statusCode);
    expect(stranger.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(stranger).toContain(429);
    expect(stranger.every((s) => s === 400 || s === 429)).toBe(true);
    const res = await login(owner.email, owner.password, '198.51.100.20');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('success');
  });

  it('the address that keeps failing waits, even with the right password, and is told how long', async () => {
    const owner = await registerUser(t.app);
    let throttled = null;
    for (let i = 0; i < 10 && !throttled; i++) {
      const res = await login(owner.email, 'not the password', '203.0.113.8');
      if (res.statusCode === 429) throttled = res;
    }
    expect(throttled?.json().code).toBe('throttled');
    expect(Number(throttled?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(owner.email, owner.password, '203.0.113.8')).statusCode).toBe(429);
  });

  it('correct logins are not counted against the account', async () => {
    const owner = await registerUser(t.app);
    for (let i = 0; i < 25; i++) expect((await login(owner.email, owner.password, '192.0.2.44')).statusCode).toBe(200);
  });

  it('waits longer after each failure past the first few, up to 15 minutes', async () => {
    const { loginBackoffSeconds } = await import('../../core/rate-limit.ts');
    expect([1, 4, 5, 6, 7].map(loginBackoffSeconds)).toEqual([0, 0, 2, 4, 8]);
    expect(loginBackoffSeconds(40)).toBe(900);
  });
});

describe('OpenAPI', () => {
  it('serves the document with the original names of the request bodies, and the docs viewer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/schema/' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const name of ['loginRequest', 'registerRequest', 'passwordChangeRequest', 'tokenRefreshRequest', 'tokenVerifyRequest', 'customUserRequest', 'otpRequestRequest', 'teamRequest', 'invitationRequest', 'membershipRequest']) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
    expect(doc.paths['/api/auth/login/'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/loginRequest');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('reports health with the database and the queue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'ok' }, queue: { status: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown paths with the DRF 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
