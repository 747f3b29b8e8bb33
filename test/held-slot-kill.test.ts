import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { DEMO_ACCOUNTS } from '../seed/seed-demo.ts';
import { freePort } from './free-port.ts';
import { killHard, startProduct, stopGently } from './product-process.ts';
import { freshDemoDataDir } from './demo-data-dir.ts';

// A held slot's timer is durable (issue 26 item 4, docs/payments.md "Held slots"): the product runs as
// `npm start` runs it, in a child process on a data directory. A customer books a timed slot (held 15
// minutes while they pay; another customer is refused it), and the process is killed with SIGKILL
// right away, between the hold and its end. It is started again on the same data with its clock 16
// minutes on (CLOCK_OFFSET_MINUTES, a test-only setting): nothing in memory survived, yet the sweep
// finds the hold in the log's views, the order is canceled by the system, the slot is free again and
// the other customer books it. Killed and started once more, the product cancels nothing twice: the
// log holds one cancel and one release. Every wait polls with a generous deadline; nothing is timed.

/** The demo seed's second customer (seed/seed-demo.ts), with the demo password. */
const OTHER_CUSTOMER = 'reviewer@demo.local';
const PASSWORD = 'demo-password';
const DAY_MS = 86_400_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * `npm start` in a child, its clock `clockOffsetMinutes` on; the views kept on disk beside the log, as
 * outside tests, and a sweep every second, so the test need not wait 30 s.
 */
const launch = (dataDir: string, port: number, clockOffsetMinutes: number) =>
  startProduct(dataDir, port, { VIEW_STORE: 'sqlite', HOLD_EXPIRY_INTERVAL_SECONDS: '1', CLOCK_OFFSET_MINUTES: String(clockOffsetMinutes) });

interface Answer { status: number; body: any }

describe('a held slot across kill -9 and a restart past its end', () => {
  let dataDir: string;
  let port: number;
  let base: string;
  let child: ChildProcess | null = null;

  const call = async (method: string, path: string, token?: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(base + path, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const signIn = async (email: string): Promise<string> => {
    const answer = await call('POST', '/api/token/jwt', undefined, { email, password: PASSWORD });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.token as string;
  };
  /** Polls until `read` answers something `done` accepts, up to `deadlineMs`; answers the last value read. */
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, deadlineMs = 120_000): Promise<T> {
    const deadline = Date.now() + deadlineMs;
    let value = await read();
    while (!done(value) && Date.now() < deadline) {
      await sleep(500);
      value = await read();
    }
    return value;
  }
  const ready = async () => (await fetch(`${base}/health/ready`).catch(() => null))?.status === 200;

  beforeAll(async () => {
    dataDir = await freshDemoDataDir('held-slot-kill-');
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = await launch(dataDir, port, 0);
  }, 180_000);

  afterAll(async () => {
    if (child) await killHard(child);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('after the restart the order is canceled by the system once, and another customer books the freed slot', async () => {
    const customer = await signIn(DEMO_ACCOUNTS.customer);
    const other = await signIn(OTHER_CUSTOMER);
    const vendorToken = await signIn(DEMO_ACCOUNTS.vendor);
    const vendorId = (await call('GET', '/api/user/current', vendorToken)).body.Vendor.id as string;
    const products = (await call('GET', `/api/ecommerce/product?vendorId=${vendorId}`)).body.items as { productId: string; type: string }[];
    const productId = products.find((product) => product.type === 'timedService')!.productId;

    // A Tuesday-to-Thursday noon a year ahead, clear of Shabbat and of the seed's bookings; the next day if taken.
    let day = Math.floor(Date.now() / DAY_MS) * DAY_MS + 300 * DAY_MS;
    while (![2, 3, 4].includes(new Date(day).getUTCDay())) day += DAY_MS;
    let start = '';
    let orderId = '';
    for (let attempt = 0; attempt < 10 && !orderId; attempt++, day += DAY_MS) {
      start = new Date(day + 9 * 3_600_000).toISOString();
      const placed = await call('POST', '/api/orders', customer, { productId, start });
      if (placed.status === 201) orderId = placed.body.id;
      else expect(placed.status, JSON.stringify(placed.body)).toBe(409);
    }
    expect(orderId, 'a timed order placed').not.toBe('');
    // Held: another customer cannot take the time.
    const refused = await call('POST', '/api/orders', other, { productId, start });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('calendar.slot-taken');

    // Killed between the hold and its end, started again once the 15 minutes are over.
    await killHard(child!);
    child = await launch(dataDir, port, 16);
    const customerAgain = await signIn(DEMO_ACCOUNTS.customer);
    const statusOf = async () => ((await call('GET', '/api/orders?limit=999', customerAgain)).body.items as { orderId: string; status: string }[])
      .find((order) => order.orderId === orderId)?.status;
    expect(await until(statusOf, (status) => status === 'canceled')).toBe('canceled');
    // The payment is refused now; the other customer gets the time.
    const pay = await call('POST', `/api/orders/${orderId}/pay`, customerAgain, { cardNumber: '4242424242424242' });
    expect(pay.status).toBe(409);
    const otherAgain = await signIn(OTHER_CUSTOMER);
    const booked = await call('POST', '/api/orders', otherAgain, { productId, start });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    // Killed and started once more: the sweep and the flows run again and record nothing new.
    await killHard(child!);
    child = await launch(dataDir, port, 16);
    expect(await until(ready, (isReady) => isReady)).toBe(true);
    // A few sweeps (one a second) after the views caught up.
    await sleep(3_000);
    await stopGently(child!);
    child = null;

    const store = await openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
    const events = await store.readAll();
    await store.close();
    const ofOrder = events.filter((event) => event.streamId === `order-${orderId}`);
    expect(ofOrder.map((event) => event.type)).toEqual(['OrderPlaced', 'OrderCanceled']);
    expect(ofOrder[1]!.data).toMatchObject({ byRole: 'system', by: null });
    expect(ofOrder[1]!.metadata.actor.roles).toEqual(['system']);
    const onCalendar = events.filter((event) => event.streamId === `calendar-${vendorId}` && [orderId, booked.body.id].includes((event.data as { orderId?: string }).orderId))
      .map((event) => [event.type, (event.data as { orderId: string }).orderId === orderId ? 'held' : 'booked']);
    expect(onCalendar).toEqual([['SlotReserved', 'held'], ['SlotReleased', 'held'], ['SlotReserved', 'booked']]);
  }, 420_000);
});
