import { describe, expect, it } from 'vitest';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { createEventApplier } from './event-applier.ts';
import { MAX_SEEN_STREAMS } from './seen.ts';
import type { AnyProjection } from './projection.ts';
import { silentLog } from './projector-log.ts';
import { recorded } from './testing/recorded-event.ts';
import type { RecordedEvent } from '../domain/ports/event-store.ts';
import { eventSchemaFingerprint } from '../infra/event-schema-stamp.ts';
import type { ReadEventRow } from '../infra/event-store/sqlite-event-store.ts';
import { replayedEventOf } from './replayed-event.ts';

// Views hold plain JSON whatever evolve returns: what JSON.parse(JSON.stringify()) would give.
describe('event applier', () => {
  const favorited = () => recorded('favorites-u1', { type: 'VendorFavorited', data: { userId: 'u1', vendorId: 'v1' } });
  const projectionReturning = (fields: Record<string, unknown>): AnyProjection => ({
    name: 'odd', collection: 'odd', eventTypes: ['VendorFavorited'],
    keysOf: () => ['x'],
    evolve: (_doc, _event, id) => ({ _id: id, _seen: {}, ...fields }),
  });

  it('stores what evolve made as plain JSON: no undefined, Dates as ISO strings, non-finite numbers as null', async () => {
    const viewStore = createMemoryViewStore();
    const odd = {
      gone: undefined, at: new Date('2026-01-02T03:04:05.000Z'), ratio: Number.NaN, big: Infinity,
      list: [1, undefined, { deep: undefined, kept: 'yes' }], nested: { when: new Date('2026-01-01T00:00:00.000Z'), n: 1 },
    };
    await createEventApplier({ viewStore, projections: [projectionReturning(odd)], log: silentLog }).apply(favorited());
    const { _id, _seen, _seenLanes, _version, ...stored } = (await viewStore.collection('odd').findOne({ _id: 'x' }))!;
    expect(stored).toEqual(JSON.parse(JSON.stringify(odd)));
    expect(Object.keys(stored)).not.toContain('gone');
  });

  it('stores a document that is plain JSON already as it is', async () => {
    const viewStore = createMemoryViewStore();
    const plain = { name: { he: 'שם', en: 'Name' }, tags: ['a', 'b'], count: 3, none: null, flag: false };
    await createEventApplier({ viewStore, projections: [projectionReturning(plain)], log: silentLog }).apply(favorited());
    expect(await viewStore.collection('odd').findOne({ _id: 'x' })).toMatchObject({ ...plain, _seen: { 'favorites-u1': expect.any(Number) } });
  });

  it('also when evolve keeps the stored items and fields and adds what is not JSON beside them', async () => {
    const growing: AnyProjection = {
      name: 'growing', collection: 'growing', eventTypes: ['VendorFavorited'],
      keysOf: () => ['x'],
      evolve: (doc, _event, id) => (doc === null
        ? { _id: id, _seen: {}, list: [1, { n: 2 }], nested: { kept: 'yes' } }
        : { ...doc, list: [...doc.list, new Date('2026-01-02T03:04:05.000Z'), undefined], nested: { ...doc.nested, gone: undefined, ratio: Number.NaN } }),
    };
    const viewStore = createMemoryViewStore();
    const applier = createEventApplier({ viewStore, projections: [growing], log: silentLog, positionOrder: true, soleWriter: true });
    await applier.applyPage([favorited(), recorded('favorites-u2', { type: 'VendorFavorited', data: { userId: 'u2', vendorId: 'v1' } })]);
    const { _id, _seen, _seenLanes, _version, ...stored } = (await viewStore.collection('growing').findOne({ _id: 'x' }))!;
    expect(stored).toEqual({ list: [1, { n: 2 }, '2026-01-02T03:04:05.000Z', null], nested: { kept: 'yes', ratio: null } });
    expect(Object.keys(stored.nested as object)).toEqual(['kept', 'ratio']);
  });

  it('keeps the order of the fields evolve made, `_id` where evolve put it, `_seen` right after `_id`, the other seen fields last', async () => {
    const viewStore = createMemoryViewStore();
    const ordered: AnyProjection = {
      name: 'ordered', collection: 'ordered', eventTypes: ['VendorFavorited'],
      keysOf: () => ['x'],
      evolve: (_doc, _event, id) => ({ a: 1, _id: id, b: 2 }) as never,
    };
    await createEventApplier({ viewStore, projections: [ordered], log: silentLog }).apply(favorited());
    expect(Object.keys((await viewStore.collection('ordered').findOne({ _id: 'x' }))!)).toEqual(['a', '_id', '_seen', 'b', '_seenLanes', '_version']);
  });

  it('keeps that order as a document is updated, a field added, and its seen state gains a floor', async () => {
    // Each event of its own stream: past MAX_SEEN_STREAMS the oldest are let go behind `_seenFloor`.
    const updating: AnyProjection = {
      name: 'updating', collection: 'updating', eventTypes: ['VendorFavorited'],
      keysOf: () => ['x'],
      evolve: (doc, event, id) => {
        const count = typeof doc?.count === 'number' ? doc.count + 1 : 1;
        if (doc === null) return { _id: id, count, first: event.streamId };
        return count === 3 ? { ...doc, count, added: true } : { ...doc, count };
      },
    };
    const viewStore = createMemoryViewStore();
    const applier = createEventApplier({ viewStore, projections: [updating], log: silentLog, positionOrder: true, soleWriter: true, bufferDocuments: 10, startsEmpty: true });
    const keysAfter = async (events: number) => {
      const page = Array.from({ length: events }, (_, index) => recorded(`favorites-order-${keysSeen}-${index}`, { type: 'VendorFavorited', data: { userId: 'u', vendorId: 'v1' } }));
      keysSeen += 1;
      await applier.applyPage(page);
      await applier.flush();
      return Object.keys((await viewStore.collection('updating').findOne({ _id: 'x' }))!);
    };
    let keysSeen = 0;
    expect(await keysAfter(1)).toEqual(['_id', '_seen', 'count', 'first', '_seenLanes', '_version']);
    expect(await keysAfter(1)).toEqual(['_id', '_seen', 'count', 'first', '_seenLanes', '_version']);
    expect(await keysAfter(1)).toEqual(['_id', '_seen', 'count', 'first', 'added', '_seenLanes', '_version']);
    expect(await keysAfter(MAX_SEEN_STREAMS)).toEqual(['_id', '_seen', 'count', 'first', 'added', '_seenFloor', '_seenLanes', '_version']);
    expect(await keysAfter(2)).toEqual(['_id', '_seen', 'count', 'first', 'added', '_seenFloor', '_seenLanes', '_version']);
    expect((await viewStore.collection('updating').findOne({ _id: 'x' }))!).toMatchObject({ count: MAX_SEEN_STREAMS + 5, _version: MAX_SEEN_STREAMS + 5 });
  });

  it('writes the same document whether evolve leaves `_seen` out or carries the stored one', async () => {
    const event = favorited();
    const stored = async (withSeen: boolean) => {
      const viewStore = createMemoryViewStore();
      const projection: AnyProjection = {
        name: 'seen', collection: 'seen', eventTypes: ['VendorFavorited'],
        keysOf: () => ['x'],
        evolve: (doc, _event, id) => ({ a: 1, _id: id, ...(withSeen ? { _seen: doc?._seen ?? {} } : {}), b: [2], c: new Date(0) }) as never,
      };
      await createEventApplier({ viewStore, projections: [projection], log: silentLog }).apply(event);
      return JSON.stringify(await viewStore.collection('seen').findOne({ _id: 'x' }));
    };
    expect(await stored(false)).toBe(await stored(true));
  });
});

// A document fed by more streams than `_seen` keeps (seen.ts), on a partitioned feed (Kafka).
describe('event applier on lanes', () => {
  /** Counts the events applied to one document: a count that moves twice for one event shows it. */
  const counting: AnyProjection = {
    name: 'counted', collection: 'counted', eventTypes: ['VendorFavorited'],
    keysOf: () => ['all'],
    evolve: (doc, _event, id) => ({ ...(doc ?? { _id: id, _seen: {} }), applied: ((doc?.applied as number | undefined) ?? 0) + 1 }),
  };
  const favoritedBy = (n: number) => recorded(`favorites-u${n}`, { type: 'VendorFavorited', data: { userId: `u${n}`, vendorId: 'v1' } });

  it('given more streams than the bound on three partitions, when applied and then delivered again, then `_seen` stays bounded and nothing counts twice', async () => {
    const viewStore = createMemoryViewStore();
    const applier = createEventApplier({ viewStore, projections: [counting], log: silentLog });
    const events = Array.from({ length: MAX_SEEN_STREAMS + 60 }, (_, n) => ({ ...favoritedBy(n), lane: `marketplace.favorites/${n % 3}` }));
    for (const event of events) await applier.apply(event);
    // Each partition again from some way back, as after a consumer crash: every one of these was applied.
    for (const event of [...events.slice(0, 30), ...events.slice(200)]) await applier.apply(event);
    const doc = (await viewStore.collection('counted').findOne({ _id: 'all' }))!;
    expect(doc.applied).toBe(events.length);
    expect(Object.keys(doc._seen as object)).toHaveLength(MAX_SEEN_STREAMS);
    expect(Object.keys(doc._seenLaneFloors as object).sort()).toEqual(['marketplace%2Efavorites/0', 'marketplace%2Efavorites/1', 'marketplace%2Efavorites/2']);
  });

  it('given events without a lane on a feed not in position order, then every stream is kept', async () => {
    const viewStore = createMemoryViewStore();
    const applier = createEventApplier({ viewStore, projections: [counting], log: silentLog });
    for (let n = 0; n < MAX_SEEN_STREAMS + 5; n++) await applier.apply(favoritedBy(1000 + n));
    const doc = (await viewStore.collection('counted').findOne({ _id: 'all' }))!;
    expect(Object.keys(doc._seen as object)).toHaveLength(MAX_SEEN_STREAMS + 5);
    expect(doc).not.toHaveProperty('_seenLaneFloors');
  });

  describe('through a page buffer, where outcomes come without a promise', () => {
    const toggling: AnyProjection = {
      name: 'toggling', collection: 'toggling', eventTypes: ['VendorFavorited', 'VendorUnfavorited'],
      keysOf: () => ['x'],
      evolve: (doc, event, id) => (event.type === 'VendorUnfavorited' ? null : { _id: id, count: ((doc?.count as number | undefined) ?? 0) + 1 }),
    };
    const favorited = () => recorded('favorites-u1', { type: 'VendorFavorited', data: { userId: 'u1', vendorId: 'v1' } });
    const unfavorited = () => recorded('favorites-u1', { type: 'VendorUnfavorited', data: { userId: 'u1', vendorId: 'v1' } });

    it('deletes with a tombstone, and an event delivered again after the delete brings nothing back', async () => {
      const viewStore = createMemoryViewStore();
      const applier = createEventApplier({ viewStore, projections: [toggling], log: silentLog, positionOrder: true, soleWriter: true, bufferDocuments: 100, startsEmpty: true });
      const first = favorited();
      const deleted = unfavorited();
      const outcomes = await applier.applyPage([first, deleted, first]);
      await applier.flush();
      expect(outcomes.map((outcome) => outcome.changes)).toEqual([[{ collection: 'toggling', ids: ['x'] }], [{ collection: 'toggling', ids: ['x'] }], []]);
      expect(await viewStore.collection('toggling').findOne({ _id: 'x' })).toBeNull();
      expect(await viewStore.collection('_tombstones').findOne({ _id: 'toggling/x' })).toMatchObject({ _seen: { 'favorites-u1': deleted.revision } });
    });

    it('a throw in a projection rejects the page and apply, never throws at the caller', async () => {
      const failing: AnyProjection = { ...toggling, name: 'failing', collection: 'failing', keysOf: () => { throw new Error('keys failed'); } };
      const applier = createEventApplier({ viewStore: createMemoryViewStore(), projections: [failing], log: silentLog, positionOrder: true, soleWriter: true, bufferDocuments: 100, startsEmpty: true });
      let page: Promise<unknown> | undefined;
      expect(() => { page = applier.applyPage([favorited()]); }).not.toThrow();
      await expect(page).rejects.toThrow('keys failed');
      let single: Promise<unknown> | undefined;
      expect(() => { single = applier.apply(favorited()); }).not.toThrow();
      await expect(single).rejects.toThrow('keys failed');
    });
  });
});

// A rebuild takes the events its command handler validated against the current schemas as they are
// (infra/event-schema-stamp.ts); every other event is parsed, and a bad one skipped.
describe('event applier on its own log', () => {
  const copying: AnyProjection = {
    name: 'copying', collection: 'copying', eventTypes: ['VendorFavorited'],
    keysOf: () => ['x'],
    evolve: (_doc, event, id) => ({ _id: id, _seen: {}, data: event.data }),
  };
  // Data the strict schema refuses: what it becomes shows whether the event was parsed.
  const withExtraKey = (eventSchema?: string): RecordedEvent => {
    const event = recorded('favorites-u9', { type: 'VendorFavorited', data: { userId: 'u9', vendorId: 'v9' } });
    return { ...event, data: { ...event.data, note: 'not in the schema' }, metadata: { ...event.metadata, ...(eventSchema === undefined ? {} : { eventSchema }) } };
  };
  const applyOne = async (event: RecordedEvent, ownLog: boolean) => {
    const viewStore = createMemoryViewStore();
    const outcome = await createEventApplier({ viewStore, projections: [copying], log: silentLog, ownLog }).apply(event);
    return { status: outcome.status, doc: await viewStore.collection('copying').findOne({ _id: 'x' }) };
  };

  it('takes an event stamped with the current schemas as it is, without parsing it', async () => {
    const { status, doc } = await applyOne(withExtraKey(eventSchemaFingerprint()), true);
    expect(status).toBe('applied');
    expect(doc?.data).toEqual({ userId: 'u9', vendorId: 'v9', note: 'not in the schema' });
  });

  it("takes a replayed event whose metadata text ends with the current stamp without parsing its metadata (replayed-event.ts)", async () => {
    // Metadata that would not parse: a read of it would fail the apply.
    const row: ReadEventRow = [1, 'event-1', 'favorites-u9', 0, 'VendorFavorited', JSON.stringify({ userId: 'u9', vendorId: 'v9', note: 'not in the schema' }), `{"broken":,"eventSchema":"${eventSchemaFingerprint()}"}`, '2026-01-01T00:00:00.000Z'];
    const { status, doc } = await applyOne(replayedEventOf(row), true);
    expect(status).toBe('applied');
    expect(doc?.data).toEqual({ userId: 'u9', vendorId: 'v9', note: 'not in the schema' });
  });

  it('gives the projections the metadata of a replayed event it parsed (a getter, which a spread leaves out)', async () => {
    const byActor: AnyProjection = { ...copying, name: 'by-actor', collection: 'copying', evolve: (_doc, event, id) => ({ _id: id, _seen: {}, correlationId: event.metadata.correlationId }) };
    const row: ReadEventRow = [1, 'event-1', 'favorites-u9', 0, 'VendorFavorited', JSON.stringify({ userId: 'u9', vendorId: 'v9' }), JSON.stringify(recorded('favorites-u9', { type: 'VendorFavorited', data: { userId: 'u9', vendorId: 'v9' } }).metadata), '2026-01-01T00:00:00.000Z'];
    const viewStore = createMemoryViewStore();
    const outcome = await createEventApplier({ viewStore, projections: [byActor], log: silentLog, ownLog: true }).apply(replayedEventOf(row));
    expect(outcome.status).toBe('applied');
    expect((await viewStore.collection('copying').findOne({ _id: 'x' }))?.correlationId).toBe((JSON.parse(row[6]) as { correlationId: string }).correlationId);
  });

  it('parses an event stamped with other schemas, one without a stamp, and any event of a log not its own', async () => {
    expect(await applyOne(withExtraKey('older-schemas'), true)).toEqual({ status: 'invalid', doc: null });
    expect(await applyOne(withExtraKey(), true)).toEqual({ status: 'invalid', doc: null });
    expect(await applyOne(withExtraKey(eventSchemaFingerprint()), false)).toEqual({ status: 'invalid', doc: null });
  });
});
