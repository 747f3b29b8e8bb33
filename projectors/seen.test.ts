import { describe, expect, it } from 'vitest';
import { afterSeeing, ALL_LANES, hasSeen, seenFields, seenStateOf, type SeenEvent, type SeenState } from './seen.ts';
import { seededFloats } from '../test/seeded-random.ts';

type Delivered = SeenEvent & { lane?: string };

/** Applies events the way the applier does: skip what was seen, else remember it on the event's lane. */
function feed(events: Delivered[], options: { positionOrder: boolean; max: number; from?: SeenState }) {
  let state: SeenState = options.from ?? seenStateOf(null);
  const applied: string[] = [];
  for (const event of events) {
    const lane = event.lane ?? (options.positionOrder ? ALL_LANES : null);
    if (hasSeen(state, event, lane)) continue;
    applied.push(`${event.streamId}@${event.revision}`);
    state = afterSeeing(state, event, lane, options.max);
  }
  return { state, applied };
}

// The bound on `_seen` (seen.ts) on a feed in position order: the least recently applied streams are let
// go behind a floor, and no event is applied twice or skipped wrongly.
describe('bounded _seen, in position order', () => {
  // Five order streams feeding one document, then more of the first ones.
  const events = [
    ...['o1', 'o2', 'o3', 'o4', 'o5'].map((streamId, index) => ({ streamId, revision: 0, position: 10 + index })),
    { streamId: 'o1', revision: 1, position: 20 },
    { streamId: 'o2', revision: 1, position: 21 },
  ];

  it('keeps at most the given number of streams, the most recently applied, behind a floor', () => {
    const { state, applied } = feed(events, { positionOrder: true, max: 3 });
    expect(applied).toHaveLength(7);
    expect(Object.keys(state.seen)).toEqual(['o5', 'o1', 'o2']);
    expect(state.floor).toBe(21);
  });

  it('still applies nothing twice: old events of let-go and kept streams alike are seen', () => {
    const { state } = feed(events, { positionOrder: true, max: 3 });
    for (const event of events) expect(hasSeen(state, event, ALL_LANES)).toBe(true);
  });

  it('applies a later event of a let-go stream, and remembers it again', () => {
    const { state } = feed(events, { positionOrder: true, max: 3 });
    const later = { streamId: 'o3', revision: 1, position: 30 };
    expect(hasSeen(state, later, ALL_LANES)).toBe(false);
    expect(Object.keys(afterSeeing(state, later, ALL_LANES, 3).seen)).toEqual(['o1', 'o2', 'o3']);
  });

  it('lets nothing go where an event has no lane on a feed not in position order: an older position may still be new', () => {
    const { state } = feed(events, { positionOrder: false, max: 3 });
    expect(Object.keys(state.seen)).toHaveLength(5);
    expect(state.floor).toBeUndefined();
    expect(hasSeen(state, { streamId: 'o9', revision: 0, position: 1 })).toBe(false);
  });

  it('encodes what MongoDB field names cannot hold, and keeps a __proto__ stream a field', () => {
    const state = afterSeeing(afterSeeing({ seen: {} }, { streamId: 'config-support.whatsapp', revision: 2, position: 1 }, ALL_LANES), { streamId: '__proto__', revision: 0, position: 2 }, ALL_LANES);
    expect(Object.keys(state.seen)).toEqual(['config-support%2Ewhatsapp', '__proto__']);
    expect(Object.hasOwn(state.seen, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(state.seen))).toEqual({ 'config-support%2Ewhatsapp': 2, ['__proto__']: 0 });
    expect(hasSeen(state, { streamId: 'config-support.whatsapp', revision: 2, position: 5 })).toBe(true);
    expect(Object.keys(afterSeeing(state, { streamId: 'a$b%c', revision: 0, position: 3 }, ALL_LANES).seen)).toEqual(['config-support%2Ewhatsapp', '__proto__', 'a%24b%25c']);
  });
});

// On a partitioned feed (Kafka) each event comes on a lane, its partition; positions interleave freely
// across lanes but grow within one (first deliveries; repeats may come later).
describe('bounded _seen, on lanes', () => {
  const on = (lane: string, streamId: string, revision: number, position: number): Delivered => ({ streamId, revision, position, lane });

  it('given reviews on two partitions, when more streams than the bound are applied, then the oldest are let go behind a floor per partition', () => {
    const { state, applied } = feed([
      on('review/0', 'r1', 0, 10), on('review/1', 'r2', 0, 11), on('review/0', 'r3', 0, 12), on('review/1', 'r4', 0, 13),
    ], { positionOrder: false, max: 2 });
    expect(applied).toEqual(['r1@0', 'r2@0', 'r3@0', 'r4@0']);
    expect(Object.keys(state.seen)).toEqual(['r3', 'r4']);
    expect(state.lanes).toEqual({ 'review/0': 12, 'review/1': 13 });
    expect(state.laneFloors).toEqual({ 'review/0': 12, 'review/1': 13 });
    expect(state.floor).toBeUndefined();
  });

  it('given a let-go stream, when its event comes again on its partition, then it is seen and not applied twice', () => {
    const { state } = feed([on('review/0', 'r1', 0, 10), on('review/0', 'r2', 0, 11), on('review/0', 'r3', 0, 12)], { positionOrder: false, max: 2 });
    expect(state.seen).not.toHaveProperty('r1');
    expect(hasSeen(state, { streamId: 'r1', revision: 0, position: 10 }, 'review/0')).toBe(true);
  });

  it('given one partition far ahead, when a lagging partition delivers an older position for the first time, then it is applied', () => {
    // Partition 0 reached position 100 and let streams go; partition 1 has delivered nothing yet.
    const { state } = feed([on('review/0', 'r1', 0, 90), on('review/0', 'r2', 0, 95), on('review/0', 'r3', 0, 100)], { positionOrder: false, max: 2 });
    const lagging = on('review/1', 'r9', 0, 50);
    expect(hasSeen(state, lagging, 'review/1')).toBe(false);
    // One floor for the whole feed, right in position order, would have been 100 and skipped it.
    expect(state.floor).toBeUndefined();
  });

  it('given a document rebuilt in position order, when its events come again on Kafka after streams were let go there, then none is applied twice', () => {
    // The rebuild applied r1..r3 (the document remembers the highest position of the log it applied)...
    const rebuilt = feed([{ streamId: 'r1', revision: 0, position: 1 }, { streamId: 'r2', revision: 0, position: 2 }, { streamId: 'r3', revision: 0, position: 3 }], { positionOrder: true, max: 3 });
    expect(rebuilt.state.lanes).toEqual({ [ALL_LANES]: 3 });
    // ...the Kafka consumer group, behind, first gets new streams (letting r1..r3 go), then the old events.
    const kafka = feed([on('review/0', 'r4', 0, 4), on('review/1', 'r5', 0, 5), on('review/0', 'r6', 0, 6), on('review/0', 'r1', 0, 1), on('review/1', 'r2', 0, 2), on('review/1', 'r3', 0, 3)], { positionOrder: false, max: 3, from: rebuilt.state });
    expect(kafka.applied).toEqual(['r4@0', 'r5@0', 'r6@0']);
    expect(kafka.state.floor).toBe(3);
  });

  it('given a document stored before lanes were kept, when it passes the bound on a partitioned feed, then nothing is let go (until rebuilt)', () => {
    const stored = seenStateOf({ _id: 'v1', _seen: { r1: 0, r2: 0 } });
    const { state } = feed([on('review/0', 'r3', 0, 10)], { positionOrder: false, max: 2, from: stored });
    expect(Object.keys(state.seen)).toEqual(['r1', 'r2', 'r3']);
    expect(state.laneFloors).toBeUndefined();
    expect(state.lanes).toBeUndefined();
    // In position order one floor still tells, as before lanes were kept.
    expect(Object.keys(feed([{ streamId: 'r3', revision: 0, position: 10 }], { positionOrder: true, max: 2, from: stored }).state.seen)).toEqual(['r2', 'r3']);
  });

  it('keeps lanes and floors in fields a MongoDB document can hold (topic names have dots)', () => {
    const { state } = feed([on('marketplace.review/0', 'r1', 0, 10), on('marketplace.review/0', 'r2', 0, 11)], { positionOrder: false, max: 1 });
    expect(seenFields(state)).toEqual({ _seen: { r2: 0 }, _seenLanes: { 'marketplace%2Ereview/0': 11 }, _seenLaneFloors: { 'marketplace%2Ereview/0': 11 } });
    expect(seenStateOf({ _id: 'x', ...seenFields(state) })).toEqual(state);
    expect(hasSeen(seenStateOf({ _id: 'x', ...seenFields(state) }), { streamId: 'r1', revision: 0, position: 10 }, 'marketplace.review/0')).toBe(true);
  });

  it('given any interleaving of partitions with redeliveries, every event is applied exactly once', () => {
    const random = seededFloats(42);
    for (let run = 0; run < 50; run++) {
      // 30 streams of 1..3 events each, in a log of random order; each stream on one of three partitions.
      const revisions = new Map<string, number>();
      const log: Delivered[] = Array.from({ length: 60 }, (_, index) => {
        const streamId = `s${Math.floor(random() * 30)}`;
        const revision = (revisions.get(streamId) ?? -1) + 1;
        revisions.set(streamId, revision);
        return on(`p/${Number(streamId.slice(1)) % 3}`, streamId, revision, index * 2 + 1);
      });
      const partitions = [0, 1, 2].map((partition) => log.filter((event) => event.lane === `p/${partition}`));
      // The consumer takes partitions in random turns and sometimes starts a partition again a few
      // events back (a redelivery after a crash or a rebalance).
      const read = [0, 0, 0];
      const delivered: Delivered[] = [];
      while (read.some((at, partition) => at < partitions[partition]!.length)) {
        const partition = Math.floor(random() * 3);
        if (read[partition]! >= partitions[partition]!.length) continue;
        if (random() < 0.1) read[partition] = Math.max(0, read[partition]! - Math.floor(random() * 5));
        delivered.push(partitions[partition]![read[partition]!]!);
        read[partition]! += 1;
      }
      const { applied } = feed(delivered, { positionOrder: false, max: 4 });
      expect(applied.sort()).toEqual(log.map((event) => `${event.streamId}@${event.revision}`).sort());
    }
  });
});
