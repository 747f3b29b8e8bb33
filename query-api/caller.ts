import { isStaff } from '../domain/acl/access.ts';
import { isAdmin, isSuperUser, type Actor } from '../domain/shared/actor.ts';
import { actorOfAuthorization } from '../infra/auth/jwt-tokens.ts';
import { problems } from '../infra/http/problem.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';
import type { QueryApiPorts } from './ports.ts';
import type { ReadRequest } from './read-route.ts';
import type { UserLocale } from '../domain/user/commands.ts';

// Who reads: the same bearer token as the command API (HS256, infra/auth/jwt-tokens.ts). No header is
// a guest; a header that does not verify is 401, so a client with an expired token refreshes instead
// of silently reading as a guest.
export type ActorOfRequest = (req: ReadRequest) => Actor;

export function actorResolver(ports: Pick<QueryApiPorts, 'jwtSecret' | 'verifyToken'>): ActorOfRequest {
  const verify = ports.verifyToken ?? (ports.jwtSecret ? (header: string | undefined) => actorOfAuthorization(ports.jwtSecret!, header) : undefined);
  if (!verify) throw new Error('createQueryApi needs jwtSecret or verifyToken');
  return (req) => {
    const actor = verify(req.get('authorization'));
    if (!actor) throw problems.unauthorized('The access token is invalid or expired.');
    return actor;
  };
}

/**
 * The route-level guard of SPEC §6 by the declared `auth`; rules per document live in the routes. An
 * admin route is for the staff, whose access rules are checked next (infra/http/access-guard.ts).
 */
export function guardRead(auth: RouteSpec['auth'], actor: Actor): void {
  if (auth === 'public') return;
  if (actor.userId === null) throw problems.unauthorized();
  if (auth === 'user') return;
  if (auth === 'vendor' && !actor.vendorId && !isAdmin(actor)) throw problems.forbidden('Only a vendor may read this.');
  if (auth === 'admin' && !isStaff(actor)) throw problems.forbidden('Only an admin may read this.');
  if (auth === 'superUsers' && !isSuperUser(actor)) throw problems.forbidden('Only the superUsers group may read this.');
}

/** Identity part of a cache key: answers differ by user, roles and vendor. */
export function identityOf(actor: Actor): string {
  if (actor.userId === null) return 'guest';
  return `${actor.userId}/${[...actor.roles].sort().join(',')}/${[...actor.groups].sort().join(',')}/${actor.vendorId ?? '-'}`;
}

/** The locale of the request: `locale` query, X-Locale header, Accept-Language, default he-IL. */
export function localeOf(req: ReadRequest): UserLocale {
  const asked = (typeof req.query.locale === 'string' ? req.query.locale : undefined) ?? req.get('x-locale') ?? req.get('accept-language') ?? '';
  return /^en/i.test(asked.trim()) ? 'en-US' : 'he-IL';
}
