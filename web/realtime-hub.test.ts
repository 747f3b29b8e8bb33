import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_NOT_SIGNED_IN, CLOSE_SESSION_ENDED, createRealtimeHub, type RealtimeLimits } from './realtime-hub.ts';
import { SESSIONS_REVOKED, type Realtime, type RealtimeMessage, type RealtimeSubscription } from '../domain/ports/realtime.ts';

// SPEC §4: the socket connects with the user token, gets a socket UUID, and receives that user's
// notifications published through the Realtime port. And what an attacker tries with sockets:
// other paths, too many sockets, huge frames, idle sockets that never sign in, sockets of a user
// whose sessions were revoked, and upgrades from another site's page.
function memoryRealtime(): Realtime & { wanted: (userId: string, kind: string) => boolean } {
  const listeners = new Map<(message: RealtimeMessage) => void, RealtimeSubscription>();
  const wants = (subscription: RealtimeSubscription, userId: string, kind: string) => subscription.wants?.(userId, kind) ?? true;
  return {
    async publish(message) { for (const [listener, subscription] of listeners) if (wants(subscription, message.userId, message.kind)) listener(message); },
    async subscribe(listener, subscription = {}) { listeners.set(listener, subscription); return async () => { listeners.delete(listener); }; },
    async close() { listeners.clear(); },
    /** Whether some listener wants such a message (the in-process adapter writes none that nobody wants). */
    wanted: (userId, kind) => [...listeners.values()].some((subscription) => wants(subscription, userId, kind)),
  };
}

/** A token the test's verifier accepts: JWT-shaped, so the hub reads its issue time (`iat`, seconds). */
const tokenOf = (userId: string, issuedAt = Math.floor(Date.now() / 1000)) =>
  `h.${Buffer.from(JSON.stringify({ iat: issuedAt })).toString('base64url')}.${userId}`;

let server: Server | null = null;
let closeHub: (() => Promise<void>) | null = null;
afterEach(async () => {
  await closeHub?.();
  closeHub = null;
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function start(limits: Partial<RealtimeLimits> = {}) {
  const realtime = memoryRealtime();
  const hub = createRealtimeHub({
    realtime, limits,
    verifyToken: (token) => {
      const userId = token.split('.')[2];
      return token.startsWith('h.') && userId ? { userId, roles: ['user'], groups: [], vendorId: null } : null;
    },
  });
  closeHub = () => hub.close();
  server = createServer((_req, res) => res.end());
  hub.attach(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  return { realtime, hub, port, url: (token?: string, path = '/ws') => `ws://127.0.0.1:${port}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}` };
}

function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
}
const refusedWith = (socket: WebSocket) => new Promise<number>((resolve) => {
  socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
  socket.on('error', () => {});
});
const closedWith = (socket: WebSocket) => new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

describe('realtime hub', () => {
  it('welcomes a signed-in socket with a UUID and pushes only that user\'s notifications', async () => {
    const { realtime, hub, url } = await start();
    const alice = new WebSocket(url(tokenOf('alice')));
    const welcome = await nextMessage(alice);
    expect(welcome.type).toBe('welcome');
    expect(welcome.socketId).toMatch(/^[0-9a-f-]{36}$/);
    const bob = new WebSocket(url(tokenOf('bob')));
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
  });

  it('signs in by the session cookie the upgrade carries, and refuses a bad token at once', async () => {
    const { url } = await start();
    const byCookie = new WebSocket(url(), { headers: { cookie: `token=${encodeURIComponent(tokenOf('dana'))}` } });
    expect((await nextMessage(byCookie)).type).toBe('welcome');
    byCookie.close();
    expect(await refusedWith(new WebSocket(url('forged')))).toBe(401);
  });

  it('answers an upgrade to any other path with 404 and closes it at once', async () => {
    const { port, url } = await start();
    expect(await refusedWith(new WebSocket(url(undefined, '/not-the-socket')))).toBe(404);
    // A raw client that never reads: the server ends the connection itself.
    const raw = connect(port, '127.0.0.1');
    raw.write('GET /anything HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    let answer = '';
    raw.on('data', (chunk) => { answer += String(chunk); });
    await new Promise((resolve) => raw.on('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
  });

  it("refuses an upgrade from another site's page (its cookie would sign it in)", async () => {
    const { port, url } = await start();
    const foreign = new WebSocket(url(), { headers: { cookie: `token=${tokenOf('dana')}`, origin: 'https://evil.example' } });
    expect(await refusedWith(foreign)).toBe(403);
    const own = new WebSocket(url(), { headers: { cookie: `token=${tokenOf('dana')}`, origin: `http://127.0.0.1:${port}` } });
    expect((await nextMessage(own)).type).toBe('welcome');
    own.close();
  });

  it('caps the sockets of one user and of one address', async () => {
    const { hub, url } = await start({ maxSocketsPerUser: 3, maxSocketsPerAddress: 5 });
    const open: WebSocket[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = new WebSocket(url(tokenOf('many')));
      await nextMessage(socket);
      open.push(socket);
    }
    expect(await refusedWith(new WebSocket(url(tokenOf('many'))))).toBe(429);
    // Other users from the same address, up to the address's cap (five sockets in all).
    for (let i = 0; i < 2; i++) {
      const socket = new WebSocket(url(tokenOf(`other${i}`)));
      await nextMessage(socket);
      open.push(socket);
    }
    expect(await refusedWith(new WebSocket(url(tokenOf('yet-another'))))).toBe(429);
    // A closed socket frees its place.
    const closed = closedWith(open[0]!);
    open[0]!.close();
    await closed;
    // The client's close and the server's are separate events: wait for the hub's, not for a while.
    await vi.waitFor(() => expect(hub.socketCount('many')).toBe(2), { timeout: 10_000 });
    const again = new WebSocket(url(tokenOf('many')));
    expect((await nextMessage(again)).type).toBe('welcome');
    for (const socket of [...open, again]) socket.close();
  });

  it('closes a socket that sends a frame larger than the limit', async () => {
    const { url } = await start({ maxFrameBytes: 1024 });
    const socket = new WebSocket(url(tokenOf('big')));
    await nextMessage(socket);
    const closed = closedWith(socket);
    socket.send('x'.repeat(16 * 1024));
    expect(await closed).toBe(1009);
  });

  it('closes a socket that does not sign in within the time', async () => {
    const { url } = await start({ authTimeoutMs: 200 });
    const idle = new WebSocket(url());
    expect(await closedWith(idle)).toBe(CLOSE_NOT_SIGNED_IN);
  });

  it('welcomes a socket that signs in in its first message, and closes one whose first message does not', async () => {
    // A time to sign in that a passing run never reaches: on a loaded machine the client's first
    // message may come long after the upgrade, and the timeout has a test of its own (above).
    const { hub, url } = await start({ authTimeoutMs: 60_000 });
    const late = new WebSocket(url());
    await new Promise((resolve) => late.once('open', resolve));
    late.send(JSON.stringify({ type: 'auth', token: tokenOf('late') }));
    expect((await nextMessage(late)).type).toBe('welcome');
    expect(hub.socketCount('late')).toBe(1);
    late.close();
    const wrong = new WebSocket(url());
    await new Promise((resolve) => wrong.once('open', resolve));
    const closed = closedWith(wrong);
    wrong.send(JSON.stringify({ type: 'auth', token: 'forged' }));
    expect(await closed).toBe(CLOSE_NOT_SIGNED_IN);
  });

  it('wants a notification only for a user with a socket here, and every revocation', async () => {
    const { realtime, hub, url } = await start();
    await vi.waitFor(() => expect(realtime.wanted('anyone', SESSIONS_REVOKED)).toBe(true), { timeout: 10_000 });
    expect(realtime.wanted('alice', 'notification')).toBe(false);
    const alice = new WebSocket(url(tokenOf('alice')));
    await nextMessage(alice);
    expect(realtime.wanted('alice', 'notification')).toBe(true);
    expect(realtime.wanted('bob', 'notification')).toBe(false);
    alice.close();
    await vi.waitFor(() => expect(hub.socketCount('alice')).toBe(0), { timeout: 10_000 });
    expect(realtime.wanted('alice', 'notification')).toBe(false);
  });

  it('refuses the tokens issued before a revocation that came while the user had no socket', async () => {
    const { realtime, url } = await start();
    const before = Math.floor(Date.now() / 1000) - 10;
    await vi.waitFor(() => expect(realtime.wanted('demoted', SESSIONS_REVOKED)).toBe(true), { timeout: 10_000 });
    await realtime.publish({ userId: 'demoted', kind: SESSIONS_REVOKED, payload: { at: new Date().toISOString() } });
    expect(await refusedWith(new WebSocket(url(tokenOf('demoted', before))))).toBe(401);
  });

  it("closes a user's sockets when their sessions are revoked, and refuses the tokens issued before", async () => {
    const { realtime, hub, url } = await start();
    const before = Math.floor(Date.now() / 1000) - 10;
    const socket = new WebSocket(url(tokenOf('demoted', before)));
    await nextMessage(socket);
    const bystander = new WebSocket(url(tokenOf('bystander', before)));
    await nextMessage(bystander);
    const closed = closedWith(socket);
    await realtime.publish({ userId: 'demoted', kind: SESSIONS_REVOKED, payload: { at: new Date().toISOString() } });
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
    expect(hub.socketCount('bystander')).toBe(1);
    // The old access token still verifies (it lives out its hour) but is refused here now.
    expect(await refusedWith(new WebSocket(url(tokenOf('demoted', before))))).toBe(401);
    const fresh = new WebSocket(url(tokenOf('demoted', Math.floor(Date.now() / 1000) + 1)));
    expect((await nextMessage(fresh)).type).toBe('welcome');
    fresh.close();
    bystander.close();
  });
});
