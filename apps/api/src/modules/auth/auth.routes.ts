import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, authenticateLenient, currentUser } from '../../core/authenticate.ts';
import { checkLoginBackoff, hitRateLimit, limitAuthAttempt, recordLoginOutcome } from '../../core/rate-limit.ts';
import { AppError } from '../../core/errors.ts';
import { detailSchema } from '../../core/schema-registry.ts';
import { verifyAnyToken } from './tokens.ts';
import * as s from './auth.schemas.ts';
import * as service from './auth.service.ts';
import { resendVerification, verifyEmail } from './email-verification.ts';
import { checkPasswordResetLink, confirmPasswordReset, RESET_LINK_SECONDS, RESET_MAILS_PER_ADDRESS_PER_HOUR, requestPasswordReset, settlePasswordResetMails } from './password-reset.ts';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const limit = deps.config.AUTH_RATE_LIMIT_PER_MINUTE;
  const tags = ['users'];

  r.post('/register/', { schema: { tags, body: s.registerRequest, response: { 201: s.sessionSchema } } }, async (request, reply) => {
    await limitAuthAttempt(deps.db, request, 'register', limit, request.body.email);
    reply.code(201);
    return service.register(deps, request.body);
  });

  r.post('/login/', { schema: { tags, body: s.loginRequest, response: { 200: s.loginResponse } } }, async (request) => {
    // per address every attempt counts; per account only failures, and per (account, address) pair
    await limitAuthAttempt(deps.db, request, 'login', limit);
    await checkLoginBackoff(deps.db, request, request.body.email);
    try {
      const result = await service.login(deps, request.body.email, request.body.password);
      await recordLoginOutcome(deps.db, request, request.body.email, true);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.code === 'validation') await recordLoginOutcome(deps.db, request, request.body.email, false);
      throw error;
    }
  });

  r.post('/verify-otp/', { schema: { tags, body: s.otpRequestRequest, response: { 200: s.sessionSchema } } }, async (request) => {
    await limitAuthAttempt(deps.db, request, 'verify-otp', limit, request.body.temp_otp_token);
    return service.verifyOtp(deps, request.body.temp_otp_token, request.body.otp);
  });

  r.post('/token/refresh/', { schema: { tags, body: s.tokenRefreshRequest, response: { 200: s.tokenRefreshResponse } } }, async (request) => {
    await limitAuthAttempt(deps.db, request, 'refresh', limit * 3);
    return service.refresh(deps, request.body.refresh);
  });

  r.post('/token/verify/', { schema: { tags, body: s.tokenVerifyRequest } }, async (request) => {
    if (!(await verifyAnyToken(deps.config, request.body.token))) {
      throw new AppError('token_not_valid', 'Token is invalid or expired', {
        body: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
      });
    }
    return {};
  });

  // both end the session the bearer token came from; POST also ends the one its refresh token names
  r.post('/logout/', { onRequest: authenticateLenient, schema: { tags, body: s.logoutRequest.nullish(), response: { 200: detailSchema } } }, async (request) =>
    service.logout(deps, request.body?.refresh, request.sessionFamily),
  );
  r.get('/logout/', { onRequest: authenticateLenient, schema: { tags, response: { 200: detailSchema } } }, async (request) =>
    service.logout(deps, undefined, request.sessionFamily),
  );

  // the link mailed to an address proves it belongs to the account (dj-rest-auth's paths)
  r.post('/registration/verify-email/', { schema: { tags, body: s.verifyEmailRequest, response: { 200: s.verifyEmailResponse } } }, async (request) => {
    await limitAuthAttempt(deps.db, request, 'verify-email', limit);
    return verifyEmail(deps, request.body.key);
  });
  r.post('/registration/resend-email/', { onRequest: authenticate, schema: { tags, response: { 200: detailSchema } } }, async (request) => {
    await limitAuthAttempt(deps.db, request, 'resend-email', 5, String(currentUser(request).id));
    return resendVerification(deps, currentUser(request));
  });

  r.get('/user/', { onRequest: authenticate, schema: { tags, response: { 200: s.userSchema } } }, async (request) =>
    service.serializeUser(currentUser(request)),
  );
  // a new email address and a new password need a recent sign-in (recent-sign-in.ts): 403 reauthentication_required
  const emailChange = 'A new email address needs a sign-in in the last 10 minutes: else 403 `reauthentication_required` (sign in again with `POST login/`).';
  r.put('/user/', { onRequest: authenticate, schema: { tags, description: emailChange, body: s.customUserRequest, response: { 200: s.userSchema, 403: s.reauthenticationRequired } } }, async (request) =>
    service.updateProfile(deps, currentUser(request), request.authTime, request.body),
  );
  r.patch('/user/', { onRequest: authenticate, schema: { tags, description: emailChange, body: s.patchedCustomUserRequest, response: { 200: s.userSchema, 403: s.reauthenticationRequired } } }, async (request) =>
    service.updateProfile(deps, currentUser(request), request.authTime, request.body),
  );

  r.post(
    '/password/change/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        description: 'Needs a sign-in in the last 10 minutes: else 403 `reauthentication_required` (sign in again with `POST login/`).',
        body: s.passwordChangeRequest,
        response: { 200: detailSchema, 403: s.reauthenticationRequired },
      },
    },
    async (request) => service.changePassword(deps, currentUser(request), { family: request.sessionFamily, authTime: request.authTime }, request.body),
  );

  // a forgotten password (password-reset.ts): dj-rest-auth's paths, bodies and answers
  app.addHook('onClose', settlePasswordResetMails);
  r.post(
    '/password/reset/',
    {
      schema: {
        tags,
        description: `Mails a link to \`/reset-password?uid=…&token=…\` if an account has this address. The answer is the same either way. The link works once and for ${RESET_LINK_SECONDS / 60} minutes.`,
        body: s.passwordResetRequest,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      // per address (any address, known or not): at most a few mails an hour, so an inbox cannot be flooded
      await limitAuthAttempt(deps.db, request, 'password-reset', limit);
      await hitRateLimit(deps.db, `password-reset:acct:${request.body.email}`, RESET_MAILS_PER_ADDRESS_PER_HOUR, 3600);
      return requestPasswordReset(deps, request.body.email, (error) => app.log.error({ err: String(error) }, 'password reset: the mail could not be queued'));
    },
  );
  r.post(
    '/password/reset/check/',
    {
      schema: {
        tags,
        description: 'Whether the uid and token of a reset link still hold (unused, not expired), changing nothing: 200, or 400 on `uid` or `token` as the confirm call answers. The reset page asks on load.',
        body: s.passwordResetCheckRequest,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await limitAuthAttempt(deps.db, request, 'password-reset-confirm', limit, request.body.uid);
      return checkPasswordResetLink(deps, request.body);
    },
  );
  r.post(
    '/password/reset/confirm/',
    {
      schema: {
        tags,
        description: 'Sets the password with the uid and token of a reset link, then ends every session of the user. A bad uid or token: 400 on `uid` or `token`; password errors on `new_password2`, as for a password change.',
        body: s.passwordResetConfirmRequest,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await limitAuthAttempt(deps.db, request, 'password-reset-confirm', limit, request.body.uid);
      return confirmPasswordReset(deps, request.body);
    },
  );

  r.get('/otp/setup/', { onRequest: authenticate, schema: { tags, response: { 200: s.otpSetupResponse } } }, async (request) =>
    service.setupOtp(deps, currentUser(request)),
  );
  r.post('/otp/enable/', { onRequest: authenticate, schema: { tags, body: s.otpCodeRequest, response: { 200: z.object({ recovery_codes: z.array(z.string()) }) } } }, async (request) => {
    await limitAuthAttempt(deps.db, request, 'otp-enable', limit, String(currentUser(request).id));
    return service.enableOtp(deps, currentUser(request), request.body.otp);
  });
  r.post('/otp/disable/', { onRequest: authenticate, schema: { tags, body: s.otpCodeRequest } }, async (request, reply) => {
    await limitAuthAttempt(deps.db, request, 'otp-disable', limit, String(currentUser(request).id));
    await service.disableOtp(deps, currentUser(request), request.body.otp);
    return reply.code(204).send();
  });
}
