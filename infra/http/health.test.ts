import { describe, expect, it } from 'vitest';
import type { EventFeed } from '../../domain/ports/event-feed.ts';
import { readiness } from './health.ts';
import { caughtUpCheck, pollingFollower, reachableCheck, stepCheck } from './readiness-checks.ts';

// The readiness checks main.ts composes; the HTTP side is main.health.test.ts.
const storeFeed: EventFeed = { subscribe: () => { throw new Error('not used'); } };

describe('readiness checks', () => {
  it('a follower held back behind the head is not ready, and is once it reaches the head as of the check', async () => {
    const held = pollingFollower(() => 3, 10);
    const heldBack = caughtUpCheck('projections', held, { head: async () => 7, feed: storeFeed, subscription: 'projectors', waitMs: 50 });
    expect(await heldBack.check()).toEqual({ ready: false, detail: 'at position 3 of 7' });
    // Events appended after the check began do not hold it back: it waits for the head it read. The
    // follower moves on its third look, not after a delay, so a slow machine cannot change the answer.
    let head = 7;
    let looks = 0;
    const moving = pollingFollower(() => (++looks >= 3 ? 7 : 3), 10);
    const check = caughtUpCheck('projections', moving, { head: async () => { const read = head; head += 5; return read; }, feed: storeFeed, subscription: 'projectors', waitMs: 60_000 });
    expect(await check.check()).toEqual({ ready: true, detail: 'caught up at position 7' });
    expect(head).toBe(12);
  });

  it('on a per-stream feed (Kafka) waits for what the feed held when the check began, not for what came after', async () => {
    // A steady load: 100 events published at every look, and the subscriber 5 behind the newest.
    let end = 1000;
    let processed = 990;
    const kafkaLike: EventFeed = {
      ...storeFeed, order: 'per-stream',
      end: async () => ({ 'orders/0': end }),
      lag: async (_name, upTo) => {
        end += 100;
        processed = end - 5;
        return Math.max(0, (upTo?.['orders/0'] ?? end) - processed);
      },
    };
    const check = caughtUpCheck('projections', pollingFollower(() => 0), { head: async () => 0, feed: kafkaLike, subscription: 'projectors', waitMs: 50 });
    expect(await check.check()).toEqual({ ready: true, detail: 'caught up with the feed' });
  });

  it('on a per-stream feed (Kafka) asks the feed how far behind the subscription is', async () => {
    let behind = 12;
    const asked: string[] = [];
    const kafkaLike: EventFeed = { ...storeFeed, order: 'per-stream', lag: async (name) => { asked.push(name); return behind; } };
    const follower = pollingFollower(() => 1_000_000); // positions say nothing on this feed
    const check = caughtUpCheck('notifications', follower, { head: async () => 5, feed: kafkaLike, subscription: 'notification-reactor', waitMs: 50 });
    expect(await check.check()).toEqual({ ready: false, detail: '12 events behind on the feed' });
    behind = 0;
    expect(await check.check()).toEqual({ ready: true, detail: 'caught up with the feed' });
    expect(new Set(asked)).toEqual(new Set(['notification-reactor']));
  });

  it('a report is ready only when every check is; a failing or hung check is not ready and says why', async () => {
    const report = await readiness([
      stepCheck('seed', () => ({ ready: true, detail: 'demo marketplace seeded' })),
      reachableCheck('event-store', async () => { throw new Error('connection refused'); }),
      reachableCheck('views', () => new Promise(() => {})),
    ], 50);
    expect(report).toEqual({
      ready: false,
      checks: [
        { name: 'seed', ready: true, detail: 'demo marketplace seeded' },
        { name: 'event-store', ready: false, detail: 'connection refused' },
        { name: 'views', ready: false, detail: 'no answer within 50 ms' },
      ],
    });
    expect((await readiness([stepCheck('web', () => ({ ready: true, detail: 'storefront built' }))])).ready).toBe(true);
  });
});
