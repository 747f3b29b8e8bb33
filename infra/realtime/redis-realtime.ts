import { Redis } from 'ioredis';
import type { Realtime, RealtimeMessage } from '../../domain/ports/realtime.ts';

// The distributed Realtime adapter (DESIGN §2): fan-out between processes on Redis pub/sub. Every
// process publishes JSON messages on one channel and each web process's ws hub subscribes to it.
// A Redis subscription is made once per instance (its own connection, as pub/sub requires) and shared
// by the local listeners; a listener that throws is logged and does not keep the message from others.
//
// Pub/sub is fire-and-forget: a message published while a subscriber is disconnected is not replayed
// to it. That is the contract of a push (the notification itself is in the views); publish() rejects at
// once while Redis is away, so a job that pushes fails and is retried by the job queue. ioredis
// reconnects and re-subscribes by itself.

export interface RedisRealtimeOptions {
  /** redis:// URL (REDIS_URL). */
  url: string;
  /** Pub/sub channel; default 'realtime'. */
  channel?: string;
  /** Told of connection errors (ioredis keeps reconnecting). */
  onError?: (error: Error) => void;
}

const isRealtimeMessage = (value: unknown): value is RealtimeMessage =>
  typeof value === 'object' && value !== null && typeof (value as RealtimeMessage).userId === 'string' && typeof (value as RealtimeMessage).kind === 'string';

export async function openRedisRealtime(options: RedisRealtimeOptions): Promise<Realtime> {
  const channel = options.channel ?? 'realtime';
  const onError = options.onError ?? (() => {});
  const connect = async (role: string, offlineQueue: boolean): Promise<Redis> => {
    const redis = new Redis(options.url, {
      lazyConnect: true,
      enableOfflineQueue: offlineQueue,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(100 * times, 2_000),
      connectionName: `realtime-${role}`,
    });
    redis.on('error', (error: Error) => onError(error));
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(`Redis realtime: cannot connect to ${options.url}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return redis;
  };

  const publisher = await connect('publisher', false);
  let subscriber: Redis | undefined;
  /** Each local listener with the messages it wants (RealtimeSubscription.wants; all when it names none). */
  const listeners = new Map<(message: RealtimeMessage) => void, (userId: string, kind: string) => boolean>();
  let closed = false;

  const deliver = (received: string, payload: string) => {
    if (received !== channel) return;
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return onError(new Error(`Redis realtime: a message on ${channel} is not JSON`));
    }
    if (!isRealtimeMessage(message)) return onError(new Error(`Redis realtime: a message on ${channel} has no userId/kind`));
    for (const [listener, wants] of [...listeners]) {
      try {
        if (wants(message.userId, message.kind)) listener(structuredClone(message));
      } catch (error) {
        console.error('Realtime listener failed', error);
      }
    }
  };

  /** The subscriber connection, made and subscribed on first use (a publishing-only process needs none). */
  let subscribing: Promise<void> | undefined;
  const ensureSubscribed = () => {
    subscribing ??= (async () => {
      // Queued while reconnecting, so the SUBSCRIBE ioredis replays after a reconnect is never dropped.
      subscriber = await connect('subscriber', true);
      subscriber.on('message', deliver);
      await subscriber.subscribe(channel);
    })();
    return subscribing;
  };

  const closeConnection = async (redis: Redis | undefined) => {
    if (!redis) return;
    try {
      await redis.quit();
    } catch {
      redis.disconnect();
    }
  };

  return {
    async publish(message) {
      if (closed) throw new Error('Realtime is closed');
      await publisher.publish(channel, JSON.stringify(message));
    },
    async subscribe(listener, subscription = {}) {
      if (closed) throw new Error('Realtime is closed');
      await ensureSubscribed();
      listeners.set(listener, subscription.wants ?? (() => true));
      return async () => {
        listeners.delete(listener);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await subscribing?.catch(() => {});
      await Promise.all([closeConnection(subscriber), closeConnection(publisher)]);
    },
  };
}
