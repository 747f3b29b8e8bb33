import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { MongoNetworkError } from 'mongodb';

// A mend for the MongoDB driver (7.9.x): a write on a connection whose socket has already closed waits
// forever. The driver writes a command with `socket.write` and, when that returns false, waits for
// 'drain' or 'error'. A socket that the server ended cleanly (FIN) is destroyed without an error, and
// the driver marks its connection closed only at the socket's 'close', which Node emits a turn of
// the event loop later. A command written in between gets false back, and neither 'drain' nor 'error'
// ever comes. Nor does a command waiting for 'drain' when its socket is destroyed without an error.
//
// When the server restarts this hits the driver's own monitor. A pooled connection's 'close' marks the
// server unknown, and the operations waiting for a server ask the monitor to check at once. The
// monitor then writes its hello on its own connection, whose FIN came in the same turn. Its check
// never ends, so it never checks again, and the client fails every operation with "server selection"
// until the process restarts. The fault suite (test/faults/) saw this in one run of three, on API nodes,
// projectors and the worker alike (docs/reliability.md).
//
// The mend: a write on a destroyed socket fails at once, and a write still pending when its socket
// closes fails then, as a network error. The driver then handles the failure as any other network
// error: the monitor's check fails, it marks the server unknown, and it checks again.

interface DriverConnection {
  readonly socket: Socket;
  readonly id: number | '<monitor>';
  readonly address: string;
  writeCommand(command: unknown, options: unknown): Promise<void>;
}

const MENDED = Symbol.for('marketplace.mongodb.closedSocketWrites');

function closedError(connection: DriverConnection): MongoNetworkError {
  return new MongoNetworkError(`connection ${connection.id} to ${connection.address} closed`);
}

/** Mends the driver's Connection.prototype.writeCommand once per process (idempotent). */
export function mendMongoWritesOnClosedSockets(): void {
  // The driver's own module instance: `mongodb` loads this same file through the CommonJS cache.
  const { Connection } = createRequire(import.meta.url)('mongodb/lib/cmap/connection.js') as {
    Connection: { prototype: DriverConnection & { [MENDED]?: true } };
  };
  const prototype = Connection.prototype;
  if (prototype[MENDED]) return;
  const write = prototype.writeCommand;
  if (typeof write !== 'function') throw new Error('mongodb driver: Connection.prototype.writeCommand is gone; see infra/view-store/mongodb-closed-socket-writes.ts');
  prototype.writeCommand = function writeCommand(this: DriverConnection, command: unknown, options: unknown): Promise<void> {
    const socket = this.socket;
    if (socket.destroyed) return Promise.reject(closedError(this));
    const written = write.call(this, command, options);
    return new Promise<void>((resolve, reject) => {
      const onClose = () => reject(closedError(this));
      socket.once('close', onClose);
      written.then(
        () => { socket.off('close', onClose); resolve(); },
        (error: unknown) => { socket.off('close', onClose); reject(error); },
      );
    });
  };
  prototype[MENDED] = true;
}
