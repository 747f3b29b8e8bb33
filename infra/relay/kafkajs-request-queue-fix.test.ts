import { afterEach, describe, expect, it } from 'vitest';
import { realEngine } from '../../test/real-engines.ts';
import { makeKafka, parseBrokers } from './kafka-client.ts';

// kafkajs 2.2.4 arms a negative timer on every idle request queue (kafkajs-request-queue-fix.ts): on
// Node 24 that is a TimeoutNegativeWarning at every start of the relay, the projectors and the worker.
const kafka = realEngine('kafka');

describe.skipIf(kafka.url === null)(`kafkajs request queue on a real broker${kafka.url === null ? ` (skipped: ${kafka.reason})` : ''}`, () => {
  const warnings: Error[] = [];
  const listen = (warning: Error) => warnings.push(warning);
  afterEach(() => {
    process.off('warning', listen);
  });

  it('talks to the broker (metadata, a topic, a produce) without a negative-timeout warning', async () => {
    process.on('warning', listen);
    const client = makeKafka({ brokers: parseBrokers(kafka.url!) });
    const admin = client.admin();
    const producer = client.producer();
    try {
      await admin.connect();
      const topic = `queue-fix-${process.pid}-${Date.now()}`;
      await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
      await producer.connect();
      for (let n = 0; n < 20; n++) await producer.send({ topic, messages: [{ value: String(n) }] });
      expect(await admin.fetchTopicOffsets(topic)).toEqual([expect.objectContaining({ partition: 0, offset: '20' })]);
      await admin.deleteTopics({ topics: [topic] });
    } finally {
      await producer.disconnect();
      await admin.disconnect();
    }
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.name === 'TimeoutNegativeWarning')).toEqual([]);
  }, 60_000);
});
