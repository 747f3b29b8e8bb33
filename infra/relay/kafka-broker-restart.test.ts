import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realEngine } from '../../test/real-engines.ts';
import type { EventStore, NewEvent, RecordedEvent } from '../../domain/ports/event-store.ts';
import type { Relay } from '../../domain/ports/relay.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { kafkaEventFeed } from '../event-feed/kafka-event-feed.ts';
import { parseBrokers } from './kafka-client.ts';
import { openKafkaRelay } from './kafka-relay.ts';
import { fileRelayCheckpoints } from './relay-checkpoints.ts';
import { runRelay } from './relay-runner.ts';
import { processedWhenNext } from '../event-feed/testing/processed-when-next.ts';

// Kills the broker (SIGKILL) in the middle of a run and starts it again with scripts/services/kafka.sh,
// while the relay runner publishes from a node:sqlite store and a Kafka EventFeed consumes: afterwards
// every appended event has been consumed, each stream in order; repeats are allowed (at least once).
// The test runs its own broker (own ports and data directory) so that killing it disturbs no other suite.

const script = fileURLToPath(new URL('../../scripts/services/kafka.sh', import.meta.url));
const run = promisify(execFile);

const hasJava = (() => {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
// The global setup takes the engine URLs out of the workers' environment and hands them out instead.
const kafka = realEngine('kafka');
const skipReason = kafka.url === null
  ? `Kafka is not provisioned on this machine (${kafka.reason})`
  : !hasJava
    ? 'no java to run a second broker with scripts/services/kafka.sh'
    : null;

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const metadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
const newEvent = (n: number): NewEvent => ({ id: randomUUID(), type: 'OrderNoted', data: { n }, metadata });

describe.skipIf(skipReason !== null)(`Kafka relay and feed survive a broker crash${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kafka-restart-'));
  let env: NodeJS.ProcessEnv;
  let brokers: string[] = [];
  const kafkaSh = async (action: 'start' | 'kill' | 'stop'): Promise<string> => (await run('bash', [script, action], { env, timeout: 180_000 })).stdout;

  beforeAll(async () => {
    env = { ...process.env, SERVICES_STATE_DIR: join(dir, 'services'), KAFKA_PORT: String(await freePort()), KAFKA_CONTROLLER_PORT: String(await freePort()), KAFKA_HEAP: '384m' };
    const exported = await kafkaSh('start');
    brokers = parseBrokers(/KAFKA_BROKERS=(\S+)/.exec(exported)![1]!);
  });

  afterAll(async () => {
    if (env) await kafkaSh('kill').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('no event is lost: the relay republishes from its checkpoint and the feed resumes from its committed offsets, and its lag (readiness) answers again', { timeout: 240_000 }, async () => {
    const store: EventStore = await openSqliteEventStore({ path: join(dir, 'events.sqlite') });
    const checkpoints = fileRelayCheckpoints(join(dir, 'relay-checkpoint.json'));
    const relay: Relay = await openKafkaRelay({ brokers, topicPrefix: 'crash', log: () => undefined });
    const stop = new AbortController();
    const relayErrors: unknown[] = [];
    const relaying = runRelay({ store, relay, checkpoints, signal: stop.signal, retryDelayMs: { first: 200, max: 2000 }, onError: (error) => relayErrors.push(error) });

    const feed = kafkaEventFeed({ brokers, topicPrefix: 'crash', categories: ['order', 'calendar'], log: () => undefined });
    const consumed: RecordedEvent[] = [];
    const consuming = (async () => {
      // The projectors' loop: a feed that fails is subscribed again (idempotent consumer).
      while (!stop.signal.aborted) {
        try {
          for await (const event of processedWhenNext(feed.subscribe({ name: 'crash-projectors', signal: stop.signal }))) consumed.push(event);
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    })();

    const appendRound = async (round: number): Promise<void> => {
      for (let n = 0; n < 10; n++) {
        const streamId = n % 2 === 0 ? `order-${n % 4}` : `calendar-${n % 3}`;
        const result = await store.append(streamId, [newEvent(round * 100 + n), newEvent(round * 100 + n + 50)], 'any');
        expect(result.position).toBeGreaterThan(0);
      }
    };
    const uniqueConsumed = () => new Set(consumed.map((e) => e.id)).size;

    await appendRound(0);
    await expect.poll(uniqueConsumed, { timeout: 60_000, interval: 200 }).toBe(20);
    // Readiness's question, over the feed's kept admin connection.
    await expect.poll(() => feed.lag!('crash-projectors'), { timeout: 30_000, interval: 200 }).toBe(0);

    await kafkaSh('kill');
    // With the broker away the lag has no answer: an error, which readiness reports as not ready.
    await expect(feed.lag!('crash-projectors')).rejects.toThrow();
    await appendRound(1); // written while the broker is down: the relay must hold its checkpoint
    const checkpointWhileDown = await checkpoints.load();
    expect(checkpointWhileDown).toBeLessThan(await store.headPosition());
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await kafkaSh('start');
    await appendRound(2);

    await expect.poll(uniqueConsumed, { timeout: 150_000, interval: 500 }).toBe(60);
    await expect.poll(() => checkpoints.load(), { timeout: 30_000 }).toBe(await store.headPosition());
    // The connection the failed request retired is replaced: the lag answers again, and truly.
    await expect.poll(() => feed.lag!('crash-projectors').catch(() => -1), { timeout: 60_000, interval: 500 }).toBe(0);
    stop.abort();
    await Promise.all([relaying, consuming]);
    await relay.close();
    await feed.close();

    const appended = (await store.readAll()).map((e) => e.id);
    expect(appended).toHaveLength(60);
    // Nothing lost, nothing foreign; within each stream the first delivery of each event is in revision order.
    expect(new Set(consumed.map((e) => e.id))).toEqual(new Set(appended));
    const firstSeen = new Map<string, RecordedEvent>();
    for (const event of consumed) if (!firstSeen.has(event.id)) firstSeen.set(event.id, event);
    const byStream = new Map<string, number[]>();
    for (const event of firstSeen.values()) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event.revision]);
    for (const revisions of byStream.values()) expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    // Repeats are the same events again (at least once), never altered ones.
    for (const event of consumed) expect(event).toEqual(firstSeen.get(event.id));
    await store.close();
  });
});
