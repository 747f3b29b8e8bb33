// Calendar days as the market counts them (Israel, Asia/Jerusalem, daylight saving included): an
// order placed at 23:30 in Tel Aviv belongs to that day, not to the next UTC one.
const dayParts = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Israel calendar day (YYYY-MM-DD) of an ISO instant. */
export function israelDay(iso: string): string {
  const parts = Object.fromEntries(dayParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Whole calendar days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
