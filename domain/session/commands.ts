import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { RefreshToken } from './events.ts';

// Commands of a signed-in session (stream `session-<sessionId>`), issued by the token routes.
export const StartSession = command('StartSession', { sessionId: Id, userId: Id, token: RefreshToken });
export type StartSession = z.infer<typeof StartSession>;

/**
 * A refresh token was presented. `graceMs`: how long after a rotation the token it replaced is still
 * answered with its successor instead of ending the session (two tabs refreshing at once).
 */
export const RefreshSession = command('RefreshSession', { sessionId: Id, presentedTokenId: Id, token: RefreshToken, graceMs: z.number().int().nonnegative() });
export type RefreshSession = z.infer<typeof RefreshSession>;

export const EndSession = command('EndSession', { sessionId: Id, presentedTokenId: Id });
export type EndSession = z.infer<typeof EndSession>;

export const SessionCommand = z.discriminatedUnion('type', [StartSession, RefreshSession, EndSession]);
export type SessionCommand = z.infer<typeof SessionCommand>;
