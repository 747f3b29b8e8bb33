import { forkChild, nextMessage } from './child-process.ts';
import { marketplaceServer } from './seeded-marketplace.ts';
import { serverProcessOf, serverReady, untilReady } from './server-process.ts';

// The real start path, timed from outside: fork the marketplace server on a data directory (as
// `npm start` would start over it), and count from the fork to the first page served with every view
// caught up (GET /health/ready answers 200, then GET / answers 200). Then weigh the process.

export interface TimedStart {
  /** From the fork to the server listening (its address known). */
  listeningMs: number;
  /** From the fork to the home page answered with the views caught up. */
  firstPageMs: number;
  /** Bytes, after the first page. */
  rss: number;
  peakRss: number;
  /** The view store the server runs on (its start-up banner's words). */
  viewStore: string;
}

interface Bound { kind: 'bound'; url: string }
const isBound = (message: unknown): message is Bound => (message as Bound | null)?.kind === 'bound';

export async function timedStart(dataDir: string, timeoutMs = 30 * 60_000): Promise<TimedStart> {
  const began = performance.now();
  const child = forkChild(marketplaceServer, { env: { NODE_ENV: 'production' }, args: ['--data-dir', dataDir, '--announce-early'] });
  try {
    const { url } = await nextMessage(child, isBound);
    const listeningMs = performance.now() - began;
    // The readiness check itself waits a little for the projectors (infra/http/readiness-checks.ts).
    await untilReady(url, timeoutMs - (performance.now() - began), 25);
    const page = await fetch(new URL('/', url));
    await page.text();
    if (page.status !== 200) throw new Error(`the first page answered ${page.status}`);
    const firstPageMs = performance.now() - began;
    const server = serverProcessOf(child, await serverReady(child));
    const { rss, peakRss } = await server.memory();
    await server.stop();
    const engines = (server.info.engines ?? {}) as Record<string, string>;
    return { listeningMs, firstPageMs, rss, peakRss, viewStore: (engines.viewStore ?? 'unknown').replace(dataDir, '$DATA_DIR') };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
