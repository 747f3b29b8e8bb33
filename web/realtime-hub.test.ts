import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRealtimeHub } from './realtime-hub.ts';
import type { Realtime, RealtimeMessage } from '../domain/ports/realtime.ts';

// SPEC §4: the socket connects with the user token, gets a socket UUID, and receives that user's
// notifications published through the Realtime port.
function memoryRealtime(): Realtime {
  const listeners = new Set<(message: RealtimeMessage) => void>();
  return {
    async publish(message) { for (const listener of listeners) listener(message); },
    async subscribe(listener) { listeners.add(listener); return async () => { listeners.delete(listener); }; },
    async close() { listeners.clear(); },
  };
}

let server: Server | null = null;
afterEach(async () => { await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())); server = null; });

async function start() {
  const realtime = memoryRealtime();
  const hub = createRealtimeHub({ realtime, verifyToken: (token) => (token.startsWith('user-') ? { userId: token.slice(5), roles: ['user'], groups: [], vendorId: null } : null) });
  server = createServer((_req, res) => res.end());
  hub.attach(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  return { realtime, hub, url: (token: string) => `ws://127.0.0.1:${port}/ws?token=${token}` };
}

function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
}

describe('realtime hub', () => {
  it('welcomes a signed-in socket with a UUID and pushes only that user\'s notifications', async () => {
    const { realtime, hub, url } = await start();
    const alice = new WebSocket(url('user-alice'));
    const welcome = await nextMessage(alice);
    expect(welcome.type).toBe('welcome');
    expect(welcome.socketId).toMatch(/^[0-9a-f-]{36}$/);
    const bob = new WebSocket(url('user-bob'));
    await nextMessage(bob);
    expect(hub.socketCount()).toBe(2);
    const pushed = nextMessage(alice);
    let bobGot = false;
    bob.on('message', () => { bobGot = true; });
    await realtime.publish({ userId: 'alice', kind: 'order.payed', payload: { params: { productName: 'Show' } } });
    expect(await pushed).toEqual({ type: 'notification', kind: 'order.payed', payload: { params: { productName: 'Show' } } });
    await realtime.publish({ userId: 'carol', kind: 'order.payed', payload: {} });
    expect(bobGot).toBe(false);
    alice.close();
    bob.close();
    await hub.close();
  });

  it('refuses a socket without a valid token', async () => {
    const { hub, url } = await start();
    const socket = new WebSocket(url('forged'));
    const status = await new Promise<number>((resolve) => socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
    await hub.close();
  });
});
