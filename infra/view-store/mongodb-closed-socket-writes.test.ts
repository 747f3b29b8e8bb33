import { createServer, connect, type Server, type Socket } from 'node:net';
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { BSON, MongoNetworkError } from 'mongodb';
import { mendMongoWritesOnClosedSockets } from './mongodb-closed-socket-writes.ts';

// The driver's own Connection, as its pool and monitor make them (no handshake needed to write).
const require = createRequire(import.meta.url);
const { Connection } = require('mongodb/lib/cmap/connection.js') as {
  Connection: new (socket: Socket, options: Record<string, unknown>) => {
    readonly closed: boolean;
    command(ns: unknown, command: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
    destroy(): void;
  };
};
const { ns } = require('mongodb/lib/utils.js') as { ns(name: string): unknown };

/** What a command's promise did within the wait: settled one way or the other, or still pending. */
async function outcome(command: Promise<unknown>, waitMs = 10_000): Promise<'resolved' | 'pending' | unknown> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<'pending'>((resolve) => { timer = setTimeout(() => resolve('pending'), waitMs); });
  try {
    return await Promise.race([command.then(() => 'resolved' as const, (error: unknown) => error), pending]);
  } finally {
    clearTimeout(timer);
  }
}

describe('MongoDB driver writes on closed sockets (mended)', () => {
  mendMongoWritesOnClosedSockets();
  let server: Server | undefined;
  afterEach(() => server?.close());

  async function listen(onConnection: (socket: Socket) => void): Promise<number> {
    // The client side is destroyed mid-write in one test: the server's side may then see a reset.
    server = createServer((socket) => { socket.on('error', () => undefined); onConnection(socket); });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as { port: number }).port;
  }

  it('a command written after the server ended the socket, before its close event, fails as a network error', async () => {
    // The server closes cleanly (FIN), as a Mongo-wire server that stops does.
    const port = await listen((socket) => setTimeout(() => socket.end(), 20));
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const connection = new Connection(socket, { id: 1, generation: 0 });
    await once(socket, 'end');
    // Node destroys the socket once both sides ended, and emits 'close' a turn later: the driver
    // marks the connection closed only then. The command goes in between, as the monitor's did.
    while (!socket.destroyed) await new Promise((resolve) => setImmediate(resolve));
    expect(connection.closed, 'the connection is still open in the driver\'s eyes').toBe(false);
    const result = await outcome(connection.command(ns('admin.$cmd'), { hello: 1 }));
    expect(result).toBeInstanceOf(MongoNetworkError);
    expect((result as Error).message).toMatch(/connection 1 to .* closed/);
  });

  it('a command waiting for the socket to drain fails when its connection is destroyed', async () => {
    // A server that never reads: 32 MB of command outgrow the kernel's buffers, and write() asks to wait for 'drain'.
    const port = await listen((socket) => socket.pause());
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const connection = new Connection(socket, { id: 2, generation: 0 });
    const command = connection.command(ns('admin.$cmd'), { ping: 1, padding: 'x'.repeat(32 * 1024 * 1024) });
    while (!socket.writableNeedDrain) await new Promise((resolve) => setImmediate(resolve));
    // What the pool does to a connection in use when it is cleared: destroyed without an error.
    connection.destroy();
    const result = await outcome(command);
    expect(result).toBeInstanceOf(MongoNetworkError);
  });

  it('a command on a live connection is answered as before', async () => {
    // A Mongo-wire server of one answer: OP_MSG { ok: 1 } to the request it read.
    const port = await listen((socket) => socket.once('data', (request: Buffer) => {
      const body = BSON.serialize({ ok: 1 });
      const reply = Buffer.alloc(16 + 4 + 1 + body.length);
      reply.writeInt32LE(reply.length, 0);
      reply.writeInt32LE(1, 4);
      reply.writeInt32LE(request.readInt32LE(4), 8);
      reply.writeInt32LE(2013, 12);
      reply.writeUInt8(0, 20);
      reply.set(body, 21);
      socket.write(reply);
    }));
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const connection = new Connection(socket, { id: 3, generation: 0 });
    expect(await connection.command(ns('admin.$cmd'), { ping: 1 })).toMatchObject({ ok: 1 });
    expect(socket.listenerCount('close'), 'no listener left behind per command').toBe(1);
    connection.destroy();
  });
});
