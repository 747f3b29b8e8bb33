import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, RecordedEvent } from '../../domain/ports/event-store.ts';
import { WrongExpectedRevision } from '../../domain/ports/event-store.ts';
import type { EventMetadata } from '../../domain/shared/metadata.ts';

// The one conformance suite of the EventStore port (DESIGN §2). Every adapter runs it:
//   eventStoreConformance('node:sqlite', () => openSqliteEventStore({ path: ':memory:' }));
// Each test uses streams with a random suffix, measures from the head it found and reads back only its
// own streams, so the suite also runs against a shared server that holds other events and has other
// writers at the same time (EventStoreDB under parallel test files).

export interface EventStoreConformanceOptions {
  /** True when makeStore returns an empty store nobody else writes to; enables the exact "whole store" checks. */
  startsEmpty?: boolean;
  /** How long a subscription test waits for its events before failing. */
  subscriptionTimeoutMs?: number;
}

const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  actor: { userId: 'user-1', roles: ['user'], groups: [], vendorId: null },
  correlationId: randomUUID(),
  causationId: null,
  at: '2026-01-01T10:00:00.000Z',
  schemaVersion: 1,
  ...overrides,
});

const newEvent = (type = 'Tested', data: unknown = { n: 0 }): NewEvent => ({ id: randomUUID(), type, data, metadata: metadata() });

const events = (count: number, type = 'Tested'): NewEvent[] => Array.from({ length: count }, (_, n) => newEvent(type, { n }));

/** Awaits a promise that must reject with WrongExpectedRevision, and returns the error. */
async function wrongRevision(promise: Promise<unknown>): Promise<WrongExpectedRevision> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(WrongExpectedRevision);
  return outcome as WrongExpectedRevision;
}

/** Reads a subscription until `enough` says so; fails rather than hangs when events never come. */
async function collect(
  iterable: (signal: AbortSignal) => AsyncIterable<RecordedEvent>,
  enough: (received: RecordedEvent[]) => boolean,
  timeoutMs: number,
): Promise<RecordedEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const received: RecordedEvent[] = [];
  try {
    for await (const event of iterable(controller.signal)) {
      received.push(event);
      if (enough(received)) break;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return received;
}

export function eventStoreConformance(
  name: string,
  makeStore: () => Promise<EventStore>,
  options: EventStoreConformanceOptions = {},
): void {
  const timeoutMs = options.subscriptionTimeoutMs ?? 10_000;

  describe(`EventStore conformance: ${name}`, () => {
    let store: EventStore;
    let stream: (label?: string) => string;

    beforeEach(async () => {
      store = await makeStore();
      const run = randomUUID().replaceAll('-', '');
      stream = (label = 'a') => `conformance${label}-${run}`;
    });

    afterEach(async () => {
      await store.close();
    });

    describe('append with an expected revision', () => {
      it('no_stream creates a stream whose revisions start at 0', async () => {
        const result = await store.append(stream(), events(3), 'no_stream');
        expect(result.streamId).toBe(stream());
        expect(result.nextRevision).toBe(2);
        const read = await store.readStream(stream());
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(read.map((e) => e.streamId)).toEqual([stream(), stream(), stream()]);
        expect(result.position).toBe(read[2]!.position);
      });

      it('no_stream on an existing stream is refused with the actual revision', async () => {
        await store.append(stream(), events(2), 'no_stream');
        const error = await wrongRevision(store.append(stream(), events(1), 'no_stream'));
        expect(error.streamId).toBe(stream());
        expect(error.expected).toBe('no_stream');
        expect(error.actual).toBe(1);
      });

      it('stream_exists succeeds on an existing stream and is refused on a missing one', async () => {
        await store.append(stream(), events(1), 'no_stream');
        const result = await store.append(stream(), events(1), 'stream_exists');
        expect(result.nextRevision).toBe(1);
        const error = await wrongRevision(store.append(stream('missing'), events(1), 'stream_exists'));
        expect(error.expected).toBe('stream_exists');
        expect(error.actual).toBe(-1);
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('any appends to a missing and to an existing stream', async () => {
        expect((await store.append(stream(), events(2), 'any')).nextRevision).toBe(1);
        expect((await store.append(stream(), events(1), 'any')).nextRevision).toBe(2);
      });

      it('an exact revision that matches appends after it', async () => {
        await store.append(stream(), events(1), 'no_stream');
        expect((await store.append(stream(), events(2), 0)).nextRevision).toBe(2);
        expect((await store.append(stream(), events(1), 2)).nextRevision).toBe(3);
      });

      it('an exact revision that does not match is refused with the actual revision', async () => {
        await store.append(stream(), events(3), 'no_stream');
        const behind = await wrongRevision(store.append(stream(), events(1), 1));
        expect(behind.expected).toBe(1);
        expect(behind.actual).toBe(2);
        const ahead = await wrongRevision(store.append(stream(), events(1), 5));
        expect(ahead.actual).toBe(2);
        const missing = await wrongRevision(store.append(stream('missing'), events(1), 0));
        expect(missing.actual).toBe(-1);
        expect(await store.readStream(stream())).toHaveLength(3);
      });

      it('a refused multi-event append writes none of its events', async () => {
        await store.append(stream(), events(1), 'no_stream');
        await wrongRevision(store.append(stream(), events(5), 3));
        await wrongRevision(store.append(stream(), events(5), 'no_stream'));
        const read = await store.readStream(stream());
        expect(read).toHaveLength(1);
      });

      it('a multi-event append is stored whole, in order, with consecutive revisions', async () => {
        const batch = events(4);
        await store.append(stream(), batch, 'no_stream');
        const read = await store.readStream(stream());
        expect(read.map((e) => e.id)).toEqual(batch.map((e) => e.id));
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
      });

      it('concurrent appends with the same expected revision: exactly one wins', async () => {
        await store.append(stream(), events(1), 'no_stream');
        const attempts = await Promise.allSettled(Array.from({ length: 10 }, (_, n) => store.append(stream(), [newEvent('Raced', { n })], 0)));
        const won = attempts.filter((a) => a.status === 'fulfilled');
        const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(9);
        for (const refusal of lost) expect(refusal.reason).toBeInstanceOf(WrongExpectedRevision);
        expect(await store.readStream(stream())).toHaveLength(2);
      });

      it('concurrent appends to different streams all land, each with its own revisions', async () => {
        const writers = Array.from({ length: 8 }, (_, n) => stream(`w${n}`));
        for (const id of writers.slice(0, 4)) await store.append(id, events(2), 'no_stream');
        // Half the streams exist (exact revision 1), half are new (no_stream); two appends per stream.
        const firsts = writers.map((id, n) => store.append(id, events(3), n < 4 ? 1 : 'no_stream'));
        const results = await Promise.all(firsts);
        const seconds = await Promise.all(writers.map((id, n) => store.append(id, events(1), results[n]!.nextRevision)));
        for (const [n, id] of writers.entries()) {
          expect(results[n]!.nextRevision).toBe(n < 4 ? 4 : 2);
          expect(seconds[n]!.nextRevision).toBe(results[n]!.nextRevision + 1);
          const read = await store.readStream(id);
          expect(read.map((e) => e.revision)).toEqual(Array.from({ length: n < 4 ? 6 : 4 }, (_, r) => r));
          expect(read.at(-1)!.position).toBe(seconds[n]!.position);
        }
        const positions = [...results, ...seconds].map((r) => r.position);
        expect(new Set(positions).size).toBe(positions.length);
      });

      it('a refused append among concurrent ones fails alone', async () => {
        await store.append(stream(), events(1), 'no_stream');
        const [stale, created, matching, missing, any] = await Promise.allSettled([
          store.append(stream(), events(2), 5),
          store.append(stream('new'), events(2), 'no_stream'),
          store.append(stream(), events(1), 0),
          store.append(stream('missing'), events(1), 'stream_exists'),
          store.append(stream('any'), events(1), 'any'),
        ]);
        expect(stale.status === 'rejected' && stale.reason).toBeInstanceOf(WrongExpectedRevision);
        expect(missing.status === 'rejected' && missing.reason).toBeInstanceOf(WrongExpectedRevision);
        expect(created.status === 'fulfilled' && created.value.nextRevision).toBe(1);
        expect(matching.status === 'fulfilled' && matching.value.nextRevision).toBe(1);
        expect(any.status === 'fulfilled' && any.value.nextRevision).toBe(0);
        expect((await store.readStream(stream())).map((e) => e.revision)).toEqual([0, 1]);
        expect(await store.readStream(stream('new'))).toHaveLength(2);
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('concurrent appends with "any" to one stream all land, with consecutive revisions', async () => {
        const results = await Promise.all(Array.from({ length: 6 }, (_, n) => store.append(stream(), [newEvent('Any', { n })], 'any')));
        expect(results.map((r) => r.nextRevision).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
        const read = await store.readStream(stream());
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
        for (const result of results) expect(read[result.nextRevision]!.position).toBe(result.position);
      });

      it('concurrent creations of one stream with no_stream: exactly one wins', async () => {
        const attempts = await Promise.allSettled(Array.from({ length: 10 }, () => store.append(stream(), events(2), 'no_stream')));
        expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(stream())).toHaveLength(2);
      });
    });

    describe('positions', () => {
      it('are strictly increasing in append order across streams', async () => {
        const results = [];
        for (let n = 0; n < 6; n++) results.push(await store.append(stream(n % 2 === 0 ? 'even' : 'odd'), events(2), 'any'));
        const all = [...(await store.readStream(stream('even'))), ...(await store.readStream(stream('odd')))].sort((a, b) => a.position - b.position);
        expect(all).toHaveLength(12);
        for (let n = 1; n < all.length; n++) expect(all[n]!.position).toBeGreaterThan(all[n - 1]!.position);
        for (let n = 1; n < results.length; n++) expect(results[n]!.position).toBeGreaterThan(results[n - 1]!.position);
        // Append order: event 2k and 2k+1 belong to append k.
        expect(all.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
        expect(all.map((e) => e.streamId)).toEqual(results.flatMap((r) => [r.streamId, r.streamId]));
      });

      it('headPosition is the position of the last appended event', async () => {
        if (options.startsEmpty) expect(await store.headPosition()).toBe(-1);
        const before = await store.headPosition();
        const first = await store.append(stream(), events(2), 'no_stream');
        expect(first.position).toBeGreaterThan(before);
        // Another writer may append in between on a shared store: the head is then further on.
        const exact = options.startsEmpty ? 'toBe' : 'toBeGreaterThanOrEqual';
        expect(await store.headPosition())[exact](first.position);
        const second = await store.append(stream('b'), events(1), 'no_stream');
        expect(await store.headPosition())[exact](second.position);
      });
    });

    describe('readStream', () => {
      beforeEach(async () => {
        await store.append(stream(), events(5), 'no_stream');
      });

      const ns = (read: RecordedEvent[]) => read.map((e) => (e.data as { n: number }).n);

      it('reads forwards by default', async () => {
        expect(ns(await store.readStream(stream()))).toEqual([0, 1, 2, 3, 4]);
        expect(ns(await store.readStream(stream(), { direction: 'forwards' }))).toEqual([0, 1, 2, 3, 4]);
      });

      it('reads backwards from the end', async () => {
        const read = await store.readStream(stream(), { direction: 'backwards' });
        expect(ns(read)).toEqual([4, 3, 2, 1, 0]);
        expect(read.map((e) => e.revision)).toEqual([4, 3, 2, 1, 0]);
      });

      it('starts at fromRevision, inclusive, in both directions', async () => {
        expect(ns(await store.readStream(stream(), { fromRevision: 2 }))).toEqual([2, 3, 4]);
        expect(ns(await store.readStream(stream(), { direction: 'backwards', fromRevision: 2 }))).toEqual([2, 1, 0]);
        expect(await store.readStream(stream(), { fromRevision: 5 })).toEqual([]);
      });

      it('limits to maxCount in both directions', async () => {
        expect(ns(await store.readStream(stream(), { maxCount: 2 }))).toEqual([0, 1]);
        expect(ns(await store.readStream(stream(), { direction: 'backwards', maxCount: 1 }))).toEqual([4]);
        expect(ns(await store.readStream(stream(), { fromRevision: 1, maxCount: 3 }))).toEqual([1, 2, 3]);
        expect(ns(await store.readStream(stream(), { direction: 'backwards', fromRevision: 3, maxCount: 2 }))).toEqual([3, 2]);
      });

      it('answers an empty array for a missing stream', async () => {
        expect(await store.readStream(stream('never'))).toEqual([]);
        expect(await store.readStream(stream('never'), { direction: 'backwards' })).toEqual([]);
      });

      it('does not mix in events of other streams', async () => {
        await store.append(stream('other'), events(3), 'no_stream');
        expect(await store.readStream(stream())).toHaveLength(5);
        expect(await store.readStream(stream('other'))).toHaveLength(3);
      });
    });

    describe('readAll', () => {
      // Other writers may share the store (EventStoreDB), so each test reads back only its own streams.
      const own = (read: RecordedEvent[], ...labels: string[]) => {
        const mine = new Set((labels.length > 0 ? labels : ['a']).map((label) => stream(label)));
        return read.filter((e) => mine.has(e.streamId));
      };

      it('reads every stream in position order after a position', async () => {
        const head = await store.headPosition();
        await store.append(stream('x'), events(2), 'no_stream');
        await store.append(stream('y'), events(1), 'no_stream');
        await store.append(stream('x'), events(1), 1);
        const read = own(await store.readAll({ after: head }), 'x', 'y');
        expect(read.map((e) => `${e.streamId}@${e.revision}`)).toEqual([
          `${stream('x')}@0`,
          `${stream('x')}@1`,
          `${stream('y')}@0`,
          `${stream('x')}@2`,
        ]);
        const afterSecond = own(await store.readAll({ after: read[1]!.position }), 'x', 'y');
        expect(afterSecond.map((e) => e.id)).toEqual(read.slice(2).map((e) => e.id));
        expect(own(await store.readAll({ after: read[3]!.position }), 'x', 'y')).toEqual([]);
      });

      it('starts at `from`, inclusive', async () => {
        await store.append(stream(), events(4), 'no_stream');
        const written = await store.readStream(stream());
        const fromSecond = own(await store.readAll({ from: written[1]!.position }));
        expect(fromSecond.map((e) => e.id)).toEqual(written.slice(1).map((e) => e.id));
        // The events of one append are consecutive in the log, whoever else writes.
        const two = await store.readAll({ from: written[1]!.position, maxCount: 2 });
        expect(two.map((e) => e.id)).toEqual(written.slice(1, 3).map((e) => e.id));
      });

      it('limits to maxCount', async () => {
        await store.append(stream(), events(5), 'no_stream');
        const [first] = await store.readStream(stream(), { maxCount: 1 });
        const read = await store.readAll({ from: first!.position, maxCount: 3 });
        expect(read.map((e) => `${e.streamId}@${e.revision}`)).toEqual([0, 1, 2].map((revision) => `${stream()}@${revision}`));
      });

      it('reads backwards from the last event', async () => {
        await store.append(stream(), events(3), 'no_stream');
        const written = await store.readStream(stream());
        const [latest] = await store.readAll({ direction: 'backwards', maxCount: 1 });
        expect(latest!.position).toBeGreaterThanOrEqual(written[2]!.position);
        if (options.startsEmpty) expect(latest!.id).toBe(written[2]!.id);
        const backwards = await store.readAll({ direction: 'backwards', maxCount: 1000 });
        for (let n = 1; n < backwards.length; n++) expect(backwards[n]!.position).toBeLessThan(backwards[n - 1]!.position);
        expect(own(backwards).map((e) => e.id)).toEqual(written.map((e) => e.id).reverse());
      });

      it('reads backwards before a position, exclusive', async () => {
        await store.append(stream(), events(4), 'no_stream');
        const written = await store.readStream(stream());
        // The events of one append are consecutive in the log, whoever else writes.
        const two = await store.readAll({ direction: 'backwards', before: written[3]!.position, maxCount: 2 });
        expect(two.map((e) => e.id)).toEqual([written[2]!.id, written[1]!.id]);
        expect(own(await store.readAll({ direction: 'backwards', before: written[0]!.position, maxCount: 1000 }))).toEqual([]);
      });

      it('refuses `after` with `from`, either of them backwards, and `before` forwards', async () => {
        await expect(store.readAll({ after: 1, from: 1 })).rejects.toThrow(TypeError);
        await expect(store.readAll({ direction: 'backwards', after: 1 })).rejects.toThrow(TypeError);
        await expect(store.readAll({ direction: 'backwards', from: 1 })).rejects.toThrow(TypeError);
        await expect(store.readAll({ before: 1 })).rejects.toThrow(TypeError);
      });

      it('reads from the beginning when no position is given', async () => {
        await store.append(stream(), events(2), 'no_stream');
        const read = await store.readAll();
        expect(own(read).map((e) => e.revision)).toEqual([0, 1]);
        if (options.startsEmpty) expect(read).toHaveLength(2);
      });
    });

    describe('data and metadata', () => {
      it('round-trip unchanged, with the event id, type and a recorded time', async () => {
        const data = {
          title: 'להקת כליזמרים · Klezmer band',
          price: { amountMinor: 150_000, currency: 'ILS' },
          tags: ['wedding', 'bar-mitzvah'],
          nested: { deep: { list: [1, 2.5, -3], flag: true, nothing: null } },
          emoji: '🎻',
        };
        const meta = metadata({
          actor: { userId: 'u-42', roles: ['user', 'vendor'], groups: ['superUsers'], vendorId: 'v-7' },
          causationId: randomUUID(),
          schemaVersion: 2,
        });
        const event: NewEvent = { id: randomUUID(), type: 'BandBooked', data, metadata: meta };
        await store.append(stream(), [event], 'no_stream');
        const [read] = await store.readStream(stream());
        expect(read).toBeDefined();
        expect(read!.id).toBe(event.id);
        expect(read!.type).toBe('BandBooked');
        expect(read!.data).toEqual(data);
        expect(read!.metadata).toEqual(meta);
        expect(Number.isNaN(Date.parse(read!.recordedAt))).toBe(false);
        const [fromAll] = await store.readAll({ from: read!.position, maxCount: 1 });
        expect(fromAll).toEqual(read);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up, then goes live under concurrent appends: in order, no gaps, no duplicates', async () => {
        const head = await store.headPosition();
        const mine = new Set([stream('p'), stream('q'), stream('r')]);
        for (const id of mine) await store.append(id, events(3), 'no_stream');
        const expectedCount = 9 + 30;

        const writer = (async () => {
          // Live appends while the subscriber catches up and after: three streams, interleaved.
          for (let round = 0; round < 10; round++) {
            await Promise.all([...mine].map((id) => store.append(id, [newEvent('Live', { round })], 'stream_exists')));
            await new Promise((resolve) => setTimeout(resolve, round % 3 === 0 ? 5 : 0));
          }
        })();

        const received = await collect(
          (signal) => store.subscribeToAll({ after: head, signal }),
          (got) => got.filter((e) => mine.has(e.streamId)).length >= expectedCount,
          timeoutMs,
        );
        await writer;
        const ours = received.filter((e) => mine.has(e.streamId));
        expect(ours).toHaveLength(expectedCount);
        for (let n = 1; n < received.length; n++) expect(received[n]!.position).toBeGreaterThan(received[n - 1]!.position);
        expect(new Set(ours.map((e) => e.id)).size).toBe(expectedCount);
        const stored = (await store.readAll({ after: head })).filter((e) => mine.has(e.streamId));
        expect(ours.map((e) => e.id)).toEqual(stored.map((e) => e.id));
        expect(ours[0]!.position).toBeGreaterThan(head);
      });

      it('starts after a checkpoint position, exclusive', async () => {
        await store.append(stream(), events(5), 'no_stream');
        const read = await store.readStream(stream());
        const checkpoint = read[2]!.position;
        const received = await collect(
          (signal) => store.subscribeToAll({ after: checkpoint, signal }),
          (got) => got.filter((e) => e.streamId === stream()).length >= 2,
          timeoutMs,
        );
        expect(received.filter((e) => e.streamId === stream()).map((e) => e.revision)).toEqual([3, 4]);
        expect(received.every((e) => e.position > checkpoint)).toBe(true);
      });

      it('delivers every event from the beginning when no position is given', async () => {
        await store.append(stream(), events(2), 'no_stream');
        const received = await collect(
          (signal) => store.subscribeToAll({ signal }),
          (got) => got.filter((e) => e.streamId === stream()).length >= 2,
          timeoutMs,
        );
        expect(received.filter((e) => e.streamId === stream()).map((e) => e.revision)).toEqual([0, 1]);
      });

      it('ends the iterator when the signal aborts while waiting for events', async () => {
        const controller = new AbortController();
        const head = await store.headPosition();
        await store.append(stream(), events(1), 'no_stream');
        const received: RecordedEvent[] = [];
        const consumed = (async () => {
          for await (const event of store.subscribeToAll({ after: head, signal: controller.signal })) received.push(event);
          return 'ended' as const;
        })();
        await expect.poll(() => received.length, { timeout: timeoutMs }).toBeGreaterThanOrEqual(1);
        controller.abort();
        const outcome = await Promise.race([consumed, new Promise((resolve) => setTimeout(() => resolve('still running'), timeoutMs))]);
        expect(outcome).toBe('ended');
      });

      it('delivers nothing when the signal is already aborted', async () => {
        await store.append(stream(), events(1), 'no_stream');
        const received: RecordedEvent[] = [];
        for await (const event of store.subscribeToAll({ signal: AbortSignal.abort() })) received.push(event);
        expect(received).toEqual([]);
      });

      it('lets each of two subscribers receive the same live events', async () => {
        const head = await store.headPosition();
        const take = (signal: AbortSignal) => store.subscribeToAll({ after: head, signal });
        const enough = (got: RecordedEvent[]) => got.filter((e) => e.streamId === stream()).length >= 4;
        const both = Promise.all([collect(take, enough, timeoutMs), collect(take, enough, timeoutMs)]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        for (let n = 0; n < 4; n++) await store.append(stream(), events(1), n === 0 ? 'no_stream' : n - 1);
        const [one, two] = await both;
        const ids = (got: RecordedEvent[]) => got.filter((e) => e.streamId === stream()).map((e) => e.id);
        expect(ids(one)).toHaveLength(4);
        expect(ids(one)).toEqual(ids(two));
      });
    });
  });
}
