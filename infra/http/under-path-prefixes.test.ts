import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { underPathPrefixes } from './under-path-prefixes.ts';
import { HEALTH_PATH_PREFIXES, healthRouter } from './health.ts';
import { COMMAND_API_PATH_PREFIXES, createCommandApi } from '../../command-api/create-command-api.ts';
import { createQueryApi, QUERY_API_PATH_PREFIXES } from '../../query-api/create-query-api.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { createMemoryViewStore } from '../view-store/memory-view-store.ts';
import { createMemoryCache } from '../cache/memory-cache.ts';
import { createSandboxPaymentGateway } from '../payment/sandbox-payment-gateway.ts';
import { createFileMediaStorage } from '../media-storage/file-media-storage.ts';
import { createOutboxMailer } from '../../command-api/activation-mailer.ts';
import { TEST_JWT_SECRET } from '../../command-api/testing/test-command-api.ts';
import { fakeProjections } from '../../test/fake-projections.ts';

/** Which of the handler and `next` a request with this path reaches. */
function reached(prefixes: readonly string[], path: string): 'handler' | 'next' {
  let outcome: 'handler' | 'next' | null = null;
  const gate = underPathPrefixes(prefixes, () => { outcome = 'handler'; });
  void gate({ path } as Request, {} as Response, () => { outcome = 'next'; });
  if (!outcome) throw new Error('neither was called');
  return outcome;
}

describe('underPathPrefixes', () => {
  it('enters the handler for paths under a prefix, in any case as Express matches routes', () => {
    expect(reached(['/api/', '/media/'], '/api/ecommerce/vendor')).toBe('handler');
    expect(reached(['/api/', '/media/'], '/API/Ecommerce/vendor')).toBe('handler');
    expect(reached(['/api/', '/media/'], '/media/m-1/photo.webp')).toBe('handler');
  });

  it('passes every other path on without entering the handler', () => {
    expect(reached(['/api/'], '/artists/artists/vendor-1')).toBe('next');
    expect(reached(['/api/'], '/en/artists')).toBe('next');
    expect(reached(['/api/'], '/api')).toBe('next');
    expect(reached(['/api/'], '/apiary')).toBe('next');
    expect(reached(['/api/'], '/')).toBe('next');
  });

  it('refuses a prefix it could not compare as Express matches', () => {
    expect(() => underPathPrefixes(['/api'], () => {})).toThrow(/must start and end with \//);
    expect(() => underPathPrefixes(['/API/'], () => {})).toThrow(/lower case/);
  });
});

/** The paths of an Express router's own routes (router 2.x keeps each as a layer with its route). */
const routePaths = (router: { stack: readonly { route?: { path?: unknown } }[] }): string[] =>
  router.stack.flatMap((layer) => (typeof layer.route?.path === 'string' ? [layer.route.path] : []));

describe('the APIs and the health checks lie under their declared path prefixes (main.ts enters their routers for those only)', () => {
  it('every route of the command API and of the query API', async () => {
    const eventStore = await openSqliteEventStore({ path: ':memory:' });
    const mediaDir = await mkdtemp(join(tmpdir(), 'api-prefixes-'));
    try {
      const quiet = { info() {}, warn() {}, error() {} };
      const commandApi = createCommandApi({
        eventStore, paymentGateway: createSandboxPaymentGateway({ eventStore }), jwtSecret: TEST_JWT_SECRET, activationMailer: createOutboxMailer(), logger: quiet,
        mediaStorage: createFileMediaStorage(mediaDir),
      });
      const queryApi = createQueryApi({ viewStore: createMemoryViewStore(), eventStore, projections: fakeProjections(), cache: createMemoryCache(), jwtSecret: TEST_JWT_SECRET, logger: quiet });
      try {
        for (const [router, prefixes] of [[commandApi.router, COMMAND_API_PATH_PREFIXES], [queryApi.router, QUERY_API_PATH_PREFIXES]] as const) {
          const paths = routePaths(router);
          expect(paths.length).toBeGreaterThan(10);
          expect(paths.filter((path) => !prefixes.some((prefix) => path.toLowerCase().startsWith(prefix)))).toEqual([]);
        }
        expect(routePaths(commandApi.router)).toContain('/media/:mediaId/:fileName');
        const health = routePaths(healthRouter(() => []));
        expect(health.length).toBeGreaterThan(1);
        expect(health.filter((path) => !HEALTH_PATH_PREFIXES.some((prefix) => path.toLowerCase().startsWith(prefix)))).toEqual([]);
      } finally {
        queryApi.cache.stop();
      }
    } finally {
      await eventStore.close();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});
