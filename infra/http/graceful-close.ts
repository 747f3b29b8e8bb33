import type { Server } from 'node:http';

// Closing a server that is answering requests (SIGTERM on a deploy, a test's close): it stops taking
// new connections, lets the requests it is answering finish, up to a bound, and only then cuts what is
// left. The stores close after this, so a request in flight is answered instead of failing on a store
// closed under it (answered 500 "statement has been finalized", and never delivered).

/** How long the requests in flight get to finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface GracefulClose {
  /** Requests received and not yet answered (or abandoned by their client). */
  inFlight(): number;
  /** Stops listening, waits for the requests in flight (at most `graceMs`), cuts every connection left. */
  close(graceMs?: number): Promise<void>;
}

export function gracefulClose(server: Server): GracefulClose {
  let inFlight = 0;
  const drained = new Set<() => void>();
  server.on('request', (_request, response) => {
    inFlight++;
    response.once('close', () => {
      inFlight--;
      if (inFlight === 0) for (const done of [...drained]) done();
    });
  });
  return {
    inFlight: () => inFlight,
    async close(graceMs = SHUTDOWN_GRACE_MS) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Kept-alive connections with no request go now; a connection answering one closes after it.
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const done = () => { clearTimeout(timer); drained.delete(done); resolve(); };
          const timer = setTimeout(done, graceMs);
          drained.add(done);
        });
      }
      server.closeAllConnections();
      await closed;
    },
  };
}
