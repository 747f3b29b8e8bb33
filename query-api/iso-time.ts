// A time's ISO text (what Date#toISOString gives), its second's part kept: toISOString costs ~1.6 µs
// (V8 breaks the time down again at each call), and the reads that write the current time into a filter
// (the vendor search's response window, once per cache miss) ask it many times a second.
let keptSecond = Number.NaN;
/** The ISO text of keptSecond up to its milliseconds: `2026-12-01T16:29:34.`. */
let keptPrefix = '';

/** `new Date(ms).toISOString()`, for a valid time. */
export function isoTimeOf(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== keptSecond) {
    const iso = new Date(ms).toISOString();
    // The milliseconds and the Z are the last four characters in every year's form (±YYYYYY too).
    keptPrefix = iso.slice(0, iso.length - 4);
    keptSecond = second;
  }
  const millis = ms - second * 1000;
  return `${keptPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}
