import { useEffect, useRef } from 'react';

// What the realtime socket delivers, handed to whichever screens are listening: the order pages
// refresh on an order's notification, a conversation thread on a new message, the header's badges
// on any. The socket (realtime-client.ts) publishes here; screens subscribe with useRealtime.
export interface RealtimeNotification {
  notificationId: string;
  /** order.placed, order.payed, message.posted, contract.sent, ... (domain/notification/events.ts) */
  kind: string;
  subject: Record<string, string>;
  params: Record<string, string>;
  at: string;
}

type Listener = (notification: RealtimeNotification) => void;
const listeners = new Set<Listener>();

export function publishRealtime(notification: RealtimeNotification): void {
  for (const listener of listeners) listener(notification);
}

export function subscribeRealtime(listener: Listener): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** Calls `listener` for every pushed notification while the component is mounted (latest closure). */
export function useRealtime(listener: Listener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribeRealtime((notification) => latest.current(notification)), []);
}

// A screen that already shows what a push announces (the open conversation thread gets the new
// message in place) says so, and the socket then skips the toast.
type OnScreen = (notification: RealtimeNotification) => boolean;
const onScreen = new Set<OnScreen>();

/** Whether a mounted screen shows this notification's news itself. */
export const shownOnScreen = (notification: RealtimeNotification): boolean => [...onScreen].some((shows) => shows(notification));

/** While mounted, notifications for which `shows` answers true are not toasted. */
export function useShownOnScreen(shows: OnScreen): void {
  const latest = useRef(shows);
  latest.current = shows;
  useEffect(() => {
    const entry: OnScreen = (notification) => latest.current(notification);
    onScreen.add(entry);
    return () => { onScreen.delete(entry); };
  }, []);
}
