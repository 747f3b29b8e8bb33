import { useTranslation } from '../i18n/use-translation.ts';
import { piecesOn } from '../app/calendar-range.ts';
import { dateTimeFormat } from '../app/format.ts';
import { useLocale } from '../app/links.tsx';
import { languageTag } from '../app/locale-path.ts';
import { entryKey, pieceTime, shownKind, type CalendarViewProps } from './calendar-month.tsx';

// A week of the vendor's calendar: seven day columns on a 24-hour grid, each booked order and busy
// window a block at its hours. Narrow screens get the same week as a list of days.
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export function WeekCalendar(props: CalendarViewProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const weekday = dateTimeFormat(languageTag(locale), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <div className="week-calendar" data-testid="week-calendar">
      <div className="week-hours" aria-hidden="true">
        {HOURS.map((hour) => <span key={hour} className="week-hour" dir="ltr">{String(hour).padStart(2, '0')}:00</span>)}
      </div>
      <ol className="week-days">
        {props.days.map((day) => {
          const pieces = piecesOn(day, props.entries);
          const classes = ['week-day', day === props.today ? 'is-today' : '', day === props.selectedDate ? 'is-selected' : '', day < props.today ? 'is-past' : '']
            .filter(Boolean).join(' ');
          return (
            <li key={day} className={classes} data-date={day}>
              <button type="button" className="week-day-head" aria-pressed={day === props.selectedDate} onClick={() => props.onSelectDate(day)} data-testid="calendar-day" data-date={day}>
                {weekday.format(new Date(`${day}T00:00:00Z`))}
              </button>
              <ul className="week-day-body">
                {pieces.map((piece) => (
                  <li key={entryKey(piece.entry)} className={`week-entry is-${shownKind(piece.entry)}`} data-kind={shownKind(piece.entry)}
                    style={{ insetBlockStart: `${(piece.fromMinute / 1440) * 100}%`, blockSize: `${((piece.toMinute - piece.fromMinute) / 1440) * 100}%` }}>
                    <span className="week-entry-time" dir="ltr">{pieceTime(piece, locale, t('busyWindows.allDay'))}</span>
                    <span className="week-entry-label">{props.labelOf(piece.entry)}</span>
                  </li>
                ))}
                {pieces.length === 0 ? <li className="week-free">{t('busyWindows.dayFree')}</li> : null}
              </ul>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
