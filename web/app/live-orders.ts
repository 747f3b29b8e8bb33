import { useRevalidator } from 'react-router';
import { awaitOrderRevision } from '../api/queries.ts';
import { environmentOf } from './environment.ts';
import { useRealtime } from './realtime-events.ts';

// Order screens stay current without a reload: a pushed order notification (placed, paid, approved,
// completed, canceled — by the other side, or by this person in another tab) refreshes the page's
// data. The push names the order stream's revision of its event (notifications/recipients.ts), so the
// refresh first waits until the views hold it (`minRevision`), then reloads without the GET cache.

/** Waits until the views show this revision of the order (bounded; a view still behind just loads a moment later), then drops the GET cache. */
export async function orderCaughtUp(orderId: string, revision: number | null): Promise<void> {
  const api = environmentOf(undefined).api;
  if (revision !== null && Number.isInteger(revision) && revision >= 0) {
    await awaitOrderRevision(api, orderId, revision).catch(() => undefined);
  }
  api.clearCache();
}

/** Revalidates the page's loaders on every order notification for which `concerns(orderId)` holds. */
export function useLiveOrders(concerns: (orderId: string) => boolean = () => true): void {
  const revalidator = useRevalidator();
  useRealtime((notification) => {
    const { orderId, revision } = notification.subject;
    if (!notification.kind.startsWith('order.') || !orderId || !concerns(orderId)) return;
    void orderCaughtUp(orderId, revision === undefined ? null : Number(revision)).then(() => revalidator.revalidate());
  });
}
