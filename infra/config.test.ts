import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { clockOf, isProductionDeployment, parseConfig } from './config.ts';

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
  it('sweeps held slots every 30 s and keeps the system clock unless a test moves it, never in production', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ HOLD_EXPIRY_INTERVAL_SECONDS: 30, CLOCK_OFFSET_MINUTES: 0 });
    const moved = clockOf(parseConfig({ CLOCK_OFFSET_MINUTES: '16' })).now().getTime() - Date.now();
    expect(moved).toBeGreaterThan(15 * 60_000);
    expect(moved).toBeLessThanOrEqual(16 * 60_000);
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CLOCK_OFFSET_MINUTES: '16' })).toThrow(/CLOCK_OFFSET_MINUTES is for tests/);
  });
  it('lets a retry take over a crashed request\'s Idempotency-Key claim after 60 s unless told otherwise', () => {
    expect(parseConfig({}).IDEMPOTENCY_CLAIM_STALE_SECONDS).toBe(60);
    expect(parseConfig({ IDEMPOTENCY_CLAIM_STALE_SECONDS: '10' }).IDEMPOTENCY_CLAIM_STALE_SECONDS).toBe(10);
    expect(() => parseConfig({ IDEMPOTENCY_CLAIM_STALE_SECONDS: '0' })).toThrow(/IDEMPOTENCY_CLAIM_STALE_SECONDS/);
  });
  it('refuses production without a JWT secret and Kafka feed without brokers', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(() => parseConfig({ EVENT_FEED: 'kafka' })).toThrow(/KAFKA_BROKERS/);
  });
  it("runs `npm start` as the local preview: production builds, development's settings, this machine only", () => {
    const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(packageJson.scripts.start).toContain('--env-file=scripts/local-preview.env');
    expect(packageJson.scripts.dev).not.toContain('--env-file');
    const preview = parseConfig(parseEnv(readFileSync(new URL('../scripts/local-preview.env', import.meta.url), 'utf8')));
    expect(preview.NODE_ENV).toBe('production');
    expect(preview.LOCAL_PREVIEW).toBe(true);
    expect(preview.SEED_DEMO).toBe(true);
    expect(isProductionDeployment(preview)).toBe(false);
    expect(isProductionDeployment(parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }))).toBe(true);
    expect(isProductionDeployment(parseConfig({}))).toBe(false);
    expect(() => parseConfig({ NODE_ENV: 'production', LOCAL_PREVIEW: 'true', HOST: '0.0.0.0' })).toThrow(/LOCAL_PREVIEW serves this machine only/);
    expect(parseConfig({ NODE_ENV: 'production', LOCAL_PREVIEW: 'true', HOST: '::1' }).LOCAL_PREVIEW).toBe(true);
  });
});
