import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.SEED_DEMO).toBe(true);
    expect(config.EVENTSTORE_URL).toBeUndefined();
    expect(config.VIEW_STORE).toBe('sqlite');
  });
  it('keeps views in memory for tests unless VIEW_STORE says otherwise', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).VIEW_STORE).toBe('memory');
    expect(parseConfig({ NODE_ENV: 'test', VIEW_STORE: 'sqlite' }).VIEW_STORE).toBe('sqlite');
    expect(parseConfig({ VIEW_STORE: 'memory' }).VIEW_STORE).toBe('memory');
    expect(() => parseConfig({ VIEW_STORE: 'redis' })).toThrow(/VIEW_STORE/);
  });
  it('trusts no proxy unless TRUST_PROXY names one', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: ' loopback, uniquelocal ' }).TRUST_PROXY).toBe('loopback, uniquelocal');
  });
  it('names the failing variable in one line', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/Invalid configuration: PORT/);
    expect(() => parseConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32/);
  });
  it('refuses production without a JWT secret and Kafka feed without brokers', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(() => parseConfig({ EVENT_FEED: 'kafka' })).toThrow(/KAFKA_BROKERS/);
  });
});
