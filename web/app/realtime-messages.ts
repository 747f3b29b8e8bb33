import { decodeMessage, NotificationPayload, ServerMessage } from '../../contracts/realtime-message.ts';
import type { RealtimeNotification } from './realtime-events.ts';

// The realtime socket's messages as the browser reads them, parsed with their schemas (zod): imported by
// realtime-client.ts when a signed-in user's socket opens, so the storefront's first load carries no zod
// (docs/storefront.md).

/** A frame from the socket as a server message, or null when it is not one. */
export const serverMessageOf = (data: unknown): ServerMessage | null => decodeMessage(ServerMessage, data);

/** The notification a parsed socket message carries, or null for anything else (welcome, malformed payload). */
export function realtimeNotificationOf(message: ServerMessage | null): RealtimeNotification | null {
  if (message?.type !== 'notification') return null;
  const parsed = NotificationPayload.safeParse(message.payload);
  if (!parsed.success) return null;
  const data = parsed.data;
  return {
    notificationId: data.notificationId,
    kind: data.kind,
    subject: data.subject ?? {},
    params: data.params ?? {},
    at: data.at ?? new Date().toISOString(),
  };
}
