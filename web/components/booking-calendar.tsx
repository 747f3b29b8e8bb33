import { useMemo, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { BusyInterval, ProductSummary } from '../api/view-models.ts';
import { addDays, BOOKING_HORIZON_DAYS, busyInstants, hasFreeSlotAmong, israelDate, slotsOn, type BusyInstants } from '../app/israel-calendar.ts';
import { dateTimeFormat, formatTime, tr } from '../app/format.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { languageTag } from '../app/locale-path.ts';
import { Price } from './price.tsx';
import type { JewishCalendarShown } from '../api/jewish-calendar-shown.ts';

// The vendor's free dates for a timed product (busy windows and reservations come from the vendor
// calendar view); picking a date shows its free slots, and a slot leads to checkout. The Jewish
// calendar (docs/jewish-calendar.md) comes computed from the query API: each day's Hebrew date and
// holidays, and — for an artist who does not perform on Shabbat or the holidays — the windows from
// candle lighting to havdalah, which count as busy; a slot right after one is marked "Saturday night".
// It comes in the page's language (web/api/jewish-calendar-shown.ts).
export function BookingCalendar(props: { products: ProductSummary[]; busy: BusyInterval[]; now: number; jewish?: JewishCalendarShown | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rest = props.jewish?.rest ?? [];
  const busy = useMemo(() => [...props.busy, ...rest.map(({ start, end }) => ({ start, end }))], [props.busy, props.jewish]);
  // Parsed once for the days asked below (hasFreeSlotAmong).
  const busyAt = useMemo(() => busyInstants(busy), [busy]);
  const { hebrewDates = {}, marks: marksByDay = {} } = props.jewish ?? {};
  const hebrewOf = (day: string): string | undefined => (Object.hasOwn(hebrewDates, day) ? hebrewDates[day] : undefined);
  const marksOf = (day: string) => (Object.hasOwn(marksByDay, day) ? marksByDay[day]! : []);
  const [productId, setProductId] = useState(props.products[0]?.productId ?? '');
  const product = props.products.find((item) => item.productId === productId) ?? props.products[0];
  const today = israelDate(props.now);
  const lastDay = addDays(today, BOOKING_HORIZON_DAYS - 1);
  // Opens on the month of the first free day: late in a month whose last days are taken, the current
  // month would show nothing to pick (a page, server-rendered, shows the same month as it hydrates: `now` is a prop).
  const [monthOffset, setMonthOffset] = useState(() => monthsBetween(today, firstFreeDay(today, lastDay, product?.serviceDuration, busyAt, props.now) ?? today));
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [selectedStart, setSelectedStart] = useState<string | null>(null);

  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthStart = new Date(Date.UTC(year, month - 1 + monthOffset, 1));
  const monthKey = monthStart.toISOString().slice(0, 7);
  const days = useMemo(() => {
    const count = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 0)).getUTCDate();
    return Array.from({ length: count }, (_, index) => `${monthKey}-${String(index + 1).padStart(2, '0')}`);
  }, [monthKey]);
  const weekdayFormat = dateTimeFormat(languageTag(locale), { weekday: 'short', timeZone: 'UTC' });
  const weekdays = Array.from({ length: 7 }, (_, index) => weekdayFormat.format(new Date(Date.UTC(2024, 0, 7 + index))));
  const monthTitle = dateTimeFormat(languageTag(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(monthStart);
  const lastMonthOffset = monthsBetween(today, lastDay);

  if (!product) return null;
  const duration = product.serviceDuration;
  const slots = selectedDate ? slotsOn(selectedDate, duration, busy, props.now) : [];
  const dayLabel = dateTimeFormat(languageTag(locale), { dateStyle: 'full', timeZone: 'UTC' });
  const shortDay = dateTimeFormat(languageTag(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const hebrewMonths = [...new Set(days.flatMap((day) => { const hebrew = hebrewOf(day); return hebrew === undefined ? [] : [monthOfHebrewDate(hebrew)]; }))];
  const marked = days.filter((day) => marksOf(day).length > 0);
  const selectedHebrew = selectedDate ? hebrewOf(selectedDate) : undefined;
  const selectedMarks = selectedDate ? marksOf(selectedDate) : [];
  const restOnSelected = selectedDate ? rest.filter((window) => israelDate(Date.parse(window.start)) <= selectedDate && israelDate(Date.parse(window.end) - 1) >= selectedDate) : [];
  /** "Saturday night" on a slot that starts on the day a window ends, after it. */
  const afterRest = (slotStart: string): string | null => {
    const window = restOnSelected.find((candidate) => Date.parse(candidate.end) <= Date.parse(slotStart) && israelDate(Date.parse(candidate.end)) === selectedDate);
    if (!window) return null;
    return window.kinds.includes('shabbat') && new Date(`${selectedDate}T12:00:00Z`).getUTCDay() === 6 ? t('jewishCalendar.afterShabbat') : t('jewishCalendar.afterHoliday');
  };

  return (
    <div className="booking" data-testid="booking-calendar">
      {props.products.length > 1 ? (
        <label className="field">
          <span>{t('booking.product')}</span>
          <select value={product.productId} onChange={(event) => { setProductId(event.target.value); setSelectedStart(null); }}>
            {props.products.map((item) => <option key={item.productId} value={item.productId}>{tr(item.name, locale)}</option>)}
          </select>
        </label>
      ) : null}
      <div className="calendar">
        <div className="calendar-head">
          <button type="button" className="link-button" disabled={monthOffset === 0} onClick={() => setMonthOffset(monthOffset - 1)} aria-label={t('booking.previousMonth')} data-testid="previous-month">‹</button>
          <strong>{monthTitle}{hebrewMonths.length ? <small className="hebrew-months" aria-label={t('jewishCalendar.hebrewMonths', { months: hebrewMonths.join(' – ') })}>{hebrewMonths.join(' – ')}</small> : null}</strong>
          <button type="button" className="link-button" disabled={monthOffset >= lastMonthOffset} onClick={() => setMonthOffset(monthOffset + 1)} aria-label={t('booking.nextMonth')} data-testid="next-month">›</button>
        </div>
        {/* A group of day buttons, not an ARIA grid (which needs rows, cells and arrow-key moves): each
            day's name says its full date and weekday, so the weekday letters are for the eye only. */}
        <div className="calendar-grid" role="group" aria-label={monthTitle}>
          {weekdays.map((weekday) => <span key={weekday} className="calendar-weekday" aria-hidden="true">{weekday}</span>)}
          {Array.from({ length: monthStart.getUTCDay() }, (_, index) => <span key={`pad-${index}`} />)}
          {days.map((day) => {
            const inRange = day >= today && day <= lastDay;
            const free = inRange && hasFreeSlotAmong(day, duration, busyAt, props.now);
            const hebrew = hebrewOf(day);
            const dayMarks = marksOf(day);
            const marks = dayMarks.map((mark) => mark.name).join(', ');
            const label = `${dayLabel.format(new Date(`${day}T00:00:00Z`))}${hebrew !== undefined ? `, ${hebrew}` : ''}${marks ? ` (${marks})` : ''}: ${free ? t('booking.free') : t('booking.unavailable')}`;
            return (
              <button
                type="button"
                key={day}
                title={marks || undefined}
                className={`calendar-day${free ? ' is-free' : ''}${selectedDate === day ? ' is-selected' : ''}${dayMarks.length ? ` has-mark is-${dayMarks[0]!.kind}` : ''}`}
                disabled={!free}
                aria-pressed={selectedDate === day}
                data-date={day}
                data-free={free ? 'true' : 'false'}
                onClick={() => { setSelectedDate(day); setSelectedStart(null); }}
              >
                {/* Named by the whole label (no aria-label, whose text would not contain both numbers shown). */}
                <span aria-hidden="true">{Number(day.slice(8))}</span>
                {hebrew !== undefined ? <small className="hebrew-day" aria-hidden="true" data-testid="hebrew-day">{hebrewDayOfMonth(hebrew)}</small> : null}
                <span className="visually-hidden">{label}</span>
              </button>
            );
          })}
        </div>
        <p className="calendar-legend"><span className="legend-free" /> {t('booking.freeLegend')}</p>
        {rest.length && props.jewish ? <p className="calendar-legend" data-testid="rest-legend"><span className="legend-rest" /> {t('jewishCalendar.restLegend', { place: props.jewish.place })}</p> : null}
        {marked.length ? (
          <details className="calendar-marks">
            <summary>{t('jewishCalendar.marksTitle')}</summary>
            <ul data-testid="calendar-marks">
              {marked.map((day) => <li key={day}><span className="mark-date">{shortDay.format(new Date(`${day}T00:00:00Z`))}</span> {marksOf(day).map((mark) => mark.name).join(', ')}</li>)}
            </ul>
          </details>
        ) : null}
      </div>
      {selectedDate ? (
        <div className="slots">
          <h3>{t('booking.slotsOn', { date: dayLabel.format(new Date(`${selectedDate}T00:00:00Z`)) })}</h3>
          {selectedHebrew !== undefined ? (
            <p className="hebrew-date" data-testid="selected-hebrew-date">
              {selectedHebrew}{selectedMarks.length ? ` · ${selectedMarks.map((mark) => mark.name).join(', ')}` : ''}
            </p>
          ) : null}
          {restOnSelected.map((window) => (
            <p key={window.start} className="rest-note" data-testid="rest-note">
              {t('jewishCalendar.restOnDay', {
                names: window.names.join(', '), place: window.place,
                from: `\u2068${shortDay.format(new Date(`${israelDate(Date.parse(window.start))}T00:00:00Z`))} ${formatTime(window.start, locale)}\u2069`,
                to: `\u2068${shortDay.format(new Date(`${israelDate(Date.parse(window.end))}T00:00:00Z`))} ${formatTime(window.end, locale)}\u2069`,
              })}
            </p>
          ))}
          <div className="slot-list">
            {slots.filter((slot) => slot.free).map((slot) => {
              const after = afterRest(slot.start);
              return (
                <button type="button" key={slot.start} className={`slot${selectedStart === slot.start ? ' is-selected' : ''}`} aria-pressed={selectedStart === slot.start}
                  data-testid="slot" data-after-rest={after ? 'true' : undefined} onClick={() => setSelectedStart(slot.start)}>
                  <span dir="ltr">{formatTime(slot.start, locale)}–{formatTime(slot.end, locale)}</span>
                  {after ? <small className="slot-note">{after}</small> : null}
                </button>
              );
            })}
          </div>
        </div>
      ) : <p className="hint">{t('booking.pickDate')}</p>}
      <div className="booking-summary">
        <span>{tr(product.name, locale)} · <Price money={product.price} /></span>
        {selectedStart ? (
          <LocalLink to={`/checkout?productId=${encodeURIComponent(product.productId)}&start=${encodeURIComponent(selectedStart)}`} className="button button-primary" data-testid="book-slot">
            {t('booking.book')}
          </LocalLink>
        ) : <span className="button button-primary is-disabled" aria-disabled="true">{t('booking.book')}</span>}
      </div>
    </div>
  );
}

/** The day of a rendered Hebrew date: "כ״ד" of "כ״ד כסלו תשפ״ז", "24" of "24 Kislev 5787". */
export const hebrewDayOfMonth = (hebrewDate: string): string => hebrewDate.split(' ')[0] ?? '';

/** The first day from `from` to `to` with a free slot of `duration` minutes, if any. */
function firstFreeDay(from: string, to: string, duration: number | undefined, busy: BusyInstants, now: number): string | undefined {
  if (duration === undefined) return undefined;
  for (let day = from; day <= to; day = addDays(day, 1)) if (hasFreeSlotAmong(day, duration, busy, now)) return day;
  return undefined;
}

/** Calendar months from the month of `from` to that of `to` (dates as YYYY-MM-DD). */
const monthsBetween = (from: string, to: string): number =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

/** The month and year of a rendered Hebrew date: "כסלו תשפ״ז", "Kislev 5787". */
export const monthOfHebrewDate = (hebrewDate: string): string => hebrewDate.split(' ').slice(1).join(' ');
