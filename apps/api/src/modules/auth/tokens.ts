import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '@hookwall/config';

export interface AccessClaims {
  userId: number;
  /** the refresh-token family (session) this access token belongs to */
  family: string | null;
  /** when the user last proved who they are (password, and the second factor when on), in seconds; null when the token does not say */
  authTime: number | null;
}

export interface RefreshClaims {
  userId: number;
  jti: string;
  family: string;
  expiresAt: Date;
  /** the sign-in time the session started with, handed on unchanged to every token a refresh issues */
  authTime: number | null;
}

const key = (config: Config) => new TextEncoder().encode(config.JWT_SECRET);
/** every token names who it is for, so a token another service signed with a shared secret is not ours */
export const TOKEN_AUDIENCE = 'hookwall-api';
export const TOKEN_ISSUER = 'hookwall';

/** `auth_time` (OpenID Connect's claim name): the sign-in time in seconds, left out when unknown */
const authTimeClaim = (authTime: number | null) => (authTime === null ? {} : { auth_time: authTime });
const readAuthTime = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

export async function signAccessToken(config: Config, userId: number, family: string, authTime: number | null) {
  const expiresAt = new Date(Date.now() + config.ACCESS_TOKEN_LIFETIME_SECONDS * 1000);
  const token = await new SignJWT({ token_type: 'access', user_id: userId, family, ...authTimeClaim(authTime) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience(TOKEN_AUDIENCE)
    .setIssuer(TOKEN_ISSUER)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(config));
  return { token, expiresAt };
}

export async function signRefreshToken(config: Config, userId: number, family: string, authTime: number | null) {
  const jti = randomUUID();
  const expiresAt = new Date(Date.now() + config.REFRESH_TOKEN_LIFETIME_SECONDS * 1000);
  const token = await new SignJWT({ token_type: 'refresh', user_id: userId, family, ...authTimeClaim(authTime) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience(TOKEN_AUDIENCE)
    .setIssuer(TOKEN_ISSUER)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(config));
  return { token, jti, expiresAt };
}

async function verifyToken(config: Config, token: string, type: 'access' | 'refresh') {
  try {
    const { payload } = await jwtVerify(token, key(config), { algorithms: ['HS256'], audience: TOKEN_AUDIENCE, issuer: TOKEN_ISSUER });
    if (payload.token_type !== type || typeof payload.user_id !== 'number') return null;
    return payload;
  } catch {
    return null;
  }
}

export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims | null> {
  const payload = await verifyToken(config, token, 'access');
  return payload
    ? { userId: payload.user_id as number, family: typeof payload.family === 'string' ? payload.family : null, authTime: readAuthTime(payload.auth_time) }
    : null;
}

export async function verifyRefreshToken(config: Config, token: string): Promise<RefreshClaims | null> {
  const payload = await verifyToken(config, token, 'refresh');
  if (!payload || typeof payload.jti !== 'string' || typeof payload.family !== 'string') return null;
  return {
    userId: payload.user_id as number,
    jti: payload.jti,
    family: payload.family,
    expiresAt: new Date((payload.exp ?? 0) * 1000),
    authTime: readAuthTime(payload.auth_time),
  };
}

/** Any valid token of ours, access or refresh (token/verify accepts both, as simplejwt does). */
export async function verifyAnyToken(config: Config, token: string): Promise<boolean> {
  return (await verifyToken(config, token, 'access')) !== null || (await verifyToken(config, token, 'refresh')) !== null;
}
