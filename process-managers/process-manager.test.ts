import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, RecordedEvent } from '../domain/ports/event-store.ts';
import { refuse } from '../domain/shared/refusal.ts';
import { calendarDecider } from '../domain/calendar/decider.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { memoryRelayCheckpoints, type RelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';
import { flowCommands } from './flow-commands.ts';
import { createProcessManager, DEAD_LETTERS_COLLECTION, type FlowStep } from './process-manager.ts';

const metadata = { actor: { userId: 'u-1', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
const happened = (n: number): NewEvent => ({ id: randomUUID(), type: 'ThingHappened', data: { n }, metadata });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function storeWith(count: number): Promise<EventStore> {
  const store = await openSqliteEventStore({ path: ':memory:' });
  cleanups.push(() => store.close());
  for (let n = 0; n < count; n++) await store.append(`thing-${n}`, [happened(n)], 'no_stream');
  return store;
}

/** The effect of a step on thing n: a busy window in calendar-v<n> (an append a retry must not repeat). */
const tally = (n: number) => ({
  type: 'CreateBusyWindow' as const, vendorId: `v${n}`, windowId: randomUUID(),
  start: '2031-01-01T10:00:00.000Z', end: '2031-01-01T11:00:00.000Z',
});

function run(eventStore: EventStore, flow: FlowStep, checkpoint: RelayCheckpoints = memoryRelayCheckpoints(), quietMs?: number) {
  const viewStore = createMemoryViewStore();
  const manager = createProcessManager({ flow, feed: storeEventFeed(eventStore), viewStore, eventStore, checkpoint, retryDelayMs: () => 5, ...(quietMs ? { quietMs } : {}) });
  cleanups.push(() => manager.stop());
  return { manager, viewStore, checkpoint };
}

const countedIn = async (store: EventStore, n: number) => (await store.readStream(`calendar-v${n}`)).length;

describe('process manager', () => {
  it('takes its step for each event of its types, and retries a failing step until it succeeds', async () => {
    const store = await storeWith(3);
    await store.append('other-1', [{ ...happened(9), type: 'SomethingElse' }], 'no_stream');
    const commands = flowCommands(store, 'tally');
    let failures = 2;
    const { manager } = run(store, {
      name: 'tally',
      eventTypes: new Set(['ThingHappened']),
      async handle(event) {
        const { n } = event.data as { n: number };
        // The engine is away for the first two attempts at the second event.
        if (n === 1 && failures-- > 0) throw new Error('view store unavailable');
        await commands.execute(calendarDecider, `calendar-v${n}`, tally(n), event);
      },
    });
    await manager.start();
    expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect([await countedIn(store, 0), await countedIn(store, 1), await countedIn(store, 2)]).toEqual([1, 1, 1]);
    expect(manager.stats()).toMatchObject({ name: 'tally', retries: 2, deadLetters: 0, lastError: null });
    // The steps are caused by the events, in their correlation, as the product itself.
    const [counted] = await store.readStream('calendar-v1');
    const [cause] = await store.readStream('thing-1');
    expect(counted!.metadata).toMatchObject({ actor: { roles: ['system'] }, causationId: cause!.id, correlationId: cause!.metadata.correlationId });
  });

  it('saves its checkpoint with a page where it took a step (or a second after the previous save), and not with every page of other events', async () => {
    const store = await storeWith(1);
    const saved: number[] = [];
    const checkpoint = memoryRelayCheckpoints();
    const counting = { load: () => checkpoint.load(), save: async (position: number) => { saved.push(position); await checkpoint.save(position); } };
    const handled: number[] = [];
    // No quiet save during the test: only the pages decide.
    const { manager } = run(store, { name: 'tally', eventTypes: new Set(['ThingHappened']), async handle(event) { handled.push(event.position); } }, counting, 600_000);
    await manager.start();
    expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(saved).toEqual([await store.headPosition()]);
    // Pages of other events, one at a time: none is saved on its own.
    for (let n = 0; n < 5; n++) {
      await store.append(`other-${n}`, [{ ...happened(n), type: 'SomethingElse' }], 'no_stream');
      expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    }
    expect(saved).toHaveLength(1);
    await store.append('thing-9', [happened(9)], 'no_stream');
    expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    // A step within a second of the previous save is saved a second after it (dueSavesApartMs), not with its page.
    await expect.poll(() => saved, { timeout: 10_000 }).toEqual([saved[0], await store.headPosition()]);
    expect(handled).toHaveLength(2);
  });

  it('saves no checkpoint with a page whose steps found nothing to do (their work done before)', async () => {
    const store = await storeWith(1);
    const saved: number[] = [];
    const checkpoint = memoryRelayCheckpoints();
    const counting = { load: () => checkpoint.load(), save: async (position: number) => { saved.push(position); await checkpoint.save(position); } };
    const { manager } = run(store, { name: 'tally', eventTypes: new Set(['ThingHappened']), async handle(event) { return (event.data as { n: number }).n === 9; } }, counting, 600_000);
    await manager.start();
    expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    for (let n = 1; n < 4; n++) {
      await store.append(`thing-${n}`, [happened(n)], 'no_stream');
      expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    }
    expect(saved).toEqual([]);
    await store.append('thing-9', [happened(9)], 'no_stream');
    expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(saved).toEqual([await store.headPosition()]);
  });

  it('sets aside a step the domain refuses as a dead letter, and goes on with the next event', async () => {
    const store = await storeWith(3);
    const handled: number[] = [];
    const { manager, viewStore } = run(store, {
      name: 'picky',
      eventTypes: new Set(['ThingHappened']),
      async handle(event) {
        const { n } = event.data as { n: number };
        if (n === 1) refuse('conflict', 'thing.refused', 'Never this one.');
        handled.push(n);
      },
    });
    await manager.start();
    expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(handled).toEqual([0, 2]);
    const [cause] = await store.readStream('thing-1');
    expect(await viewStore.collection(DEAD_LETTERS_COLLECTION).find({})).toEqual([expect.objectContaining({
      _id: `picky:${cause!.id}`, flow: 'picky', eventId: cause!.id, streamId: 'thing-1', type: 'ThingHappened', error: 'thing.refused: Never this one.',
    })]);
    expect(manager.stats()).toMatchObject({ deadLetters: 1, retries: 0 });
  });

  it('after a crash resumes from its checkpoint, and a step taken again takes effect once', async () => {
    const store = await storeWith(4);
    const checkpoint = memoryRelayCheckpoints();
    const commands = flowCommands(store, 'tally');
    // The first process dies after writing the third tally, before its page is checkpointed.
    let crashed = false;
    const first = run(store, {
      name: 'tally',
      eventTypes: new Set(['ThingHappened']),
      async handle(event) {
        const { n } = event.data as { n: number };
        await commands.execute(calendarDecider, `calendar-v${n}`, tally(n), event);
        if (n === 2 && !crashed) {
          crashed = true;
          throw new Error('process killed');
        }
      },
    }, checkpoint);
    await first.manager.start();
    await expect.poll(() => first.manager.stats().retries, { timeout: 10_000 }).toBeGreaterThan(0);
    await first.manager.stop();
    const second = run(store, {
      name: 'tally',
      eventTypes: new Set(['ThingHappened']),
      handle: async (event: RecordedEvent) => {
        const { n } = event.data as { n: number };
        await commands.execute(calendarDecider, `calendar-v${n}`, tally(n), event);
      },
    }, checkpoint);
    await second.manager.start();
    expect(await second.manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(await Promise.all([0, 1, 2, 3].map((n) => countedIn(store, n)))).toEqual([1, 1, 1, 1]);
  });
});
