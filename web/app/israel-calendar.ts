// Free dates and slots of a vendor for a timed product. The rule itself lives in the domain
// (domain/calendar/availability.ts), shared with the search's "free on" filter so the booking
// calendar and search never disagree; this module gives the web its names for it.
export { addDays, israelDate, israelInstant } from '../../domain/shared/israel-time.ts';
export { FIRST_SLOT_HOUR as FIRST_HOUR, LAST_SLOT_START_HOUR as LAST_START_HOUR, busyInstants, hasFreeSlot, hasFreeSlotAmong, slotsOn, type BusyInstants, type Slot } from '../../domain/calendar/availability.ts';

/** How far ahead the booking calendar offers days. */
export const BOOKING_HORIZON_DAYS = 90;
