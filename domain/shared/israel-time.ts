// Wall-clock time in Israel (Asia/Jerusalem, with its daylight saving time), where the market lives:
// calendar days and hours are Israeli whatever the server's or the browser's zone.
export const ISRAEL_TIME_ZONE = 'Asia/Jerusalem';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: ISRAEL_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
});

function israelFields(time: number): { year: number; month: number; day: number; hour: number; minute: number } {
  const values = Object.fromEntries(parts.formatToParts(new Date(time)).map((part) => [part.type, part.value]));
  return { year: Number(values.year), month: Number(values.month), day: Number(values.day), hour: Number(values.hour) % 24, minute: Number(values.minute) };
}

/** The UTC instant of a wall-clock time (hour, optional minute) on a date (YYYY-MM-DD) in Israel. */
export function israelInstant(date: string, hour: number, minute = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const seen = israelFields(guess);
  const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - guess;
  return new Date(guess - offset);
}

/** The Israel date (YYYY-MM-DD) of an instant. */
export function israelDate(time: number): string {
  const f = israelFields(time);
  return `${f.year}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
