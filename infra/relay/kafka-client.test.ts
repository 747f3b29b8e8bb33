import { describe, expect, it, vi } from 'vitest';
import type { Admin, Kafka } from 'kafkajs';
import { realEngine } from '../../test/real-engines.ts';
import { kafkaProbe, makeKafka, parseBrokers, sharedAdmin } from './kafka-client.ts';
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

/** Admin connections that only count what is done with them. */
function countedAdmins() {
  const made: Array<{ connects: number; disconnects: number }> = [];
  const kafka = {
    admin: () => {
      const counts = { connects: 0, disconnects: 0 };
      made.push(counts);
      return {
        connect: async () => { counts.connects += 1; },
        disconnect: async () => { counts.disconnects += 1; },
      } as unknown as Admin;
    },
  } as unknown as Kafka;
  return { kafka, made };
}

describe('the shared admin connection', () => {
  it('serves the calls that come together over one connection, and closes it after a quiet while', async () => {
    vi.useFakeTimers();
    try {
      const { kafka, made } = countedAdmins();
      const admin = sharedAdmin(kafka, 1000);
      let release!: () => void;
      const held = admin.use(() => new Promise<void>((resolve) => (release = resolve)));
      await Promise.all([admin.use(async () => 1), admin.use(async () => 2)]);
      release();
      await held;
      expect(made).toEqual([{ connects: 1, disconnects: 0 }]);
      await vi.advanceTimersByTimeAsync(999);
      await admin.use(async () => 3);
      // Used again before the quiet while ended: still the same connection.
      expect(made).toEqual([{ connects: 1, disconnects: 0 }]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(made).toEqual([{ connects: 1, disconnects: 1 }]);
      await admin.use(async () => 4);
      expect(made).toHaveLength(2);
      await admin.close();
      expect(made[1]).toEqual({ connects: 1, disconnects: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('retires a connection a request failed on, once its other requests end; the next call connects afresh', async () => {
    const { kafka, made } = countedAdmins();
    const admin = sharedAdmin(kafka);
    let release!: () => void;
    const held = admin.use(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(admin.use(async () => { throw new Error('broker restarted'); })).rejects.toThrow('broker restarted');
    // Another request still runs on it: not closed under it.
    expect(made).toEqual([{ connects: 1, disconnects: 0 }]);
    await admin.use(async () => 'fresh');
    expect(made).toHaveLength(2);
    release();
    await held;
    expect(made[0]).toEqual({ connects: 1, disconnects: 1 });
    await admin.close();
  });
});
