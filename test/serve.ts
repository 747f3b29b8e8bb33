import type { AddressInfo } from 'node:net';
import express, { type Router } from 'express';
import { commandApiClient, type CommandApiClient } from '../command-api/client/command-api-client.ts';

/** Routers on 127.0.0.1 port 0; the client speaks to them over real HTTP. */
export async function serve(...routers: Router[]): Promise<{ client: CommandApiClient; close(): Promise<void> }> {
  const app = express();
  for (const router of routers) app.use(router);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    client: commandApiClient(`http://127.0.0.1:${port}`),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
