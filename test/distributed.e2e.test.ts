import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startMarketplace, type Marketplace, type ServiceName } from '../main.ts';
import { DEMO_ACCOUNTS } from '../seed/seed-demo.ts';
import { realEngine } from './real-engines.ts';
import type { MongoViewStore } from '../infra/view-store/mongo-view-store.ts';

// Issue 4, end to end on real engines: every service in its own instance (as docker compose runs
// them), projectors and the notification reactor fed by Kafka through the relay, views in a Mongo-wire
// server, GET cache, job queue and realtime on Redis. The event store is EventStoreDB when one is
// given, else the node:sqlite file the services share. An order is placed, paid, approved and
// completed over HTTP through the web service's /api gateway and read back from the views.
const mongo = realEngine('mongo');
const redis = realEngine('redis');
const kafka = realEngine('kafka');
const eventstore = realEngine('eventstore');
const missing = [mongo, redis, kafka].flatMap((engine) => (engine.url === null ? [engine.reason] : []));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe.skipIf(missing.length > 0)(
  `distributed services on Kafka, a Mongo-wire server and Redis${missing.length ? ` (skipped: ${missing.join('; ')})` : ''}`,
  () => {
    const namespace = `e2e_${randomBytes(4).toString('hex')}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-distributed-'));
    const env: Record<string, string | undefined> = {
      NODE_ENV: 'test', LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'),
      MONGO_URL: mongo.url ?? undefined, MONGO_DB: namespace, REDIS_URL: redis.url ?? undefined,
      KAFKA_BROKERS: kafka.url ?? undefined, EVENT_FEED: 'kafka', NAMESPACE: namespace,
      EVENTSTORE_URL: eventstore.url ?? undefined,
    };
    const running: Marketplace[] = [];
    let web: Marketplace;
    let commandApi: Marketplace;
    let readiness: string[] = [];

    const start = async (service: ServiceName, extra: Record<string, string> = {}) => {
      const instance = await startMarketplace({ services: [service], port: 0, env: { ...env, ...extra } });
      running.push(instance);
      return instance;
    };
    const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
      const response = await fetch(new URL(path, web.url), {
        method: init.method ?? 'GET',
        headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      });
      return { status: response.status, body: await response.json().catch(() => null) as any };
    };
    const signIn = async (email: string) => {
      const answer = await call('/api/token/jwt', { method: 'POST', body: { email, password: 'demo-password' } });
      expect(answer.status).toBe(200);
      return answer.body.token as string;
    };

    beforeAll(async () => {
      commandApi = await start('command-api', { SEED_DEMO: 'true' });
      await start('relay');
      await start('projectors');
      await start('worker');
      const queryApi = await start('query-api');
      web = await start('web', { COMMAND_API_URL: commandApi.url, QUERY_API_URL: queryApi.url });
      // Ready: the projectors and the reactor caught up with the seed on Kafka (read-your-writes below
      // waits only seconds for a write, not for a backlog of thousands).
      readiness = await Promise.all(running.map((instance) => until(`${instance.url} ready`, async () => {
        const response = await fetch(new URL('/health/ready', instance.url));
        return response.status === 200 ? ((await response.json()) as { checks: Array<{ name: string }> }).checks.map((check) => check.name).sort().join(',') : undefined;
      }, 240_000)));
    }, 420_000);
    afterAll(async () => {
      // The views of this run live in their own database; leave the shared server as it was found.
      const views = running.find((instance) => instance.projections)?.adapters.viewStore as MongoViewStore | undefined;
      await views?.db.dropDatabase().catch(() => undefined);
      for (const instance of running.reverse()) await instance.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('places, pays, approves and completes an order and reads it back from the views', async () => {
      expect(commandApi.seeded?.vendors).toBeGreaterThanOrEqual(50);
      const vendorId = commandApi.seeded!.firstVendorId;
      const timed = await until('the seeded products in the views', async () => {
        const answer = await call(`/api/ecommerce/product?vendorId=${vendorId}&type=timedService`);
        return answer.status === 200 && answer.body.total > 0 ? answer.body.items[0] : undefined;
      }, 120_000);

      // An order is completed only once its event is over (issue 22 item 3), so the booking is one that
      // took place: an admin records it for themselves (only an admin may book a past time) and is its customer.
      const customer = await signIn(DEMO_ACCOUNTS.admin);
      const vendor = await signIn(DEMO_ACCOUNTS.vendor);
      const placed = await call('/api/orders', { method: 'POST', token: customer, body: { productId: timed.id ?? timed.productId, start: '2026-06-01T17:00:00.000Z' } });
      expect(placed.status).toBe(201);
      const orderId = placed.body.id as string;
      expect((await call(`/api/orders/${orderId}/pay`, { method: 'POST', token: customer, body: { cardNumber: '4242424242424242' } })).status).toBe(200);
      expect((await call(`/api/orders/${orderId}/approve`, { method: 'POST', token: vendor, body: {} })).status).toBe(200);
      const completed = await call(`/api/orders/${orderId}/complete`, { method: 'POST', token: vendor, body: {} });
      expect(completed.status).toBe(200);

      // Read-your-writes across processes: the query API waits for the Kafka-fed projectors.
      const read = await call(`/api/orders/${orderId}?minRevision=${completed.body.revision}`, { token: customer });
      expect(read.status).toBe(200);
      expect(read.body.status).toBe('completed');
      expect(read.body.timeline.map((step: { status?: string; type?: string }) => step.status ?? step.type)).toEqual(
        expect.arrayContaining(['new', 'payed', 'approved', 'completed']),
      );
      // The slot lives in the vendor's calendar stream, which the order's minRevision does not cover.
      await until('the reserved slot in the calendar view', async () => {
        const calendar = await call(`/api/vendor/${vendorId}/calendar?from=2026-06-01T00:00:00.000Z&to=2026-06-02T00:00:00.000Z`, { token: vendor });
        return JSON.stringify(calendar.body).includes(orderId) ? true : undefined;
      });

      // The worker (BullMQ) turned the lifecycle into the customer's notifications.
      const notifications = await until('notifications through BullMQ', async () => {
        const answer = await call('/api/notifications?limit=50', { token: customer });
        const kinds = (answer.body?.items ?? []).map((n: { kind: string }) => n.kind);
        return kinds.includes('order.completed') ? kinds : undefined;
      });
      expect(notifications).toEqual(expect.arrayContaining(['order.payed', 'order.approved', 'order.completed']));
    }, 180_000);

    it('serves the storefront from the web service through the gateway', async () => {
      const response = await fetch(new URL('/en/search', web.url));
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('lang="en"');
      expect(html).toMatch(/Cohen|Levi|Mizrahi/);
    });

    it('every service answered /health/ready with what it runs once ready', () => {
      // command-api (the seed ran), relay, projectors (the lease holder, on Kafka), worker, query-api, web;
      // those that need Kafka (the relay, the followers of the Kafka feed) ask it too, the APIs do not.
      const engines = (checks: string) => ['mongodb', 'redis', ...checks.split(',')].sort().join(',');
      expect(readiness).toEqual(['event-store,seed', 'kafka,relay', 'kafka,projections', 'flow:order-refunds,flow:order-slot-release,flow:quote-acceptance,flow:receipts,kafka,notifications', 'views', 'web'].map(engines));
    });
  },
);
