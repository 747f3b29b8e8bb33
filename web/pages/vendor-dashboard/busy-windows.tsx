import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { noInactiveRegistration } from '../../app/guards.ts';
import { vendorCalendarEntries, vendorOrders } from '../../api/queries.ts';
import type { Locale, Text, VendorCalendarEntry } from '../../api/view-models.ts';
import { isCalendarMode, rangeOf, shiftAnchor, startOfWeek, validDate, visibleDays, type CalendarMode } from '../../app/calendar-range.ts';
import { israelDate } from '../../app/israel-calendar.ts';
import { dateTimeFormat, tr } from '../../app/format.ts';
import { LocalLink, useLocale, useLocalizedPath } from '../../app/links.tsx';
import { languageTag } from '../../app/locale-path.ts';
import { useLiveOrders } from '../../app/live-orders.ts';
import { untilViewShows } from '../../app/until-views-show.ts';
import { entryKey, MonthCalendar, shownKind } from '../../components/calendar-month.tsx';
import { WeekCalendar } from '../../components/calendar-week.tsx';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';
import { BusyWindowForm, busyWindowAction, CREATE_INTENT, type BusyWindowAnswer } from './busy-window-form.tsx';
import { refused, textOf, useActionAnswer, useActionFailure } from '../../app/form-action.ts';
import { actionByIntent } from '../../app/intent-action.ts';
import type { ApiClient } from '../../api/client.ts';
import { describeInterval } from './interval-text.ts';
import { OBSERVANCE_INTENT, ObservanceForm, observanceAction } from './observance-form.tsx';
import { jewishCalendar } from '../../api/jewish-calendar.ts';
import {
  CalendarSyncPanel, calendarFeedAction, calendarImportFileAction, calendarImportUrlAction, calendarRemoveSourceAction, calendarSyncOf,
  FEED_INTENT, IMPORT_FILE_INTENT, IMPORT_URL_INTENT, REMOVE_SOURCE_INTENT,
} from './calendar-sync.tsx';

// user-dashboard-vendor-busy-windows: the vendor's calendar in Israel time, a month or a week at a
// time (`?view=month|week&date=YYYY-MM-DD`), booked orders and busy windows told apart; blocking a
// time, removing a block, and the list of upcoming blocks (SPEC §2 "vendor busy-windows list and create").
const UPCOMING_DAYS = 400; // the calendar read's widest range

export async function busyWindowsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const { vendorId } = await noInactiveRegistration(environment, request);
  const url = new URL(request.url);
  const view = url.searchParams.get('view');
  const mode: CalendarMode = isCalendarMode(view) ? view : 'month';
  const now = Date.now();
  const today = israelDate(now);
  const anchor = validDate(url.searchParams.get('date')) ?? today;
  const days = visibleDays(mode, anchor);
  const range = rangeOf(days);
  const [entries, upcoming, orders, jewish, sync] = await Promise.all([
    vendorCalendarEntries(environment.api, vendorId, range.from, range.to),
    vendorCalendarEntries(environment.api, vendorId, new Date(now).toISOString(), new Date(now + UPCOMING_DAYS * 86_400_000).toISOString()),
    // Only to name the booked slots; the calendar still shows them when this read fails.
    vendorOrders(environment.api).then((page) => page.items).catch(() => []),
    // Shabbat and holidays: the artist's choice (docs/jewish-calendar.md).
    jewishCalendar(environment.api, vendorId, { from: range.from, to: range.to }),
    // The feed link and the imported calendars (docs/calendar-sync.md); the screen shows without them.
    calendarSyncOf(environment.api, url.origin),
  ]);
  const bookedNames: Record<string, Text> = Object.fromEntries(orders.map((order) => [order.orderId, order.product.name]));
  return { vendorId, mode, anchor, today, days, entries, upcoming: upcoming.filter((entry) => entry.kind === 'busy'), bookedNames, observance: jewish.observance, sync };
}

/** Waits until the calendar view shows what a write did (bounded), then drops the GET cache. */
const REMOVE_INTENT = 'remove';
type RemoveAnswer = { intent: string; removed?: string };

/** The remove button's post: deletes the block, then waits until the calendar view drops it. */
async function busyWindowRemoveAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  const { vendorId } = await noInactiveRegistration(environment, request);
  const form = await request.formData();
  const id = textOf(form, 'windowId');
  const entry = { start: textOf(form, 'start'), end: textOf(form, 'end') };
  try {
    await environment.api.delete(`vendor/busy-windows/${encodeURIComponent(id)}`, undefined, { silent: true });
  } catch (error) {
    return refused(error, REMOVE_INTENT);
  }
  await calendarCaughtUp(environment.api, vendorId, entry, (fresh) => !fresh.some((item) => item.windowId === id));
  return { intent: REMOVE_INTENT, removed: id } satisfies RemoveAnswer;
}

export async function calendarCaughtUp(api: ApiClient, vendorId: string, entry: { start: string; end: string }, shows: (entries: VendorCalendarEntry[]) => boolean): Promise<void> {
  await untilViewShows(api, async () => shows(await vendorCalendarEntries(api, vendorId, entry.start, entry.end, { fresh: true })));
  api.clearCache();
}

export function BusyWindowsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const data = useLoaderData<typeof busyWindowsLoader>();
  const { mode, anchor, today, days, entries, upcoming, vendorId } = data;
  const [selectedDate, setSelectedDate] = useState<string | null>(days.includes(today) ? today : null);
  const [formDate, setFormDate] = useState<string>(anchor < today ? today : anchor);
  const removed = useActionAnswer<RemoveAnswer>(REMOVE_INTENT)?.removed;
  const removeError = useActionFailure(REMOVE_INTENT);
  // A booking placed or canceled by a customer shows up (or goes) without a reload.
  useLiveOrders();

  const sourceNames = Object.fromEntries((data.sync?.sources ?? []).map((source) => [source.sourceId, source.name]));
  const labelOf = (entry: VendorCalendarEntry): string => {
    if (entry.kind === 'busy' && entry.source) {
      const from = t('busyWindows.importedFrom', { name: sourceNames[entry.source] ?? t('busyWindows.sync.title') });
      return entry.reason ? `${entry.reason} · ${from}` : from;
    }
    if (entry.kind === 'busy') return entry.reason || t('busyWindows.busy');
    const name = tr(data.bookedNames[entry.orderId ?? ''], locale);
    return name ? t('busyWindows.booked', { name }) : t('busyWindows.bookedOrder');
  };
  const pathFor = (nextMode: CalendarMode, date: string) => `/user/dashboard/vendor/busy-windows?view=${nextMode}&date=${date}`;
  const title = periodTitle(mode, anchor, days, locale);

  // A block the form's action wrote (and waited for the calendar to show): say so, and show it —
  // moving the calendar to it when it is outside the days on screen.
  const created = useActionAnswer<BusyWindowAnswer>(CREATE_INTENT)?.created;
  useEffect(() => {
    if (!created) return;
    const date = israelDate(Date.parse(created.start));
    setSelectedDate(date);
    if (!days.includes(date)) navigate(localize(pathFor(mode, date)), { preventScrollReset: true });
    // Only a new answer moves the calendar (the days on screen change with it, so they are no dependency).
  }, [created]);
  const shownNotice = removed ? t('busyWindows.removed') : created ? t('busyWindows.saved', { when: describeInterval(created, locale, t) }) : null;

  const selectDate = (date: string) => {
    setSelectedDate(date);
    if (date >= today) setFormDate(date);
  };

  const dayFormat = dateTimeFormat(languageTag(locale), { dateStyle: 'full', timeZone: 'UTC' });
  // A day chosen before moving the calendar elsewhere has no entries loaded: its panel closes.
  const shownDate = selectedDate && days.includes(selectedDate) ? selectedDate : null;
  const selectedEntries = shownDate ? entries.filter((entry) => entry.start < dayEnd(shownDate) && entry.end > dayStart(shownDate)) : [];

  return (
    <DashboardLayout title={t('dashboard.items.vendor/busy-windows')}>
      <p className="muted">{t('busyWindows.intro')}</p>
      {shownNotice ? <p className="notice notice-success" role="status" data-testid="busy-notice">{shownNotice}</p> : null}
      <div className="busy-layout">
        <section className="card vendor-calendar" aria-labelledby="calendar-title">
          <div className="calendar-toolbar">
            <h2 id="calendar-title" data-testid="calendar-title">{title}</h2>
            <nav className="calendar-nav" aria-label={t('busyWindows.navigation')}>
              <LocalLink className="button button-small-quiet" to={pathFor(mode, shiftAnchor(mode, anchor, -1))} preventScrollReset
                aria-label={mode === 'month' ? t('busyWindows.previousMonth') : t('busyWindows.previousWeek')} data-testid="calendar-previous">
                <span className="flip-rtl" aria-hidden="true">‹</span>
              </LocalLink>
              <LocalLink className="button button-small-quiet" to={pathFor(mode, today)} preventScrollReset data-testid="calendar-today">{t('busyWindows.today')}</LocalLink>
              <LocalLink className="button button-small-quiet" to={pathFor(mode, shiftAnchor(mode, anchor, 1))} preventScrollReset
                aria-label={mode === 'month' ? t('busyWindows.nextMonth') : t('busyWindows.nextWeek')} data-testid="calendar-next">
                <span className="flip-rtl" aria-hidden="true">›</span>
              </LocalLink>
            </nav>
            <div className="view-switch" role="group" aria-label={t('busyWindows.view')}>
              {(['month', 'week'] as const).map((option) => (
                <LocalLink key={option} to={pathFor(option, option === 'week' ? (selectedDate ?? anchor) : anchor)} preventScrollReset
                  className={`view-option${option === mode ? ' is-current' : ''}`} aria-current={option === mode ? 'true' : undefined} data-testid={`view-${option}`}>
                  {t(`busyWindows.${option}`)}
                </LocalLink>
              ))}
            </div>
          </div>
          <ul className="calendar-key" aria-label={t('busyWindows.legend')}>
            <li><span className="key-swatch is-booking" aria-hidden="true" /> {t('busyWindows.legendBooking')}</li>
            <li><span className="key-swatch is-window" aria-hidden="true" /> {t('busyWindows.legendWindow')}</li>
            <li><span className="key-swatch is-today" aria-hidden="true" /> {t('busyWindows.legendToday')}</li>
          </ul>
          {mode === 'month'
            ? <MonthCalendar days={days} month={anchor.slice(0, 7)} entries={entries} today={today} selectedDate={selectedDate} onSelectDate={selectDate} labelOf={labelOf} />
            : <WeekCalendar days={days} entries={entries} today={today} selectedDate={selectedDate} onSelectDate={selectDate} labelOf={labelOf} />}
        </section>

        <div className="busy-side">
          {shownDate ? (
            <section className="card day-panel" aria-labelledby="day-title" data-testid="day-panel">
              <h2 id="day-title">{dayFormat.format(new Date(`${shownDate}T00:00:00Z`))}</h2>
              {selectedEntries.length === 0 ? <p className="muted">{t('busyWindows.nothingOnDay')}</p> : (
                <ul className="entry-list">
                  {selectedEntries.map((entry) => (
                    <EntryRow key={entryKey(entry)} entry={entry} label={labelOf(entry)} />
                  ))}
                </ul>
              )}
            </section>
          ) : null}
          <FormError error={removeError} />
          <BusyWindowForm date={formDate} onDateChange={setFormDate} today={today} />
          <ObservanceForm observance={data.observance} />
          <CalendarSyncPanel sync={data.sync} />
        </div>
      </div>

      <section className="upcoming-windows" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">{t('busyWindows.upcomingTitle')}</h2>
        {upcoming.length === 0 ? <p className="empty" data-testid="upcoming-empty">{t('busyWindows.upcomingEmpty')}</p> : (
          <ul className="entry-list card" data-testid="upcoming-windows">
            {upcoming.map((entry) => <EntryRow key={entryKey(entry)} entry={entry} label={labelOf(entry)} withDate />)}
          </ul>
        )}
      </section>
    </DashboardLayout>
  );
}

function EntryRow(props: { entry: VendorCalendarEntry; label: string; withDate?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { entry } = props;
  const when = describeInterval(entry, locale, t, { withDate: props.withDate ?? true });
  return (
    <li className={`entry-row is-${shownKind(entry)}`} data-kind={shownKind(entry)} data-testid={entry.kind === 'busy' ? 'window-row' : 'booking-row'}>
      <span className="key-swatch" aria-hidden="true" />
      <span className="entry-text">
        <span className="entry-when">{when}</span>
        <span className="entry-label">{props.label}</span>
      </span>
      {entry.kind === 'busy' && entry.source ? null : entry.kind === 'busy' && entry.windowId ? (
        <ConfirmPostButton label={t('busyWindows.remove')} ariaLabel={t('busyWindows.removeNamed', { when })} question={t('busyWindows.removeQuestion')}
          confirmLabel={t('busyWindows.removeConfirm')} cancelLabel={t('busyWindows.keep')} busyLabel={t('busyWindows.removing')}
          intent={`${REMOVE_INTENT}:${entry.windowId}`} fields={{ windowId: entry.windowId, start: entry.start, end: entry.end }} testId="remove-window" />
      ) : <LocalLink to="/user/dashboard/vendor/orders">{t('busyWindows.viewOrders')}</LocalLink>}
    </li>
  );
}

function periodTitle(mode: CalendarMode, anchor: string, days: string[], locale: Locale): string {
  const tag = languageTag(locale);
  if (mode === 'month') return dateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${anchor.slice(0, 7)}-01T00:00:00Z`));
  const first = new Date(`${startOfWeek(anchor)}T00:00:00Z`);
  const last = new Date(`${days[days.length - 1]}T00:00:00Z`);
  const format = dateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${format.format(first)} – ${format.format(last)}`;
}

// The instants bounding an Israel date, as ISO text comparable with the entries' start and end.
const dayStart = (date: string): string => rangeOf([date]).from;
const dayEnd = (date: string): string => rangeOf([date]).to;

export const busyWindowRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/busy-windows', loader: busyWindowsLoader, action: actionByIntent({ [CREATE_INTENT]: busyWindowAction, [REMOVE_INTENT]: busyWindowRemoveAction, [OBSERVANCE_INTENT]: observanceAction,
    [FEED_INTENT]: calendarFeedAction, [IMPORT_FILE_INTENT]: calendarImportFileAction, [IMPORT_URL_INTENT]: calendarImportUrlAction, [REMOVE_SOURCE_INTENT]: calendarRemoveSourceAction,
  }), Component: BusyWindowsPage },
];
