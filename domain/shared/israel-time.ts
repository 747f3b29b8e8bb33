// Wall-clock time in Israel (Asia/Jerusalem, with its daylight saving time), where the market lives:
// calendar days and hours are Israeli whatever the server's or the browser's zone.
export const ISRAEL_TIME_ZONE = 'Asia/Jerusalem';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: ISRAEL_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
});

const HOUR_MS = 3_600_000;

/** Israel's offset from UTC (ms) at an instant, read from the time zone data. */
function offsetAt(time: number): number {
  const values = Object.fromEntries(parts.formatToParts(new Date(time)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(values.year), Number(values.month) - 1, Number(values.day), Number(values.hour) % 24, Number(values.minute));
  return wall - Math.floor(time / 60_000) * 60_000;
}

// Israel's clock changes on whole UTC hours and its offsets are whole hours, so the offset is the same
// for every instant of a UTC hour: it is looked up once per hour (formatToParts costs microseconds,
// and a month of the booking calendar asks hundreds of times). Bounded: cleared when it grows large.
const offsets = new Map<number, number>();
function israelOffset(time: number): number {
  const hour = Math.floor(time / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size >= 50_000) offsets.clear();
    offset = offsetAt(hour * HOUR_MS);
    offsets.set(hour, offset);
  }
  return offset;
}

function israelFields(time: number): { year: number; month: number; day: number; hour: number; minute: number } {
  const wall = new Date(time + israelOffset(time));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
}

/** The UTC instant of a wall-clock time (hour, optional minute) on a date (YYYY-MM-DD) in Israel. */
export function israelInstant(date: string, hour: number, minute = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the answer, not at the guess: they differ in the hours around a clock change.
  return new Date(guess - israelOffset(guess - israelOffset(guess)));
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
