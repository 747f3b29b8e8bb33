import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulClose } from './graceful-close.ts';

// A server closed while it answers: the request in flight gets its answer, a new connection is refused,
// and a request that outlives the grace is cut rather than holding the close forever.
describe('graceful close', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.closeAllConnections();
  });

  async function serve(answerAfterMs: number) {
    let received!: () => void;
    const arrived = new Promise<void>((resolve) => { received = resolve; });
    const server = createServer((_request, response) => {
      received();
      setTimeout(() => response.end('done'), answerAfterMs);
    });
    servers.push(server);
    const closing = gracefulClose(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    return { closing, url, arrived };
  }

  it('answers the request in flight, then refuses new connections', async () => {
    const { closing, url, arrived } = await serve(300);
    const answer = fetch(url).then(async (response) => ({ status: response.status, text: await response.text() }));
    await arrived;
    expect(closing.inFlight()).toBe(1);
    await closing.close();
    expect(await answer).toEqual({ status: 200, text: 'done' });
    expect(closing.inFlight()).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
  });

  it('cuts a request that outlives the grace', async () => {
    const { closing, url, arrived } = await serve(60_000);
    const answer = fetch(url).then(() => 'answered', () => 'cut');
    await arrived;
    await closing.close(100);
    expect(await answer).toBe('cut');
  });

  it('closes at once when nothing is in flight', async () => {
    const { closing, url } = await serve(0);
    await (await fetch(url)).text();
    await closing.close();
    expect(closing.inFlight()).toBe(0);
  });
});
