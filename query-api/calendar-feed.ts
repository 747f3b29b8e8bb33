import type { RequestHandler } from 'express';
import type { ViewStore } from '../domain/ports/view-store.ts';
import type { Clock } from '../domain/ports/clock.ts';
import { problems, sendProblem, problemOf } from '../infra/http/problem.ts';
import { icsFeed, type FeedEvent } from '../infra/icalendar/ics-feed.ts';
import { feedTokenHash, type CalendarSyncView } from '../projectors/calendar-sync/projection.ts';
import type { OrderView } from '../projectors/orders/projection.ts';
import type { CalendarEntry } from '../projectors/calendar/projection.ts';

// GET /api/calendar-feed/{token}.ics (docs/calendar-sync.md "The feed"): a vendor's private iCalendar feed,
// found by its token's SHA-256 in the `calendarSync` view. A token that is not the vendor's current one
// (revoked, or never issued) answers 404 like any unknown address. It is not in the OpenAPI document:
// its answer is text/calendar for calendar apps, like the export files and the media files.
export const CALENDAR_FEED_PATH = '/api/calendar-feed/:file';
/** Events that ended this long ago are still in the feed (a subscribed calendar keeps recent history). */
const PAST_DAYS = 90;
/** How long an event without a slot or a duration is shown: two hours from its start. */
const DEFAULT_EVENT_MINUTES = 120;
/** Orders that are the vendor's confirmed events: paid, approved by the vendor, or done. */
const CONFIRMED = ['payed', 'approved', 'completed'];
const LIMIT = 2_000;

export function calendarFeed(viewStore: ViewStore, clock: Clock): RequestHandler {
  return async (req, res) => {
    try {
      const match = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(String(req.params.file ?? ''));
      const sync = match ? await viewStore.collection<CalendarSyncView>('calendarSync').findOne({ feedTokenHash: feedTokenHash(match[1]!) }) : null;
      if (!sync || !sync.feedToken) {
        sendProblem(res, problems.notFound('There is no such calendar feed: the link was replaced by a new one, or is wrong.').problem);
        return;
      }
      const now = clock.now();
      const since = new Date(now.getTime() - PAST_DAYS * 86_400_000).toISOString();
      const [orders, windows, card] = await Promise.all([
        viewStore.collection<OrderView>('orders').find({ vendorId: sync.vendorId, status: { $in: CONFIRMED }, eventAt: { $gte: since } }, { sort: { eventAt: 1, _id: 1 }, limit: LIMIT }),
        viewStore.collection<CalendarEntry>('calendarEntries').find({ vendorId: sync.vendorId, kind: 'busy', end: { $gt: since } }, { sort: { start: 1, _id: 1 }, limit: LIMIT }),
        viewStore.collection<{ _id: string; name?: { he?: string; en?: string } }>('vendorCards').findOne({ _id: sync.vendorId }),
      ]);
      const events: FeedEvent[] = [
        ...orders.map(orderEvent),
        // Windows imported from the vendor's own calendars are there already: only those blocked here.
        ...windows.filter((window) => !window.source).map((window): FeedEvent => ({
          id: `busy-${window.windowId}`, start: window.start, end: window.end, summary: window.reason ? `לא פנוי: ${window.reason}` : 'לא פנוי (Busy)',
        })),
      ];
      const artist = card?.name?.he || card?.name?.en;
      res.set('Cache-Control', 'private, no-store');
      res.set('X-Robots-Tag', 'noindex');
      res.type('text/calendar; charset=utf-8').send(icsFeed({ calendarName: artist ? `HaBama – ${artist}` : 'HaBama', events, now }));
    } catch (error) {
      sendProblem(res, problemOf(error));
    }
  };
}

function orderEvent(order: OrderView): FeedEvent {
  const start = order.eventAt!;
  const minutes = order.product.serviceDuration && order.product.serviceDuration > 0 ? order.product.serviceDuration : DEFAULT_EVENT_MINUTES;
  const end = order.slot && order.slot.start === start ? order.slot.end : new Date(Date.parse(start) + minutes * 60_000).toISOString();
  const product = order.product.name.he || order.product.name.en || '';
  const details = order.eventDetails;
  const lines = [
    `${product}${product && order.product.name.en && order.product.name.en !== product ? ` (${order.product.name.en})` : ''}`,
    details ? `Event: ${details.eventType} · ${details.guests} guests` : '',
    details ? `Contact: ${details.contactPhone}` : '',
    `Order ${order.orderId} (${order.status})`,
  ].filter(Boolean);
  return {
    id: `order-${order.orderId}`, start, end,
    summary: `הופעה: ${product}${details ? ` – ${details.city}` : ''}`,
    ...(details ? { location: `${details.address}, ${details.city}` } : {}),
    description: lines.join('\n'),
    changedAt: order.updatedAt,
  };
}
