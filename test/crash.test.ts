import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { DEMO_ACCOUNTS } from '../seed/seed-demo.ts';
import { freePort } from './free-port.ts';
import { killHard, startProduct, stopGently } from './product-process.ts';
import { freshDemoDataDir } from './demo-data-dir.ts';

// Crash safety: the product runs as `npm start` runs it, in a child process on a data
// directory, under bounded concurrent write load from clients that behave like real ones (an
// Idempotency-Key per intent, the same key on every retry, retrying on a dropped connection, a 5xx
// or 409 idempotency.in-progress). The child is killed with SIGKILL at random moments, 10 times, and
// started again on the same DATA_DIR each time. Afterwards: every write answered 2xx is there, no
// key made two orders or two messages, no order was paid twice, and the views the running process
// built incrementally across the crashes equal the views a fresh start rebuilds from the log.
// A request a kill cut off leaves its key's claim open; the product answers its retries 409
// idempotency.in-progress until the claim is stale (IDEMPOTENCY_CLAIM_STALE_SECONDS, 10 s here: 60 s by
// default, which would make the test wait out a minute for nothing more) and a retry takes it over. Such an intent keeps
// retrying, backing off, beside the load while its worker goes on to a new one: otherwise a few kills
// leave every worker waiting out a claim and the next kill waits with them.

const KILLS = 10;
const WORKERS = 4;
/** After this long a crashed run's claim may be taken over (the product's default is 60 s). */
const CLAIM_STALE_SECONDS = 10;
/**
 * A retry gives up after this long from its first try and from the product's latest start, whichever
 * is later: well past the staleness. Counted from the latest start too, since each kill can cut off a
 * takeover and leave a new open claim (in a run on a loaded machine, two registrations found no final
 * answer within 60 s of their first try); once the kills are over, every open claim must still be taken
 * over within it.
 */
const INTENT_DEADLINE_MS = 60_000;
const CARD = '4242424242424242';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** Intents the load finishes between two kills: each kill lands in writes, however slow the machine. */
const INTENTS_PER_ROUND = 4;
/** Waits until `condition` holds, polling; fails naming `what` after `timeoutMs`. */
async function until(condition: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low));

/**
 * `npm start` in a child: behind a proxy (TRUST_PROXY), each registration comes from a visitor of its own,
 * as in real life; from one address, a hundred registrations would meet the registration throttle
 * (docs/security.md).
 */
const launch = (dataDir: string, port: number) => startProduct(dataDir, port, { TRUST_PROXY: 'loopback', IDEMPOTENCY_CLAIM_STALE_SECONDS: String(CLAIM_STALE_SECONDS) });

interface Answer { status: number; body: any }

describe('kill -9 under concurrent write load, restarted on the same data', () => {
  let dataDir: string;
  let port: number;
  let base: string;
  let child: ChildProcess | null = null;
  let customer: string;
  let admin: string;

  const visitorAddress = (key: string) => {
    const digest = createHash('sha256').update(key).digest();
    return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
  };
  const call = async (method: string, path: string, token?: string, body?: unknown, key?: string): Promise<Answer> => {
    const response = await fetch(base + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
        // The visitor's address, as the proxy in front names it: one per intent (its retries keep it).
        ...(key ? { 'x-forwarded-for': visitorAddress(key) } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  /**
   * A client's write: the same key on every try, until an answer that is not "try again" (or the deadline).
   * On `idempotency.in-progress` it calls `waiting` (its worker goes on without it) and backs off to a try
   * every one to three seconds: the claim stays open until it is stale.
   */
  const serverErrors: string[] = [];
  /** Intents that found no final answer before their deadline: a claim never taken over. */
  const gaveUp: string[] = [];
  /** When the product last started listening (Date.now()), and how many times it was killed so far. */
  let startedAt = 0;
  let killed = 0;
  async function write(method: string, path: string, token: string | undefined, body: unknown, key: string, waiting: () => void): Promise<Answer | null> {
    const firstTry = Date.now();
    const killedBefore = killed;
    let last = 'no answer';
    let inProgress = false;
    while (Date.now() < Math.max(firstTry, startedAt) + INTENT_DEADLINE_MS) {
      try {
        const answer = await call(method, path, token, body, key);
        last = `${answer.status} ${answer.body?.code ?? ''}`.trim();
        if (answer.status >= 500) serverErrors.push(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
        if (answer.status === 409 && answer.body?.code === 'idempotency.in-progress') {
          inProgress = true;
          waiting();
        } else if (answer.status < 500) {
          return answer;
        }
      } catch {
        // The process is down (connection refused or dropped): a real client tries again.
        last = 'no answer';
      }
      await sleep(inProgress ? between(1_000, 3_000) : between(150, 400));
    }
    // What it met, for the report: the kills while it tried and the last answer.
    gaveUp.push(`${method} ${path} (${key}; ${killed - killedBefore} kills while it tried; last: ${last})`);
    return null;
  }

  beforeAll(async () => {
    dataDir = await freshDemoDataDir('marketplace-crash-');
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = await launch(dataDir, port);
    const signIn = async (email: string) => (await call('POST', '/api/token/jwt', undefined, { email, password: 'demo-password' })).body.token as string;
    customer = await signIn(DEMO_ACCOUNTS.customer);
    admin = await signIn(DEMO_ACCOUNTS.admin);
  }, 180_000);

  afterAll(async () => {
    if (child) await killHard(child);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Until GET /health/ready answers 200: every follower (the views among them) reached the head as of the check. */
  async function untilReady(what: string, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await fetch(`${base}/health/ready`).catch(() => null))?.status !== 200) {
      if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
      await sleep(500);
    }
  }

  /** What the views answer, read through the API as the customer, the admin and a guest. */
  async function viewsSnapshot(conversationId: string, vendorId: string) {
    const read = async (path: string, token?: string) => {
      const answer = await call('GET', path, token);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    return {
      myOrders: await read('/api/orders?limit=999', customer),
      myPayments: await read('/api/payments?limit=999', customer),
      favorites: await read('/api/artists/vendor/favored/by-user', customer),
      conversations: await read('/api/conversations?limit=999', customer),
      messages: await read(`/api/conversations/${conversationId}/messages?limit=999`, customer),
      adminOrders: await read('/api/admin/orders?limit=999', admin),
      adminUsers: await read('/api/admin/users?limit=999', admin),
      adminCounts: await read('/api/admin/counts', admin),
      vendorCards: await read('/api/ecommerce/vendor?limit=999'),
      vendorPage: await read(`/api/ecommerce/vendor/${vendorId}`),
    };
  }

  it(`keeps every acknowledged write through ${KILLS} kills, duplicates nothing, and its views equal a rebuild`, async () => {
    const vendors = (await call('GET', '/api/ecommerce/vendor?limit=30')).body.items as { vendorId: string }[];
    const vendorId = (await call('GET', '/api/user/current', (await call('POST', '/api/token/jwt', undefined, { email: DEMO_ACCOUNTS.vendor, password: 'demo-password' })).body.token)).body.Vendor.id as string;
    const products = (await call('GET', `/api/ecommerce/product?vendorId=${vendorId}`)).body.items as { productId: string; type: string }[];
    const fixedProduct = products.find((product) => product.type === 'default')!.productId;
    const timedProduct = products.find((product) => product.type === 'timedService')!.productId;
    const opened = await call('POST', '/api/conversations', customer, { vendorId });
    expect(opened.status).toBe(201);
    const conversationId = opened.body.id as string;

    // What the product acknowledged, by kind.
    const acked = { orders: new Map<string, string>(), paid: new Set<string>(), favorites: new Set<string>(), messages: new Map<string, string>(), users: new Map<string, string>() };
    const unpaid: string[] = [];
    let intents = 0;
    let timedOrders = 0;
    let loading = true;
    const run = `${Date.now().toString(36)}`;
    const dayMs = 86_400_000;
    const firstDay = Math.floor(Date.now() / dayMs) * dayMs + 40 * dayMs;

    async function oneIntent(worker: number, n: number, waiting: () => void): Promise<void> {
      const key = `crash-${run}-${worker}-${n}`;
      const roll = Math.random();
      if (roll < 0.3) {
        // An order: a timed service on a day of its own (its slot reserved), else the fixed-price product.
        const timed = Math.random() < 0.4;
        const start = timed ? new Date(firstDay + timedOrders++ * dayMs + 12 * 3_600_000).toISOString() : undefined;
        const answer = await write('POST', '/api/orders', customer, { productId: timed ? timedProduct : fixedProduct, notes: key, ...(start ? { start } : {}) }, key, waiting);
        if (answer?.status === 201) {
          acked.orders.set(key, answer.body.id);
          unpaid.push(answer.body.id);
        }
      } else if (roll < 0.5 && unpaid.length) {
        const orderId = unpaid.splice(between(0, unpaid.length), 1)[0]!;
        const answer = await write('POST', `/api/orders/${orderId}/pay`, customer, { cardNumber: CARD }, key, waiting);
        if (answer?.status === 200) acked.paid.add(orderId);
      } else if (roll < 0.65) {
        const favorite = vendors[between(0, vendors.length)]!.vendorId;
        const answer = await write('POST', `/api/artists/vendor/${favorite}/favored/by-user`, customer, {}, key, waiting);
        if (answer && answer.status < 300) acked.favorites.add(favorite);
      } else if (roll < 0.85) {
        const answer = await write('POST', `/api/conversations/${conversationId}/messages`, customer, { text: `message ${key}` }, key, waiting);
        if (answer?.status === 201) acked.messages.set(key, answer.body.messageId);
      } else {
        const email = `${key}@example.com`;
        const answer = await write('POST', '/api/user/register', undefined, { email, password: 'a-good-password', fullName: `Load ${n}`, locale: 'he-IL' }, key, waiting);
        if (answer?.status === 201) acked.users.set(email, answer.body.id);
      }
      intents++;
    }

    // Each worker runs one intent at a time, and goes on to the next once it is done or waits out an open claim.
    const started: Promise<void>[] = [];
    const workers = Array.from({ length: WORKERS }, async (_, worker) => {
      for (let n = 0; loading; n++) {
        let waiting!: () => void;
        const waits = new Promise<void>((resolve) => { waiting = resolve; });
        const intent = oneIntent(worker, n, waiting);
        started.push(intent);
        await Promise.race([intent, waits]);
      }
    });

    // The kills: at random moments of the load, once some writes went through since the last start
    // (counted, not timed: on a busy machine a start takes longer), then a start on the same data.
    for (let round = 0; round < KILLS; round++) {
      const before = intents;
      await sleep(between(300, 1_500));
      await until(() => intents - before >= INTENTS_PER_ROUND, `${INTENTS_PER_ROUND} intents before kill ${round + 1}`);
      await killHard(child!);
      killed++;
      child = await launch(dataDir, port);
      startedAt = Date.now();
    }
    // A few orders at least, so the check below covers orders, payments and reservations.
    await until(() => acked.orders.size > 5, 'six acknowledged orders');
    await sleep(1_500);
    loading = false;
    await Promise.all(workers);
    await Promise.all(started);
    expect(killed).toBe(KILLS);

    // The live views (built incrementally since the last start) have caught up when the product says it
    // is ready (its views reached the log's head as of the check) and two reads agree. Two reads alone
    // can agree while a loaded machine is still in the middle of a long catch-up unit.
    await untilReady('the views to catch up after the load');
    let live = await viewsSnapshot(conversationId, vendorId);
    for (let attempt = 0; attempt < 30; attempt++) {
      await sleep(1_000);
      const again = await viewsSnapshot(conversationId, vendorId);
      if (JSON.stringify(again) === JSON.stringify(live)) break;
      live = again;
    }

    // Every acknowledged write is there.
    const orders = new Map((live.myOrders.items as { orderId: string; status: string; notes?: string }[]).map((order) => [order.orderId, order]));
    for (const [key, orderId] of acked.orders) expect(orders.get(orderId), `order of ${key}`).toBeDefined();
    for (const orderId of acked.paid) expect(orders.get(orderId)?.status, `paid order ${orderId}`).toBe('payed');
    for (const favorite of acked.favorites) expect(live.favorites.vendorIds, `favorite ${favorite}`).toContain(favorite);
    const messages = new Set((live.messages.items as { messageId: string }[]).map((message) => message.messageId));
    for (const [key, messageId] of acked.messages) expect(messages.has(messageId), `message of ${key}`).toBe(true);
    const users = new Map((live.adminUsers.items as { userId: string; email: string }[]).map((user) => [user.userId, user.email]));
    for (const [email, userId] of acked.users) expect(users.get(userId), `user ${email}`).toBe(email);

    // Stop it gently, and count in the log itself: one order per key, one message per key, one payment per order, one user per e-mail.
    await stopGently(child!);
    child = null;
    const store = await openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
    const events = await store.readAll();
    await store.close();
    const countBy = (type: string, keyOf: (data: any, streamId: string) => string | undefined) => {
      const counts = new Map<string, number>();
      for (const event of events) {
        if (event.type !== type) continue;
        const key = keyOf(event.data, event.streamId);
        if (key?.startsWith('crash-') || key?.startsWith('order-')) counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return [...counts].filter(([, count]) => count > 1);
    };
    expect(countBy('OrderPlaced', (data) => data.notes), 'keys with two orders').toEqual([]);
    expect(countBy('MessagePosted', (data) => (typeof data.text === 'string' ? data.text.replace(/^message /, '') : undefined)), 'keys with two messages').toEqual([]);
    expect(countBy('OrderPaid', (_data, streamId) => streamId), 'orders paid twice').toEqual([]);
    expect(countBy('UserRegistered', (data) => (String(data.email).startsWith('crash-') ? data.email : undefined)), 'e-mails registered twice').toEqual([]);
    expect(serverErrors, 'answers with a 5xx').toEqual([]);
    expect(gaveUp, 'intents whose open claim was never taken over').toEqual([]);

    // A fresh start replays the log into empty views: they must equal what the live process had built.
    child = await launch(dataDir, port);
    await untilReady('the fresh start to replay the log');
    let rebuilt = await viewsSnapshot(conversationId, vendorId);
    for (let attempt = 0; attempt < 30 && JSON.stringify(rebuilt) !== JSON.stringify(live); attempt++) {
      await sleep(1_000);
      rebuilt = await viewsSnapshot(conversationId, vendorId);
    }
    expect(rebuilt).toEqual(live);

    console.log(`crash test: ${killed} kills, ${intents} intents, acknowledged ${acked.orders.size} orders, ${acked.paid.size} payments, ${acked.favorites.size} favorites, ${acked.messages.size} messages, ${acked.users.size} registrations; 0 lost, 0 duplicated; ${events.length} events`);
  }, 420_000);
});
