import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventStore, NewEvent, RecordedEvent } from '../domain/ports/event-store.ts';
import type { JobQueue } from '../domain/ports/job-queue.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import type { Realtime } from '../domain/ports/realtime.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createMemoryJobQueue } from '../infra/job-queue/memory-job-queue.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { startNotificationWorker } from '../notifications/worker.ts';
import { orderMoneyProjection, type OrderMoneyView } from '../projectors/order-money/projection.ts';
import { fold } from '../projectors/testing/recorded-event.ts';
import { vendorProfile } from '../projectors/testing/domain-fixtures.ts';
import type { ProjectedEvent } from '../projectors/projection.ts';
import { BALANCE_REMINDER_DAYS, startBalanceReminders } from './balance-reminders.ts';

// Balance reminders (docs/payments.md "Balance reminders"), on a fake clock: the customer hears
// BALANCE_REMINDER_DAYS days before the balance is due, customer and artist once it is overdue; once
// each per order, also across a restart — before the view learned of the reminder (the queue and the
// worker drop the repeat) and after (the view no longer picks the order). Nothing for an order paid up,
// canceled, or whose due date is still far.
const ils = (amountMinor: number) => ({ amountMinor, currency: 'ILS' as const });
const eventAt = '2027-04-01T17:00:00.000Z';
const dueAt = '2027-03-18T17:00:00.000Z'; // 14 days before
const terms = { deposit: ils(90_000), balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' as const }, maxInstalments: 3 };
const metadata = (at: string) => ({ actor: { userId: 'c1', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at, schemaVersion: 1 });
const noRealtime: Realtime = { publish: async () => {}, subscribe: async () => async () => {}, close: async () => {} };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function append(store: EventStore, streamId: string, type: string, data: unknown, at = '2027-01-10T10:00:00.000Z'): Promise<void> {
  const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  await store.append(streamId, [{ id: randomUUID(), type, data, metadata: metadata(at) } as NewEvent], last ? last.revision : 'no_stream');
}

async function order(store: EventStore, orderId: string, steps: { balance?: boolean; cancel?: boolean } = {}): Promise<void> {
  await append(store, `order-${orderId}`, 'OrderPlaced', {
    orderId, customerId: 'c1', vendorId: 'v1', total: ils(300_000), placedAt: '2027-01-10T10:00:00.000Z', terms,
    product: { productId: 'p1', vendorId: 'v1', type: 'default', name: { he: 'מופע', en: 'Show' }, price: ils(300_000) },
    eventDetails: { eventType: 'wedding', date: eventAt, city: 'Haifa', address: 'HaNassi 5', guests: 100, contactPhone: '+972501234567' },
  });
  await append(store, `order-${orderId}`, 'OrderPaid', { orderId, paymentId: `dep-${orderId}`, amount: ils(90_000), cardLast4: '4242', part: 'deposit', instalments: 1, at: '2027-01-10T10:05:00.000Z' });
  if (steps.balance) await append(store, `order-${orderId}`, 'OrderBalancePaid', { orderId, paymentId: `bal-${orderId}`, amount: ils(210_000), cardLast4: '4242', instalments: 1, at: '2027-02-01T10:00:00.000Z' });
  if (steps.cancel) await append(store, `order-${orderId}`, 'OrderCanceled', { orderId, reason: 'moved', by: 'c1', byRole: 'customer', refunds: [{ paymentId: `dep-${orderId}`, amount: ils(90_000) }], refundPercent: 100, at: '2027-02-01T10:00:00.000Z' });
}

/** The orderMoney view as the projector would write it from the whole log. */
async function project(store: EventStore, views: ViewStore): Promise<void> {
  const events: RecordedEvent[] = await store.readAll({ maxCount: 10_000 });
  for (const doc of Object.values(fold<OrderMoneyView>(orderMoneyProjection, events as unknown as ProjectedEvent[]))) await views.collection('orderMoney').replaceOne(doc);
}

const notices = async (store: EventStore, userId: string) => (await store.readStream(`notifications-${userId}`))
  .map((event) => event.data as { kind: string; subject: Record<string, string>; params: Record<string, string> });

const stores: Array<[string, () => ViewStore]> = [
  ['memory', () => createMemoryViewStore()],
  ['node:sqlite', () => openSqliteViewStore({ path: ':memory:' })],
];

describe.each(stores)('balance reminders on the %s view store', (_name, openViews) => {
  /** A fresh log, views and queue with its notification worker. */
  const openAll = async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const views = openViews();
    const queue = createMemoryJobQueue();
    startNotificationWorker(queue, { eventStore: store, realtime: noRealtime });
    cleanups.push(() => queue.close());
    return { store, views, queue };
  };

  it('reminds the customer days before, both sides once overdue, each once, also after restarts', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const views = openViews();
    const openQueue = (): JobQueue => {
      const queue = createMemoryJobQueue();
      startNotificationWorker(queue, { eventStore: store, realtime: noRealtime });
      cleanups.push(() => queue.close());
      return queue;
    };
    await append(store, 'vendor-v1', 'VendorCreated', { vendorId: 'v1', ownerUserId: 'owner', profile: vendorProfile(), at: '2027-01-01T10:00:00.000Z' });
    await order(store, 'o1');
    await order(store, 'paid-up', { balance: true });
    await order(store, 'canceled', { cancel: true });
    await project(store, views);

    let now = new Date(Date.parse(dueAt) - (BALANCE_REMINDER_DAYS + 1) * 86_400_000);
    let queue = openQueue();
    const first = startBalanceReminders({ eventStore: store, viewStore: views, jobQueue: queue, intervalMs: 3_600_000, now: () => now });
    cleanups.push(() => first.stop());
    // Four days before: nothing yet.
    expect(await first.sweep()).toBe(0);

    // Within three days: the customer's reminder, with the amount and the day it is due.
    now = new Date(Date.parse(dueAt) - 2 * 86_400_000);
    expect(await first.sweep()).toBe(1);
    await vi.waitFor(async () => expect(await notices(store, 'c1')).toHaveLength(1), { timeout: 5_000 });
    expect((await notices(store, 'c1'))[0]).toMatchObject({
      kind: 'order.balanceDueSoon', subject: { orderId: 'o1', vendorId: 'v1', audience: 'customer' },
      params: { orderId: 'o1', productNameHe: 'מופע', productNameEn: 'Show', amount: '2,100', dueDate: '18.03.2027' },
    });
    await first.stop();

    // A restart before the view learned of it: queued again, written once.
    queue = openQueue();
    const second = startBalanceReminders({ eventStore: store, viewStore: views, jobQueue: queue, intervalMs: 3_600_000, now: () => now });
    cleanups.push(() => second.stop());
    await second.sweep();
    await vi.waitFor(async () => expect((await queue.counts()).completed).toBe(1), { timeout: 5_000 });
    expect(await notices(store, 'c1')).toHaveLength(1);
    // Once the view has it, a sweep picks nothing.
    await project(store, views);
    expect(await second.sweep()).toBe(0);
    await second.stop();

    // Past the due date, unpaid: customer and artist are told, once.
    now = new Date(Date.parse(dueAt) + 3_600_000);
    queue = openQueue();
    const third = startBalanceReminders({ eventStore: store, viewStore: views, jobQueue: queue, intervalMs: 3_600_000, now: () => now });
    cleanups.push(() => third.stop());
    await vi.waitFor(async () => expect(await notices(store, 'owner')).toHaveLength(1), { timeout: 5_000 });
    await vi.waitFor(async () => expect(await notices(store, 'c1')).toHaveLength(2), { timeout: 5_000 });
    expect((await notices(store, 'owner'))[0]).toMatchObject({ kind: 'order.balanceOverdue', subject: { orderId: 'o1', audience: 'vendor' }, params: { amount: '2,100', dueDate: '18.03.2027' } });
    expect((await notices(store, 'c1'))[1]).toMatchObject({ kind: 'order.balanceOverdue', subject: { orderId: 'o1', audience: 'customer' } });
    await project(store, views);
    expect(await third.sweep()).toBe(0);
    await third.stop();

    // A later restart: nothing more, for anyone; the paid-up and canceled orders never heard a word.
    now = new Date(Date.parse(dueAt) + 5 * 86_400_000);
    const fourth = startBalanceReminders({ eventStore: store, viewStore: views, jobQueue: openQueue(), intervalMs: 3_600_000, now: () => now });
    cleanups.push(() => fourth.stop());
    expect(await fourth.sweep()).toBe(0);
    expect((await notices(store, 'c1')).map((notice) => [notice.kind, notice.subject.orderId])).toEqual([['order.balanceDueSoon', 'o1'], ['order.balanceOverdue', 'o1']]);
    expect(await notices(store, 'owner')).toHaveLength(1);
  });

  it('reminds no one of a balance the log says is paid or canceled, while the view is behind the log', async () => {
    const { store, views, queue } = await openAll();
    await append(store, 'vendor-v1', 'VendorCreated', { vendorId: 'v1', ownerUserId: 'owner', profile: vendorProfile(), at: '2027-01-01T10:00:00.000Z' });
    await order(store, 'late-paid');
    await order(store, 'late-canceled');
    await order(store, 'owed');
    // The view as it stood before the balance was paid and the other order canceled (a start still building its views).
    await project(store, views);
    await append(store, 'order-late-paid', 'OrderBalancePaid', { orderId: 'late-paid', paymentId: 'bal-late-paid', amount: ils(210_000), cardLast4: '4242', instalments: 1, at: '2027-03-19T10:00:00.000Z' });
    await append(store, 'order-late-canceled', 'OrderCanceled', { orderId: 'late-canceled', reason: 'moved', by: 'c1', byRole: 'customer', refunds: [], refundPercent: 0, at: '2027-03-19T10:00:00.000Z' });
    const now = new Date(Date.parse(dueAt) + 2 * 86_400_000);
    const reminders = startBalanceReminders({ eventStore: store, viewStore: views, jobQueue: queue, intervalMs: 3_600_000, now: () => now });
    cleanups.push(() => reminders.stop());
    await vi.waitFor(async () => expect(await notices(store, 'owner')).toHaveLength(1), { timeout: 5_000 });
    expect(await reminders.sweep()).toBe(2);
    await vi.waitFor(async () => expect((await queue.counts()).waiting + (await queue.counts()).active).toBe(0), { timeout: 5_000 });
    expect((await notices(store, 'c1')).map((notice) => notice.subject.orderId)).toEqual(['owed']);
    expect((await notices(store, 'owner')).map((notice) => notice.subject.orderId)).toEqual(['owed']);
  });

  it('an order whose due date passed while the process was down gets the overdue reminder only', async () => {
    const { store, views, queue } = await openAll();
    await order(store, 'o2');
    await project(store, views);
    const now = new Date(Date.parse(dueAt) + 86_400_000);
    const reminders = startBalanceReminders({ eventStore: store, viewStore: views, jobQueue: queue, intervalMs: 3_600_000, now: () => now });
    cleanups.push(() => reminders.stop());
    // No vendor stream: the artist has no owner to tell; the customer hears it is overdue.
    await vi.waitFor(async () => expect((await notices(store, 'c1')).map((notice) => notice.kind)).toEqual(['order.balanceOverdue']), { timeout: 5_000 });
  });
});
