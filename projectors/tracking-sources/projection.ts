import type { Projection, ViewDoc } from '../projection.ts';

// Traffic sources for super users (README: `trackingSources`, `trackingSourceDays`): hits per
// `utm_source` in total, and per UTC day in documents of their own — a map of days inside the source's
// document would grow without end and be copied whole on every hit. Counting is safe to replay:
// all hits of a source are one stream, and the runtime applies each revision of it once per document.
export interface TrackingSourceView extends ViewDoc {
  source: string;
  hits: number;
  signedInHits: number;
  firstHitAt: string;
  lastHitAt: string;
}

/** The hits of one source on one UTC day; `_id` = `<source>/<yyyy-mm-dd>`. */
export interface TrackingSourceDayView extends ViewDoc {
  source: string;
  /** yyyy-mm-dd, UTC. */
  day: string;
  hits: number;
}

const dayOf = (at: string): string => at.slice(0, 10);

export const trackingSourcesProjection: Projection<TrackingSourceView> = {
  name: 'tracking-sources',
  collection: 'trackingSources',
  longLived: true,
  // 2: the per-day map moved to trackingSourceDays.
  version: 2,
  eventTypes: ['SourceHit'],
  keysOf: (event) => (event.type === 'SourceHit' ? [event.data.source] : []),
  evolve(doc, event, id) {
    if (event.type !== 'SourceHit') return doc;
    const { userId, at } = event.data;
    const current = doc ?? { _id: id, source: id, hits: 0, signedInHits: 0, firstHitAt: at, lastHitAt: at };
    return {
      ...current,
      hits: current.hits + 1,
      signedInHits: current.signedInHits + (userId ? 1 : 0),
      firstHitAt: at < current.firstHitAt ? at : current.firstHitAt,
      lastHitAt: at > current.lastHitAt ? at : current.lastHitAt,
    };
  },
  // Read by source id only (query-api/routes/admin-content-reads.ts), ranked in memory: no index beyond `_id`.
  indexes: [],
};

export const trackingSourceDaysProjection: Projection<TrackingSourceDayView> = {
  name: 'tracking-source-days',
  collection: 'trackingSourceDays',
  eventTypes: ['SourceHit'],
  keysOf: (event) => (event.type === 'SourceHit' ? [`${event.data.source}/${dayOf(event.data.at)}`] : []),
  evolve(doc, event, id) {
    if (event.type !== 'SourceHit') return doc;
    const current = doc ?? { _id: id, source: event.data.source, day: dayOf(event.data.at), hits: 0 };
    return { ...current, hits: current.hits + 1 };
  },
  indexes: [{ day: 1 }],
};
