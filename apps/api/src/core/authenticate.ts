import type { FastifyReply, FastifyRequest } from 'fastify';
import { findUserById, type UserRow } from '../modules/auth/auth.repository.ts';
import { isSessionRevoked } from '../modules/auth/sessions.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionFamily: string | null;
    /** when the caller last signed in (the access token's `auth_time`, seconds), null when unknown */
    authTime: number | null;
  }
}

const notAuthenticated = () =>
  new AppError('not_authenticated', 'Authentication credentials were not provided.', {
    body: { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' },
  });
const tokenNotValid = () =>
  new AppError('token_not_valid', 'Given token not valid for any token type', {
    body: { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
  });

async function readUser(request: FastifyRequest): Promise<UserRow | null | 'invalid'> {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer' || !token) return 'invalid';
  const claims = await verifyAccessToken(request.server.deps.config, token);
  // an access token of an ended session (logout, reused refresh token, password change) is refused
  if (!claims || !claims.family || (await isSessionRevoked(request.server.deps.db, claims.family))) return 'invalid';
  const user = await findUserById(request.server.deps.db, claims.userId);
  if (!user) return 'invalid';
  request.sessionFamily = claims.family;
  request.authTime = claims.authTime;
  return user;
}

/** onRequest hook: a valid access token is required, checked before the body is validated (as DRF does); always 401, never 403, so the client refreshes. */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
  const user = await readUser(request);
  if (user === null) throw notAuthenticated();
  if (user === 'invalid') throw tokenNotValid();
  request.user = user;
}

/** onRequest hook: reads the user when a token is sent, and lets anonymous callers through. */
export async function authenticateOptional(request: FastifyRequest, _reply: FastifyReply) {
  const user = await readUser(request);
  if (user === 'invalid') throw tokenNotValid();
  request.user = user;
}

/** onRequest hook for logout: reads the session of a valid token, and never refuses (a stale token has nothing left to end). */
export async function authenticateLenient(request: FastifyRequest, _reply: FastifyReply) {
  const user = await readUser(request);
  if (user === 'invalid') request.sessionFamily = null;
  else request.user = user;
}

/** The authenticated user; call only behind `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
