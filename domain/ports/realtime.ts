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

export interface RealtimeSubscription {
  /**
   * Which messages the listener takes, by their user (address) and kind; the others never reach it. Asked
   * before a message is read, so an adapter that carries messages as text need not read those nobody
   * wants (the in-process one then does not even write them: the eight notifications of an order's
   * round trip are pushed to users who mostly have no socket on this process).
   */
  wants?: (userId: string, kind: string) => boolean;
}

export interface Realtime {
  publish(message: RealtimeMessage): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(listener: (message: RealtimeMessage) => void, options?: RealtimeSubscription): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
