import { describe, expect, it } from 'vitest';
import { trackingSourceDaysProjection, trackingSourcesProjection, type TrackingSourceDayView, type TrackingSourceView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

describe('tracking sources view', () => {
  const hits = [
    recorded('tracking-newsletter', { type: 'SourceHit', data: { source: 'newsletter', userId: null, at: '2026-01-01T08:00:00.000Z' } }),
    recorded('tracking-newsletter', { type: 'SourceHit', data: { source: 'newsletter', userId: 'u1', at: '2026-01-01T09:00:00.000Z' } }),
    recorded('tracking-newsletter', { type: 'SourceHit', data: { source: 'newsletter', userId: null, at: '2026-01-02T09:00:00.000Z' } }),
    recorded('tracking-facebook', { type: 'SourceHit', data: { source: 'facebook', userId: null, at: '2026-01-02T10:00:00.000Z' } }),
  ];

  it('counts hits per source, signed in or not', () => {
    const docs = fold<TrackingSourceView>(trackingSourcesProjection, hits);
    expect(docs.newsletter).toMatchObject({
      source: 'newsletter', hits: 3, signedInHits: 1, firstHitAt: '2026-01-01T08:00:00.000Z', lastHitAt: '2026-01-02T09:00:00.000Z',
    });
    expect(docs.facebook?.hits).toBe(1);
  });

  it('counts hits per source and UTC day in a document each, so no document grows with the days', () => {
    const days = fold<TrackingSourceDayView>(trackingSourceDaysProjection, hits);
    expect(Object.values(days).map(({ _id, source, day, hits: count }) => ({ _id, source, day, hits: count }))).toEqual([
      { _id: 'newsletter/2026-01-01', source: 'newsletter', day: '2026-01-01', hits: 2 },
      { _id: 'newsletter/2026-01-02', source: 'newsletter', day: '2026-01-02', hits: 1 },
      { _id: 'facebook/2026-01-02', source: 'facebook', day: '2026-01-02', hits: 1 },
    ]);
  });
});
