import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusyInterval, ProductSummary } from '../api/view-models.ts';
import { addDays, BOOKING_HORIZON_DAYS, hasFreeSlot, israelDate, slotsOn } from '../app/israel-calendar.ts';
import { dateTimeFormat, formatTime, tr } from '../app/format.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { languageTag } from '../app/locale-path.ts';
import { Price } from './price.tsx';

// The vendor's free dates for a timed product (busy windows and reservations come from the vendor
// calendar view); picking a date shows its free slots, and a slot leads to checkout.
export function BookingCalendar(props: { products: ProductSummary[]; busy: BusyInterval[]; now: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [productId, setProductId] = useState(props.products[0]?.productId ?? '');
  const product = props.products.find((item) => item.productId === productId) ?? props.products[0];
  const today = israelDate(props.now);
  const lastDay = addDays(today, BOOKING_HORIZON_DAYS - 1);
  const [monthOffset, setMonthOffset] = useState(0);
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
  const lastMonthOffset = (Number(lastDay.slice(0, 4)) - year) * 12 + Number(lastDay.slice(5, 7)) - month;

  if (!product) return null;
  const duration = product.serviceDuration;
  const slots = selectedDate ? slotsOn(selectedDate, duration, props.busy, props.now) : [];
  const dayLabel = dateTimeFormat(languageTag(locale), { dateStyle: 'full', timeZone: 'UTC' });

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
          <button type="button" className="link-button" disabled={monthOffset === 0} onClick={() => setMonthOffset(monthOffset - 1)} aria-label={t('booking.previousMonth')}>‹</button>
          <strong>{monthTitle}</strong>
          <button type="button" className="link-button" disabled={monthOffset >= lastMonthOffset} onClick={() => setMonthOffset(monthOffset + 1)} aria-label={t('booking.nextMonth')} data-testid="next-month">›</button>
        </div>
        {/* A group of day buttons, not an ARIA grid (which needs rows, cells and arrow-key moves): each
            day's name says its full date and weekday, so the weekday letters are for the eye only. */}
        <div className="calendar-grid" role="group" aria-label={monthTitle}>
          {weekdays.map((weekday) => <span key={weekday} className="calendar-weekday" aria-hidden="true">{weekday}</span>)}
          {Array.from({ length: monthStart.getUTCDay() }, (_, index) => <span key={`pad-${index}`} />)}
          {days.map((day) => {
            const inRange = day >= today && day <= lastDay;
            const free = inRange && hasFreeSlot(day, duration, props.busy, props.now);
            const label = `${dayLabel.format(new Date(`${day}T00:00:00Z`))}: ${free ? t('booking.free') : t('booking.unavailable')}`;
            return (
              <button
                type="button"
                key={day}
                className={`calendar-day${free ? ' is-free' : ''}${selectedDate === day ? ' is-selected' : ''}`}
                disabled={!free}
                aria-label={label}
                aria-pressed={selectedDate === day}
                data-date={day}
                data-free={free ? 'true' : 'false'}
                onClick={() => { setSelectedDate(day); setSelectedStart(null); }}
              >
                {Number(day.slice(8))}
              </button>
            );
          })}
        </div>
        <p className="calendar-legend"><span className="legend-free" /> {t('booking.freeLegend')}</p>
      </div>
      {selectedDate ? (
        <div className="slots">
          <h3>{t('booking.slotsOn', { date: dayLabel.format(new Date(`${selectedDate}T00:00:00Z`)) })}</h3>
          <div className="slot-list">
            {slots.filter((slot) => slot.free).map((slot) => (
              <button type="button" key={slot.start} className={`slot${selectedStart === slot.start ? ' is-selected' : ''}`} aria-pressed={selectedStart === slot.start}
                data-testid="slot" onClick={() => setSelectedStart(slot.start)}>
                <span dir="ltr">{formatTime(slot.start, locale)}–{formatTime(slot.end, locale)}</span>
              </button>
            ))}
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
