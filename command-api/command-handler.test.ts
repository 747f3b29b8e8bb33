import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { WrongExpectedRevision, type EventStore } from '../domain/ports/event-store.ts';
import type { Decider } from '../domain/shared/decider.ts';
import { refuse, Refusal } from '../domain/shared/refusal.ts';
import { systemActor } from '../domain/shared/actor.ts';
import { handleCommand, InvalidEventError } from './command-handler.ts';
import { commandRouteSpecs } from './create-command-api.ts';
import { favoritesDecider } from '../domain/favorites/decider.ts';
import { eventSchemaFingerprint } from '../infra/event-schema-stamp.ts';

// A counter that refuses to pass 3: enough behaviour to see read → fold → decide → append and retries.
type Counted = { type: 'Counted'; data: { n: number } };
const CountedSchema = z.strictObject({ type: z.literal('Counted'), data: z.strictObject({ n: z.number().int() }) });
const counter: Decider<number, { type: 'Count' } | { type: 'Noop' } | { type: 'Broken' }, Counted> = {
  initialState: 0,
  evolve: (_state, event) => event.data.n,
  decide(command, state) {
    if (command.type === 'Noop') return [];
    if (command.type === 'Broken') return [{ type: 'Counted', data: { n: 'x' as unknown as number } }];
    if (state >= 3) refuse('conflict', 'counter.full', 'Three is enough.');
    return [{ type: 'Counted', data: { n: state + 1 } }];
  },
};
const metadata = { actor: systemActor, correlationId: 'c', causationId: null, at: '2030-01-01T00:00:00.000Z', schemaVersion: 1 };
const run = (eventStore: EventStore, command: Parameters<typeof counter.decide>[0], maxAttempts?: number) =>
  handleCommand({ eventStore, streamId: 'counter-1', decider: counter, command, metadata, eventSchema: CountedSchema, maxAttempts });

describe('handleCommand', () => {
  it('appends with no_stream first, then with the revision it read, and answers revision and position', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    const first = await run(store, { type: 'Count' });
    expect(first).toMatchObject({ streamId: 'counter-1', revision: 0, stateBefore: 0 });
    const second = await run(store, { type: 'Count' });
    expect(second).toMatchObject({ revision: 1, stateBefore: 1, position: await store.headPosition() });
    expect((await store.readStream('counter-1'))[1]!.metadata).toEqual(metadata);
    const nothing = await run(store, { type: 'Noop' });
    expect(nothing).toMatchObject({ revision: 1, events: [] });
    await store.close();
  });

  it('records in the metadata the fingerprint of the domain event schemas it validated against (none with another schema)', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    await handleCommand({ eventStore: store, streamId: 'favorites-u1', decider: favoritesDecider, command: { type: 'AddFavoriteVendor', actor: systemActor, at: metadata.at, userId: 'u1', vendorId: 'v1' }, metadata });
    expect((await store.readStream('favorites-u1'))[0]!.metadata).toEqual({ ...metadata, eventSchema: eventSchemaFingerprint() });
    await run(store, { type: 'Count' });
    expect((await store.readStream('counter-1'))[0]!.metadata).toEqual(metadata);
    await store.close();
  });

  it('re-reads and re-decides after a revision conflict, and gives up after maxAttempts', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    let conflicts = 2;
    const racing: EventStore = {
      ...store,
      readStream: (...args) => store.readStream(...args),
      async append(streamId, events, expected) {
        if (conflicts-- > 0) {
          // Someone else counts first, between our read and our append.
          await store.append(streamId, [{ id: crypto.randomUUID(), type: 'Counted', data: { n: (await store.readStream(streamId)).length + 1 }, metadata }], 'any');
          throw new WrongExpectedRevision(streamId, expected, -2);
        }
        return store.append(streamId, events, expected);
      },
    };
    const outcome = await run(racing, { type: 'Count' });
    expect(outcome.stateBefore).toBe(2);
    expect((await store.readStream('counter-1')).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
    // Now full: the decision on the fresh state is a refusal, not a blind append.
    await expect(run(racing, { type: 'Count' })).rejects.toBeInstanceOf(Refusal);

    conflicts = 100;
    const store2 = await openSqliteEventStore({ path: ':memory:' });
    const alwaysLosing: EventStore = { ...store2, readStream: (...a) => store2.readStream(...a), append: async (s, _e, x) => { throw new WrongExpectedRevision(s, x, 0); } };
    await expect(run(alwaysLosing, { type: 'Count' }, 3)).rejects.toBeInstanceOf(WrongExpectedRevision);
    await store.close();
    await store2.close();
  });

  it('a keyed command runs once: after its first whole read of the stream it reads only what is new, and a repeat, here or after another process appended, answers the earlier outcome', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    const wholeReads: string[] = [];
    const counting: EventStore = {
      ...store,
      append: (...args) => store.append(...args),
      readStream: (streamId, options) => {
        if (!options?.fromRevision) wholeReads.push(streamId);
        return store.readStream(streamId, options);
      },
    };
    const keyed = (key: string, eventStore = counting) =>
      handleCommand({ eventStore, streamId: 'counter-1', decider: counter, command: { type: 'Count' }, metadata, eventSchema: CountedSchema, eventIds: (index) => `${key}-${index}` });
    expect(await keyed('a')).toMatchObject({ revision: 0, stateBefore: 0 });
    expect(wholeReads).toEqual(['counter-1']);
    expect(await keyed('b')).toMatchObject({ revision: 1, stateBefore: 1 });
    expect(wholeReads).toEqual(['counter-1']);
    // The same keys again: the earlier outcome, nothing appended.
    expect(await keyed('a')).toMatchObject({ revision: 0, stateBefore: 0, earlier: true });
    expect(await keyed('b')).toMatchObject({ revision: 1, stateBefore: 1, earlier: true });
    // Another writer (a process sharing the file) ran key c: this process learns it from the events after its fold.
    await store.append('counter-1', [{ id: 'c-0', type: 'Counted', data: { n: 3 }, metadata }], 1);
    expect(await keyed('c')).toMatchObject({ revision: 2, earlier: true });
    expect((await store.readStream('counter-1')).map((event) => event.id)).toEqual(['a-0', 'b-0', 'c-0']);
    await store.close();
  });

  it("derives each of a keyed command's event ids once, also where it looks for an earlier run in the stream", async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    const derived: number[] = [];
    const keyed = (key: string) => handleCommand({
      eventStore: store, streamId: 'counter-1', decider: counter, command: { type: 'Count' }, metadata, eventSchema: CountedSchema,
      eventIds: (index) => (derived.push(index), `${key}-${index}`),
    });
    await run(store, { type: 'Count' });
    // Its first whole read of the stream (an event not its own), then its append.
    expect(await keyed('a')).toMatchObject({ revision: 1 });
    expect(derived).toEqual([0]);
    // Known from the cache never to have run, then appended.
    derived.length = 0;
    expect(await keyed('b')).toMatchObject({ revision: 2 });
    expect(derived).toEqual([0]);
    await store.close();
  });

  it("decides on a stream's cached fold without reading it, and on what is new when another writer made that fold late", async () => {
    // A gate: used only while open; opening an open gate decides nothing.
    type GateEvent = { type: 'Opened' | 'Closed' | 'Used'; data: Record<string, never> };
    const GateSchema = z.strictObject({ type: z.enum(['Opened', 'Closed', 'Used']), data: z.strictObject({}) });
    const gate: Decider<{ open: boolean; used: number }, { type: 'Open' } | { type: 'Use' }, GateEvent> = {
      initialState: { open: false, used: 0 },
      evolve: (state, event) => (event.type === 'Used' ? { ...state, used: state.used + 1 } : { ...state, open: event.type === 'Opened' }),
      decide(command, state) {
        if (command.type === 'Open') return state.open ? [] : [{ type: 'Opened', data: {} }];
        if (!state.open) refuse('conflict', 'gate.closed', 'The gate is closed.');
        return [{ type: 'Used', data: {} }];
      },
    };
    const store = await openSqliteEventStore({ path: ':memory:' });
    const reads: number[] = [];
    const appends: string[] = [];
    const watched: EventStore = {
      ...store,
      readStream: (streamId, options) => (reads.push(options?.fromRevision ?? 0), store.readStream(streamId, options)),
      append: (streamId, events, expected) => (appends.push(`${events.map((e) => e.type).join()}@${String(expected)}`), store.append(streamId, events, expected)),
    };
    const send = (command: { type: 'Open' } | { type: 'Use' }) =>
      handleCommand({ eventStore: watched, streamId: 'gate-1', decider: gate, command, metadata, eventSchema: GateSchema });
    const otherWriter = (type: GateEvent['type'], expected: number) => store.append('gate-1', [{ id: crypto.randomUUID(), type, data: {}, metadata }], expected);

    await send({ type: 'Open' });
    reads.length = 0;
    expect(await send({ type: 'Use' })).toMatchObject({ revision: 1, stateBefore: { open: true, used: 0 } });
    expect(reads).toEqual([]);

    // Another writer closes the gate: the cached fold still says open, so the append is refused, and the
    // command, decided again on the stream as it is, is refused.
    await otherWriter('Closed', 1);
    appends.length = 0;
    await expect(send({ type: 'Use' })).rejects.toMatchObject({ code: 'gate.closed' });
    expect(appends).toEqual(['Used@1']);

    // Cached: closed. Another writer opens it: refused on the cached fold, the command reads what is new and is taken.
    await otherWriter('Opened', 2);
    appends.length = 0;
    expect(await send({ type: 'Use' })).toMatchObject({ revision: 4, stateBefore: { open: true, used: 1 } });
    expect(appends).toEqual(['Used@3']);

    // Cached: open. Another writer closes it: nothing to decide on the cached fold, the gate to open on the stream as it is.
    await otherWriter('Closed', 4);
    reads.length = 0;
    appends.length = 0;
    expect(await send({ type: 'Open' })).toMatchObject({ revision: 6, stateBefore: { open: false, used: 2 } });
    expect(reads).toEqual([5]);
    expect(appends).toEqual(['Opened@5']);
    expect((await store.readStream('gate-1')).map((event) => event.type)).toEqual(['Opened', 'Used', 'Closed', 'Opened', 'Used', 'Closed', 'Opened']);
    await store.close();
  });

  it('never appends an event its schema refuses', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    await expect(run(store, { type: 'Broken' })).rejects.toBeInstanceOf(InvalidEventError);
    expect(await store.headPosition()).toBe(-1);
    await store.close();
  });
});

describe('command route list', () => {
  const specs = commandRouteSpecs();

  it('declares each method and path once, under /api/', () => {
    const keys = specs.map((s) => `${s.method} ${s.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const spec of specs) expect(spec.path.startsWith('/api/')).toBe(true);
    expect(keys).toEqual(expect.arrayContaining([
      'post /api/user/register', 'post /api/token/jwt', 'post /api/token/refresh', 'get /api/user/current',
      'post /api/orders', 'post /api/orders/:id/pay', 'post /api/orders/:id/approve', 'post /api/orders/:id/complete', 'post /api/orders/:id/cancel',
      'post /api/artists/vendor/:vendorId/favored/by-user', 'delete /api/artists/vendor/:vendorId/favored/by-user',
      'post /api/vendor/busy-windows', 'delete /api/vendor/busy-windows/:id', 'post /api/tracking/source/hit/:source',
    ]));
  });

  it('every schema converts to JSON Schema for the OpenAPI document', () => {
    for (const spec of specs) {
      for (const schema of [spec.params, spec.query, spec.body, spec.response]) {
        if (schema) expect(() => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), `${spec.method} ${spec.path}`).not.toThrow();
      }
    }
  });
});
