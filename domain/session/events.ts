import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';

// Stream `session-<sessionId>`: one signed-in session (a family of refresh tokens). Each refresh
// rotates its token: the presented one is spent and a new one issued. Only token ids (the JWT `jti`)
// and issue times are kept, never the tokens themselves (a token is signed: its id alone is no key).
export const RefreshToken = z.strictObject({
  tokenId: Id,
  /** The JWT's `iat` (seconds): with the id and version the same token can be signed again. */
  issuedAt: z.number().int().nonnegative(),
  /** The user's token version the token carries (`ver`). */
  tokenVersion: z.number().int().nonnegative(),
});
export type RefreshToken = z.infer<typeof RefreshToken>;

export const SessionStarted = event('SessionStarted', z.strictObject({ sessionId: Id, userId: Id, token: RefreshToken, at: IsoTime }));
/** The refresh token `previousTokenId` was used and replaced by `token`. */
export const SessionRefreshed = event('SessionRefreshed', z.strictObject({ sessionId: Id, userId: Id, previousTokenId: Id, token: RefreshToken, at: IsoTime }));
/**
 * The session ended: signed out, or a spent refresh token came back (`refresh-token-reuse`: someone
 * holds a copy of it, so every token of the session is refused from now on).
 */
export const SessionEnded = event('SessionEnded', z.strictObject({
  sessionId: Id, userId: Id, reason: z.enum(['signed-out', 'refresh-token-reuse']), tokenId: Id, at: IsoTime,
}));

export const SessionEvent = z.discriminatedUnion('type', [SessionStarted, SessionRefreshed, SessionEnded]);
export type SessionEvent = z.infer<typeof SessionEvent>;
