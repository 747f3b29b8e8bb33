import type { ViewDocument } from '../domain/ports/view-store.ts';
import { PERFORMS_EVERY_DAY, type Observance } from '../domain/calendar/jewish-calendar.ts';
import { nearestPlace, placeOfCity, type IsraeliPlace } from '../domain/calendar/israeli-places.ts';
import type { VendorObservanceView } from '../projectors/vendor-observance/projection.ts';
import type { ReadViews } from './tracked-views.ts';

// The read side of the artists' Jewish calendar (docs/jewish-calendar.md): their choice from the
// `vendorObservance` view, and the place whose candle lighting and havdalah count. The place of a
// read is, in order: the city asked for (the event's), a geo location asked for (the search's place),
// the artist's first place with coordinates (the nearest city of the table), or none — then the
// domain takes the wider times of Jerusalem and Tel Aviv.

interface PlaceDoc extends ViewDocument { lat: number | null; lng: number | null }
interface CardPlaces extends ViewDocument { geoLocationIds?: string[] }

const observanceOfDoc = (doc: VendorObservanceView): Observance => ({
  performsOnShabbat: doc.performsOnShabbat, performsOnHolidays: doc.performsOnHolidays, alsoRestsOn: doc.alsoRestsOn,
});

/** An artist's choice; every day when they never chose. */
export async function observanceOf(views: ReadViews, vendorId: string): Promise<Observance> {
  const doc = await views.byId<VendorObservanceView>('vendorObservance', vendorId);
  return doc ? observanceOfDoc(doc) : PERFORMS_EVERY_DAY;
}

/** The artists who keep some day free (Shabbat, holidays or a day they added), by id. */
export async function observingVendors(views: ReadViews): Promise<Map<string, Observance>> {
  const docs = await views.find<VendorObservanceView>('vendorObservance', { keepsAnyDay: true });
  return new Map(docs.map((doc) => [doc.vendorId, observanceOfDoc(doc)]));
}

/** The city of the table nearest a geo location, null without one or without coordinates. */
export async function placeOfGeoLocation(views: ReadViews, geoLocationId: string | undefined): Promise<IsraeliPlace | null> {
  if (!geoLocationId) return null;
  const doc = await views.byId<PlaceDoc>('geoLocations', geoLocationId);
  return doc && doc.lat !== null && doc.lng !== null ? nearestPlace(doc.lat, doc.lng) : null;
}

/** Each artist's place: the nearest city to the first of their places that has coordinates, or null. */
export async function vendorPlaces(views: ReadViews, vendorIds: readonly string[]): Promise<Map<string, IsraeliPlace | null>> {
  const cards = await views.find<CardPlaces>('vendorCards', { _id: { $in: [...vendorIds] } });
  const placeIds = [...new Set(cards.flatMap((card) => card.geoLocationIds ?? []))];
  const places = placeIds.length ? await views.find<PlaceDoc>('geoLocations', { _id: { $in: placeIds } }) : [];
  const located = new Map(places.filter((place) => place.lat !== null && place.lng !== null).map((place) => [place._id, nearestPlace(place.lat!, place.lng!)]));
  const answer = new Map<string, IsraeliPlace | null>(vendorIds.map((id) => [id, null]));
  for (const card of cards) {
    const first = (card.geoLocationIds ?? []).map((id) => located.get(id)).find((place) => place);
    answer.set(card._id, first ?? null);
  }
  return answer;
}

/**
 * One artist's place (vendorPlaces of one): their card and its places read by id, not by a filter, so an
 * answer is tagged with the documents it read (query-api/tracked-views.ts) and no other card's change
 * purges it; and a lookup by id costs less than a filter (each artist's page reads its calendar).
 */
async function vendorPlace(views: ReadViews, vendorId: string): Promise<IsraeliPlace | null> {
  const card = await views.byId<CardPlaces>('vendorCards', vendorId);
  for (const placeId of card?.geoLocationIds ?? []) {
    const place = await placeOfGeoLocation(views, placeId);
    if (place) return place;
  }
  return null;
}

/** The place of a read: the city asked for, else the geo location asked for, else the artist's own. */
export async function placeOfRead(views: ReadViews, vendorId: string, ask: { city?: string; geoLocation?: string }): Promise<IsraeliPlace | null> {
  return placeOfCity(ask.city) ?? (await placeOfGeoLocation(views, ask.geoLocation)) ?? (await vendorPlace(views, vendorId));
}
