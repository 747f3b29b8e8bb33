import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireVendor } from '../../app/guards.ts';
import { vendorEvents } from '../../api/queries.ts';
import type { Order, VendorCalendarEntry } from '../../api/view-models.ts';
import { addDays, israelDate, israelInstant } from '../../app/israel-calendar.ts';
import { shiftAnchor, validDate, visibleDays } from '../../app/calendar-range.ts';
import { dateTimeFormat, formatDateTime } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { languageTag } from '../../app/locale-path.ts';
import { useLiveOrders } from '../../app/live-orders.ts';
import { MonthCalendar } from '../../components/calendar-month.tsx';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';

// user-dashboard-vendor-events (issue 22 item 9): the artist's booked events on a month calendar
// (`?date=YYYY-MM-DD` picks the month, Israel time) and the list of upcoming events — each with its
// date, place, guests, customer and order status, linked to the order. An event is an order's
// `eventAt` (its details' date, or a timed order's slot); canceled orders are left out. Live: a new
// order or a changed date shows without a reload.
const UPCOMING_LIMIT = 20;

/** Orders still worth a place on the calendar: not canceled. */
const booked = (orders: Order[]) => orders.filter((order) => order.status !== 'canceled' && order.eventAt !== null);

export async function vendorEventsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireVendor(environment, request);
  const url = new URL(request.url);
  const today = israelDate(Date.now());
  const anchor = validDate(url.searchParams.get('date')) ?? today;
  const days = visibleDays('month', anchor);
  const [month, upcoming] = await Promise.all([
    vendorEvents(environment.api, { from: days[0]!, to: days[days.length - 1]! }),
    vendorEvents(environment.api, { from: today, open: true, limit: UPCOMING_LIMIT }),
  ]);
  const now = new Date().toISOString();
  return {
    anchor, today, days,
    events: booked(month.items),
    upcoming: booked(upcoming.items).filter((order) => (order.eventAt ?? '') >= now),
  };
}

/** An event as a calendar entry: a timed order holds its slot; any other event is marked at its start. */
function entryOf(order: Order): VendorCalendarEntry & { orderId: string } {
  const start = order.eventAt!;
  const end = order.slot?.end && order.slot.start === start ? order.slot.end : new Date(Date.parse(start) + 60_000).toISOString();
  return { start, end, kind: 'reservation', orderId: order.orderId, windowId: null, reason: null };
}

function EventRow(props: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = props;
  const details = order.eventDetails;
  const place = details ? [details.address, details.city].filter(Boolean).join(', ') : '';
  return (
    <li className="event-row card" data-testid="event-row" data-order-id={order.orderId}>
      <div className="event-row-when">
        <strong data-testid="event-row-when">{formatDateTime(order.eventAt!, locale)}</strong>
        <span className={`status status-${order.status}`}>{t(`order.statuses.${order.status}`)}</span>
      </div>
      <dl className="event-row-facts">
        <div><dt>{t('vendorEvents.columns.event')}</dt><dd>{details ? t(`eventTypes.${details.eventType}`) : t('vendorEvents.eventUnknown')}</dd></div>
        <div><dt>{t('vendorEvents.columns.customer')}</dt><dd><bdi>{order.customerName || t('orderCard.customer')}</bdi></dd></div>
        {details ? <div className="event-row-place"><dt>{t('vendorEvents.columns.place')}</dt><dd data-testid="event-row-place"><bdi className="user-text">{place}</bdi></dd></div> : null}
        {details ? <div><dt>{t('vendorEvents.columns.guests')}</dt><dd data-testid="event-row-guests">{details.guests.toLocaleString(locale === 'he' ? 'he-IL' : 'en-US')}</dd></div> : null}
      </dl>
      <LocalLink to={`/order/${order.orderId}/complete`} className="event-row-link">{t('vendorEvents.openOrder')}</LocalLink>
    </li>
  );
}

export function VendorEventsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { anchor, today, days, events, upcoming } = useLoaderData<typeof vendorEventsLoader>();
  const [selectedDate, setSelectedDate] = useState<string | null>(days.includes(today) ? today : null);
  useLiveOrders();
  const entries = events.map(entryOf);
  const byId = new Map(events.map((order) => [order.orderId, order]));
  const labelOf = (entry: VendorCalendarEntry): string => {
    const order = byId.get(entry.orderId ?? '');
    const type = order?.eventDetails ? t(`eventTypes.${order.eventDetails.eventType}`) : t('vendorEvents.eventUnknown');
    return t('vendorEvents.eventLabel', { type, customer: order?.customerName || t('orderCard.customer') });
  };
  const pathFor = (date: string) => `/user/dashboard/vendor/events?date=${date}`;
  const monthTitle = dateTimeFormat(languageTag(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${anchor.slice(0, 7)}-15T00:00:00Z`));
  const dayFormat = dateTimeFormat(languageTag(locale), { dateStyle: 'full', timeZone: 'UTC' });
  const shownDate = selectedDate && days.includes(selectedDate) ? selectedDate : null;
  const onDay = shownDate
    ? events.filter((order) => {
      const at = Date.parse(order.eventAt!);
      return at >= israelInstant(shownDate, 0).getTime() && at < israelInstant(addDays(shownDate, 1), 0).getTime();
    })
    : [];
  return (
    <DashboardLayout title={t('dashboard.items.vendor/events')}
      actions={<LocalLink to="/user/dashboard/vendor/orders" className="button button-small-quiet">{t('vendorEvents.allOrders')}</LocalLink>}>
      <div data-testid="vendor-events">
        <p className="muted">{t('vendorEvents.intro')}</p>
        <div className="events-layout">
          <section className="card vendor-calendar" aria-labelledby="events-calendar-title">
            <div className="calendar-toolbar">
              <h2 id="events-calendar-title" data-testid="calendar-title">{monthTitle}</h2>
              <nav className="calendar-nav" aria-label={t('busyWindows.navigation')}>
                <LocalLink className="button button-small-quiet" to={pathFor(shiftAnchor('month', anchor, -1))} preventScrollReset aria-label={t('busyWindows.previousMonth')} data-testid="calendar-previous">
                  <span className="flip-rtl" aria-hidden="true">‹</span>
                </LocalLink>
                <LocalLink className="button button-small-quiet" to={pathFor(today)} preventScrollReset data-testid="calendar-today">{t('busyWindows.today')}</LocalLink>
                <LocalLink className="button button-small-quiet" to={pathFor(shiftAnchor('month', anchor, 1))} preventScrollReset aria-label={t('busyWindows.nextMonth')} data-testid="calendar-next">
                  <span className="flip-rtl" aria-hidden="true">›</span>
                </LocalLink>
              </nav>
            </div>
            <MonthCalendar days={days} month={anchor.slice(0, 7)} entries={entries} today={today} selectedDate={selectedDate} onSelectDate={setSelectedDate} labelOf={labelOf} />
          </section>
          {shownDate ? (
            <section className="card day-panel events-day" aria-labelledby="events-day-title" data-testid="events-day">
              <h2 id="events-day-title">{dayFormat.format(new Date(`${shownDate}T00:00:00Z`))}</h2>
              {onDay.length === 0 ? <p className="muted">{t('vendorEvents.nothingOnDay')}</p> : (
                <ul className="event-rows">{onDay.map((order) => <EventRow key={order.orderId} order={order} />)}</ul>
              )}
            </section>
          ) : null}
        </div>
        <section className="upcoming-events" aria-labelledby="upcoming-events-title">
          <h2 id="upcoming-events-title">{t('vendorEvents.upcomingTitle')}</h2>
          {upcoming.length === 0 ? <p className="empty" data-testid="upcoming-events-empty">{t('vendorEvents.upcomingEmpty')}</p> : (
            <ul className="event-rows" data-testid="upcoming-events">{upcoming.map((order) => <EventRow key={order.orderId} order={order} />)}</ul>
          )}
        </section>
      </div>
    </DashboardLayout>
  );
}

export const vendorEventRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/events', loader: vendorEventsLoader, Component: VendorEventsPage },
];
