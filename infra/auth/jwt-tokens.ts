import jwt from 'jsonwebtoken';
import type { Actor } from '../../domain/shared/actor.ts';

// Access and refresh tokens (jsonwebtoken, HS256). The access token carries what a guard needs
// (roles, groups, vendor id) so every API can build the Actor without a read; the refresh token
// carries only the user id, and refreshing reloads the user, so role changes arrive within one
// access-token lifetime.
export interface TokenClaims {
  userId: string;
  email: string;
  /** Roles of SPEC §1 granted by admins: admin, operator, superAdmin. */
  roles: string[];
  groups: string[];
  vendorId: string | null;
}

export interface TokenPair {
  token: string;
  refresh_token: string;
}

export interface TokenSettings {
  secret: string;
  /** Seconds; default one hour. */
  accessTtlSeconds?: number;
  /** Seconds; default 30 days. */
  refreshTtlSeconds?: number;
}

const ISSUER = 'artists-marketplace';

export function issueTokens(settings: TokenSettings, claims: TokenClaims): TokenPair {
  const common = { algorithm: 'HS256' as const, issuer: ISSUER, subject: claims.userId };
  const token = jwt.sign(
    { typ: 'access', email: claims.email, roles: claims.roles, groups: claims.groups, vendorId: claims.vendorId },
    settings.secret,
    { ...common, expiresIn: settings.accessTtlSeconds ?? 3600 },
  );
  const refresh_token = jwt.sign({ typ: 'refresh' }, settings.secret, { ...common, expiresIn: settings.refreshTtlSeconds ?? 30 * 24 * 3600 });
  return { token, refresh_token };
}

function verify(secret: string, token: string, typ: 'access' | 'refresh'): jwt.JwtPayload | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'], issuer: ISSUER });
    if (typeof payload === 'string' || payload.typ !== typ || typeof payload.sub !== 'string') return null;
    return payload;
  } catch {
    return null;
  }
}

/** The claims of a valid, unexpired access token, or null. */
export function verifyAccessToken(secret: string, token: string): TokenClaims | null {
  const payload = verify(secret, token, 'access');
  if (!payload) return null;
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  return {
    userId: payload.sub!,
    email: typeof payload.email === 'string' ? payload.email : '',
    roles: strings(payload.roles),
    groups: strings(payload.groups),
    vendorId: typeof payload.vendorId === 'string' ? payload.vendorId : null,
  };
}

/** The user id of a valid, unexpired refresh token, or null. */
export function verifyRefreshToken(secret: string, token: string): string | null {
  return verify(secret, token, 'refresh')?.sub ?? null;
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
