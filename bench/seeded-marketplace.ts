import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { accountEntries, appendEntries, benchVendorId, catalogEntries, referenceEntries, type BenchAccount, type SeedEntry } from './seed/catalog-events.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import type { ChildOptions } from './child-process.ts';

// A data directory seeded straight through the event store (synchronous=NORMAL: scratch data, so
// seeding is not bound by fsyncs), then the real marketplace started over it in its own process.

export const BENCH_PASSWORD = 'bench-password-123';
export const marketplaceServer = fileURLToPath(new URL('./servers/marketplace-server.ts', import.meta.url));
const bareServer = fileURLToPath(new URL('./servers/bare-express-server.ts', import.meta.url));

export interface SeededDataDir { dir: string; events: number; customer: BenchAccount; vendor: BenchAccount; admin: BenchAccount }

export async function seedDataDir(dir: string, options: { vendors: number; more?: (append: (entries: readonly SeedEntry[]) => Promise<void>) => Promise<void> }): Promise<SeededDataDir> {
  mkdirSync(dir, { recursive: true });
  const store = await openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'NORMAL' });
  try {
    const accounts = await accountEntries(BENCH_PASSWORD);
    let events = await appendEntries(store, [...referenceEntries(), ...accounts.entries]);
    const chunk = 3000;
    for (let first = 0; first < options.vendors; first += chunk) {
      events += await appendEntries(store, catalogEntries(Math.min(chunk, options.vendors - first), first));
    }
    await options.more?.(async (entries) => { events += await appendEntries(store, entries); });
    return { dir, events, customer: accounts.customer, vendor: accounts.vendor, admin: accounts.admin };
  } finally {
    await store.close();
  }
}

/** The marketplace in production mode: NODE_ENV is the child's process environment, so React runs its production build. */
export const startMarketplaceProcess = (dir: string, options: ChildOptions = {}): Promise<ServerProcess> =>
  startServerProcess(marketplaceServer, { ...options, env: { ...options.env, NODE_ENV: 'production' }, args: ['--data-dir', dir, ...(options.args ?? [])] });

export const startBareServer = (options: { jsonFile?: string; appendFile?: string } = {}): Promise<ServerProcess> =>
  startServerProcess(bareServer, {
    jsx: false,
    env: {
      ...(options.jsonFile ? { BARE_JSON_FILE: options.jsonFile } : {}),
      ...(options.appendFile ? { BARE_APPEND_FILE: options.appendFile } : {}),
    },
  });

export const FIRST_SEARCH_PAGE = '/api/ecommerce/vendor?limit=24&start=0';

export interface SearchPair { seeded: SeededDataDir; marketplace: ServerProcess; bare: ServerProcess; startMs: number }

/**
 * A data directory seeded with `vendors`, the marketplace started over it (views built), and the bare
 * baseline server answering the bytes of the marketplace's real first search page (and durable raw
 * appends under /durable, figure 2). Each server is
 * added to `servers` as soon as it runs, so the caller stops them whatever happens.
 */
export async function startSearchPair(dir: string, vendors: number, servers: ServerProcess[]): Promise<SearchPair> {
  const seeded = await seedDataDir(join(dir, 'data'), { vendors });
  return { seeded, ...(await startSearchServers(dir, join(dir, 'data'), vendors, servers)) };
}

/**
 * The marketplace started over `dataDir` (already seeded, with `vendors` vendors) and the bare baseline
 * server answering the bytes of its real first search page; the scratch files go in `dir`.
 */
export async function startSearchServers(dir: string, dataDir: string, vendors: number, servers: ServerProcess[]): Promise<Omit<SearchPair, 'seeded'>> {
  const started = performance.now();
  const marketplace = await startMarketplaceProcess(dataDir);
  servers.push(marketplace);
  const startMs = performance.now() - started;
  const body = await (await fetch(new URL(FIRST_SEARCH_PAGE, marketplace.url))).text();
  const total = (JSON.parse(body) as { total: number }).total;
  if (total !== vendors) throw new Error(`the search sees ${total} vendors, expected ${vendors}`);
  const jsonFile = join(dir, 'search-answer.json');
  writeFileSync(jsonFile, body);
  // The durable baseline's log sits on the same disk as the marketplace's event store.
  const bare = await startBareServer({ jsonFile, appendFile: join(dir, 'bare-appends.sqlite') });
  servers.push(bare);
  return { marketplace, bare, startMs };
}

/** Signs in through the command API, as the storefront does. */
export async function signIn(baseUrl: string, account: BenchAccount): Promise<string> {
  const response = await fetch(new URL('/api/token/jwt', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 200 || !body.token) throw new Error(`sign in ${account.email}: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** The canonical page paths of the first `count` vendors: the short path redirects to them (category alias and display name). */
export async function canonicalVendorPaths(baseUrl: string, count: number): Promise<string[]> {
  const pathOf = async (n: number): Promise<string> => {
    const short = `/artists/artists/${benchVendorId(n)}`;
    const response = await fetch(new URL(short, baseUrl), { redirect: 'manual' });
    const location = response.headers.get('location');
    await response.body?.cancel();
    if (response.status >= 300 && response.status < 400 && location) return new URL(location, baseUrl).pathname;
    if (response.status === 200) return short;
    throw new Error(`vendor page of ${benchVendorId(n)}: ${response.status}`);
  };
  const paths: string[] = [];
  for (let first = 0; first < count; first += 16) {
    paths.push(...(await Promise.all(Array.from({ length: Math.min(16, count - first) }, (_, index) => pathOf(first + index)))));
  }
  return paths;
}
