import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WrongExpectedRevision, type EventStore, type NewEvent, type RecordedEvent } from '../domain/ports/event-store.ts';
import type { DomainEvent } from '../domain/shared/decider.ts';
import type { Money } from '../domain/shared/money.ts';
import type { ReceiptIssuedData } from '../domain/receipt/events.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { memoryRelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';
import { vendorProfile } from '../projectors/testing/domain-fixtures.ts';
import { createProcessManager } from './process-manager.ts';
import { receiptFlow } from './receipts.ts';
import { foldedStateCacheOf } from '../command-api/folded-state-cache.ts';

// The receipts flow (issue 26 item 5): each payment and refund of a vendor's orders gets one receipt,
// numbered without gaps per vendor, also when two processes issue at once and when a step runs again.
const at = '2026-11-21T10:00:00.000Z';
const system = { userId: null, roles: ['system' as const], groups: [], vendorId: null };
const metadata = { actor: system, correlationId: 'c-1', causationId: null, at, schemaVersion: 1 };
const agorot = (amountMinor: number): Money => ({ amountMinor, currency: 'ILS' });
const product = { productId: 'p-1', vendorId: 'v-1', type: 'default' as const, name: { he: 'הופעה', en: 'Show' }, price: agorot(11_800) };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function append(store: EventStore, streamId: string, events: DomainEvent[]): Promise<RecordedEvent[]> {
  const before = (await store.readStream(streamId)).length;
  await store.append(streamId, events.map((event): NewEvent => ({ id: randomUUID(), ...event, metadata })), before === 0 ? 'no_stream' : before - 1);
  return (await store.readStream(streamId)).slice(before);
}

/** A vendor, two customers (one reads English), and `orders` paid orders; returns every payment and refund event. */
async function marketplace(store: EventStore, orders: number): Promise<RecordedEvent[]> {
  await append(store, 'vendor-v-1', [{ type: 'VendorCreated', data: { vendorId: 'v-1', ownerUserId: null, profile: vendorProfile(), at } }]);
  for (const [userId, locale, fullName] of [['u-he', 'he-IL', 'דנה כהן'], ['u-en', 'en-US', 'Dana Cohen']] as const) {
    await append(store, `user-${userId}`, [{ type: 'UserRegistered', data: { userId, email: `${userId}@example.com`, fullName, passwordHash: 'x', locale, activationTokenHash: 'y', at } }]);
  }
  const money: RecordedEvent[] = [];
  for (let index = 0; index < orders; index++) {
    const orderId = `o-${index}`;
    const customerId = index % 2 === 0 ? 'u-he' : 'u-en';
    money.push(...(await append(store, `order-${orderId}`, [
      { type: 'OrderPlaced', data: { orderId, customerId, vendorId: 'v-1', product, total: agorot(11_800), placedAt: at } },
      { type: 'OrderPaid', data: { orderId, paymentId: `pay-${index}`, amount: agorot(index % 3 === 0 ? 3_540 : 11_800), cardLast4: '4242', part: index % 3 === 0 ? 'deposit' : 'full', instalments: 1 + (index % 4), at } },
      ...(index % 3 === 0 ? [{ type: 'OrderBalancePaid', data: { orderId, paymentId: `bal-${index}`, amount: agorot(8_260), cardLast4: '4242', instalments: 2, at } }] : []),
      ...(index % 5 === 4 ? [
        { type: 'OrderCanceled', data: { orderId, reason: 'Moved', by: customerId, byRole: 'customer', refunds: [{ paymentId: `pay-${index}`, amount: agorot(5_900) }], refundPercent: 50, at } },
        { type: 'OrderRefunded', data: { orderId, paymentId: `pay-${index}`, refundId: `ref-${index}`, amount: agorot(5_900), at } },
      ] : []),
    ])).filter((event) => ['OrderPaid', 'OrderBalancePaid', 'OrderRefunded'].includes(event.type)));
  }
  return money;
}

const receiptsOf = async (store: EventStore): Promise<ReceiptIssuedData[]> =>
  (await store.readStream('receipts-v-1')).map((event) => event.data as ReceiptIssuedData);

describe('receipts flow', () => {
  it('two processes issuing at once on one vendor give gapless numbers, one receipt per payment and refund', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'receipts-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // Two processes: two connections to one log, each with its own folded-state cache.
    const first = await openSqliteEventStore({ path: join(dir, 'events.sqlite') });
    const second = await openSqliteEventStore({ path: join(dir, 'events.sqlite') });
    cleanups.push(() => first.close(), () => second.close());
    const money = await marketplace(first, 10);
    expect(money).toHaveLength(16); // 10 first payments, 4 balances, 2 refunds

    // Both read the empty book before either appends (a gate on their first read of it): they must conflict.
    let waiting = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    let conflicts = 0;
    const racing = (store: EventStore): EventStore => ({
      append: async (streamId, events, expected) => {
        try {
          return await store.append(streamId, events, expected);
        } catch (error) {
          if (error instanceof WrongExpectedRevision) conflicts++;
          throw error;
        }
      },
      readStream: async (streamId, options) => {
        const events = await store.readStream(streamId, options);
        if (streamId === 'receipts-v-1' && waiting < 2) {
          waiting++;
          if (waiting === 2) open();
          await gate;
        }
        return events;
      },
      readAll: (options) => store.readAll(options),
      subscribeToAll: (options) => store.subscribeToAll(options),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
    });
    const processA = receiptFlow({ eventStore: racing(first) });
    const processB = receiptFlow({ eventStore: racing(second) });
    // Each takes every event (as two workers on one feed would), in opposite orders.
    await Promise.all([
      (async () => { for (const event of money) await processA.handle(event); })(),
      (async () => { for (const event of [...money].reverse()) await processB.handle(event); })(),
    ]);

    expect(conflicts).toBeGreaterThan(0);
    const receipts = await receiptsOf(first);
    expect(receipts.map((receipt) => receipt.number)).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
    expect(new Set(receipts.map((receipt) => receipt.sourceId)).size).toBe(16);
    expect(receipts.map((receipt) => receipt.sourceId).sort()).toEqual(money.map((event) => (event.data as { refundId?: string; paymentId: string }).refundId ?? (event.data as { paymentId: string }).paymentId).sort());
  });

  it('a step run twice (a crash before the checkpoint, the flow taken again from the start) issues once', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const money = await marketplace(store, 5);
    const flow = receiptFlow({ eventStore: store });
    // The same event's step twice in a row: the second finds the first's receipt in the book's cached
    // fold, reading only the order's first event (its vendor), not the customer, the vendor or the VAT
    // rate; it says it found nothing to do (no checkpoint due for it).
    expect(await flow.handle(money[0]!)).toBe(true);
    const read: Array<[string, number | undefined]> = [];
    const readStream = store.readStream.bind(store);
    store.readStream = (streamId, options) => { read.push([streamId, options?.maxCount]); return readStream(streamId, options); };
    expect(await flow.handle(money[0]!)).toBe(false);
    // A new process (nothing cached) reads the order's first event and the book.
    foldedStateCacheOf(store).drop('receipts-v-1');
    expect(await receiptFlow({ eventStore: store }).handle(money[0]!)).toBe(false);
    store.readStream = readStream;
    expect(read).toEqual([['order-o-0', 1], ['order-o-0', 1], ['receipts-v-1', undefined]]);
    expect(await receiptsOf(store)).toHaveLength(1);
    // The whole log twice from the start, as after a lost checkpoint.
    for (let run = 0; run < 2; run++) {
      const manager = createProcessManager({
        flow: receiptFlow({ eventStore: store }), feed: storeEventFeed(store), viewStore: createMemoryViewStore(),
        eventStore: store, checkpoint: memoryRelayCheckpoints(), retryDelayMs: () => 5,
      });
      await manager.start();
      expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
      await manager.stop();
    }
    const receipts = await receiptsOf(store);
    expect(receipts.map((receipt) => [receipt.number, receipt.kind, receipt.sourceId])).toEqual([
      [1, 'payment', 'pay-0'], [2, 'payment', 'bal-0'], [3, 'payment', 'pay-1'], [4, 'payment', 'pay-2'],
      [5, 'payment', 'pay-3'], [6, 'payment', 'bal-3'], [7, 'payment', 'pay-4'], [8, 'refund', 'ref-4'],
    ]);
  });

  it('following the log, a payment finds its order in the OrderPlaced the feed brought, without reading the order', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const money = await marketplace(store, 3);
    // An OrderPlaced the product did not write (no vendor, no product) is passed, not retried.
    await append(store, 'order-odd', [{ type: 'OrderPlaced', data: { orderId: 'odd' } }]);
    const read: string[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = (streamId, options) => { read.push(streamId); return readStream(streamId, options); };
    const manager = createProcessManager({
      flow: receiptFlow({ eventStore: store }), feed: storeEventFeed(store), viewStore: createMemoryViewStore(),
      eventStore: store, checkpoint: memoryRelayCheckpoints(), retryDelayMs: () => 5,
    });
    await manager.start();
    expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(manager.stats()).toMatchObject({ retries: 0, deadLetters: 0 });
    await manager.stop();
    store.readStream = readStream;
    expect(read.filter((streamId) => streamId.startsWith('order-'))).toEqual([]);
    expect((await receiptsOf(store)).map((receipt) => [receipt.sourceId, receipt.customerId, receipt.productName])).toEqual(
      money.map((event) => [(event.data as { paymentId: string }).paymentId, event.streamId === 'order-o-1' ? 'u-en' : 'u-he', product.name]),
    );
  });

  it('says what the log says at issue: names, the customer\'s language, instalments, VAT at the configured rate kept on older receipts', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const money = await marketplace(store, 5);
    const flow = receiptFlow({ eventStore: store });
    for (const event of money.slice(0, 3)) await flow.handle(event);
    // The admin sets 17%: receipts issued after it use it, those before keep 18%; a refund keeps its payment's.
    await append(store, 'config-receipts.vatPercent', [{ type: 'ConfigEntrySet', data: { key: 'receipts.vatPercent', value: '17', valueType: 'number', at } }]);
    for (const event of money.slice(3)) await flow.handle(event);
    const receipts = await receiptsOf(store);
    expect(receipts[0]).toEqual({
      vendorId: 'v-1', number: 1, kind: 'payment', sourceId: 'pay-0', paymentId: 'pay-0', orderId: 'o-0', customerId: 'u-he', customerName: 'דנה כהן',
      vendorName: { he: 'להקת הכוכבים', en: 'The Stars Band' }, productName: { he: 'הופעה', en: 'Show' }, amount: agorot(3_540),
      vatBasisPoints: 1800, vatAmount: agorot(540), part: 'deposit', instalments: 1, language: 'he', at,
    });
    expect(receipts[2]).toMatchObject({ sourceId: 'pay-1', customerName: 'Dana Cohen', language: 'en', part: 'full', instalments: 2, vatBasisPoints: 1800, vatAmount: agorot(1_800) });
    expect(receipts[3]).toMatchObject({ sourceId: 'pay-2', vatBasisPoints: 1700, vatAmount: agorot(1_715) }); // 11800 × 17/117 = 1714.53… → 1715
    expect(receipts.at(-1)).toMatchObject({ kind: 'refund', sourceId: 'ref-4', paymentId: 'pay-4', refundOf: 7, amount: agorot(5_900), vatBasisPoints: 1700 });
    expect(receipts.at(-1)).not.toHaveProperty('instalments');
  });
});
