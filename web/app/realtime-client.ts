import { publishToast } from './toasts.tsx';
import { publishRealtime, shownOnScreen } from './realtime-events.ts';
import { notificationParams, notificationTextKey } from './notification-text.ts';
import type { Locale } from '../../domain/shared/translatable.ts';
import { browserHasSession, refreshSession } from './session.ts';

/** The hub's close code for a user whose sessions were revoked (web/realtime-hub.ts). */
const CLOSE_SESSION_ENDED = 4001;

// SPEC §4: the realtime socket connects with the user's session (its HttpOnly cookie goes with the
// upgrade request) and receives a socket UUID; pushed
// notifications (web/realtime-hub.ts: `{ type: 'notification', kind: 'notification', payload }`, the
// notification's own kind inside the payload) are shown as toasts, worded for the reader's part in
// the order (notification-text.ts), and handed to the screens that listen. Reconnects with a
// growing delay when the connection drops. The messages' schemas (realtime-messages.ts, zod) are
// imported when the socket opens, not with the page, and the messages are handled in order of arrival.
export interface RealtimeConnection { close(): void }

/** The page's language, from the document the server rendered (lang="he" or "en"). */
const pageLocale = (): Locale => (document.documentElement.lang === 'en' ? 'en' : 'he');

export function connectRealtime(onSocketId: (socketId: string) => void): RealtimeConnection {
  let socket: WebSocket | null = null;
  let closed = false;
  let delay = 1_000;
  const messages = import('./realtime-messages.ts');
  let handled = Promise.resolve();
  const open = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/ws`);
    socket.onmessage = (event) => {
      handled = handled.then(() => messages).then(({ serverMessageOf, realtimeNotificationOf }) => {
        const message = serverMessageOf(event.data);
        if (message?.type === 'welcome') { delay = 1_000; onSocketId(message.socketId); return; }
        const notification = realtimeNotificationOf(message);
        if (!notification) return;
        if (!shownOnScreen(notification)) publishToast({ kind: 'info', messageKey: notificationTextKey(notification), params: notificationParams(notification.params, pageLocale()) });
        publishRealtime(notification);
      }).catch(reportError);
    };
    socket.onclose = (event) => {
      if (closed) return;
      // Closed because the session ended elsewhere (4001), or never let in (an expired or revoked
      // cookie): renew the session first; when it cannot be renewed the cookies are gone and so is the socket.
      const renewFirst = event.code === CLOSE_SESSION_ENDED || event.code === 1006;
      setTimeout(() => {
        void (renewFirst ? refreshSession() : Promise.resolve(true)).then(() => { if (!closed && browserHasSession()) open(); });
      }, delay);
      delay = Math.min(delay * 2, 30_000);
    };
  };
  open();
  return { close() { closed = true; socket?.close(); } };
}
