import { describe, expect, it } from 'vitest';
import { useQueryApiOnViews } from './testing/query-api-on-views.ts';
import { ordersProjection, type OrderView } from '../projectors/orders/projection.ts';
import { fold, recorded } from '../projectors/testing/recorded-event.ts';
import { customerActor } from '../projectors/testing/domain-fixtures.ts';
import { TEST_SECRET, tokenFor } from '../test/tokens.ts';
import { OrderAnswer, pageOf } from './answer-schemas.ts';

// The vendor's events calendar and upcoming events (issue 22 item 9) read the vendor's orders by the
// event's start (`eventAt`): Israel days from and to, sorted by the start, with the details carried.

const price = { amountMinor: 100_000, currency: 'ILS' as const };
const fixed = { productId: 'p1', vendorId: 'v1', type: 'default' as const, name: { he: 'מופע' }, price };
const timed = { ...fixed, productId: 'p2', type: 'timedService' as const, serviceDuration: 60 };
const details = (date: string, guests: number) => ({ eventType: 'birthday' as const, date, city: 'Haifa', address: 'HaNassi 5', guests, contactPhone: '+972501234567' });

const events = [
  // 1 Dec 00:30 in Israel is 30 Nov 22:30 UTC: a December event.
  recorded('order-a', { type: 'OrderPlaced', data: { orderId: 'a', customerId: 'c1', vendorId: 'v1', product: fixed, total: price, eventDetails: details('2026-11-30T22:30:00.000Z', 40), placedAt: '2026-10-01T10:00:00.000Z' } }, customerActor('c1')),
  recorded('order-b', { type: 'OrderPlaced', data: { orderId: 'b', customerId: 'c1', vendorId: 'v1', product: timed, total: price, start: '2026-12-20T18:00:00.000Z', end: '2026-12-20T19:00:00.000Z', placedAt: '2026-10-02T10:00:00.000Z' } }, customerActor('c1')),
  recorded('order-c', { type: 'OrderPlaced', data: { orderId: 'c', customerId: 'c1', vendorId: 'v1', product: fixed, total: price, placedAt: '2026-10-03T10:00:00.000Z' } }, customerActor('c1')),
  recorded('order-d', { type: 'OrderPlaced', data: { orderId: 'd', customerId: 'c1', vendorId: 'v1', product: fixed, total: price, eventDetails: details('2027-01-05T10:00:00.000Z', 90), placedAt: '2026-10-04T10:00:00.000Z' } }, customerActor('c1')),
  recorded('order-e', { type: 'OrderPlaced', data: { orderId: 'e', customerId: 'c1', vendorId: 'v2', product: { ...fixed, vendorId: 'v2' }, total: price, eventDetails: details('2026-12-10T10:00:00.000Z', 10), placedAt: '2026-10-05T10:00:00.000Z' } }, customerActor('c1')),
  recorded('order-d', { type: 'OrderEventDetailsChanged', data: { orderId: 'd', eventDetails: details('2026-12-31T21:00:00.000Z', 120), by: 'c1', at: '2026-10-06T10:00:00.000Z' } }, customerActor('c1')),
];

describe("the vendor's events by their start (GET /api/vendor/orders?eventFrom&eventTo&sort=eventAt)", () => {
  const { client } = useQueryApiOnViews({
    async seed(viewStore) {
      for (const doc of Object.values(fold<OrderView>(ordersProjection, events))) await viewStore.collection('orders').replaceOne(doc);
    },
  });
  const vendor = tokenFor(TEST_SECRET, { userId: 'u-vendor', roles: ['user', 'vendor'], vendorId: 'v1' });
  const ids = (body: { items: { orderId: string }[] }) => body.items.map((order) => order.orderId);

  it("lists a month's events in Israel days, by start, with their details; orders without a time drop out", async () => {
    const answer = await client.get('/api/vendor/orders?eventFrom=2026-12-01&eventTo=2026-12-31&sort=eventAt', vendor);
    expect(answer.status).toBe(200);
    // d moved to 31 Dec 23:00 Israel time (21:00 UTC): still December.
    expect(ids(answer.body)).toEqual(['a', 'b', 'd']);
    const page = pageOf(OrderAnswer).parse(answer.body);
    expect(page.items[0]).toMatchObject({ eventAt: '2026-11-30T22:30:00.000Z', eventDetails: { guests: 40, city: 'Haifa' } });
    expect(page.items[1]).toMatchObject({ eventAt: '2026-12-20T18:00:00.000Z', eventDetails: null });
    expect(page.items[2]?.timeline.at(-1)).toMatchObject({ event: 'OrderEventDetailsChanged', changes: [{ field: 'date' }, { field: 'guests', before: 90, after: 120 }] });
  });

  it('lists what is still to come from a day on, latest first on request', async () => {
    expect(ids((await client.get('/api/vendor/orders?eventFrom=2026-12-15&sort=eventAt', vendor)).body)).toEqual(['b', 'd']);
    expect(ids((await client.get('/api/vendor/orders?eventFrom=2026-12-15&sort=-eventAt', vendor)).body)).toEqual(['d', 'b']);
  });

  it('refuses a range that ends before it starts, or a day that is not one, naming the field', async () => {
    const backwards = await client.get('/api/vendor/orders?eventFrom=2026-12-15&eventTo=2026-12-01', vendor);
    expect(backwards.body).toMatchObject({ status: 422, errors: [{ field: 'query.eventTo' }] });
    const notADay = await client.get('/api/vendor/orders?eventFrom=2026-02-30', vendor);
    expect(notADay.status).toBe(422);
    expect(JSON.stringify(notADay.body.errors)).toContain('eventFrom');
  });
});
