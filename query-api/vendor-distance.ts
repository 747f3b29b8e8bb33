import type { Filter, Sort, TextOmission } from '../domain/ports/view-store.ts';
import type { ReadViews } from './tracked-views.ts';
import { JsonText, pageText } from './json-text.ts';

// The vendor search's distance sort (GET /api/ecommerce/vendor?sort=distance&near=<geo location id>):
// a vendor is as far from the chosen place as the nearest of its own places (geoLocationIds) that has
// coordinates; vendors without such a place come last. The places are few (a geoLocations view of
// cities and regions), the vendors many, so the distance is never stored on a card: the places are
// grouped into rings of equal distance, nearest first, and the matches are read ring by ring — ring i
// holds the matches with a place in it and none in a nearer ring — each ring by name, then `_id`
// (the name index serves it). A page reads only the rings it spans: a count per ring up to the page's
// end, and a find in each ring the page holds. `-distance` is the exact reverse (the vendors without a place first).

export interface PlacePoint { _id: string; lat?: number | null; lng?: number | null }

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const hasPoint = (place: PlacePoint): place is PlacePoint & { lat: number; lng: number } =>
  typeof place.lat === 'number' && typeof place.lng === 'number';

/**
 * The places with coordinates grouped by their distance from the origin (to the metre), nearest first;
 * ties inside a ring by id. Empty when the origin has no coordinates: every vendor is then "without a place".
 */
export function placeRings(origin: PlacePoint, places: PlacePoint[]): string[][] {
  if (!hasPoint(origin)) return [];
  const measured = places.filter(hasPoint).map((place) => ({ id: place._id, metres: Math.round(distanceKm(origin, place) * 1000) }));
  measured.sort((a, b) => a.metres - b.metres || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rings: string[][] = [];
  let last: number | null = null;
  for (const place of measured) {
    if (place.metres === last) rings[rings.length - 1]!.push(place.id);
    else rings.push([place.id]);
    last = place.metres;
  }
  return rings;
}

/** The filters of the rings in order, the vendors without a place with coordinates last. */
export function ringFilters(filter: Filter, rings: string[][]): Filter[] {
  const filters: Filter[] = [];
  const nearer: string[] = [];
  for (const ring of rings) {
    filters.push({ $and: [filter, { geoLocationIds: { $in: ring } }, ...(nearer.length > 0 ? [{ geoLocationIds: { $nin: [...nearer] } }] : [])] });
    nearer.push(...ring);
  }
  filters.push(nearer.length > 0 ? { $and: [filter, { geoLocationIds: { $nin: nearer } }] } : filter);
  return filters;
}

/**
 * One page of `collection` in distance order as JSON text (listPageText's answer): `nameSort` orders each
 * ring (name in the reader's language, `_id`), reversed with the rings when `descending`.
 */
export async function distancePageText(
  views: ReadViews,
  collection: string,
  filter: Filter,
  rings: string[][],
  options: { nameSort: Sort; descending: boolean; start: number; limit: number; omit: TextOmission; texts?: (items: string[]) => Promise<string[]> },
): Promise<JsonText> {
  const filters = ringFilters(filter, rings);
  if (options.descending) filters.reverse();
  const sort: Sort = Object.fromEntries(Object.entries(options.nameSort).map(([key, direction]) => [key, options.descending ? (-direction as 1 | -1) : direction]));
  const items: string[] = [];
  let skip = options.start;
  let walkedAll = true;
  for (const ringFilter of filters) {
    if (items.length === options.limit) { walkedAll = false; break; }
    // Each ring is counted first: a ring wholly before the page (or empty) is skipped unread, and a
    // store that plans by the count (the sqlite one: gather a rare ring's matches, or walk the name
    // index for a common one) knows it before the find, as listPage's pages do.
    const inRing = await views.count(collection, ringFilter);
    if (skip >= inRing) { skip -= inRing; continue; }
    const page = await views.findTexts(collection, ringFilter, { sort, skip, limit: options.limit - items.length }, options.omit);
    items.push(...page);
    skip = 0;
  }
  // A first page that walked every ring with room left holds every match.
  const total = options.start === 0 && walkedAll && items.length < options.limit ? items.length : await views.count(collection, filter);
  const served = options.texts ? await options.texts(items) : items;
  return pageText(served, total);
}
