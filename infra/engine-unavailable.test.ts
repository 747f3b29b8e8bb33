import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { problemOf } from './http/problem.ts';
import { EngineUnavailable, unavailableEngineOf } from './engine-unavailable.ts';
import { freePort } from '../test/free-port.ts';


describe('an engine that is away is a 503, not a 500', () => {
  it('tells a Redis command failed for want of a connection, as the adapters open Redis', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await freePort()}`, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: () => null });
    redis.on('error', () => {});
    await redis.connect().catch(() => undefined);
    const error = await redis.get('k').then(() => null, (failure: unknown) => failure);
    redis.disconnect();
    expect(unavailableEngineOf(error)).toBe('Redis');
    expect(problemOf(error)).toMatchObject({ status: 503, code: 'engine-unavailable', retryAfterSeconds: 5 });
  });

  it('tells a MongoDB operation found no server', async () => {
    const client = new MongoClient(`mongodb://127.0.0.1:${await freePort()}`, { serverSelectionTimeoutMS: 200 });
    const error = await client.db('x').collection('y').findOne({}).then(() => null, (failure: unknown) => failure);
    await client.close();
    expect(unavailableEngineOf(error)).toBe('MongoDB');
    expect(problemOf(error).status).toBe(503);
  });

  it('leaves every other error alone', () => {
    expect(unavailableEngineOf(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(problemOf(new Error('bug')).status).toBe(500);
    expect(unavailableEngineOf(new EngineUnavailable('Kafka'))).toBe('Kafka');
  });
});
