import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Actor } from '../../domain/shared/actor.ts';
import { LeastRecentlyUsed } from '../least-recently-used.ts';

// Access and refresh tokens (jsonwebtoken, HS256). The access token carries what a guard needs
// (roles, groups, vendor id) so every API can build the Actor without a read; the refresh token
// carries only the user id and the user's token version (`ver`), and refreshing reloads the user, so
// role changes arrive within one access-token lifetime. A password or role change moves the user's
// token version on, which revokes every refresh token issued before it. A refresh token also names
// its session (`sid`, the `session-<id>` stream) and its own id (`jti`): each works once, and using a
// spent one ends its session (domain/session/decider.ts).
export interface TokenClaims {
  userId: string;
  email: string;
  /** Roles of SPEC §1 granted by admins: admin, operator, superAdmin. */
  roles: string[];
  groups: string[];
  vendorId: string | null;
  /** Goes into the refresh token only: the user's token version when it was issued (default 0). */
  tokenVersion?: number;
}

export interface TokenPair {
  token: string;
  refresh_token: string;
}

/** Which refresh token of which session a pair carries: its id and issue time (seconds), so it can be signed again. */
export interface RefreshTokenIdentity {
  sessionId: string;
  tokenId: string;
  issuedAt: number;
}

export interface TokenSettings {
  secret: string;
  /** Seconds; default one hour. */
  accessTtlSeconds?: number;
  /** Seconds; default 30 days. */
  refreshTtlSeconds?: number;
}

const ISSUER = 'artists-marketplace';

// jsonwebtoken turns a string secret into a KeyObject on every sign and verify; every request with a
// bearer token verifies one, so the key object is made once per secret and kept. A process knows
// one secret (a few in tests): the map stays tiny, and is cleared if it ever is not.
const keys = new Map<string, KeyObject>();
const MAX_KEYS = 16;

/** The HS256 key object of a secret, made once (the bytes of the string, as jsonwebtoken would). */
export function secretKeyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** Seconds a refresh token lives (and the session cookies that carry it). */
export const refreshTtlSecondsOf = (settings: TokenSettings): number => settings.refreshTtlSeconds ?? 30 * 24 * 3600;

/**
 * An access token, and a refresh token for the session `refresh` names (signed with its id and issue
 * time: the same identity signs the same refresh token again). Without `refresh`, the refresh token
 * belongs to no session and is refused by the refresh route (tests that need only access tokens).
 */
export function issueTokens(settings: TokenSettings, claims: TokenClaims, refresh?: RefreshTokenIdentity): TokenPair {
  const common = { algorithm: 'HS256' as const, issuer: ISSUER, subject: claims.userId };
  const token = jwt.sign(
    { typ: 'access', email: claims.email, roles: claims.roles, groups: claims.groups, vendorId: claims.vendorId },
    secretKeyOf(settings.secret),
    { ...common, expiresIn: settings.accessTtlSeconds ?? 3600 },
  );
  const refresh_token = jwt.sign(
    { typ: 'refresh', ver: claims.tokenVersion ?? 0, ...(refresh ? { sid: refresh.sessionId, iat: refresh.issuedAt } : {}) },
    secretKeyOf(settings.secret),
    { ...common, expiresIn: refreshTtlSecondsOf(settings), ...(refresh ? { jwtid: refresh.tokenId } : {}) },
  );
  return { token, refresh_token };
}

function verify(secret: string, token: string, typ: 'access' | 'refresh'): jwt.JwtPayload | null {
  try {
    const payload = jwt.verify(token, secretKeyOf(secret), { algorithms: ['HS256'], issuer: ISSUER });
    if (typeof payload === 'string' || payload.typ !== typ || typeof payload.sub !== 'string') return null;
    return payload;
  } catch {
    return null;
  }
}

/** The claims of an access token verified before, and when it expires (seconds since the epoch). */
interface VerifiedAccess {
  claims: TokenClaims;
  exp: number;
}

// Every API request carries the same access token for its hour: its signature is checked once, and
// later requests with the same token (the same bytes, under the same secret) only check its expiry.
// Only valid tokens are kept, so made-up tokens cannot fill it; bounded, the least recently used first out.
const MAX_VERIFIED_ACCESS = 10_000;
const verifiedAccess = new LeastRecentlyUsed<string, VerifiedAccess>(MAX_VERIFIED_ACCESS);

/** The claims of a valid, unexpired access token, or null. */
export function verifyAccessToken(secret: string, token: string): TokenClaims | null {
  const key = `${secret}\n${token}`;
  const known = verifiedAccess.get(key);
  // As jsonwebtoken decides: expired from the second `exp` on.
  if (known) {
    if (Math.floor(Date.now() / 1000) < known.exp) return known.claims;
    verifiedAccess.delete(key);
    return null;
  }
  const payload = verify(secret, token, 'access');
  if (!payload) return null;
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  const claims: TokenClaims = {
    userId: payload.sub!,
    email: typeof payload.email === 'string' ? payload.email : '',
    roles: strings(payload.roles),
    groups: strings(payload.groups),
    vendorId: typeof payload.vendorId === 'string' ? payload.vendorId : null,
  };
  if (typeof payload.exp === 'number') {
    // Shared by every request with the token: frozen, so no request changes another's claims.
    Object.freeze(claims.roles);
    Object.freeze(claims.groups);
    verifiedAccess.set(key, { claims: Object.freeze(claims), exp: payload.exp });
  }
  return claims;
}

/**
 * The user id, token version and session of a valid, unexpired refresh token, or null. The caller
 * compares the version with the user's current one (an older one was revoked) and asks the session
 * whether this token is its current one. Tokens from before versions count as 0; tokens of no session
 * have `session` null.
 */
export function verifyRefreshToken(secret: string, token: string): { userId: string; tokenVersion: number; session: RefreshTokenIdentity | null } | null {
  const payload = verify(secret, token, 'refresh');
  if (!payload) return null;
  const version = payload.ver;
  const session = typeof payload.sid === 'string' && typeof payload.jti === 'string' && typeof payload.iat === 'number'
    ? { sessionId: payload.sid, tokenId: payload.jti, issuedAt: payload.iat }
    : null;
  return { userId: payload.sub!, tokenVersion: typeof version === 'number' && Number.isInteger(version) ? version : 0, session };
}

const grantedRoles = new Set(['admin', 'operator', 'superAdmin']);

/** The Actor of a signed-in user: `user` always, `vendor` when they own one, plus granted roles. */
export function actorOfClaims(claims: TokenClaims): Actor {
  const roles: Actor['roles'] = ['user'];
  if (claims.vendorId) roles.push('vendor');
  for (const role of claims.roles) if (grantedRoles.has(role)) roles.push(role as Actor['roles'][number]);
  return { userId: claims.userId, roles, groups: claims.groups, vendorId: claims.vendorId };
}

export const guestActor: Actor = { userId: null, roles: ['guest'], groups: [], vendorId: null };

/** The Actor of an `Authorization: Bearer …` header value: a guest without one, null when invalid. */
export function actorOfAuthorization(secret: string, header: string | undefined): Actor | null {
  if (!header) return guestActor;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return null;
  const claims = verifyAccessToken(secret, match[1]!);
  return claims ? actorOfClaims(claims) : null;
}
