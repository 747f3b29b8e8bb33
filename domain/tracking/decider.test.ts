import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import { RecordSourceHit } from './commands.ts';
import { trackingDecider } from './decider.ts';
import type { TrackingEvent } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const guest: Actor = { userId: null, roles: ['guest'], groups: [], vendorId: null };
const user: Actor = { userId: 'user-dana', roles: ['user'], groups: [], vendorId: null };
const hit = (userId: string | null): TrackingEvent => ({ type: 'SourceHit', data: { source: 'facebook', userId, at } });

describe('tracking decider', () => {
  it('a guest records a hit', () => {
    spec(trackingDecider).given([]).when({ type: 'RecordSourceHit', actor: guest, at, source: 'facebook' }).then([hit(null)]);
  });
  it('a signed-in user records a hit with their id, every time', () => {
    spec(trackingDecider).given([hit(null), hit('user-dana')]).when({ type: 'RecordSourceHit', actor: user, at, source: 'facebook' }).then([hit('user-dana')]);
  });
  it('counts hits in the state', () => {
    expect(spec(trackingDecider).given([hit(null), hit(null)]).state).toEqual({ hits: 2 });
  });
  it('the command refuses a source that is not a plain name', () => {
    expect(RecordSourceHit.safeParse({ type: 'RecordSourceHit', actor: guest, at, source: '../etc' }).success).toBe(false);
    expect(RecordSourceHit.safeParse({ type: 'RecordSourceHit', actor: guest, at, source: 'google_ads' }).success).toBe(true);
  });
});
