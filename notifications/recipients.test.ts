import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { appendEvent } from './testing/append-event.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { noticesOf } from './recipients.ts';

// Each order notice is worded for its reader: the audience (customer or vendor) in the subject, the
// order stream's revision for read-your-writes, and the names each language's text needs.
const at = '2026-03-01T10:00:00.000Z';

describe('order notices: audience, revision and names', () => {
  let store: EventStore;
  const append = (streamId: string, type: string, data: unknown): Promise<RecordedEvent> => appendEvent(store, streamId, type, data, at);

  beforeAll(async () => {
    store = await openSqliteEventStore({ path: ':memory:' });
    await append('user-dana', 'UserRegistered', { userId: 'dana', email: 'dana@example.com', fullName: 'Dana Levi', passwordHash: 'x', locale: 'he-IL', activationTokenHash: 'x', at });
    await append('vendor-v1', 'VendorCreated', { vendorId: 'v1', ownerUserId: 'noa', profile: { name: { he: 'נועה כהן', en: 'Noa Cohen' } }, at });
  });
  afterAll(async () => store.close());

  it('given an order placed, when notified, then the customer and the vendor each get a notice for their part, with the revision', async () => {
    const placed = await append('order-o1', 'OrderPlaced', {
      orderId: 'o1', customerId: 'dana', vendorId: 'v1', product: { name: { he: 'הופעה של שעתיים', en: 'Two-hour show' } }, placedAt: at,
    });
    const notices = await noticesOf(placed, store);
    expect(notices.map((n) => [n.userId, n.kind, n.subject.audience, n.subject.revision])).toEqual([
      ['dana', 'order.placed', 'customer', '0'],
      ['noa', 'order.placed', 'vendor', '0'],
    ]);
    expect(notices[1]!.params).toMatchObject({
      orderId: 'o1', customerName: 'Dana Levi',
      productName: 'הופעה של שעתיים', productNameHe: 'הופעה של שעתיים', productNameEn: 'Two-hour show',
      vendorNameHe: 'נועה כהן', vendorNameEn: 'Noa Cohen',
    });
  });

  it('given a later event and a renamed customer, when notified, then the revision is that event’s and the name the current one', async () => {
    await append('user-dana', 'UserProfileUpdated', { userId: 'dana', fullName: 'Dana Mizrahi', locale: 'he-IL', at });
    const paid = await append('order-o1', 'OrderPaid', { orderId: 'o1', paymentId: 'p1', amount: { amountMinor: 100, currency: 'ILS' }, cardLast4: '4242', at });
    const notices = await noticesOf(paid, store);
    expect(notices.map((n) => [n.subject.audience, n.subject.revision, n.params.customerName])).toEqual([
      ['customer', '1', 'Dana Mizrahi'],
      ['vendor', '1', 'Dana Mizrahi'],
    ]);
  });

  it('given a product named in one language only, when notified, then both language params fall back to it', async () => {
    const placed = await append('order-o2', 'OrderPlaced', { orderId: 'o2', customerId: 'dana', vendorId: 'v1', product: { name: { en: 'Recorded greeting' } }, placedAt: at });
    const [notice] = await noticesOf(placed, store);
    expect(notice!.params).toMatchObject({ productNameHe: 'Recorded greeting', productNameEn: 'Recorded greeting' });
  });

  it('given a declined card, when notified, then only the customer hears of it, as the customer', async () => {
    const declined = await append('order-o1', 'OrderPaymentDeclined', { orderId: 'o1', reason: 'declined', cardLast4: '0002', at });
    expect((await noticesOf(declined, store)).map((n) => [n.userId, n.subject.audience])).toEqual([['dana', 'customer']]);
  });

  it('given a refund issued, when notified, then only the customer hears of it, with the amount', async () => {
    const refunded = await append('order-o1', 'OrderRefunded', { orderId: 'o1', paymentId: 'p1', refundId: 're1', amount: { amountMinor: 150050, currency: 'ILS' }, at });
    const notices = await noticesOf(refunded, store);
    expect(notices.map((n) => [n.userId, n.kind, n.subject.audience])).toEqual([['dana', 'order.refunded', 'customer']]);
    expect(notices[0]!.params).toMatchObject({ amount: '1,500.50', productNameEn: 'Two-hour show' });
  });

  it('given the balance paid, when notified, then the vendor hears of it and the customer has it confirmed, with the amount (issue 26)', async () => {
    const balance = await append('order-o1', 'OrderBalancePaid', { orderId: 'o1', paymentId: 'p2', amount: { amountMinor: 105000, currency: 'ILS' }, cardLast4: '4242', instalments: 3, at });
    const notices = await noticesOf(balance, store);
    expect(notices.map((n) => [n.userId, n.kind, n.subject.audience, n.subject.revision])).toEqual([
      ['dana', 'order.balancePaid', 'customer', String(balance.revision)],
      ['noa', 'order.balancePaid', 'vendor', String(balance.revision)],
    ]);
    expect(notices[1]!.params).toMatchObject({ amount: '1,050', customerName: 'Dana Mizrahi', productNameEn: 'Two-hour show' });
  });

  it("given the customer changed the event's details, when notified, then only the vendor hears of it, with the revision", async () => {
    const changed = await append('order-o1', 'OrderEventDetailsChanged', { orderId: 'o1', eventDetails: { eventType: 'wedding', date: at, city: 'Haifa', address: 'HaNassi 5', guests: 200, contactPhone: '+972501234567' }, by: 'dana', at });
    const notices = await noticesOf(changed, store);
    expect(notices.map((n) => [n.userId, n.kind, n.subject.audience, n.subject.revision])).toEqual([['noa', 'order.detailsChanged', 'vendor', String(changed.revision)]]);
    expect(notices[0]!.params).toMatchObject({ customerName: 'Dana Mizrahi', productNameEn: 'Two-hour show' });
  });

  it('given a cancellation, when notified, then both parties get the reason', async () => {
    const canceled = await append('order-o1', 'OrderCanceled', { orderId: 'o1', reason: 'Date moved', by: 'dana', byRole: 'customer', at });
    expect((await noticesOf(canceled, store)).map((n) => [n.subject.audience, n.params.reason])).toEqual([['customer', 'Date moved'], ['vendor', 'Date moved']]);
  });

  it('given a message or a contract change, when notified, then the reader’s part is named too', async () => {
    await append('conversation-c1', 'ConversationOpened', { conversationId: 'c1', customerId: 'dana', vendorId: 'v1', at });
    const fromCustomer = await append('conversation-c1', 'MessagePosted', { conversationId: 'c1', messageId: 'm1', authorId: 'dana', side: 'customer', text: 'שלום', at });
    expect((await noticesOf(fromCustomer, store)).map((n) => [n.userId, n.subject.audience])).toEqual([['noa', 'vendor']]);
    await append('contract-k1', 'ContractDrafted', { contractId: 'k1', customerId: 'dana', vendorId: 'v1', title: 'Wedding' });
    const sent = await append('contract-k1', 'ContractSent', { contractId: 'k1', at });
    expect((await noticesOf(sent, store)).map((n) => [n.userId, n.subject.audience, n.subject.revision])).toEqual([['dana', 'customer', String(sent.revision)]]);
  });
});
