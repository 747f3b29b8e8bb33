import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createMemoryRealtime } from '../infra/realtime/memory-realtime.ts';
import { notificationHandler } from '../notifications/worker.ts';
import { NOTIFICATION_JOB, notificationJobId, type NotificationJob } from '../notifications/notification-job.ts';
import { createRealtimeHub } from '../web/realtime-hub.ts';
import { realtimeNotificationOf } from '../web/app/realtime-messages.ts';
import { AuthMessage, decodeMessage, ServerMessage } from './realtime-message.ts';

// One schema, both ends: what the worker publishes and the hub sends is what the browser's client
// parses; a frame of another shape is refused on either side.
const closers: (() => Promise<void>)[] = [];
afterEach(async () => { for (const close of closers.splice(0).reverse()) await close(); });

async function hubOnServer() {
  const realtime = createMemoryRealtime();
  const hub = createRealtimeHub({ realtime, verifyToken: (token) => (token === 'good' ? { userId: 'u1', roles: ['user'], groups: [], vendorId: null } : null) });
  const server: Server = createServer((_req, res) => res.end());
  hub.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(async () => { server.closeAllConnections(); await new Promise<void>((resolve) => server.close(() => resolve())); });
  closers.push(() => hub.close());
  return { realtime, url: `ws://127.0.0.1:${(server.address() as { port: number }).port}/ws` };
}

const frames = (socket: WebSocket) => {
  const seen: string[] = [];
  const waiting: ((frame: string) => void)[] = [];
  socket.on('message', (data) => { const frame = String(data); const next = waiting.shift(); if (next) next(frame); else seen.push(frame); });
  return () => (seen.length ? Promise.resolve(seen.shift()!) : new Promise<string>((resolve) => waiting.push(resolve)));
};

describe('the realtime message, shared by the server and the browser', () => {
  it('parses on the client side what the worker publishes and the hub sends', async () => {
    const { realtime, url } = await hubOnServer();
    const store = await openSqliteEventStore({ path: ':memory:' });
    closers.push(() => store.close());
    const socket = new WebSocket(`${url}?token=good`);
    closers.push(async () => { socket.close(); });
    const next = frames(socket);

    const welcome = decodeMessage(ServerMessage, await next());
    expect(welcome).toMatchObject({ type: 'welcome' });

    const data: NotificationJob = { userId: 'u1', kind: 'order.approved', subject: { orderId: 'o1' }, params: { productName: 'Show' }, sourceEventId: 'e-1', correlationId: 'c', at: '2026-03-01T10:00:00.000Z' };
    await notificationHandler({ eventStore: store, realtime })({ id: notificationJobId('e-1', 'u1'), name: NOTIFICATION_JOB, data, attemptsMade: 0 });
    const pushed = decodeMessage(ServerMessage, await next());
    expect(pushed?.type).toBe('notification');
    expect(realtimeNotificationOf(pushed)).toEqual({
      notificationId: expect.any(String), kind: 'order.approved', subject: { orderId: 'o1' }, params: { productName: 'Show' }, at: expect.any(String),
    });
  });

  it('refuses malformed messages on the client side', () => {
    expect(decodeMessage(ServerMessage, 'not json')).toBeNull();
    expect(decodeMessage(ServerMessage, JSON.stringify({ type: 'welcome' }))).toBeNull();
    expect(decodeMessage(ServerMessage, JSON.stringify({ type: 'shout', text: 'hi' }))).toBeNull();
    // An envelope of the right shape whose payload is no notification is not shown.
    const envelope = decodeMessage(ServerMessage, JSON.stringify({ type: 'notification', kind: 'notification', payload: { kind: 'order.placed' } }));
    expect(envelope).not.toBeNull();
    expect(realtimeNotificationOf(envelope)).toBeNull();
    expect(realtimeNotificationOf(decodeMessage(ServerMessage, JSON.stringify({ type: 'notification', kind: 'notification', payload: { notificationId: 'n', kind: 'x', params: { n: 1 } } })))).toBeNull();
  });

  it('refuses a malformed sign-in message on the server side', async () => {
    expect(decodeMessage(AuthMessage, JSON.stringify({ type: 'auth', token: 7 }))).toBeNull();
    const { url } = await hubOnServer();
    const socket = new WebSocket(url);
    closers.push(async () => { socket.terminate(); });
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'auth', token: ['good'] }));
    expect(await closed).toBe(4401);
  });
});
