import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { createTestMarketplace, useMarketplaceOn } from './testing/marketplace.ts';
import { startTestCommandApi } from './testing/test-command-api.ts';

const accepted = { cardNumber: SANDBOX_CARDS.accepted };
let slotHour = 0;
/** A fresh, non-overlapping start time per call (the vendor's timed service lasts 2 hours). */
const nextStart = () => new Date(Date.UTC(2030, 0, 1, 0) + (slotHour++ * 3) * 3600_000).toISOString();
/** The command API's clock: the real time moved by `clockOffsetMs`, so a test can let a booked event take place. */
let clockOffsetMs = 0;
const clock = { now: () => new Date(Date.now() + clockOffsetMs) };

describe('orders over HTTP', () => {
  let dir: string | undefined;
  // Registered before the API's hooks, so it runs after the API closes (after-hooks run in reverse).
  afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });
  const { app, m } = useMarketplaceOn(() => {
    // A real WAL file, as in production, so concurrent requests meet the store's own locking.
    dir = mkdtempSync(join(tmpdir(), 'orders-test-'));
    return startTestCommandApi({ storePath: join(dir, 'events.sqlite'), clock });
  });

  const types = async (orderId: string) => (await app.eventStore.readStream(`order-${orderId}`)).map((e) => e.type);
  const place = (productId: string, token: string, start?: string) => app.api.post('/api/orders', { productId, ...(start ? { start } : {}) }, token);

  it('runs the whole lifecycle: place → pay → approve → complete → review', async () => {
    const start = nextStart();
    const placed = await place(m.products.timedService, m.customer.token, start);
    expect(placed.status).toBe(201);
    const orderId = placed.body.id;
    expect(placed.body).toEqual({ id: orderId, streamId: `order-${orderId}`, revision: 0, position: expect.any(Number) });
    const calendar = await app.eventStore.readStream(`calendar-${m.vendor.vendorId}`);
    expect(calendar.at(-1)).toMatchObject({ type: 'SlotReserved', data: { orderId, start } });

    const paid = await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
    expect(paid.status).toBe(200);
    expect(paid.body.revision).toBe(1);
    expect((await app.api.post(`/api/orders/${orderId}/approve`, undefined, m.vendor.token)).status).toBe(200);
    // Not before the event is over (issue 22 item 3): the two-hour slot must have ended.
    const end = new Date(Date.parse(start) + 2 * 3600_000).toISOString();
    const early = await app.api.post(`/api/orders/${orderId}/complete`, {}, m.vendor.token);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'order.event-not-over', detail: `This order's event is not over yet, so it cannot be completed before ${end}.` });
    clockOffsetMs = Date.parse(end) - Date.now();
    try {
      expect((await app.api.post(`/api/orders/${orderId}/complete`, {}, m.vendor.token)).status).toBe(200);
    } finally {
      clockOffsetMs = 0;
    }
    const review = await app.api.post(`/api/orders/${orderId}/review`, { rating: 5, text: 'Wonderful' }, m.customer.token);
    expect(review.status).toBe(201);
    expect(review.body.streamId).toBe(`review-${orderId}`);
    expect(await types(orderId)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderApproved', 'OrderCompleted']);
    const [placedEvent] = await app.eventStore.readStream(`order-${orderId}`);
    expect(placedEvent!.metadata).toMatchObject({ actor: { userId: m.customer.userId }, schemaVersion: 1, correlationId: expect.any(String) });
    expect((await app.api.post(`/api/orders/${orderId}/review`, { rating: 4, text: 'Again' }, m.customer.token)).body.code).toBe('review.already-posted');
  });

  it('keeps the X-Correlation-Id of the request in the event metadata', async () => {
    const answer = await app.api.call('POST', '/api/orders', { body: { productId: m.products.default }, token: m.customer.token, headers: { 'x-correlation-id': 'corr-123' } });
    const [event] = await app.eventStore.readStream(answer.body.streamId);
    expect(event!.metadata.correlationId).toBe('corr-123');
  });

  it('refuses every illegal transition with 409 and a reason', async () => {
    const fresh = (await place(m.products.default, m.customer.token)).body.id;
    for (const action of ['approve', 'complete']) {
      const answer = await app.api.post(`/api/orders/${fresh}/${action}`, {}, m.vendor.token);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 'order.illegal-transition', detail: expect.stringContaining('not paid') });
    }
    await app.api.post(`/api/orders/${fresh}/pay`, accepted, m.customer.token);
    const payAgain = await app.api.post(`/api/orders/${fresh}/pay`, accepted, m.customer.token);
    expect(payAgain.status).toBe(409);
    expect(payAgain.body.detail).toBe('This order is already paid.');
    expect((await app.api.post(`/api/orders/${fresh}/complete`, {}, m.vendor.token)).status).toBe(409);
    expect((await app.api.post(`/api/orders/${fresh}/approve`, {}, m.vendor.token)).status).toBe(200);
    expect((await app.api.post(`/api/orders/${fresh}/approve`, {}, m.vendor.token)).status).toBe(409);
    expect((await app.api.post(`/api/orders/${fresh}/pay`, accepted, m.customer.token)).body).toMatchObject({ status: 409, detail: 'This order is already paid.' });
    // Once approved, the customer may no longer cancel (DESIGN §5): forbidden, not a conflict.
    expect((await app.api.post(`/api/orders/${fresh}/cancel`, { reason: 'too late' }, m.customer.token)).status).toBe(403);
    expect((await app.api.post(`/api/orders/${fresh}/complete`, {}, m.vendor.token)).status).toBe(200);
    for (const [action, body] of [['pay', accepted], ['approve', {}], ['complete', {}], ['cancel', { reason: 'late' }]] as const) {
      const answer = await app.api.post(`/api/orders/${fresh}/${action}`, body, action === 'pay' ? m.customer.token : m.vendor.token);
      expect(answer.status, action).toBe(409);
      expect(answer.body.detail).toMatch(/completed/);
    }

    const canceled = (await place(m.products.default, m.customer.token)).body.id;
    expect((await app.api.post(`/api/orders/${canceled}/cancel`, { reason: 'changed my mind' }, m.customer.token)).status).toBe(200);
    for (const [action, body] of [['pay', accepted], ['approve', {}], ['complete', {}], ['cancel', { reason: 'again' }]] as const) {
      const answer = await app.api.post(`/api/orders/${canceled}/${action}`, body, action === 'pay' ? m.customer.token : m.vendor.token);
      expect(answer.status, action).toBe(409);
      expect(answer.body.detail).toMatch(/canceled/);
    }
    expect((await app.api.post(`/api/orders/${canceled}/review`, { rating: 3, text: '' }, m.customer.token)).status).toBe(409);
  });

  it('refuses a vendor acting on another vendor\'s order (403), and a customer approving (403)', async () => {
    const orderId = (await place(m.products.default, m.customer.token)).body.id;
    await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
    const other = await app.api.post(`/api/orders/${orderId}/approve`, {}, m.otherVendor.token);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('order.forbidden');
    expect((await app.api.post(`/api/orders/${orderId}/cancel`, { reason: 'x' }, m.otherVendor.token)).status).toBe(403);
    expect((await app.api.post(`/api/orders/${orderId}/approve`, {}, m.customer.token)).status).toBe(403);
    expect((await app.api.post(`/api/orders/${orderId}/approve`, {}, m.admin.token)).status).toBe(200);
    expect(await types(orderId)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderApproved']);
  });

  it('refuses ordering from one\'s own vendor, a missing product (404), and a timed service without start (422)', async () => {
    expect((await place(m.products.default, m.vendor.token)).body.code).toBe('order.own-vendor');
    expect((await place('no-such-product', m.customer.token)).status).toBe(404);
    const noStart = await place(m.products.timedService, m.customer.token);
    expect(noStart.status).toBe(422);
    expect(noStart.body.code).toBe('order.start-required');
  });

  it('a declined payment answers 402 with the reason and leaves the order new', async () => {
    const orderId = (await place(m.products.default, m.customer.token)).body.id;
    const declined = await app.api.post(`/api/orders/${orderId}/pay`, { cardNumber: SANDBOX_CARDS.declined }, m.customer.token);
    expect(declined.status).toBe(402);
    expect(declined.headers.get('content-type')).toContain('application/problem+json');
    expect(declined.body).toMatchObject({ code: 'payment.declined', detail: 'Card declined' });
    expect(await types(orderId)).toEqual(['OrderPlaced', 'OrderPaymentDeclined']);
    // Still new: it can be paid with another card, and only then approved.
    expect((await app.api.post(`/api/orders/${orderId}/approve`, {}, m.vendor.token)).status).toBe(409);
    expect((await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token)).status).toBe(200);
    expect((await app.api.post(`/api/orders/${orderId}/pay`, { cardNumber: '1234' }, m.customer.token)).status).toBe(422);
  });

  it('only the customer pays, and nobody is charged when refused', async () => {
    const orderId = (await place(m.products.default, m.customer.token)).body.id;
    const before = (await app.gateway.payments()).length;
    expect((await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.vendor.token)).status).toBe(403);
    expect((await app.api.post('/api/orders/missing/pay', accepted, m.customer.token)).status).toBe(404);
    expect((await app.gateway.payments()).length).toBe(before);
  });

  it('canceling a paid timed order refunds it and frees the slot for someone else', async () => {
    const start = nextStart();
    const orderId = (await place(m.products.timedService, m.customer.token, start)).body.id;
    await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
    expect((await place(m.products.timedService, m.admin.token, start)).body.code).toBe('calendar.slot-taken');
    const canceled = await app.api.post(`/api/orders/${orderId}/cancel`, { reason: 'Family emergency' }, m.customer.token);
    expect(canceled.status).toBe(200);
    const [, , cancel] = await app.eventStore.readStream(`order-${orderId}`);
    // Booked for 2030 under the default (flexible) policy: a customer's cancel this early refunds all of it.
    expect(cancel).toMatchObject({ type: 'OrderCanceled', data: { byRole: 'customer', refunds: [{ amount: { amountMinor: 150000 } }], refundPercent: 100 } });
    // The refund and the slot follow from the log (process-managers/), caused by the cancellation.
    await app.flowsCaughtUp();
    const payment = (await app.gateway.payments()).find((p) => p.orderId === orderId);
    expect(payment?.refundId).toBeDefined();
    const [, , , refunded] = await app.eventStore.readStream(`order-${orderId}`);
    expect(refunded).toMatchObject({ type: 'OrderRefunded', data: { paymentId: payment!.paymentId, refundId: payment!.refundId, amount: { amountMinor: 150000 } } });
    expect(refunded!.metadata).toMatchObject({ actor: { roles: ['system'] }, causationId: cancel!.id });
    const released = (await app.eventStore.readStream(`calendar-${m.vendor.vendorId}`)).at(-1);
    expect(released).toMatchObject({ type: 'SlotReleased', data: { orderId } });
    expect(released!.metadata.causationId).toBe(cancel!.id);
    expect((await place(m.products.timedService, m.admin.token, start)).status).toBe(201);
  });

  it('80 cancels at once: each answers 200 and every slot is free again, as the log drives the releases', { timeout: 120_000 }, async () => {
    const starts = Array.from({ length: 80 }, () => nextStart());
    const orderIds: string[] = [];
    for (const start of starts) {
      const placed = await place(m.products.timedService, m.customer.token, start);
      expect(placed.status).toBe(201);
      orderIds.push(placed.body.id);
    }
    const answers = await Promise.all(orderIds.map((orderId) => app.api.post(`/api/orders/${orderId}/cancel`, { reason: 'Plans changed' }, m.customer.token)));
    expect(answers.map((answer) => answer.status)).toEqual(orderIds.map(() => 200));
    await app.flowsCaughtUp();
    const held = new Set<string>();
    for (const event of await app.eventStore.readStream(`calendar-${m.vendor.vendorId}`)) {
      const { orderId } = event.data as { orderId?: string };
      if (event.type === 'SlotReserved') held.add(orderId!);
      if (event.type === 'SlotReleased') held.delete(orderId!);
    }
    expect(orderIds.filter((orderId) => held.has(orderId))).toEqual([]);
    // Each slot can be booked again.
    for (const start of starts.slice(0, 5)) expect((await place(m.products.timedService, m.admin.token, start)).status).toBe(201);
  });

  it('a canceled order\'s time can be booked at once, before the flow has given its slot back', async () => {
    const start = nextStart();
    const orderId = (await place(m.products.timedService, m.customer.token, start)).body.id;
    await app.flowsCaughtUp();
    // Canceled straight in the log, as a request on another instance would, so no flow has run yet.
    const [placed] = await app.eventStore.readStream(`order-${orderId}`);
    await app.eventStore.append(`order-${orderId}`, [{
      id: crypto.randomUUID(), type: 'OrderCanceled',
      data: { orderId, reason: 'Plans changed', by: m.customer.userId, byRole: 'customer', at: new Date().toISOString() },
      metadata: { ...placed!.metadata, at: new Date().toISOString() },
    }], 0);
    const again = await place(m.products.timedService, m.admin.token, start);
    expect(again.status).toBe(201);
    await app.flowsCaughtUp();
    const releases = (await app.eventStore.readStream(`calendar-${m.vendor.vendorId}`)).filter((event) => event.type === 'SlotReleased' && (event.data as { orderId: string }).orderId === orderId);
    expect(releases).toHaveLength(1);
  });

  it('refuses a slot overlapping a busy window', async () => {
    const start = nextStart();
    const end = new Date(Date.parse(start) + 3600_000).toISOString();
    const window = await app.api.post('/api/vendor/busy-windows', { start, end, reason: 'Vacation' }, m.vendor.token);
    expect(window.status).toBe(201);
    const answer = await place(m.products.timedService, m.customer.token, new Date(Date.parse(start) - 3600_000).toISOString());
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('calendar.slot-taken');
    expect((await app.api.delete(`/api/vendor/busy-windows/${window.body.id}`, m.otherVendor.token)).status).toBe(404);
    expect((await app.api.delete(`/api/vendor/busy-windows/${window.body.id}`, m.vendor.token)).status).toBe(200);
    expect((await place(m.products.timedService, m.customer.token, start)).status).toBe(201);
  });

  it('20 concurrent orders for one timed slot: exactly one 201, the rest 409', async () => {
    const start = nextStart();
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(m.products.timedService, m.customer.token, start)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const reservations = (await app.eventStore.readStream(`calendar-${m.vendor.vendorId}`))
      .filter((e) => e.type === 'SlotReserved' && (e.data as { start: string }).start === start);
    expect(reservations).toHaveLength(1);
  });

  it('20 concurrent approvals of one order: exactly one OrderApproved', async () => {
    const orderId = (await place(m.products.default, m.customer.token)).body.id;
    await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.api.post(`/api/orders/${orderId}/approve`, {}, m.vendor.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect((await types(orderId)).filter((t) => t === 'OrderApproved')).toHaveLength(1);
  });

  it('the customer edits and deletes their review; only an admin takes down someone else\'s', async () => {
    const completed = async () => {
      const orderId = (await place(m.products.default, m.customer.token)).body.id;
      await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
      await app.api.post(`/api/orders/${orderId}/approve`, {}, m.vendor.token);
      await app.api.post(`/api/orders/${orderId}/complete`, {}, m.vendor.token);
      expect((await app.api.post(`/api/orders/${orderId}/review`, { rating: 2, text: 'Late' }, m.customer.token)).status).toBe(201);
      return orderId;
    };
    const reviewTypes = async (orderId: string) => (await app.eventStore.readStream(`review-${orderId}`)).map((e) => e.type);

    const mine = await completed();
    const edited = await app.api.put(`/api/orders/${mine}/review`, { rating: 4, text: ' Late, but great ' }, m.customer.token);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: mine, streamId: `review-${mine}`, revision: 1 });
    expect((await app.eventStore.readStream(`review-${mine}`)).at(-1)).toMatchObject({ type: 'ReviewEdited', data: { rating: 4, text: 'Late, but great' } });
    expect((await app.api.put(`/api/orders/${mine}/review`, { rating: 4, text: 'Late, but great' }, m.customer.token)).body.revision).toBe(1);
    expect((await app.api.put(`/api/orders/${mine}/review`, { rating: 0, text: '' }, m.customer.token)).status).toBe(422);
    expect((await app.api.put(`/api/orders/${mine}/review`, { rating: 5, text: 'mine now' }, m.vendor.token)).status).toBe(403);
    expect((await app.api.delete(`/api/orders/${mine}/review`, m.vendor.token)).status).toBe(403);
    expect((await app.api.delete(`/api/orders/${mine}/review`, m.customer.token)).status).toBe(200);
    expect((await app.api.delete(`/api/orders/${mine}/review`, m.customer.token)).status).toBe(404);
    expect((await app.api.put(`/api/orders/${mine}/review`, { rating: 5, text: '' }, m.customer.token)).status).toBe(404);
    // Withdrawn, the order may be reviewed again.
    expect((await app.api.post(`/api/orders/${mine}/review`, { rating: 5, text: 'Second thoughts' }, m.customer.token)).status).toBe(201);
    expect(await reviewTypes(mine)).toEqual(['ReviewPosted', 'ReviewEdited', 'ReviewWithdrawn', 'ReviewPosted']);

    const moderated = await completed();
    expect((await app.api.call('DELETE', `/api/orders/${moderated}/review`, { token: m.admin.token, body: { reason: 'Offensive' } })).status).toBe(200);
    expect((await app.eventStore.readStream(`review-${moderated}`)).at(-1)).toMatchObject({ type: 'ReviewRemoved', data: { reason: 'Offensive' } });
    expect((await app.api.post(`/api/orders/${moderated}/review`, { rating: 5, text: 'again' }, m.customer.token)).body.code).toBe('review.already-posted');

    // Hiding needs a reason, named as the failing field.
    const unexplained = await completed();
    const noReason = await app.api.call('DELETE', `/api/orders/${unexplained}/review`, { token: m.admin.token, body: { reason: '  ' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body).toMatchObject({ code: 'review.reason-required', errors: [{ field: 'reason' }] });
    expect(await reviewTypes(unexplained)).toEqual(['ReviewPosted']);
  });

  it('the reviewed vendor replies once; the customer edits within 14 days, then gets a clear 409', async () => {
    const orderId = (await place(m.products.default, m.customer.token)).body.id;
    await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
    await app.api.post(`/api/orders/${orderId}/approve`, {}, m.vendor.token);
    await app.api.post(`/api/orders/${orderId}/complete`, {}, m.vendor.token);
    expect((await app.api.post(`/api/orders/${orderId}/review`, { rating: 4, text: 'Lovely' }, m.customer.token)).status).toBe(201);

    const reply = (token: string, text = 'Thank you!') => app.api.post(`/api/orders/${orderId}/review/reply`, { text }, token);
    const empty = await reply(m.vendor.token, '   ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([expect.objectContaining({ field: 'text' })]);
    expect((await reply(m.customer.token)).status).toBe(403);
    const replied = await reply(m.vendor.token, ' Thank you! ');
    expect(replied.status).toBe(201);
    expect(replied.body).toMatchObject({ id: orderId, streamId: `review-${orderId}`, revision: 1 });
    expect((await app.eventStore.readStream(`review-${orderId}`)).at(-1)).toMatchObject({ type: 'ReviewReplied', data: { text: 'Thank you!', by: 'vendor' } });
    const again = await reply(m.vendor.token, 'Once more');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('review.already-replied');
    expect((await reply(m.admin.token, 'For the artist')).body.code).toBe('review.already-replied');

    // 13 days on, the customer may still edit; 15 days on, not.
    try {
      clockOffsetMs = 13 * 24 * 3600_000;
      expect((await app.api.put(`/api/orders/${orderId}/review`, { rating: 5, text: 'Lovely, really' }, m.customer.token)).status).toBe(200);
      clockOffsetMs = 15 * 24 * 3600_000;
      const late = await app.api.put(`/api/orders/${orderId}/review`, { rating: 3, text: 'Changed my mind' }, m.customer.token);
      expect(late.status).toBe(409);
      expect(late.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(late.body).toMatchObject({ status: 409, code: 'review.edit-window-closed', detail: expect.stringMatching(/14 days/) });
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('a charge the order did not take', () => {
  it('is recorded as owed back and refunded from the log: the vendor cancels while the card is charged', async () => {
    let charged: () => void = () => {};
    const charging = new Promise<void>((resolve) => (charged = resolve));
    let canceled: () => void = () => {};
    const cancelDone = new Promise<void>((resolve) => (canceled = resolve));
    const app = await startTestCommandApi({
      wrapPaymentGateway: (gateway) => ({
        ...gateway,
        // The charge goes through once the order has been canceled meanwhile.
        async charge(request) {
          charged();
          await cancelDone;
          return gateway.charge(request);
        },
      }),
    });
    try {
      const m = await createTestMarketplace(app);
      const orderId = (await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token)).body.id;
      const paying = app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
      await charging;
      expect((await app.api.post(`/api/orders/${orderId}/cancel`, { reason: 'Not available that day' }, m.vendor.token)).status).toBe(200);
      canceled();
      const paid = await paying;
      expect(paid.status).toBe(409);
      expect(paid.body.code).toBe('order.illegal-transition');
      await app.flowsCaughtUp();
      const events = await app.eventStore.readStream(`order-${orderId}`);
      expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'OrderCanceled', 'OrderPaymentReturned', 'OrderRefunded']);
      const [payment] = (await app.gateway.payments()).filter((p) => p.orderId === orderId);
      expect(events[2]!.data).toMatchObject({ paymentId: payment!.paymentId, amount: { amountMinor: 150000 }, reason: 'This order was canceled, so it can no longer be paid.' });
      expect(events[2]!.metadata.actor.roles).toEqual(['system']);
      expect(events[3]!.data).toMatchObject({ paymentId: payment!.paymentId, refundId: payment!.refundId });
      expect(payment!.refundId).toBeDefined();
    } finally {
      await app.close();
    }
  });
});
