import type { EventStore } from '../../domain/ports/event-store.ts';
import type { ViewStore } from '../../domain/ports/view-store.ts';
import type { CommandApiClient } from '../../command-api/client/command-api-client.ts';
import { standIn, useStarted } from '../../command-api/testing/use-started.ts';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { createMemoryCache } from '../../infra/cache/memory-cache.ts';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { fakeProjections } from '../../test/fake-projections.ts';
import { serve } from '../../test/serve.ts';
import { TEST_SECRET } from '../../test/tokens.ts';
import { createQueryApi, type QueryApi } from '../create-query-api.ts';
import type { QueryApiPorts } from '../ports.ts';

export interface QueryApiOnViews {
  /** Speaks to the query API over real HTTP; tokens from test/tokens.ts with TEST_SECRET. */
  client: CommandApiClient;
  viewStore: ViewStore;
  eventStore: EventStore;
  /** Announces the changes the test makes, in place of the projectors runtime. */
  projections: ReturnType<typeof fakeProjections>;
  api: QueryApi;
}

export interface QueryApiOnViewsOptions {
  /** Writes the view documents the tests read, before the API is made. */
  seed?: (viewStore: ViewStore) => Promise<void>;
  /** The API's settings beyond its stores (e.g. clock, readYourWritesTimeoutMs). */
  ports?: Omit<Partial<QueryApiPorts>, 'viewStore' | 'eventStore' | 'projections'>;
}

/**
 * The shared setup of a read test that writes its view documents itself: the query API over an
 * in-memory view store (no projectors), on 127.0.0.1 port 0 before the calling describe block's tests
 * and closed after them. Each part stands for the one made in beforeAll, so it is read inside tests.
 */
export function useQueryApiOnViews(options: QueryApiOnViewsOptions = {}): QueryApiOnViews {
  const started = useStarted(async () => {
    const viewStore = createMemoryViewStore();
    const eventStore = await openSqliteEventStore({ path: ':memory:' });
    const projections = fakeProjections();
    await options.seed?.(viewStore);
    const api = createQueryApi({
      viewStore, eventStore, projections, cache: createMemoryCache(), jwtSecret: TEST_SECRET,
      logger: { warn() {}, error: (e) => console.error(e) }, ...options.ports,
    });
    const server = await serve(api.router);
    return {
      client: server.client, viewStore, eventStore, projections, api,
      async close() {
        await server.close();
        api.cache.stop();
        await eventStore.close();
      },
    };
  });
  const part = <K extends keyof QueryApiOnViews>(key: K): QueryApiOnViews[K] => standIn(`query API's ${key}`, () => started[key]);
  return { client: part('client'), viewStore: part('viewStore'), eventStore: part('eventStore'), projections: part('projections'), api: part('api') };
}
