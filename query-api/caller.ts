import type { Actor } from '../domain/shared/actor.ts';
import { actorOfAuthorization } from '../infra/auth/jwt-tokens.ts';
import { problems } from '../infra/http/problem.ts';
import { guardRoute } from '../infra/http/route-guard.ts';
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

/** The route guard of SPEC §6 for a read (infra/http/route-guard.ts); rules per document live in the routes. */
export const guardRead = (auth: RouteSpec['auth'], actor: Actor): void => guardRoute(auth, actor, 'read');

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
