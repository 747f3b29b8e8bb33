import { useTranslation } from '../i18n/use-translation.ts';
import type { VendorCalendarEntry } from '../api/view-models.ts';
import { piecesOn, type DayPiece } from '../app/calendar-range.ts';
import { dateTimeFormat, formatTime } from '../app/format.ts';
import { useLocale } from '../app/links.tsx';
import { languageTag } from '../app/locale-path.ts';
import type { Locale } from '../../domain/shared/translatable.ts';

// A month of the vendor's calendar: whole weeks (Sunday first), each day a button that selects it,
// showing its booked orders and busy windows as coloured chips (on a phone, as coloured bars).
export interface CalendarViewProps {
  days: string[];
  /** The month shown (YYYY-MM); days outside it are dimmed. Unused by the week view. */
  month?: string;
  entries: VendorCalendarEntry[];
  today: string;
  selectedDate: string | null;
  onSelectDate: (date: string) => void;
  /** What an entry is called: the booked product's name, the window's note… */
  labelOf: (entry: VendorCalendarEntry) => string;
}

const MAX_CHIPS = 3;

/** An entry's key among the others: its busy window's id, or its booked order's. */
export const entryKey = (entry: VendorCalendarEntry): string => entry.windowId ?? entry.orderId ?? `${entry.start}/${entry.end}`;
/** What the markup calls an entry's kind (classes `is-window`/`is-booking`, `data-kind`): a window the vendor blocked, or a booking. */
export const shownKind = (entry: VendorCalendarEntry): 'window' | 'booking' => (entry.kind === 'busy' ? 'window' : 'booking');

export function pieceTime(piece: DayPiece<VendorCalendarEntry>, locale: Locale, allDay: string): string {
  if (piece.allDay) return allDay;
  return `${formatTime(new Date(piece.start).toISOString(), locale)}–${formatTime(new Date(piece.end).toISOString(), locale)}`;
}

export function weekdayNames(locale: Locale, style: 'short' | 'long'): string[] {
  const format = dateTimeFormat(languageTag(locale), { weekday: style, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 7 + index)))); // 7 Jan 2024 was a Sunday
}

export function MonthCalendar(props: CalendarViewProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dayLabel = dateTimeFormat(languageTag(locale), { dateStyle: 'full', timeZone: 'UTC' });
  return (
    <div className="month-calendar" data-testid="month-calendar">
      <div className="month-weekdays" aria-hidden="true">
        {weekdayNames(locale, 'short').map((name) => <span key={name}>{name}</span>)}
      </div>
      <ol className="month-grid">
        {props.days.map((day) => {
          const pieces = piecesOn(day, props.entries);
          const described = pieces.map((piece) => `${pieceTime(piece, locale, t('busyWindows.allDay'))} ${props.labelOf(piece.entry)}`);
          const label = `${dayLabel.format(new Date(`${day}T00:00:00Z`))}: ${described.length ? described.join('; ') : t('busyWindows.dayFree')}`;
          const classes = ['month-day', day === props.today ? 'is-today' : '', day === props.selectedDate ? 'is-selected' : '',
            props.month && !day.startsWith(props.month) ? 'is-outside' : '', day < props.today ? 'is-past' : ''].filter(Boolean).join(' ');
          return (
            <li key={day} className={classes}>
              <button type="button" className="month-day-button" aria-pressed={day === props.selectedDate}
                onClick={() => props.onSelectDate(day)} data-date={day} data-testid="calendar-day">
                {/* Named by the whole label, as the booking calendar's days: an aria-label would not contain
                    what the day shows (its number, then an "All day" or "+2 more" chip: WCAG 2.5.3). */}
                <span className="visually-hidden">{label}</span>
                <span className="month-day-number" aria-hidden="true">{Number(day.slice(8))}</span>
                <span className="month-day-entries" aria-hidden="true">
                  {pieces.slice(0, MAX_CHIPS).map((piece) => (
                    <span key={entryKey(piece.entry)} className={`calendar-chip is-${shownKind(piece.entry)}`} data-kind={shownKind(piece.entry)}>
                      <span className="calendar-chip-text" dir="ltr">{piece.allDay ? t('busyWindows.allDay') : formatTime(new Date(piece.start).toISOString(), locale)}</span>
                    </span>
                  ))}
                  {pieces.length > MAX_CHIPS ? <span className="calendar-more">{t('busyWindows.more', { count: pieces.length - MAX_CHIPS })}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
