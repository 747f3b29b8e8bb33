import { describe, expect, it } from 'vitest';
import { trackingSourcesProjection, type TrackingSourceView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

describe('tracking sources view', () => {
  it('counts hits per source, signed in or not, per day', () => {
    const docs = fold<TrackingSourceView>(trackingSourcesProjection, [
      recorded('tracking-newsletter', { type: 'SourceHit', data: { source: 'newsletter', userId: null, at: '2026-01-01T08:00:00.000Z' } }),
      recorded('tracking-newsletter', { type: 'SourceHit', data: { source: 'newsletter', userId: 'u1', at: '2026-01-01T09:00:00.000Z' } }),
      recorded('tracking-newsletter', { type: 'SourceHit', data: { source: 'newsletter', userId: null, at: '2026-01-02T09:00:00.000Z' } }),
      recorded('tracking-facebook', { type: 'SourceHit', data: { source: 'facebook', userId: null, at: '2026-01-02T10:00:00.000Z' } }),
    ]);
    expect(docs.newsletter).toMatchObject({
      source: 'newsletter', hits: 3, signedInHits: 1, hitsByDay: { '2026-01-01': 2, '2026-01-02': 1 },
      firstHitAt: '2026-01-01T08:00:00.000Z', lastHitAt: '2026-01-02T09:00:00.000Z',
    });
    expect(docs.facebook?.hits).toBe(1);
  });
});
