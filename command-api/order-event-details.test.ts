import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { useTestMarketplace } from './testing/marketplace.ts';

// An order's event details over HTTP (issue 22 item 1): given at placement, changed by the customer
// until the vendor approves, bad fields answered as problem+json naming them.

const details = { eventType: 'bar-mitzvah', date: '2031-03-05T17:30:00.000Z', city: 'Petah Tikva', address: 'Rothschild 12', guests: 150, contactPhone: '+972521234567' };
let slotHour = 0;
const nextStart = () => new Date(Date.UTC(2031, 5, 1, 6) + (slotHour++ * 3) * 3600_000).toISOString();

describe('order event details over HTTP', () => {
  const { app, m } = useTestMarketplace();
  const eventsOf = async (orderId: string) => (await app.eventStore.readStream(`order-${orderId}`)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));
  const change = (orderId: string, body: unknown, token = m.customer.token) => app.api.call('PUT', `/api/orders/${orderId}/event-details`, { body, token });

  it('places an order with its details; the customer changes them while new and paid, not after approval', async () => {
    const placed = await app.api.post('/api/orders', { productId: m.products.default, notes: 'Klezmer please', eventDetails: details }, m.customer.token);
    expect(placed.status).toBe(201);
    const orderId = placed.body.id as string;
    expect((await eventsOf(orderId))[0]).toMatchObject({ type: 'OrderPlaced', data: { notes: 'Klezmer please', eventDetails: details } });

    const more = await change(orderId, { ...details, guests: 210 });
    expect(more.status).toBe(200);
    expect(more.body).toMatchObject({ streamId: `order-${orderId}`, revision: 1 });
    expect((await app.api.post(`/api/orders/${orderId}/pay`, { cardNumber: SANDBOX_CARDS.accepted }, m.customer.token)).status).toBe(200);
    expect((await change(orderId, { ...details, guests: 210, city: 'Ramat Gan' })).status).toBe(200);
    // The same details again write nothing.
    expect((await change(orderId, { ...details, guests: 210, city: 'Ramat Gan' })).body.revision).toBe(3);

    expect((await change(orderId, { ...details, guests: 99 }, m.vendor.token)).body).toMatchObject({ status: 403, code: 'order.forbidden' });
    expect((await change(orderId, { ...details, guests: 99 }, m.otherVendor.token)).status).toBe(403);
    expect((await change(orderId, { ...details, guests: 99 }, '')).status).toBe(401);

    expect((await app.api.post(`/api/orders/${orderId}/approve`, {}, m.vendor.token)).status).toBe(200);
    const late = await change(orderId, { ...details, guests: 99 });
    expect(late.status).toBe(409);
    expect(late.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(late.body).toMatchObject({ code: 'order.event-details-locked', detail: expect.stringMatching(/^The vendor has approved this order/) });

    expect((await eventsOf(orderId)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderEventDetailsChanged', 'OrderPaid', 'OrderEventDetailsChanged', 'OrderApproved']);
    expect((await eventsOf(orderId))[3]).toMatchObject({ data: { eventDetails: { ...details, guests: 210, city: 'Ramat Gan' }, by: m.customer.userId } });
  });

  it("a timed order's event is at its slot: the date may be left out, another one is refused on the date field", async () => {
    const start = nextStart();
    const { date: _date, ...undated } = details;
    const placed = await app.api.post('/api/orders', { productId: m.products.timedService, start, eventDetails: undated }, m.customer.token);
    expect(placed.status).toBe(201);
    expect((await eventsOf(placed.body.id))[0]!.data.eventDetails).toEqual({ ...details, date: start });
    const moved = await change(placed.body.id, details);
    expect(moved.status).toBe(422);
    expect(moved.body).toMatchObject({ code: 'order.event-date-fixed', errors: [{ field: 'eventDetails.date' }] });
  });

  it('takes the phone as dialled in Israel and holds it in E.164 (issue 22 item 4)', async () => {
    const placed = await app.api.post('/api/orders', { productId: m.products.default, eventDetails: { ...details, contactPhone: '052-123-4567' } }, m.customer.token);
    expect(placed.status).toBe(201);
    const orderId = placed.body.id as string;
    expect((await change(orderId, { ...details, contactPhone: '02-123-4567' })).status).toBe(200);
    const held = (await eventsOf(orderId)).map((e) => (e.data.eventDetails as { contactPhone: string }).contactPhone);
    expect(held).toEqual(['+972521234567', '+97221234567']);
    // The same number typed otherwise is no change.
    expect((await change(orderId, { ...details, contactPhone: '+972 2 123 4567' })).body.revision).toBe(1);
  });

  it('answers bad fields as 422 problem+json naming each one', async () => {
    const bad = await app.api.post('/api/orders', {
      productId: m.products.default,
      eventDetails: { eventType: 'funeral', date: 'next week', city: '', address: 'x', guests: 0, contactPhone: '050-1234' },
    }, m.customer.token);
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const fields = (bad.body.errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(['eventDetails.city', 'eventDetails.contactPhone', 'eventDetails.date', 'eventDetails.eventType', 'eventDetails.guests']);

    const { date: _date, ...undated } = details;
    const noDate = await app.api.post('/api/orders', { productId: m.products.default, eventDetails: undated }, m.customer.token);
    expect(noDate.body).toMatchObject({ status: 422, code: 'order.event-date-required', errors: [{ field: 'eventDetails.date' }] });
    const past = await app.api.post('/api/orders', { productId: m.products.default, eventDetails: { ...details, date: '2020-01-01T10:00:00.000Z' } }, m.customer.token);
    expect(past.body).toMatchObject({ status: 422, code: 'order.event-date-in-past', errors: [{ field: 'eventDetails.date' }] });

    const orderId = (await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token)).body.id as string;
    const badChange = await change(orderId, { ...details, guests: 'many', extra: true });
    expect(badChange.status).toBe(422);
    expect((badChange.body.errors as { field: string }[]).map((error) => error.field).sort()).toEqual(['extra', 'guests']);
    // An order placed without details (as a SPEC API client places it) gets them later.
    expect((await change(orderId, details)).status).toBe(200);
    expect((await change('no-such-order', details)).status).toBe(404);
  });
});
