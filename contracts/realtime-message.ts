import * as z from 'zod/mini';

// The realtime socket's messages (`/ws`), written by the web server's hub (web/realtime-hub.ts) and
// read by the browser (web/app/realtime-client.ts), and the one message a client may send. Both ends
// parse with these schemas, so a change of shape shows on both sides at once. In contracts/ because
// the browser bundle and the server both import it; zod/mini keeps the bundle small.

/** Server → browser: sent once a socket is signed in. */
export const WelcomeMessage = z.object({ type: z.literal('welcome'), socketId: z.string().check(z.minLength(1)) });

/** Server → browser: what was published through the Realtime port for this user. */
export const PushMessage = z.object({ type: z.literal('notification'), kind: z.string(), payload: z.unknown() });

export const ServerMessage = z.discriminatedUnion('type', [WelcomeMessage, PushMessage]);
export type ServerMessage = z.output<typeof ServerMessage>;

/** Browser → server: sign in by the first message, for a client that keeps tokens out of URLs. */
export const AuthMessage = z.object({ type: z.literal('auth'), token: z.string() });
export type AuthMessage = z.output<typeof AuthMessage>;

/**
 * The payload of a pushed notification (notifications/worker.ts publishes NotificationCreated's data
 * with its place in the stream). The fields the browser reads; others pass unread.
 */
export const NotificationPayload = z.object({
  notificationId: z.string(),
  /** order.placed, order.payed, message.posted, contract.sent, ... (domain/notification/events.ts) */
  kind: z.string(),
  subject: z.optional(z.record(z.string(), z.string())),
  params: z.optional(z.record(z.string(), z.string())),
  at: z.optional(z.string()),
});
export type NotificationPayload = z.output<typeof NotificationPayload>;

/** A server message as the wire carries it (the hub sends only what this encodes). */
export const encodeServerMessage = (message: ServerMessage): string => JSON.stringify(message);

/** A frame from the wire parsed as `schema`, or null when it is not JSON or not of that shape. */
export function decodeMessage<T>(schema: z.ZodMiniType<T>, data: unknown): T | null {
  let value: unknown;
  try { value = JSON.parse(String(data)); } catch { return null; }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
