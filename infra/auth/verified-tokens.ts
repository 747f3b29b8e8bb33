import type { Actor } from '../../domain/shared/actor.ts';

// The storefront's server pass reads several times per page in process (web/api/in-process-transport.ts),
// each read with the same bearer token: verifying the JWT (an HMAC) every time was ~5% of a signed-in
// page's server time. One map per page request holds the actor of each Authorization header it sent,
// verified once; the APIs' in-process reads look there first. It lives for one request only, so a token
// that expires while its page renders serves that page's remaining reads, never another request.

/** Authorization header → its actor (null: the API refused it), for one page request. */
export type VerifiedTokens = Map<string, Actor | null>;

/** `verify(header)`, once per header and map; without a map or a header, verified as always. */
export function verifiedOnce(tokens: VerifiedTokens | undefined, header: string | undefined, verify: (header: string | undefined) => Actor | null): Actor | null {
  if (!tokens || header === undefined) return verify(header);
  const known = tokens.get(header);
  if (known !== undefined || tokens.has(header)) return known ?? null;
  const actor = verify(header);
  tokens.set(header, actor);
  return actor;
}
