import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Realtime, RealtimeMessage } from '../../domain/ports/realtime.ts';

// The one conformance suite of the Realtime port (DESIGN §2), run against the in-process emitter and
// Redis pub/sub. Every call of `make` returns a new instance on the SAME bus (as two processes on one
// Redis), so a message published by one reaches subscribers of another. Tests tell their messages
// apart by a unique user id, so a shared bus is fine. Outcomes are awaited with bounded waits.
export function realtimeConformance(name: string, make: () => Realtime | Promise<Realtime>): void {
  describe(`Realtime conformance: ${name}`, () => {
    const open: Realtime[] = [];
    const fresh = async () => {
      const realtime = await make();
      open.push(realtime);
      return realtime;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((realtime) => realtime.close()));
    });
    const eventually = (assertion: () => unknown) => vi.waitFor(assertion, { timeout: 10_000, interval: 20 });
    const collect = async (realtime: Realtime, userId: string) => {
      const received: RealtimeMessage[] = [];
      const unsubscribe = await realtime.subscribe((message) => {
        if (message.userId === userId) received.push(message);
      });
      return { received, unsubscribe };
    };

    it('delivers a published message to a subscriber, payload intact', async () => {
      const realtime = await fresh();
      const userId = `u-${randomUUID()}`;
      const { received } = await collect(realtime, userId);
      const message = { userId, kind: 'notification', payload: { text: 'הזמנה אושרה', n: 3, list: [1, 'two'] } };
      await realtime.publish(message);
      await eventually(() => expect(received).toEqual([message]));
    });

    it('delivers the payload as JSON carries it, each subscriber its own copy', async () => {
      const realtime = await fresh();
      const userId = `u-${randomUUID()}`;
      const [first, second] = [await collect(realtime, userId), await collect(realtime, userId)];
      const payload = { at: new Date('2026-11-30T22:00:00.000Z'), gone: undefined, list: [1, 'two'] };
      await realtime.publish({ userId, kind: 'k', payload });
      await eventually(() => expect(second.received).toHaveLength(1));
      await eventually(() => expect(first.received).toHaveLength(1));
      // What Redis carries: a date as its ISO text, an undefined field left out.
      expect(first.received[0]!.payload).toStrictEqual({ at: '2026-11-30T22:00:00.000Z', list: [1, 'two'] });
      expect(first.received[0]!.payload).not.toBe(second.received[0]!.payload);
      (first.received[0]!.payload as { list: unknown[] }).list.push('changed');
      expect(second.received[0]!.payload).toStrictEqual({ at: '2026-11-30T22:00:00.000Z', list: [1, 'two'] });
      expect(payload.list).toEqual([1, 'two']);
    });

    it('delivers to every subscriber, in publish order', async () => {
      const realtime = await fresh();
      const userId = `u-${randomUUID()}`;
      const first = await collect(realtime, userId);
      const second = await collect(realtime, userId);
      for (const n of [1, 2, 3]) await realtime.publish({ userId, kind: 'k', payload: { n } });
      await eventually(() => {
        expect(first.received.map((m) => (m.payload as { n: number }).n)).toEqual([1, 2, 3]);
        expect(second.received.map((m) => (m.payload as { n: number }).n)).toEqual([1, 2, 3]);
      });
    });

    it('fans out between instances on the same bus', async () => {
      const [publisher, subscriber] = [await fresh(), await fresh()];
      const userId = `u-${randomUUID()}`;
      const { received } = await collect(subscriber, userId);
      await publisher.publish({ userId, kind: 'message.posted', payload: { conversationId: 'c1' } });
      await eventually(() => expect(received).toHaveLength(1));
      expect(received[0]).toMatchObject({ kind: 'message.posted', payload: { conversationId: 'c1' } });
    });

    it('stops delivering to a listener once it unsubscribes', async () => {
      const realtime = await fresh();
      const userId = `u-${randomUUID()}`;
      const leaving = await collect(realtime, userId);
      const staying = await collect(realtime, userId);
      await realtime.publish({ userId, kind: 'k', payload: 1 });
      await eventually(() => expect(leaving.received).toHaveLength(1));
      await leaving.unsubscribe();
      await realtime.publish({ userId, kind: 'k', payload: 2 });
      await eventually(() => expect(staying.received).toHaveLength(2));
      expect(leaving.received).toHaveLength(1);
    });

    it('delivers to a listener only the messages it wants, by user and kind, as it wants them when delivered', async () => {
      const [publisher, subscriber] = [await fresh(), await fresh()];
      const [userId, other] = [`u-${randomUUID()}`, `u-${randomUUID()}`];
      let open = true;
      const picky: RealtimeMessage[] = [];
      await subscriber.subscribe((message) => picky.push(message), { wants: (to, kind) => open && to === userId && kind === 'wanted' });
      const everything = await collect(subscriber, other);
      await publisher.publish({ userId, kind: 'other', payload: 1 });
      await publisher.publish({ userId: other, kind: 'wanted', payload: 2 });
      await publisher.publish({ userId, kind: 'wanted', payload: 3 });
      // The listener without `wants` takes them all: the last one for it marks that the three arrived.
      await publisher.publish({ userId: other, kind: 'last', payload: 4 });
      await eventually(() => expect(everything.received).toHaveLength(2));
      await eventually(() => expect(picky).toEqual([{ userId, kind: 'wanted', payload: 3 }]));
      open = false;
      await publisher.publish({ userId, kind: 'wanted', payload: 5 });
      await publisher.publish({ userId: other, kind: 'last', payload: 6 });
      await eventually(() => expect(everything.received).toHaveLength(3));
      expect(picky).toHaveLength(1);
    });

    it('a listener that throws does not keep the message from the others', async () => {
      const realtime = await fresh();
      const userId = `u-${randomUUID()}`;
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await realtime.subscribe((message) => {
          if (message.userId === userId) throw new Error('listener bug');
        });
        const { received } = await collect(realtime, userId);
        await realtime.publish({ userId, kind: 'k', payload: null });
        await eventually(() => expect(received).toHaveLength(1));
      } finally {
        errors.mockRestore();
      }
    });
  });
}
