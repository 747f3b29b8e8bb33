import './kafkajs-request-queue-fix.ts';
import { Kafka, logLevel } from 'kafkajs';
import type { Admin, LogEntry } from 'kafkajs';

// One way to make a kafkajs client for the relay and the Kafka EventFeed. kafkajs logs through its own
// console logger; here only errors get out, as one JSON line on stderr, unless a log function is given.
// The Connection namespace is left out by default: it reports every error response, including those
// kafkajs retries or expects (a coordinator still loading, a topic that already exists).
export interface KafkaClientOptions {
  /** Broker addresses, e.g. ['127.0.0.1:19092'] (KAFKA_BROKERS split on commas). */
  brokers: string[];
  clientId?: string;
  log?: (entry: { level: string; message: string; [key: string]: unknown }) => void;
  /** How often a failed request or connection is tried again (kafkajs's default: 5). */
  retries?: number;
}

export const parseBrokers = (value: string): string[] =>
  value
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);

export function makeKafka(options: KafkaClientOptions): Kafka {
  const write =
    options.log ??
    ((entry: { namespace?: unknown }) => {
      if (entry.namespace !== 'Connection') process.stderr.write(`${JSON.stringify(entry)}\n`);
    });
  return new Kafka({
    clientId: options.clientId ?? 'marketplace',
    brokers: options.brokers,
    logLevel: logLevel.ERROR,
    ...(options.retries !== undefined ? { retry: { retries: options.retries } } : {}),
    logCreator:
      () =>
      ({ namespace, level, log }: LogEntry) => {
        const { message, ...rest } = log;
        write({ ...rest, level: logLevel[level] ?? String(level), namespace, message });
      },
  });
}

/**
 * Whether the brokers answer, for readiness: one metadata request on a fresh admin connection. Give it
 * a client made with `retries: 0`: the readiness check bounds its time, and a broker that is away must
 * not pile up retrying clients.
 */
export function kafkaProbe(kafka: Kafka): () => Promise<string> {
  return () => withAdmin(kafka, async (admin) => `answers (${(await admin.listTopics()).length} topics)`);
}

/** Runs `work` on a fresh admin connection, closed afterwards (a failure to close masks nothing). */
export async function withAdmin<T>(kafka: Kafka, work: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = kafka.admin();
  try {
    await admin.connect();
    return await work(admin);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/** An admin connection that calls close together share, instead of one connection each (`withAdmin`). */
export interface SharedAdmin {
  use<T>(work: (admin: Admin) => Promise<T>): Promise<T>;
  /** Disconnects now; a later `use` connects again. */
  close(): Promise<void>;
}

/**
 * For requests asked often and together (readiness asks every follower's lag on every probe): one
 * connection, made on first use and closed after `idleMs` without use. A request that fails retires its
 * connection (closed once its other requests end), so a broker that restarted gets a fresh one.
 */
export function sharedAdmin(kafka: Kafka, idleMs = 10_000): SharedAdmin {
  interface Lease { admin: Admin; connected: Promise<void>; users: number; retired: boolean }
  let current: Lease | undefined;
  let idle: NodeJS.Timeout | undefined;
  const disconnect = (lease: Lease): Promise<void> => lease.admin.disconnect().catch(() => undefined);
  const retire = (lease: Lease): void => {
    lease.retired = true;
    if (current === lease) current = undefined;
    if (lease.users === 0) void disconnect(lease);
  };
  return {
    async use(work) {
      clearTimeout(idle);
      if (!current) {
        const admin = kafka.admin();
        current = { admin, connected: admin.connect(), users: 0, retired: false };
      }
      const lease = current;
      lease.users += 1;
      try {
        await lease.connected;
        return await work(lease.admin);
      } catch (error) {
        retire(lease);
        throw error;
      } finally {
        lease.users -= 1;
        if (lease.retired && lease.users === 0) void disconnect(lease);
        if (lease === current && lease.users === 0) {
          idle = setTimeout(() => retire(lease), idleMs);
          idle.unref();
        }
      }
    },
    async close() {
      clearTimeout(idle);
      const lease = current;
      current = undefined;
      if (lease) {
        lease.retired = true;
        await disconnect(lease);
      }
    },
  };
}
