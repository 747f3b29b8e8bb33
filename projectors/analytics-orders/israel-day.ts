// Calendar days as the market counts them (Israel, Asia/Jerusalem, daylight saving included): an
// order placed at 23:30 in Tel Aviv belongs to that day, not to the next UTC one.
const dayParts = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * Days by UTC hour: Israel's offsets since 1918 are whole hours (+2, +3 in summer) and change on the
 * hour, so every instant of a UTC hour falls on the same Israel day. Intl's formatting costs a few
 * microseconds a call, and a rebuild asks for every order and payment (the analytics and money views).
 */
const dayOfHour = new Map<number, string>();
const HOUR_MS = 3_600_000;
const WHOLE_HOURS_SINCE = Date.UTC(1950, 0, 1);
const HOURS_KEPT = 50_000;

function formatDay(date: Date): string {
  const parts = Object.fromEntries(dayParts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The Israel calendar day (YYYY-MM-DD) of an ISO instant. */
export function israelDay(iso: string): string {
  const ms = Date.parse(iso);
  if (!(ms >= WHOLE_HOURS_SINCE)) return formatDay(new Date(iso));
  const hour = Math.floor(ms / HOUR_MS);
  let day = dayOfHour.get(hour);
  if (day === undefined) {
    if (dayOfHour.size >= HOURS_KEPT) dayOfHour.clear();
    day = formatDay(new Date(hour * HOUR_MS));
    dayOfHour.set(hour, day);
  }
  return day;
}

/** Whole calendar days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
