import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import type { SessionCommand } from './commands.ts';
import { sessionDecider } from './decider.ts';
import type { SessionEvent } from './events.ts';

const guest: Actor = { userId: null, roles: ['guest'], groups: [], vendorId: null };
const at = '2026-11-21T10:00:00.000Z';
const later = (seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();
const token = (tokenId: string, issuedAt = 1_800_000_000) => ({ tokenId, issuedAt, tokenVersion: 0 });

const started: SessionEvent = { type: 'SessionStarted', data: { sessionId: 's1', userId: 'u1', token: token('t1'), at } };
const refreshed: SessionEvent = { type: 'SessionRefreshed', data: { sessionId: 's1', userId: 'u1', previousTokenId: 't1', token: token('t2'), at } };
const refresh = (presentedTokenId: string, next: string, seconds = 0): SessionCommand => ({
  type: 'RefreshSession', actor: guest, at: later(seconds), sessionId: 's1', presentedTokenId, token: token(next), graceMs: 30_000,
});

describe('session decider', () => {
  it('starts a session with its first refresh token', () => {
    spec(sessionDecider).given([]).when({ type: 'StartSession', actor: guest, at, sessionId: 's1', userId: 'u1', token: token('t1') }).then([started]);
  });

  it('rotates: the current token is spent and replaced', () => {
    spec(sessionDecider).given([started]).when(refresh('t1', 't2')).then([refreshed]);
    spec(sessionDecider).given([started, refreshed]).when(refresh('t2', 't3', 60)).then([
      { type: 'SessionRefreshed', data: { sessionId: 's1', userId: 'u1', previousTokenId: 't2', token: token('t3'), at: later(60) } },
    ]);
  });

  it('ends the whole session when a spent token comes back (theft)', () => {
    spec(sessionDecider).given([started, refreshed]).when(refresh('t1', 't9', 60)).then([
      { type: 'SessionEnded', data: { sessionId: 's1', userId: 'u1', reason: 'refresh-token-reuse', tokenId: 't1', at: later(60) } },
    ]);
    const ended: SessionEvent = { type: 'SessionEnded', data: { sessionId: 's1', userId: 'u1', reason: 'refresh-token-reuse', tokenId: 't1', at: later(60) } };
    // The owner's token, the newest one, is refused from then on.
    spec(sessionDecider).given([started, refreshed, ended]).when(refresh('t2', 't3', 61)).thenRefused('session.ended');
  });

  it('answers the token just replaced, within the grace, with nothing new (two tabs refreshing at once)', () => {
    spec(sessionDecider).given([started, refreshed]).when(refresh('t1', 't9', 5)).then([]);
    const state = spec(sessionDecider).given([started, refreshed]).state;
    expect(state.status === 'active' && state.current.tokenId).toBe('t2');
  });

  it('refuses an unknown session; signing out ends it once', () => {
    spec(sessionDecider).given([]).when(refresh('t1', 't2')).thenRefused('session.unknown');
    const end: SessionCommand = { type: 'EndSession', actor: guest, at, sessionId: 's1', presentedTokenId: 't1' };
    spec(sessionDecider).given([started]).when(end).then([{ type: 'SessionEnded', data: { sessionId: 's1', userId: 'u1', reason: 'signed-out', tokenId: 't1', at } }]);
    spec(sessionDecider).given([started, { type: 'SessionEnded', data: { sessionId: 's1', userId: 'u1', reason: 'signed-out', tokenId: 't1', at } }]).when(end).then([]);
  });
});
