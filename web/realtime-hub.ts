import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Realtime, RealtimeMessage } from '../domain/ports/realtime.ts';
import type { Actor } from '../domain/shared/actor.ts';

// The browser's realtime socket (SPEC §4): `/ws?token=<access token>`; the server answers
// `{ type: 'welcome', socketId }` and then pushes the user's notifications published through the
// Realtime port as `{ type: 'notification', kind, payload }`. Other upgrade paths are left alone.
export const REALTIME_PATH = '/ws';

export interface RealtimeHub {
  attach(server: Server): void;
  close(): Promise<void>;
  /** Open sockets per user id (for tests and metrics). */
  socketCount(userId?: string): number;
}

export function createRealtimeHub(options: { realtime?: Realtime; verifyToken?: (token: string) => Actor | null }): RealtimeHub {
  const wss = new WebSocketServer({ noServer: true });
  const socketsByUser = new Map<string, Set<WebSocket>>();
  let unsubscribe: (() => Promise<void>) | null = null;

  const deliver = (message: RealtimeMessage) => {
    for (const socket of socketsByUser.get(message.userId) ?? []) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'notification', kind: message.kind, payload: message.payload }));
    }
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) return;
    const token = url.searchParams.get('token') ?? '';
    const actor = token && options.verifyToken ? options.verifyToken(token) : null;
    if (!actor?.userId) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const userId = actor.userId;
    wss.handleUpgrade(request, socket, head, (ws) => {
      const sockets = socketsByUser.get(userId) ?? new Set<WebSocket>();
      sockets.add(ws);
      socketsByUser.set(userId, sockets);
      ws.on('close', () => {
        sockets.delete(ws);
        if (sockets.size === 0) socketsByUser.delete(userId);
      });
      ws.on('error', () => ws.terminate());
      ws.send(JSON.stringify({ type: 'welcome', socketId: randomUUID() }));
    });
  };

  return {
    attach(server) {
      server.on('upgrade', onUpgrade);
      if (options.realtime && !unsubscribe) {
        void options.realtime.subscribe(deliver).then((stop) => { unsubscribe = stop; });
      }
    },
    async close() {
      for (const sockets of socketsByUser.values()) for (const socket of sockets) socket.terminate();
      socketsByUser.clear();
      await unsubscribe?.();
      wss.close();
    },
    socketCount(userId) {
      if (userId) return socketsByUser.get(userId)?.size ?? 0;
      let count = 0;
      for (const sockets of socketsByUser.values()) count += sockets.size;
      return count;
    },
  };
}
