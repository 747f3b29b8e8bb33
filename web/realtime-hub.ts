import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyaddr from 'proxy-addr';
import { WebSocketServer, type WebSocket } from 'ws';
import { SESSIONS_REVOKED, type Realtime, type RealtimeMessage } from '../domain/ports/realtime.ts';
import type { Actor } from '../domain/shared/actor.ts';
import { parseCookies, TOKEN_COOKIE } from './app/cookies.ts';
import { AuthMessage, decodeMessage, encodeServerMessage } from '../contracts/realtime-message.ts';

// The browser's realtime socket (SPEC §4): `/ws`, signed in by the session cookie the upgrade request
// carries (the browser's way: the cookie is HttpOnly), by `?token=<access token>`, or by a first
// message `{ "type": "auth", "token": … }` within `authTimeoutMs` (a client that keeps tokens out of
// URLs). The server answers `{ type: 'welcome', socketId }` and then pushes the user's notifications
// published through the Realtime port as `{ type: 'notification', kind, payload }`.
//
// What an attacker could do with sockets is bounded (numbers in docs/security.md):
//   - an upgrade to any other path is answered 404 and closed at once;
//   - an upgrade from another site's page (Origin not this host) is refused 403: the cookie would
//     otherwise sign it in (cross-site websocket hijacking);
//   - sockets per user and per client address are capped (429 at the upgrade), in this process;
//   - a frame larger than `maxFrameBytes` closes the socket (1009); clients have nothing to send but auth;
//   - a socket not signed in within `authTimeoutMs` is closed (4401), and every socket must answer
//     the ping sent every `heartbeatMs` or is dropped;
//   - when a user's sessions are revoked (password or roles changed, a refresh token reused: the
//     command API publishes SESSIONS_REVOKED), their sockets are closed (4001) and access tokens
//     issued before are refused here from then on.
export const REALTIME_PATH = '/ws';

export interface RealtimeLimits {
  maxSocketsPerUser: number;
  maxSocketsPerAddress: number;
  maxFrameBytes: number;
  authTimeoutMs: number;
  heartbeatMs: number;
}

export const defaultRealtimeLimits: RealtimeLimits = {
  maxSocketsPerUser: 10,
  maxSocketsPerAddress: 50,
  maxFrameBytes: 4 * 1024,
  authTimeoutMs: 10_000,
  heartbeatMs: 30_000,
};

/** Close codes the browser client knows: stop reconnecting with this token (4001) / sign in first (4401). */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_NOT_SIGNED_IN = 4401;
/** How long a revocation is remembered: an access token lives an hour (infra/auth/jwt-tokens.ts). */
const REVOCATION_MEMORY_MS = 60 * 60_000;

export interface RealtimeHub {
  attach(server: Server): void;
  close(): Promise<void>;
  /** Open, signed-in sockets per user id (for tests and metrics). */
  socketCount(userId?: string): number;
}

/** Express's "trust proxy" value as a proxy-addr trust function (false: nobody). */
export function trustFunctionOf(trust: string | false | undefined): (address: string, hop: number) => boolean {
  if (!trust) return () => false;
  if (/^\d+$/.test(trust.trim())) {
    const hops = Number(trust.trim());
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(trust.split(',').map((part) => part.trim()).filter(Boolean));
}

/** The `iat` (seconds) of a JWT already verified by the caller, or 0. */
function issuedAtOf(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iat?: unknown };
    return typeof payload.iat === 'number' ? payload.iat : 0;
  } catch {
    return 0;
  }
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`);
  // A client that never reads the answer must not keep the connection.
  setTimeout(() => socket.destroy(), 1_000).unref();
}

export function createRealtimeHub(options: {
  realtime?: Realtime;
  verifyToken?: (token: string) => Actor | null;
  /** TRUST_PROXY: whose X-Forwarded-For names the client address the per-address cap counts. */
  trustProxy?: string | false;
  limits?: Partial<RealtimeLimits>;
}): RealtimeHub {
  const limits = { ...defaultRealtimeLimits, ...options.limits };
  const trust = trustFunctionOf(options.trustProxy);
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes });
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const socketsByAddress = new Map<string, number>();
  /** userId → revocation time (s): access tokens issued before are refused. */
  const revokedBefore = new Map<string, { atSeconds: number; until: number }>();
  const alive = new WeakSet<WebSocket>();
  let unsubscribe: (() => Promise<void>) | null = null;

  const verify = (token: string): Actor | null => {
    const actor = token && options.verifyToken ? options.verifyToken(token) : null;
    if (!actor?.userId) return null;
    const revoked = revokedBefore.get(actor.userId);
    // A token issued in the very second of the revocation is let through: the session that changed
    // the password continues with tokens issued in that second.
    if (revoked && revoked.until > Date.now() && issuedAtOf(token) < revoked.atSeconds) return null;
    return actor;
  };

  const closeUser = (userId: string) => {
    for (const socket of socketsByUser.get(userId) ?? []) socket.close(CLOSE_SESSION_ENDED, 'session ended');
  };

  const deliver = (message: RealtimeMessage) => {
    if (message.kind === SESSIONS_REVOKED) {
      const at = Date.parse(String((message.payload as { at?: unknown } | null)?.at ?? '')) || Date.now();
      const now = Date.now();
      for (const [userId, entry] of revokedBefore) if (entry.until <= now) revokedBefore.delete(userId);
      revokedBefore.set(message.userId, { atSeconds: Math.floor(at / 1000), until: now + REVOCATION_MEMORY_MS });
      closeUser(message.userId);
      return;
    }
    for (const socket of socketsByUser.get(message.userId) ?? []) {
      if (socket.readyState === socket.OPEN) socket.send(encodeServerMessage({ type: 'notification', kind: message.kind, payload: message.payload }));
    }
  };

  const signIn = (ws: WebSocket, actor: Actor): boolean => {
    const userId = actor.userId!;
    const sockets = socketsByUser.get(userId) ?? new Set<WebSocket>();
    if (sockets.size >= limits.maxSocketsPerUser) {
      ws.close(1008, 'too many sockets for this user');
      return false;
    }
    sockets.add(ws);
    socketsByUser.set(userId, sockets);
    ws.once('close', () => {
      sockets.delete(ws);
      if (sockets.size === 0 && socketsByUser.get(userId) === sockets) socketsByUser.delete(userId);
    });
    ws.send(encodeServerMessage({ type: 'welcome', socketId: randomUUID() }));
    return true;
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      refuse(socket, 400, 'Bad Request');
      return;
    }
    if (url.pathname !== REALTIME_PATH) {
      refuse(socket, 404, 'Not Found');
      return;
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let originHost: string | null = null;
      try { originHost = new URL(origin).host; } catch { /* "null" or garbage: foreign */ }
      // Behind a trusted proxy the page's host is the one the proxy names.
      const forwardedHost = trust(request.socket.remoteAddress ?? '', 0) ? String(request.headers['x-forwarded-host'] ?? '').split(',')[0]!.trim() : '';
      if (originHost === null || (originHost !== request.headers.host && originHost !== forwardedHost)) {
        refuse(socket, 403, 'Forbidden');
        return;
      }
    }
    const token = url.searchParams.get('token') || parseCookies(request.headers.cookie)[TOKEN_COOKIE] || '';
    const actor = token ? verify(token) : null;
    // A token that is there but not valid is refused at once; none at all may still come in the first message.
    if (token && !actor) {
      refuse(socket, 401, 'Unauthorized');
      return;
    }
    if (actor && (socketsByUser.get(actor.userId!)?.size ?? 0) >= limits.maxSocketsPerUser) {
      refuse(socket, 429, 'Too Many Requests');
      return;
    }
    const address = proxyaddr(request, trust);
    const fromAddress = socketsByAddress.get(address) ?? 0;
    if (fromAddress >= limits.maxSocketsPerAddress) {
      refuse(socket, 429, 'Too Many Requests');
      return;
    }
    socketsByAddress.set(address, fromAddress + 1);
    wss.handleUpgrade(request, socket, head, (ws) => {
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
      ws.on('error', () => ws.terminate());
      ws.once('close', () => {
        const left = (socketsByAddress.get(address) ?? 1) - 1;
        if (left <= 0) socketsByAddress.delete(address); else socketsByAddress.set(address, left);
      });
      if (actor) {
        signIn(ws, actor);
        // Nothing else is expected from a signed-in client.
        ws.on('message', () => {});
        return;
      }
      const timer = setTimeout(() => ws.close(CLOSE_NOT_SIGNED_IN, 'sign in first'), limits.authTimeoutMs);
      ws.once('close', () => clearTimeout(timer));
      ws.once('message', (data) => {
        clearTimeout(timer);
        const message = decodeMessage(AuthMessage, data);
        const late = message ? verify(message.token) : null;
        if (!late) {
          ws.close(CLOSE_NOT_SIGNED_IN, 'sign in first');
          return;
        }
        if (signIn(ws, late)) ws.on('message', () => {});
      });
    });
  };

  // Every socket answers a ping within a heartbeat, else it is gone (a dead peer, a half-open connection).
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) { ws.terminate(); continue; }
      alive.delete(ws);
      ws.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  return {
    attach(server) {
      server.on('upgrade', onUpgrade);
      if (options.realtime && !unsubscribe) {
        // A revocation counts for users without a socket too (`revokedBefore`); a notification only for those with one.
        const wants = (userId: string, kind: string) => kind === SESSIONS_REVOKED || socketsByUser.has(userId);
        void options.realtime.subscribe(deliver, { wants }).then((stop) => { unsubscribe = stop; });
      }
    },
    async close() {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.terminate();
      socketsByUser.clear();
      socketsByAddress.clear();
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
