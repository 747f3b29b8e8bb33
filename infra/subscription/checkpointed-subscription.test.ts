import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventStore, NewEvent, RecordedEvent } from '../../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { createCheckpointedSubscription, type CheckpointedSubscriptionOptions, type SubscriptionCheckpoint } from './checkpointed-subscription.ts';

const metadata = { actor: { userId: 'u-1', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
const newEvent = (n: number): NewEvent => ({ id: randomUUID(), type: 'SomethingHappened', data: { n }, metadata });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function storeWith(count: number): Promise<EventStore> {
  const store = await openSqliteEventStore({ path: ':memory:' });
  cleanups.push(() => store.close());
  if (count > 0) await store.append('thing-1', Array.from({ length: count }, (_, n) => newEvent(n)), 'no_stream');
  return store;
}

/** A checkpoint in memory that remembers every save. */
function recordingCheckpoint(initial?: number): SubscriptionCheckpoint & { saves: number[] } {
  const saves: number[] = [];
  let stored = initial;
  return { saves, load: async () => stored, save: async (position) => { saves.push(position); stored = position; } };
}

function follow<R>(store: EventStore, options: Omit<CheckpointedSubscriptionOptions<R>, 'subscribe'>) {
  const subscription = createCheckpointedSubscription<R>({
    subscribe: (after, signal) => store.subscribeToAll({ ...(after === undefined ? {} : { after }), signal }),
    retryDelayMs: 5,
    ...options,
  });
  cleanups.push(() => subscription.stop());
  return subscription;
}

const numbers = (events: RecordedEvent[]) => events.map((event) => (event.data as { n: number }).n);

describe('checkpointed subscription', () => {
  it('hands over what the feed holds in pages, in order, and saves the checkpoint every N events', async () => {
    const store = await storeWith(25);
    const pages: number[][] = [];
    const checkpoint = recordingCheckpoint();
    const subscription = follow(store, { checkpoint, pageSize: 10, checkpointEvery: 10, quietMs: 60_000, handlePage: async (events) => { pages.push(numbers(events)); } });
    await subscription.start();
    const head = await store.headPosition();
    expect(await subscription.waitForPosition(head, 10_000)).toBe(true);
    expect(pages.flat()).toEqual([...Array(25).keys()]);
    expect(pages.every((page) => page.length <= 10)).toBe(true);
    // The caught-up log came in full pages; every save was due (10 events since the last one).
    expect(pages.slice(0, 2).map((page) => page.length)).toEqual([10, 10]);
    expect(checkpoint.saves.length).toBeGreaterThanOrEqual(2);
    expect(checkpoint.saves.at(-1)).toBeLessThan(head);
    await subscription.stop();
    expect(checkpoint.saves.at(-1)).toBe(head);
  });

  it('on a feed in position order, counts the events a feed for some types passed over towards the next save', async () => {
    const store = await storeWith(0);
    // One event in 50 of the type handled: the feed delivers those and a page's last event.
    await store.append('thing-1', Array.from({ length: 2_000 }, (_, n) => ({ ...newEvent(n), ...(n % 50 === 0 ? { type: 'Wanted' } : {}) })), 'no_stream');
    const checkpoint = recordingCheckpoint();
    const delivered: number[] = [];
    const subscription = createCheckpointedSubscription<void>({
      subscribe: (after, signal) => store.subscribeToAll({ ...(after === undefined ? {} : { after }), signal, types: new Set(['Wanted']) }),
      checkpoint, pageSize: 5, checkpointEvery: 500, quietMs: 60_000, skipHandled: true, retryDelayMs: 5,
      handlePage: async (events) => { delivered.push(...events.map((event) => event.position)); },
    });
    cleanups.push(() => subscription.stop());
    await subscription.start();
    const head = await store.headPosition();
    expect(await subscription.waitForPosition(head, 10_000)).toBe(true);
    expect(delivered.length).toBeLessThan(100);
    // Pages of 5 events over about 250 positions: saved as the log went by (about every 500 positions),
    // not only once 500 events were delivered (never, here).
    expect(checkpoint.saves.length).toBeGreaterThanOrEqual(3);
  });

  it('saves the checkpoint when the feed goes quiet', async () => {
    const store = await storeWith(3);
    const checkpoint = recordingCheckpoint();
    const subscription = follow(store, { checkpoint, checkpointEvery: 1000, quietMs: 20, handlePage: async () => {} });
    await subscription.start();
    const head = await store.headPosition();
    await expect.poll(() => checkpoint.saves.at(-1), { timeout: 10_000 }).toBe(head);
  });

  it('with busyLingerMs, events that keep coming one by one gather in a few pages, and an event after a quiet moment is handed over at once', async () => {
    /** Appends `count` events one at a time, a few milliseconds apart; the pages the subscription made of them. */
    async function pagesOfATrickle(busyLingerMs: number, count: number) {
      const store = await storeWith(0);
      const pages: number[][] = [];
      const subscription = follow(store, {
        checkpoint: recordingCheckpoint(), checkpointEvery: 1000, quietMs: 60_000, busyLingerMs,
        handlePage: async (events) => { pages.push(numbers(events)); },
      });
      await subscription.start();
      for (let n = 0; n < count; n++) {
        await store.append('thing-1', [newEvent(n)], 'any');
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      expect(await subscription.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
      return { store, subscription, pages };
    }
    const eager = await pagesOfATrickle(0, 30);
    // A linger no passing run reaches, however slow the machine: the trickle's last page is closed by
    // the wait that ends pagesOfATrickle, not by the linger's end.
    const gathered = await pagesOfATrickle(120_000, 30);
    expect(eager.pages.flat()).toEqual([...Array(30).keys()]);
    expect(gathered.pages.flat()).toEqual([...Array(30).keys()]);
    // Without the linger each event (its own commit) is a page of its own; with it, the first event
    // comes after a quiet start (a page alone) and the others gather while they keep coming.
    expect(eager.pages.length).toBeGreaterThanOrEqual(20);
    expect(gathered.pages.length).toBeLessThanOrEqual(4);
    expect(gathered.pages[0]).toEqual([0]);

    // Quiet for longer than the linger: the next event is handed over without waiting for more. The
    // pager's clock (performance.now) is moved past the linger rather than waited out, and no reader
    // waits (a wait would end a linger by itself): a page that lingered would take 120 s, so the poll's
    // bound tells the two apart without timing anything.
    const realNow = performance.now.bind(performance);
    const quietLater = vi.spyOn(performance, 'now').mockImplementation(() => realNow() + 121_000);
    let position: number;
    try {
      ({ position } = await gathered.store.append('thing-1', [newEvent(30)], 'any'));
      await expect.poll(() => gathered.pages.at(-1), { timeout: 10_000 }).toEqual([30]);
    } finally {
      quietLater.mockRestore();
    }
    expect(await gathered.subscription.waitForPosition(position, 10_000)).toBe(true);
  });

  it('with busyLingerMs, a reader waiting for a position closes a lingering page, and no page lingers while one waits', async () => {
    const store = await storeWith(0);
    const pages: number[][] = [];
    let readerWaits = false;
    const subscription = follow(store, {
      // A linger far longer than the waits below may take (10 s): a wait answered at all was not made to
      // wait for the linger's end, however slow the machine.
      checkpoint: recordingCheckpoint(), checkpointEvery: 1000, quietMs: 60_000, busyLingerMs: 120_000,
      readerWaiting: () => readerWaits,
      handlePage: async (events) => { pages.push(numbers(events)); },
    });
    await subscription.start();
    let n = 0;
    /**
     * Appends `count` events one at a time, a few milliseconds apart; the position of the last. A count,
     * not a time: a slow machine would fit fewer events into a time than the assertions below count on.
     */
    async function trickle(count: number): Promise<number> {
      let last = -1;
      for (let appended = 0; appended < count; appended++) {
        ({ position: last } = await store.append('thing-1', [newEvent(n++)], 'any'));
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      return last;
    }
    // Events keep coming: the page after the first lingers from its first event.
    const lingering = await trickle(40);
    expect(await subscription.waitForPosition(lingering, 10_000)).toBe(true);
    // What the page held came whole and in order, and the page closed with the position waited for.
    expect(pages.flat()).toEqual([...Array(n).keys()]);
    expect(pages.at(-1)!.at(-1)).toBe(n - 1);
    const pagesBefore = pages.length;

    // While a reader waits (the owner says so), the pages the trickle makes close without lingering...
    readerWaits = true;
    const lastWaited = await trickle(40);
    expect(await subscription.waitForPosition(lastWaited, 10_000)).toBe(true);
    expect(pages.length - pagesBefore).toBeGreaterThan(3);
    // ...and hurry() closes a page that lingers once one begins to wait.
    readerWaits = false;
    const pagesThen = pages.length;
    const lingeringAgain = await trickle(40);
    subscription.hurry();
    await expect.poll(() => pages.flat().at(-1), { timeout: 10_000, interval: 5 }).toBe(n - 1);
    expect(pages.flat()).toEqual([...Array(n).keys()]);
    expect(pages.length - pagesThen).toBeLessThanOrEqual(3);
    expect(await subscription.waitForPosition(lingeringAgain, 10_000)).toBe(true);
  });

  it('with dueSavesApartMs, a page that asks for a save soon after the previous one is saved that long after it, whatever pages come meanwhile', async () => {
    const store = await storeWith(1);
    const recording = recordingCheckpoint();
    const savedAt: number[] = [];
    const checkpoint = { ...recording, save: async (position: number) => { savedAt.push(performance.now()); await recording.save(position); } };
    const apartMs = 2_000;
    const subscription = follow(store, { checkpoint, checkpointEvery: 1000, quietMs: 60_000, dueSavesApartMs: apartMs, checkpointDue: () => true, handlePage: async () => {} });
    await subscription.start();
    // The first page asks for a save and none came before: saved with it.
    expect(await subscription.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(recording.saves).toEqual([await store.headPosition()]);
    // Pages that ask for one within the spacing are not saved with their page (nor put the save off, as
    // the quiet save would be: a page every 50 ms here, quietMs a minute).
    // At least one such page, however long the machine took to get here.
    let last = 0;
    do {
      ({ position: last } = await store.append('thing-2', [newEvent(1)], 'any'));
      expect(await subscription.waitForPosition(last, 10_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } while (performance.now() - savedAt[0]! < apartMs * 0.3);
    await expect.poll(() => recording.saves.at(-1), { timeout: 10_000, interval: 20 }).toBe(last);
    // The next save came from the timer, the spacing after the first (however slow the pages were).
    expect(savedAt[1]! - savedAt[0]!).toBeGreaterThanOrEqual(apartMs * 0.9);
  });

  it('resumes after the stored checkpoint, and skips what is at or before it on a feed in position order', async () => {
    const store = await storeWith(6);
    const all = await store.readAll();
    const handled: number[] = [];
    // A feed that starts again from the beginning whatever it is asked (an at-least-once redelivery).
    const subscription = createCheckpointedSubscription<void>({
      subscribe: (_after, signal) => store.subscribeToAll({ signal }),
      checkpoint: recordingCheckpoint(all[3]!.position),
      skipHandled: true,
      handlePage: async (events) => { handled.push(...numbers(events)); },
    });
    cleanups.push(() => subscription.stop());
    await subscription.start();
    expect(subscription.position()).toBe(all[3]!.position);
    expect(await subscription.waitForPosition(all[5]!.position, 10_000)).toBe(true);
    expect(handled).toEqual([4, 5]);
  });

  it('after a failing page resubscribes from before it, with the wait it is given, and goes on', async () => {
    const store = await storeWith(4);
    let failuresLeft = 2;
    const handled: number[] = [];
    const errors: Array<[string, number]> = [];
    const waits: number[] = [];
    const subscription = follow(store, {
      checkpoint: recordingCheckpoint(),
      handlePage: async (events) => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('store unavailable');
        }
        handled.push(...numbers(events));
      },
      retryDelayMs: (attempt) => { waits.push(attempt); return 5; },
      onError: (error, attempt) => errors.push([(error as Error).message, attempt]),
    });
    await subscription.start();
    expect(await subscription.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(handled).toEqual([0, 1, 2, 3]);
    expect(errors).toEqual([['store unavailable', 1], ['store unavailable', 2]]);
    expect(waits).toEqual([1, 2]);
  });

  it('runs a page and its checkpoint as one unit: when the unit fails, neither the position nor `committed` moves', async () => {
    const store = await storeWith(2);
    let failCommit = true;
    const committed: number[][] = [];
    const checkpoint = recordingCheckpoint();
    const subscription = follow(store, {
      checkpoint,
      checkpointEvery: 1,
      handlePage: async (events) => numbers(events),
      committed: (result) => committed.push(result),
      // Like a transaction whose COMMIT fails once: the work ran, then the whole unit is refused.
      atomically: async (work) => {
        const result = await work();
        if (failCommit) {
          failCommit = false;
          throw new Error('commit failed');
        }
        return result;
      },
    });
    await subscription.start();
    expect(await subscription.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    // The page was handled twice, but committed (and reported) once.
    expect(committed).toEqual([[0, 1]]);
    expect(checkpoint.saves).toEqual([await store.headPosition(), await store.headPosition()]);
  });

  it('acknowledges a page to a feed that keeps its own progress (Kafka) only once the page committed', async () => {
    const store = await storeWith(3);
    const acknowledged: number[][] = [];
    let failFirst = true;
    const subscription = createCheckpointedSubscription<void>({
      subscribe: (after, signal) => ({
        [Symbol.asyncIterator]: () => store.subscribeToAll({ ...(after === undefined ? {} : { after }), signal })[Symbol.asyncIterator](),
        acknowledge: async (events) => { acknowledged.push(numbers([...events])); },
      }),
      checkpoint: recordingCheckpoint(),
      retryDelayMs: 5,
      // The views cannot be written the first time: the page must not count as processed.
      handlePage: async () => {
        if (failFirst) {
          failFirst = false;
          throw new Error('view store unavailable');
        }
      },
    });
    cleanups.push(() => subscription.stop());
    await subscription.start();
    expect(await subscription.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    await expect.poll(() => acknowledged).toEqual([[0, 1, 2]]);
  });

  it('stands by while mayFollow says no, saving its checkpoint, and reloads it when its turn comes', async () => {
    const store = await storeWith(2);
    let mayFollow = true;
    const handled: number[] = [];
    const log: string[] = [];
    const checkpoint = recordingCheckpoint();
    const subscription = follow(store, {
      checkpoint, checkpointEvery: 1000, quietMs: 60_000,
      handlePage: async (events) => { handled.push(...numbers(events)); },
      mayFollow: () => mayFollow,
      onStandBy: () => log.push('standby'),
      onFollowing: () => log.push('following'),
    });
    await subscription.start();
    expect(await subscription.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    mayFollow = false;
    const first = await store.append('thing-1', [newEvent(2)], 1);
    await expect.poll(() => log, { timeout: 10_000 }).toEqual(['following', 'standby']);
    expect(checkpoint.saves).toEqual([(await store.readAll())[1]!.position]);
    // Meanwhile another instance handled the new event and saved its checkpoint.
    await checkpoint.save(first.position);
    await store.append('thing-1', [newEvent(3)], 2);
    mayFollow = true;
    expect(await subscription.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(handled).toEqual([0, 1, 3]);
    expect(log).toEqual(['following', 'standby', 'following']);
  });

  it('a waiter hears of a position another instance handled while this one stood by, with no event after it', async () => {
    const store = await storeWith(2);
    let mayFollow = true;
    let standingBy = false;
    const checkpoint = recordingCheckpoint();
    const subscription = follow(store, {
      checkpoint, checkpointEvery: 1000, quietMs: 60_000, handlePage: async () => undefined, mayFollow: () => mayFollow,
      onStandBy: () => { standingBy = true; },
    });
    await subscription.start();
    expect(await subscription.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    mayFollow = false;
    const last = await store.append('thing-1', [newEvent(2)], 1);
    await expect.poll(() => standingBy, { timeout: 10_000 }).toBe(true);
    // Another instance handled it and saved its checkpoint.
    await checkpoint.save(last.position);
    const waited = subscription.waitForPosition(last.position, 10_000);
    mayFollow = true;
    expect(await waited).toBe(true);
    await subscription.stop();
  });

  it('process() and exclusively() take their turn with the feed; advanceTo moves the position', async () => {
    const store = await storeWith(0);
    const handled: number[] = [];
    const subscription = follow(store, { checkpoint: recordingCheckpoint(), handlePage: async (events) => { handled.push(...numbers(events)); return events.length; } });
    await subscription.start();
    await store.append('thing-1', [newEvent(0)], 'no_stream');
    const [event] = await store.readAll();
    expect(await subscription.process([event!])).toBe(1);
    const waiting = subscription.waitForPosition(event!.position + 100, 10_000);
    const result = await subscription.exclusively(async () => {
      subscription.advanceTo(event!.position + 100);
      return 'rebuilt';
    });
    expect(result).toBe('rebuilt');
    expect(await waiting).toBe(true);
    expect(subscription.position()).toBe(event!.position + 100);
    expect(await subscription.waitForPosition(event!.position + 101, 30)).toBe(false);
    expect(handled).toContain(0);
  });

  it('does not follow again after an exclusive run that a stop came during', async () => {
    const store = await storeWith(0);
    const handled: number[] = [];
    const subscription = follow(store, { checkpoint: recordingCheckpoint(), handlePage: async (events) => { handled.push(...numbers(events)); } });
    await subscription.start();
    let release!: () => void;
    let began!: () => void;
    const running = new Promise<void>((resolve) => { began = resolve; });
    const exclusive = subscription.exclusively(() => new Promise<void>((resolve) => { release = resolve; began(); }));
    // The stop comes once the exclusive run is under way (not after a guessed while).
    await running;
    const stopping = subscription.stop();
    release();
    await Promise.all([exclusive, stopping]);
    await store.append('thing-1', [newEvent(7)], 'no_stream');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(handled).toEqual([]);
  });
});
