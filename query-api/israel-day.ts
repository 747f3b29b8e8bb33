// A calendar day as the market sees it (Israel, Asia/Jerusalem, with its daylight saving time), as
// the half-open UTC interval [start, end) of ISO instants.
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jerusalem', timeZoneName: 'longOffset' });

/** Minutes east of UTC in Israel at this instant (120 or 180). */
function israelOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+02:00';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** Midnight of `yyyy-mm-dd` in Israel as a UTC Date. */
function israelMidnight(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Two passes: the offset at local midnight can differ from the offset at UTC midnight on DST days.
  let guess = utcMidnight - israelOffsetMinutes(new Date(utcMidnight)) * 60_000;
  guess = utcMidnight - israelOffsetMinutes(new Date(guess)) * 60_000;
  return new Date(guess);
}

export function israelDayBounds(day: string): { start: string; end: string } {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { start: israelMidnight(day).toISOString(), end: israelMidnight(next).toISOString() };
}
