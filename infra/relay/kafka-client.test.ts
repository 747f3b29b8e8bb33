import { describe, expect, it } from 'vitest';
import { realEngine } from '../../test/real-engines.ts';
import { kafkaProbe, makeKafka, parseBrokers } from './kafka-client.ts';
import { freePort } from '../../test/free-port.ts';

// Readiness asks the brokers once per check (main.ts `kafka`): an answer from a live broker, a failure
// (not a hang, not a pile of retrying clients) from one that is away.
const kafka = realEngine('kafka');


describe('the Kafka readiness probe', () => {
  it.skipIf(kafka.url === null)(`answers with the topics it sees on a live broker${kafka.url === null ? ` (skipped: ${kafka.reason})` : ''}`, async () => {
    expect(await kafkaProbe(makeKafka({ brokers: parseBrokers(kafka.url!) }))()).toMatch(/^answers \(\d+ topics\)$/);
  });

  it('fails at once when no broker listens', async () => {
    const attempts: string[] = [];
    const probe = kafkaProbe(makeKafka({ brokers: [`127.0.0.1:${await freePort()}`], retries: 0, log: (entry) => { if (entry.namespace === 'Connection') attempts.push(entry.message); } }));
    await expect(probe()).rejects.toThrow(/ECONNREFUSED|Connection error/i);
    // Tried once: one connection attempt, no retries.
    expect(attempts).toHaveLength(1);
  });
});
