import type { EventFeed } from '../../domain/ports/event-feed.ts';
import type { ReadinessCheck } from './health.ts';

// The readiness checks main.ts composes per service (infra/http/health.ts serves them).

/** A reader of the event feed that knows how far it got: the projectors runtime, the notification reactor. */
export interface FeedFollower {
  /** Position of the last event processed, -1 before any. */
  position(): number;
  /** Resolves true once the event at this position is processed, false after `timeoutMs`. */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean>;
}

export interface CaughtUpOptions {
  /** The store's head now (-1 for an empty store). */
  head(): Promise<number>;
  /** The feed the follower reads, with its subscription name (its Kafka consumer group); absent: the store itself. */
  feed?: EventFeed;
  subscription?: string;
  /**
   * How long the check waits for the follower to reach the head as read at the check: under a steady
   * write load a follower is always a few events behind the newest one, and that is still ready.
   */
  waitMs?: number;
}

/**
 * Ready once the follower has processed everything the store held when the check began. On a feed in
 * position order the follower's position tells; on a per-stream feed (Kafka) positions interleave, so
 * the feed's own lag for the subscription must reach zero.
 */
export function caughtUpCheck(name: string, follower: FeedFollower, options: CaughtUpOptions): ReadinessCheck {
  const waitMs = options.waitMs ?? 2000;
  return {
    name,
    async check() {
      const { feed, subscription } = options;
      if (feed?.order === 'per-stream' && feed.lag && subscription) {
        const deadline = Date.now() + waitMs;
        // What the feed held when the check began: events published meanwhile do not hold it back.
        const upTo = await feed.end?.();
        for (;;) {
          const behind = await feed.lag(subscription, upTo);
          if (behind === 0) return { ready: true, detail: 'caught up with the feed' };
          if (Date.now() >= deadline) return { ready: false, detail: `${behind} events behind on the feed` };
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      const head = await options.head();
      if (await follower.waitForPosition(head, waitMs)) return { ready: true, detail: `caught up at position ${head}` };
      return { ready: false, detail: `at position ${follower.position()} of ${head}` };
    },
  };
}

/** A follower that only tells its position (the relay): waiting is polling it. */
export function pollingFollower(position: () => number, everyMs = 100): FeedFollower {
  return {
    position,
    async waitForPosition(target, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (position() < target) {
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
      return true;
    },
  };
}

/** Ready while `probe` answers; its answer is the detail. For engines a service depends on. */
export function reachableCheck(name: string, probe: () => Promise<string>): ReadinessCheck {
  return { name, check: async () => ({ ready: true, detail: await probe() }) };
}

/** Ready when `state()` says so; for steps of the start-up (the demo seed, the storefront's build). */
export function stepCheck(name: string, state: () => { ready: boolean; detail: string }): ReadinessCheck {
  return { name, check: async () => state() };
}
