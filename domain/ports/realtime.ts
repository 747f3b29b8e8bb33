// Realtime fan-out between processes (DESIGN §2): in-process emitter or Redis pub/sub. The web
// process's ws hub subscribes and pushes messages to the sockets of the user.
export interface RealtimeMessage {
  userId: string;
  kind: string;
  payload: unknown;
}

/**
 * The kind of a message that is no notification: the user's refresh tokens were revoked (password or
 * roles changed, a refresh token reused). The web hub closes the user's sockets and tells nobody.
 */
export const SESSIONS_REVOKED = 'sessions-revoked';

export interface Realtime {
  publish(message: RealtimeMessage): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(listener: (message: RealtimeMessage) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
