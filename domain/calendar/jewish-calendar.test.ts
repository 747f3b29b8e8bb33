import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { israelInstant } from '../shared/israel-time.ts';
import { slotsOn } from './availability.ts';
import type { CalendarCommand } from './commands.ts';
import { calendarDecider } from './decider.ts';
import { CalendarEvent } from './events.ts';
import { hebrewDays, restWindows, type Observance } from './jewish-calendar.ts';
import { nearestPlace, placeByKey, placeOfCity } from './israeli-places.ts';

// Issue 27 item 1: an artist who does not perform on Shabbat or the holidays is not booked from candle
// lighting to havdalah at the event's place; the Saturday-night slots after havdalah stay bookable.
const vendorOwner: Actor = { userId: 'u-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-1' };
const otherVendor: Actor = { userId: 'u-other', roles: ['user', 'vendor'], groups: [], vendorId: 'v-2' };
const customer: Actor = { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null };
const at = '2026-11-21T10:00:00.000Z';

const keepsShabbat: Observance = { performsOnShabbat: false, performsOnHolidays: true, alsoRestsOn: [] };
const keepsHolidays: Observance = { performsOnShabbat: true, performsOnHolidays: false, alsoRestsOn: [] };
const observanceSet = (observance: Observance): CalendarEvent => ({ type: 'ObservanceSet', data: { vendorId: 'v-1', ...observance } });
const setObservance = (observance: Observance, actor: Actor = vendorOwner): CalendarCommand => ({ type: 'SetObservance', actor, at, vendorId: 'v-1', ...observance });

/** A timed order's slot on an Israeli date from an hour, for `hours`, in a city. */
const reserve = (date: string, hour: number, hours: number, city?: string): CalendarCommand => ({
  type: 'ReserveSlot', actor: customer, at, orderId: 'o-1', vendorId: 'v-1',
  start: israelInstant(date, hour).toISOString(), end: israelInstant(date, hour + hours).toISOString(), ...(city ? { city } : {}),
});
const reservedAt = (date: string, hour: number, hours: number): CalendarEvent => ({
  type: 'SlotReserved', data: { vendorId: 'v-1', orderId: 'o-1', start: israelInstant(date, hour).toISOString(), end: israelInstant(date, hour + hours).toISOString() },
});

// Friday 11 December 2026 and Shabbat the 12th (Tel Aviv: candles 16:18, havdalah 17:17; Jerusalem: candles 15:55).
const friday = '2026-12-11';
const saturday = '2026-12-12';

describe('the artist chooses their Jewish calendar', () => {
  it('sets whether they perform on Shabbat and the holidays, and the days they add', () => {
    spec(calendarDecider).given([]).when(setObservance({ performsOnShabbat: false, performsOnHolidays: false, alsoRestsOn: ['yom-hazikaron', 'minor-fasts', 'yom-hazikaron'] }))
      .then([observanceSet({ performsOnShabbat: false, performsOnHolidays: false, alsoRestsOn: ['minor-fasts', 'yom-hazikaron'] })]);
  });

  it('the same choice again, or "every day" as the first choice, changes nothing', () => {
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(setObservance(keepsShabbat)).then([]);
    spec(calendarDecider).given([]).when(setObservance({ performsOnShabbat: true, performsOnHolidays: true, alsoRestsOn: [] })).then([]);
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(setObservance({ performsOnShabbat: true, performsOnHolidays: true, alsoRestsOn: [] }))
      .then([observanceSet({ performsOnShabbat: true, performsOnHolidays: true, alsoRestsOn: [] })]);
  });

  it('only the artist or an admin chooses', () => {
    spec(calendarDecider).given([]).when(setObservance(keepsShabbat, otherVendor)).thenRefused('calendar.forbidden');
    spec(calendarDecider).given([]).when(setObservance(keepsShabbat, customer)).thenRefused('calendar.forbidden');
  });

  it('its event is valid against the event schema', () => {
    const [event] = calendarDecider.decide(setObservance({ performsOnShabbat: false, performsOnHolidays: false, alsoRestsOn: ['tisha-bav'] }), calendarDecider.initialState);
    expect(CalendarEvent.parse(event)).toEqual(event);
  });
});

describe('booking around Shabbat', () => {
  it('an artist who does not perform on Shabbat is not booked from candle lighting on Friday (409)', () => {
    const refusal = spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(reserve(friday, 15, 2, 'תל אביב')).thenRefused('calendar.rest-time');
    expect(refusal.kind).toBe('conflict');
    expect(refusal.reason).toContain('Shabbat');
    expect(refusal.reason).toContain('candle lighting (Fri 11 Dec, 16:18)');
    expect(refusal.reason).toContain('havdalah (Sat 12 Dec, 17:17) in Tel Aviv');
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(reserve(saturday, 12, 2, 'Tel Aviv')).thenRefused('calendar.rest-time');
  });

  it('Friday before candle lighting and Saturday night after havdalah are booked ("מוצאי שבת")', () => {
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(reserve(friday, 14, 2, 'Tel Aviv')).then([reservedAt(friday, 14, 2)]);
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(reserve(saturday, 18, 2, 'Tel Aviv')).then([reservedAt(saturday, 18, 2)]);
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(reserve(saturday, 17, 2, 'Tel Aviv')).thenRefused('calendar.rest-time');
  });

  it('an artist who performs on Shabbat is booked then', () => {
    spec(calendarDecider).given([]).when(reserve(saturday, 12, 2, 'Tel Aviv')).then([reservedAt(saturday, 12, 2)]);
    spec(calendarDecider).given([observanceSet(keepsHolidays)]).when(reserve(saturday, 12, 2, 'Tel Aviv')).then([reservedAt(saturday, 12, 2)]);
  });

  it("by the event's city: Jerusalem lights candles 40 minutes before sunset, Tel Aviv 18", () => {
    // 14:00–16:00 on Friday ends after Jerusalem's candle lighting (15:55), before Tel Aviv's (16:18).
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(reserve(friday, 14, 2, 'ירושלים')).thenRefused('calendar.rest-time');
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(reserve(friday, 14, 2, 'תל אביב-יפו')).then([reservedAt(friday, 14, 2)]);
    // An unknown city takes the wider times of Jerusalem and Tel Aviv.
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(reserve(friday, 14, 2, 'Springfield')).thenRefused('calendar.rest-time');
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(reserve(friday, 14, 2)).thenRefused('calendar.rest-time');
  });

  it("the booking calendar's slots follow the same windows", () => {
    const busy = restWindows(keepsShabbat, placeByKey('tel-aviv'), israelInstant(friday, 0).toISOString(), israelInstant(saturday, 23).toISOString());
    const freeHours = (date: string) => slotsOn(date, 120, busy, Date.parse(at)).filter((slot) => slot.free).map((slot) => new Date(slot.start).toLocaleString('en-GB', { timeZone: 'Asia/Jerusalem', hour: '2-digit', hourCycle: 'h23' }));
    expect(freeHours(friday)).toEqual(['10', '11', '12', '13', '14']);
    expect(freeHours(saturday)).toEqual(['18', '19', '20', '21']);
  });
});

describe('booking around the holidays and the days an artist adds', () => {
  it('yom tov blocks from the evening before to havdalah; chol hamoed does not', () => {
    // Yom Kippur, Monday 21 September 2026; Sukkot III (chol hamoed), Monday 28 September.
    spec(calendarDecider).given([observanceSet(keepsHolidays)]).when(reserve('2026-09-21', 12, 2, 'Haifa')).thenRefused('calendar.rest-time');
    spec(calendarDecider).given([observanceSet(keepsHolidays)]).when(reserve('2026-09-20', 18, 2, 'Haifa')).thenRefused('calendar.rest-time');
    spec(calendarDecider).given([observanceSet(keepsHolidays)]).when(reserve('2026-09-28', 12, 2, 'Haifa')).then([reservedAt('2026-09-28', 12, 2)]);
    spec(calendarDecider).given([observanceSet(keepsShabbat)]).when(reserve('2026-09-21', 12, 2, 'Haifa')).then([reservedAt('2026-09-21', 12, 2)]);
  });

  it('Rosh Hashana running into Shabbat and a fast the artist added make one window', () => {
    const observance: Observance = { performsOnShabbat: false, performsOnHolidays: false, alsoRestsOn: ['minor-fasts'] };
    const [window] = restWindows(observance, placeByKey('jerusalem'), '2026-09-12T00:00:00Z', '2026-09-13T00:00:00Z');
    expect(window!.names.map((name) => name.en)).toEqual(['Shabbat', 'Rosh Hashana 5787', 'Rosh Hashana II', 'Tzom Gedaliah']);
    expect(window!.kinds).toEqual(['shabbat', 'holiday', 'minor-fasts']);
    expect(window!.start).toBe('2026-09-11T15:10:00.000Z'); // Friday, candle lighting in Jerusalem 18:10
    expect(window!.end).toBe('2026-09-14T16:02:00.000Z'); // Monday, nightfall after the fast
  });

  it('a minor fast the artist added blocks from dawn, not the evening before; memorial days from the evening before', () => {
    const fasts: Observance = { performsOnShabbat: true, performsOnHolidays: true, alsoRestsOn: ['minor-fasts'] };
    // Asara B'Tevet, Sunday 20 December 2026.
    spec(calendarDecider).given([observanceSet(fasts)]).when(reserve('2026-12-20', 12, 2, 'Tel Aviv')).thenRefused('calendar.rest-time');
    spec(calendarDecider).given([observanceSet(fasts)]).when(reserve('2026-12-19', 20, 2, 'Tel Aviv')).then([reservedAt('2026-12-19', 20, 2)]);
    spec(calendarDecider).given([]).when(reserve('2026-12-20', 12, 2, 'Tel Aviv')).then([reservedAt('2026-12-20', 12, 2)]);
    // Yom HaZikaron, Tuesday 11 May 2027: its evening before too; Yom Ha'atzmaut's evening is free again.
    const memorial: Observance = { performsOnShabbat: true, performsOnHolidays: true, alsoRestsOn: ['yom-hazikaron'] };
    spec(calendarDecider).given([observanceSet(memorial)]).when(reserve('2027-05-10', 20, 2, 'Tel Aviv')).thenRefused('calendar.rest-time');
    spec(calendarDecider).given([observanceSet(memorial)]).when(reserve('2027-05-11', 21, 2, 'Tel Aviv')).then([reservedAt('2027-05-11', 21, 2)]);
    spec(calendarDecider).given([observanceSet(fasts)]).when(reserve('2027-05-10', 20, 2, 'Tel Aviv')).then([reservedAt('2027-05-10', 20, 2)]);
  });

  it('Pesach and Shavuot are yom tov; the days of Pesach between are not', () => {
    const windows = restWindows(keepsHolidays, placeByKey('tel-aviv'), '2027-04-15T00:00:00Z', '2027-06-15T00:00:00Z');
    expect(windows.map((window) => window.names[0]!.en)).toEqual(['Pesach I', 'Pesach VII', 'Shavuot']);
    expect(windows.every((window) => window.kinds.every((kind) => kind === 'holiday'))).toBe(true);
  });
});

describe('the Hebrew calendar beside the Gregorian', () => {
  it('gives the Hebrew date in both languages and marks holidays and memorial days by name', () => {
    const [kippur] = hebrewDays('2026-09-21', '2026-09-21');
    expect(kippur).toEqual({ date: '2026-09-21', hebrew: { he: 'י׳ תשרי תשפ״ז', en: '10 Tishrei 5787' }, marks: [{ kind: 'holiday', he: 'יום כפור', en: 'Yom Kippur' }] });
    const [zikaron] = hebrewDays('2027-05-11', '2027-05-11');
    expect(zikaron!.marks).toEqual([{ kind: 'memorial', he: 'יום הזכרון', en: 'Yom HaZikaron' }]);
    expect(hebrewDays('2026-12-01', '2026-12-31')).toHaveLength(31);
    // The holidays people plan events around, not every day hebcal knows (Yom Kippur Katan, Purim Katan, Leil Selichot…).
    const marked = hebrewDays('2027-01-01', '2027-12-31').flatMap((day) => day.marks.map((mark) => mark.en));
    expect(marked).toEqual(expect.arrayContaining(['Purim', 'Tu BiShvat', 'Lag BaOmer', 'Yom HaAtzma’ut', 'Yom Yerushalayim', 'Sukkot II (CH’’M)']));
    expect(marked.filter((name) => /Katan|Selichot|BeHaB|LaBehemot|Family Day|Herzl/.test(name))).toEqual([]);
  });
});

describe('far dates', () => {
  it('answers nothing outside the years 1900–2199 instead of failing', () => {
    expect(restWindows(keepsShabbat, null, '9999-12-01T00:00:00Z', '9999-12-31T00:00:00Z')).toEqual([]);
    expect(hebrewDays('9999-12-01', '9999-12-31')).toEqual([]);
    expect(restWindows(keepsShabbat, null, '2199-12-20T00:00:00Z', '9999-12-31T00:00:00Z').length).toBeGreaterThan(0);
  });
});

describe("the event's place", () => {
  it('finds a city as people write it, in Hebrew or English, and the nearest city to coordinates', () => {
    expect(placeOfCity('תל אביב-יפו')?.key).toBe('tel-aviv');
    expect(placeOfCity('בירושלים')?.key).toBe('jerusalem');
    expect(placeOfCity('Haifa, Carmel')?.key).toBe('haifa');
    expect(placeOfCity("Be'er Sheva")?.key).toBe('beer-sheva');
    expect(placeOfCity('Springfield')).toBeNull();
    expect(nearestPlace(32.9, 35.3)?.key).toBe('karmiel'); // the seed's "Galilee"
    expect(nearestPlace(40.7, -74)).toBeNull();
  });
});
