import type { Decider } from '../shared/decider.ts';
import { streamOf } from '../shared/ids.ts';
import { refuse } from '../shared/refusal.ts';
import type { SessionCommand } from './commands.ts';
import type { RefreshToken, SessionEvent } from './events.ts';

// A signed-in session (stream `session-<sessionId>`): the family of refresh tokens one sign-in
// started. Refresh tokens rotate: each works once, and its use issues the next. When a spent token
// comes back, two parties hold the session (a stolen copy): the whole session ends, so the thief's
// and the owner's tokens stop working alike and the owner signs in again. One exception: the token
// just replaced, within a short grace after its rotation, is answered with the token that replaced
// it (no new event), since two tabs of one browser refresh at once with the same cookie.
export type SessionState =
  | { status: 'absent' }
  | {
      status: 'active' | 'ended';
      sessionId: string;
      userId: string;
      current: RefreshToken;
      /** The token the last rotation replaced, and when (ms since the epoch). */
      previous: { tokenId: string; rotatedAt: number } | null;
    };

/** The stream of one session (`session-<sessionId>`). */
export const sessionStream = streamOf('session');

export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return { status: 'active', sessionId: event.data.sessionId, userId: event.data.userId, current: event.data.token, previous: null };
      case 'SessionRefreshed':
        if (state.status === 'absent') return state;
        return { ...state, current: event.data.token, previous: { tokenId: event.data.previousTokenId, rotatedAt: Date.parse(event.data.at) } };
      case 'SessionEnded':
        return state.status === 'absent' ? state : { ...state, status: 'ended' };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'StartSession':
        if (state.status !== 'absent') {
          if (state.current.tokenId === command.token.tokenId) return [];
          refuse('conflict', 'session.exists', 'This session was already started.');
        }
        return [{ type: 'SessionStarted', data: { sessionId: command.sessionId, userId: command.userId, token: command.token, at: command.at } }];

      case 'RefreshSession': {
        if (state.status === 'absent') refuse('not_found', 'session.unknown', 'This session does not exist. Sign in again.');
        if (state.status === 'ended') refuse('forbidden', 'session.ended', 'This session has ended. Sign in again.');
        if (command.presentedTokenId === state.current.tokenId) {
          return [{ type: 'SessionRefreshed', data: { sessionId: state.sessionId, userId: state.userId, previousTokenId: command.presentedTokenId, token: command.token, at: command.at } }];
        }
        const justReplaced = state.previous?.tokenId === command.presentedTokenId && Date.parse(command.at) - state.previous.rotatedAt <= command.graceMs;
        if (justReplaced) return [];
        // A spent token came back: someone else holds a copy. The whole session ends.
        return [{ type: 'SessionEnded', data: { sessionId: state.sessionId, userId: state.userId, reason: 'refresh-token-reuse', tokenId: command.presentedTokenId, at: command.at } }];
      }

      case 'EndSession':
        if (state.status !== 'active') return [];
        return [{ type: 'SessionEnded', data: { sessionId: state.sessionId, userId: state.userId, reason: 'signed-out', tokenId: command.presentedTokenId, at: command.at } }];
    }
  },
};
