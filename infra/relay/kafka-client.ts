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
