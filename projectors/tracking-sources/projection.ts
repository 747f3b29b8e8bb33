import type { Projection, ViewDoc } from '../projection.ts';

// Traffic sources for super users (README: `trackingSources`): hits per `utm_source`, in total and per
// UTC day. Counting is safe to replay: all hits of a source are one stream, and the runtime applies
// each revision of it once.
export interface TrackingSourceView extends ViewDoc {
  source: string;
  hits: number;
  signedInHits: number;
  hitsByDay: Record<string, number>;
  firstHitAt: string;
  lastHitAt: string;
}

export const trackingSourcesProjection: Projection<TrackingSourceView> = {
  name: 'tracking-sources',
  collection: 'trackingSources',
  eventTypes: ['SourceHit'],
  keysOf: (event) => (event.type === 'SourceHit' ? [event.data.source] : []),
  evolve(doc, event, id) {
    if (event.type !== 'SourceHit') return doc;
    const { userId, at } = event.data;
    const day = at.slice(0, 10);
    const current = doc ?? { _id: id, _seen: {}, source: id, hits: 0, signedInHits: 0, hitsByDay: {}, firstHitAt: at, lastHitAt: at };
    return {
      ...current,
      hits: current.hits + 1,
      signedInHits: current.signedInHits + (userId ? 1 : 0),
      hitsByDay: { ...current.hitsByDay, [day]: (current.hitsByDay[day] ?? 0) + 1 },
      firstHitAt: at < current.firstHitAt ? at : current.firstHitAt,
      lastHitAt: at > current.lastHitAt ? at : current.lastHitAt,
    };
  },
  indexes: [{ hits: -1 }],
};
