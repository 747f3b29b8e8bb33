import { describe, expect, it } from 'vitest';
import { useQueryApiOnViews } from './testing/query-api-on-views.ts';
import { israelInstant } from '../domain/shared/israel-time.ts';

// Issue 27 item 1: the search's "free on" filter and the booking calendar's route know the artists who
// do not perform on Shabbat or the holidays (docs/jewish-calendar.md).
const NOW = new Date('2026-06-01T09:00:00.000Z');
const friday = '2026-12-11'; // Tel Aviv: candles 16:18; Jerusalem: 15:55
const saturday = '2026-12-12'; // havdalah about 17:17

const card = (id: string, geoLocationId: string) => ({
  _id: id, _seen: { [`vendor-${id}`]: 0 }, vendorId: id, visible: true, archived: false,
  name: { he: `אמן ${id}`, en: `Artist ${id}` }, intro: { he: 'מבוא', en: 'Intro' }, originLocation: { he: 'עיר', en: 'City' },
  searchText: id, searchTokens: [], shortestTimedServiceMinutes: 120, tagIds: [], geoLocationIds: [geoLocationId], languages: ['he'],
  logoImageUrl: null, heroImageUrl: null, ratingAvg: null, ratingCount: 0, priceFromMinor: 100_000, productCount: 1,
  createdAt: '2026-01-01T10:00:00.000Z', updatedAt: null, productPrices: {}, _ratingStars: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, _priceOrder: 100_000,
});
const keepsShabbat = (vendorId: string) => ({ _id: vendorId, vendorId, performsOnShabbat: false, performsOnHolidays: true, alsoRestsOn: [], keepsAnyDay: true });

describe("the artists' Jewish calendar on the read side", () => {
  const { client, api } = useQueryApiOnViews({
    ports: { clock: { now: () => NOW } },
    seed: async (viewStore) => {
      await viewStore.collection('geoLocations').replaceOne({ _id: 'g-tlv', id: 'g-tlv', name: { he: 'תל אביב', en: 'Tel Aviv' }, parentId: null, lat: 32.0853, lng: 34.7818, searchText: '', searchTokens: [] });
      await viewStore.collection('geoLocations').replaceOne({ _id: 'g-jlm', id: 'g-jlm', name: { he: 'ירושלים', en: 'Jerusalem' }, parentId: null, lat: 31.7683, lng: 35.2137, searchText: '', searchTokens: [] });
      // shabbat-tlv and shabbat-jlm keep Shabbat, at their place; always performs on it. All three are
      // busy on Friday until 14:00 (the first two also until 15:00 — see below) and all Saturday evening.
      for (const [id, place] of [['shabbat-tlv', 'g-tlv'], ['shabbat-jlm', 'g-jlm'], ['always', 'g-tlv'], ['late-tlv', 'g-tlv'], ['sat-night', 'g-tlv']] as const) {
        await viewStore.collection('vendorCards').replaceOne(card(id, place));
      }
      // two-places: a first place the calendar cannot locate, then Jerusalem (hidden from the searches above).
      await viewStore.collection('geoLocations').replaceOne({ _id: 'g-nowhere', id: 'g-nowhere', name: { he: 'אי שם', en: 'Nowhere' }, parentId: null, lat: null, lng: null, searchText: '', searchTokens: [] });
      await viewStore.collection('vendorCards').replaceOne({ ...card('two-places', 'g-nowhere'), geoLocationIds: ['g-nowhere', 'g-jlm'], visible: false });
      for (const id of ['shabbat-tlv', 'shabbat-jlm', 'late-tlv', 'sat-night', 'two-places']) await viewStore.collection('vendorObservance').replaceOne(keepsShabbat(id));
      const busy = (id: string, vendorId: string, start: Date, end: Date) => viewStore.collection('calendarEntries').replaceOne({ _id: `busy-${id}`, vendorId, kind: 'busy', start: start.toISOString(), end: end.toISOString(), windowId: id, orderId: null, reason: null });
      // Friday: free from 14:00 — a two-hour show ends at 16:00, before Tel Aviv's candles (16:18), after Jerusalem's (15:55).
      for (const id of ['shabbat-tlv', 'shabbat-jlm', 'always']) await busy(`fri-${id}`, id, israelInstant(friday, 0), israelInstant(friday, 14));
      // late-tlv is free on Friday only from 15:00: past candle lighting with its show.
      await busy('fri-late', 'late-tlv', israelInstant(friday, 0), israelInstant(friday, 15));
      // sat-night is busy on Saturday from 18:00: its Saturday-night slots are taken, the day is not free.
      await busy('sat-night', 'sat-night', israelInstant(saturday, 18), israelInstant(saturday, 23, 59));
    },
  });

  const freeOn = async (date: string) => (await client.get(`/api/ecommerce/vendor?date=${date}&limit=999`)).body.items.map((item: { vendorId: string }) => item.vendorId).sort();

  it('free on Friday: by candle lighting at the artist\'s place', async () => {
    expect(await freeOn(friday)).toEqual(['always', 'sat-night', 'shabbat-tlv']);
  });

  it('free on Saturday: an artist who keeps Shabbat is free on Saturday night, after havdalah', async () => {
    expect(await freeOn(saturday)).toEqual(['always', 'late-tlv', 'shabbat-jlm', 'shabbat-tlv']);
  });

  it("the booking calendar's route: the choice, the windows at the artist's place or the city asked for, the Hebrew dates", async () => {
    const from = israelInstant(friday, 0).toISOString();
    const to = israelInstant('2026-12-13', 0).toISOString();
    const own = await client.get(`/api/vendor/shabbat-tlv/jewish-calendar?from=${from}&to=${to}`);
    expect(own.status).toBe(200);
    expect(own.body.observance).toEqual({ performsOnShabbat: false, performsOnHolidays: true, alsoRestsOn: [] });
    expect(own.body.place).toEqual({ key: 'tel-aviv', he: 'תל אביב', en: 'Tel Aviv' });
    expect(own.body.rest).toEqual([expect.objectContaining({ start: '2026-12-11T14:18:00.000Z', kinds: ['shabbat'], names: [{ he: 'שבת', en: 'Shabbat' }] })]);
    expect(own.body.days.map((day: { date: string; hebrew: { he: string } }) => [day.date, day.hebrew.he])).toEqual([[friday, 'א׳ טבת תשפ״ז'], [saturday, 'ב׳ טבת תשפ״ז']]);
    expect(own.body.days[0].marks).toEqual([{ kind: 'festive', he: 'חנוכה: ח׳ נרות', en: 'Chanukah: 8 Candles' }]);
    const inJerusalem = await client.get(`/api/vendor/shabbat-tlv/jewish-calendar?from=${from}&to=${to}&city=${encodeURIComponent('ירושלים')}`);
    expect(inJerusalem.body.place.key).toBe('jerusalem');
    expect(inJerusalem.body.rest[0].start).toBe('2026-12-11T13:55:00.000Z');
    const always = await client.get(`/api/vendor/always/jewish-calendar?from=${from}&to=${to}`);
    expect(always.body.observance).toEqual({ performsOnShabbat: true, performsOnHolidays: true, alsoRestsOn: [] });
    expect(always.body.rest).toEqual([]);
    expect(always.body.days).toHaveLength(2);
  });

  it("reads the artist's place by id: the answer is tagged with their card and its place, not every card", async () => {
    const from = israelInstant(friday, 0).toISOString();
    const to = israelInstant('2026-12-13', 0).toISOString();
    const answer = await api.read({ url: `/api/vendor/shabbat-jlm/jewish-calendar?from=${from}&to=${to}`, headers: {} });
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.body).place.key).toBe('jerusalem');
    expect(answer!.tags).toEqual(expect.arrayContaining(['doc:vendorCards:shabbat-jlm', 'doc:geoLocations:g-jlm']));
    // Another artist's card changing leaves this answer cached (a collection tag would purge it).
    expect(answer!.tags).not.toContain('view:vendorCards');
    expect(answer!.tags).not.toContain('view:geoLocations');
  });

  it("asked at the artist's first place (the vendor page does), answers as asked without a place; its card is read only when that place cannot be located", async () => {
    const from = israelInstant(friday, 0).toISOString();
    const to = israelInstant('2026-12-13', 0).toISOString();
    const read = (vendorId: string, geoLocation?: string) => api.read({ url: `/api/vendor/${vendorId}/jewish-calendar?from=${from}&to=${to}${geoLocation ? `&geoLocation=${geoLocation}` : ''}`, headers: {} })!;
    for (const [vendorId, first] of [['shabbat-jlm', 'g-jlm'], ['shabbat-tlv', 'g-tlv'], ['two-places', 'g-nowhere']] as const) {
      const [atFirst, own] = [await read(vendorId, first), await read(vendorId)];
      expect(atFirst.status).toBe(200);
      expect(JSON.parse(atFirst.body)).toEqual(JSON.parse(own.body));
      expect(atFirst.tags!.includes(`doc:vendorCards:${vendorId}`)).toBe(vendorId === 'two-places');
    }
    expect(JSON.parse((await read('two-places', 'g-nowhere')).body).place.key).toBe('jerusalem');
  });

  it('hands over the same list of days to every artist asked for the same range in this process (the storefront names it once)', async () => {
    const from = israelInstant(friday, 0).toISOString();
    const to = israelInstant('2026-12-13', 0).toISOString();
    const daysOf = async (vendorId: string) => ((await api.readValue({ url: `/api/vendor/${vendorId}/jewish-calendar?from=${from}&to=${to}`, headers: {} }))!.value as { days: unknown[] }).days;
    const [tlv, jlm] = [await daysOf('shabbat-tlv'), await daysOf('shabbat-jlm')];
    expect(tlv).toHaveLength(2);
    expect(jlm).toBe(tlv);
  });

  it('answers a far date without failing', async () => {
    const far = await client.get('/api/vendor/shabbat-tlv/jewish-calendar?from=9999-12-01T00:00:00Z&to=9999-12-20T00:00:00Z');
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ rest: [], days: [] });
    expect((await client.get('/api/ecommerce/vendor?date=9999-12-31')).status).toBe(200);
  });
});
