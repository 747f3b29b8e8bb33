import { describe, expect, it } from 'vitest';
import { bestRounds, lagsOf, monotonicMs } from './load/cross-process-clock.ts';
import { deploymentEnv } from './load/deployment-env.ts';
import { orderRoundTrip } from './load/order-round-trip.ts';

// The pure helpers of figure 13 (bench/figures/multiprocess.ts).
describe('lagsOf', () => {
  it('is the time from each acknowledgement to its showing, skipping samples never shown', () => {
    expect(lagsOf([{ ackAt: 10, shownAt: 12.5 }, { ackAt: 20 }, { ackAt: 30, shownAt: 31 }])).toEqual([2.5, 1]);
  });

  it('counts a showing before the acknowledgement as a lag of 0', () => {
    expect(lagsOf([{ ackAt: 10, shownAt: 9.2 }])).toEqual([0]);
  });
});

describe('monotonicMs', () => {
  it('never goes back and reads milliseconds to the microsecond', () => {
    const first = monotonicMs();
    const second = monotonicMs();
    expect(second).toBeGreaterThanOrEqual(first);
    // A whole number of microseconds over 1000: first * 1000 need not be a whole number in floating point
    // (8463229779 / 1000 * 1000 is 8463229778.999999), but the nearest whole number over 1000 is first again.
    expect(Math.round(first * 1000) / 1000).toBe(first);
  });
});

describe('bestRounds', () => {
  it('picks the round with the highest rate and lists every rate in order', () => {
    const rounds = [{ rate: 10 }, { rate: 14 }, { rate: 12 }];
    expect(bestRounds(rounds, (round) => round.rate)).toEqual({ best: rounds[1], rates: [10, 14, 12] });
  });

  it('keeps the first round when no rate is a number', () => {
    const rounds = [{ rate: Number.NaN }, { rate: Number.NaN }];
    expect(bestRounds(rounds, (round) => round.rate).best).toBe(rounds[0]);
  });

  it('refuses no rounds', () => {
    expect(() => bestRounds([], () => 1)).toThrow('no round');
  });
});

describe('deploymentEnv', () => {
  const options = { dataDir: '/tmp/d', namespace: 'bench_mp_1', redisUrl: 'redis://127.0.0.1:1', mongoUrl: 'mongodb://127.0.0.1:2/', jwtSecret: 's'.repeat(40) };

  it('shares the event file of one DATA_DIR, followed from the store, with the engines a service alone needs, in production', () => {
    expect(deploymentEnv({ PATH: '/bin' }, options)).toMatchObject({
      PATH: '/bin', NODE_ENV: 'production', DATA_DIR: '/tmp/d', EVENT_FEED: 'store', REDIS_URL: options.redisUrl, MONGO_URL: options.mongoUrl,
      MONGO_DB: 'bench_mp_1', NAMESPACE: 'bench_mp_1', JWT_SECRET: options.jwtSecret, SEED_DEMO: 'false',
    });
  });

  it('drops what would move the events elsewhere, add a Kafka feed or send the web to other APIs', () => {
    const env = deploymentEnv({ EVENTSTORE_URL: 'esdb://x', KAFKA_BROKERS: 'k:1', API_BASE_URL: 'http://a', COMMAND_API_URL: 'http://c', QUERY_API_URL: 'http://q', VIEW_STORE: 'memory', PORT: '3000', NODE_ENV: 'test', EVENT_FEED: 'kafka' }, options);
    for (const name of ['EVENTSTORE_URL', 'KAFKA_BROKERS', 'API_BASE_URL', 'COMMAND_API_URL', 'QUERY_API_URL', 'VIEW_STORE', 'PORT']) expect(env).not.toHaveProperty(name);
    expect(env).toMatchObject({ NODE_ENV: 'production', EVENT_FEED: 'store' });
  });
});

describe('orderRoundTrip', () => {
  it('places and pays as the customer, approves and completes as the vendor, on the placed order', () => {
    const steps = orderRoundTrip({ prefix: '/api', productId: 'p-1', customerToken: 'c', vendorToken: 'v' });
    expect(steps.map((step) => `${step.method} ${step.path} ${step.token}`)).toEqual([
      'POST /api/orders c', 'POST /api/orders/{id}/pay c', 'POST /api/orders/{id}/approve v', 'POST /api/orders/{id}/complete v',
    ]);
    expect(steps[0]!.body).toEqual({ productId: 'p-1' });
    expect(steps[1]!.body).toEqual({ cardNumber: '4242424242424242' });
  });
});
