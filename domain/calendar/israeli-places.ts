import { Location } from '@hebcal/core';

// Where an event is, for the Jewish calendar's times (domain/calendar/jewish-calendar.ts; docs/jewish-calendar.md).
// Candle lighting and havdalah depend on the place: a table of Israeli cities with their coordinates,
// named in Hebrew and English (and common spellings), so the free-text city of an order's event
// details or a geo location's coordinates find their place. hebcal's own Location list knows only a
// few Israeli cities; the others are built here from their coordinates. The English `name` is the one
// hebcal knows, so its candle-lighting customs apply (40 minutes before sunset in Jerusalem, 30 in
// Haifa and Zikhron Yaakov, 18 elsewhere).

export interface IsraeliPlace {
  key: string;
  name: { he: string; en: string };
  lat: number;
  lng: number;
  /** Other ways people write the city (matched after normalizing, see `placeOfCity`). */
  aliases?: readonly string[];
}

export const ISRAELI_PLACES: readonly IsraeliPlace[] = [
  { key: 'jerusalem', name: { he: 'ירושלים', en: 'Jerusalem' }, lat: 31.76904, lng: 35.21633, aliases: ['ירושלַים', 'yerushalayim', 'al quds'] },
  { key: 'tel-aviv', name: { he: 'תל אביב', en: 'Tel Aviv' }, lat: 32.08088, lng: 34.78057, aliases: ['תל אביב יפו', 'תל-אביב', 'תל אביב-יפו', 'tel aviv yafo', 'tel-aviv', 'tel aviv-yafo', 'jaffa', 'יפו', 'tlv'] },
  { key: 'haifa', name: { he: 'חיפה', en: 'Haifa' }, lat: 32.81841, lng: 34.9885 },
  { key: 'beer-sheva', name: { he: 'באר שבע', en: 'Beer Sheva' }, lat: 31.25181, lng: 34.7913, aliases: ["be'er sheva", 'beersheba', 'beer-sheva', 'באר-שבע', 'b7'] },
  { key: 'eilat', name: { he: 'אילת', en: 'Eilat' }, lat: 29.55805, lng: 34.94821 },
  { key: 'ashdod', name: { he: 'אשדוד', en: 'Ashdod' }, lat: 31.79213, lng: 34.64966 },
  { key: 'petah-tikva', name: { he: 'פתח תקווה', en: 'Petach Tikvah' }, lat: 32.08707, lng: 34.88747, aliases: ['פתח תקוה', 'פתח-תקווה', 'petah tikva', 'petah tiqwa', 'petach tikva'] },
  { key: 'tiberias', name: { he: 'טבריה', en: 'Tiberias' }, lat: 32.79221, lng: 35.53124 },
  { key: 'netanya', name: { he: 'נתניה', en: 'Netanya' }, lat: 32.3215, lng: 34.8532 },
  { key: 'rishon-lezion', name: { he: 'ראשון לציון', en: 'Rishon LeZion' }, lat: 31.973, lng: 34.7925, aliases: ['ראשל"צ', 'ראשון', 'rishon le zion', 'rishon'] },
  { key: 'holon', name: { he: 'חולון', en: 'Holon' }, lat: 32.0158, lng: 34.7874 },
  { key: 'bat-yam', name: { he: 'בת ים', en: 'Bat Yam' }, lat: 32.0171, lng: 34.7454 },
  { key: 'ramat-gan', name: { he: 'רמת גן', en: 'Ramat Gan' }, lat: 32.0823, lng: 34.8141 },
  { key: 'givatayim', name: { he: 'גבעתיים', en: 'Givatayim' }, lat: 32.0722, lng: 34.8125 },
  { key: 'bnei-brak', name: { he: 'בני ברק', en: 'Bnei Brak' }, lat: 32.0807, lng: 34.8338 },
  { key: 'herzliya', name: { he: 'הרצליה', en: 'Herzliya' }, lat: 32.1624, lng: 34.8447 },
  { key: 'raanana', name: { he: 'רעננה', en: "Ra'anana" }, lat: 32.1848, lng: 34.8713, aliases: ['raanana'] },
  { key: 'kfar-saba', name: { he: 'כפר סבא', en: 'Kfar Saba' }, lat: 32.175, lng: 34.9069 },
  { key: 'hod-hasharon', name: { he: 'הוד השרון', en: 'Hod HaSharon' }, lat: 32.15, lng: 34.888 },
  { key: 'ramat-hasharon', name: { he: 'רמת השרון', en: 'Ramat HaSharon' }, lat: 32.1461, lng: 34.8394 },
  { key: 'rosh-haayin', name: { he: 'ראש העין', en: "Rosh HaAyin" }, lat: 32.0956, lng: 34.9566 },
  { key: 'rehovot', name: { he: 'רחובות', en: 'Rehovot' }, lat: 31.8928, lng: 34.8113 },
  { key: 'ness-ziona', name: { he: 'נס ציונה', en: 'Ness Ziona' }, lat: 31.9293, lng: 34.7987 },
  { key: 'yavne', name: { he: 'יבנה', en: 'Yavne' }, lat: 31.8781, lng: 34.7383 },
  { key: 'lod', name: { he: 'לוד', en: 'Lod' }, lat: 31.951, lng: 34.8881 },
  { key: 'ramla', name: { he: 'רמלה', en: 'Ramla' }, lat: 31.9279, lng: 34.8625 },
  { key: 'modiin', name: { he: 'מודיעין', en: "Modi'in" }, lat: 31.898, lng: 35.0104, aliases: ['מודיעין-מכבים-רעות', 'modiin'] },
  { key: 'beit-shemesh', name: { he: 'בית שמש', en: 'Beit Shemesh' }, lat: 31.747, lng: 34.9881 },
  { key: 'maale-adumim', name: { he: 'מעלה אדומים', en: "Ma'ale Adumim" }, lat: 31.777, lng: 35.298, aliases: ['maale adumim'] },
  { key: 'ashkelon', name: { he: 'אשקלון', en: 'Ashkelon' }, lat: 31.6688, lng: 34.5743 },
  { key: 'kiryat-gat', name: { he: 'קריית גת', en: 'Kiryat Gat' }, lat: 31.61, lng: 34.7642, aliases: ['קרית גת'] },
  { key: 'sderot', name: { he: 'שדרות', en: 'Sderot' }, lat: 31.525, lng: 34.5969 },
  { key: 'dimona', name: { he: 'דימונה', en: 'Dimona' }, lat: 31.07, lng: 35.033 },
  { key: 'arad', name: { he: 'ערד', en: 'Arad' }, lat: 31.2589, lng: 35.2128 },
  { key: 'hadera', name: { he: 'חדרה', en: 'Hadera' }, lat: 32.434, lng: 34.9196 },
  { key: 'caesarea', name: { he: 'קיסריה', en: 'Caesarea' }, lat: 32.5, lng: 34.892 },
  { key: 'zikhron-yaakov', name: { he: 'זכרון יעקב', en: 'Zikhron Yaakov' }, lat: 32.5707, lng: 34.9526, aliases: ['zichron yaakov', 'זיכרון יעקב'] },
  { key: 'yokneam', name: { he: 'יקנעם', en: "Yokne'am" }, lat: 32.659, lng: 35.109, aliases: ['יוקנעם', 'yokneam'] },
  { key: 'afula', name: { he: 'עפולה', en: 'Afula' }, lat: 32.6078, lng: 35.2897 },
  { key: 'nazareth', name: { he: 'נצרת', en: 'Nazareth' }, lat: 32.6996, lng: 35.3035, aliases: ['נוף הגליל', 'nof hagalil'] },
  { key: 'karmiel', name: { he: 'כרמיאל', en: 'Karmiel' }, lat: 32.919, lng: 35.2901 },
  { key: 'acre', name: { he: 'עכו', en: 'Acre' }, lat: 32.9281, lng: 35.0818, aliases: ['akko', 'acco'] },
  { key: 'nahariya', name: { he: 'נהריה', en: 'Nahariya' }, lat: 33.0059, lng: 35.0941 },
  { key: 'safed', name: { he: 'צפת', en: 'Safed' }, lat: 32.9646, lng: 35.496, aliases: ['tzfat', 'zefat'] },
  { key: 'kiryat-shmona', name: { he: 'קריית שמונה', en: 'Kiryat Shmona' }, lat: 33.2073, lng: 35.5721, aliases: ['קרית שמונה'] },
  { key: 'ariel', name: { he: 'אריאל', en: 'Ariel' }, lat: 32.1065, lng: 35.174 },
];

/** Lower case, no niqqud, punctuation and hyphens as spaces, one space between words. */
function normalized(text: string): string {
  return text.normalize('NFKD').replace(/[\u0591-\u05C7\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[-–—_.,'"׳״`’()]/g, ' ').replace(/\s+/g, ' ').trim();
}

const byName = new Map<string, IsraeliPlace>();
for (const place of ISRAELI_PLACES) {
  for (const name of [place.name.he, place.name.en, place.key, ...(place.aliases ?? [])]) byName.set(normalized(name), place);
}

/** The place of a city as people type it ("תל אביב-יפו", "Tel Aviv", "בירושלים"), or null when unknown. */
export function placeOfCity(city: string | null | undefined): IsraeliPlace | null {
  if (!city) return null;
  const text = normalized(city);
  if (!text) return null;
  const exact = byName.get(text);
  if (exact) return exact;
  // "ב/ל/מ + city" in Hebrew, or a longer text that starts with a known city ("Haifa, Carmel").
  if (/^[בלמ]/.test(text) && byName.has(text.slice(1))) return byName.get(text.slice(1))!;
  const words = text.split(' ');
  for (let n = Math.min(words.length - 1, 4); n >= 1; n--) {
    const found = byName.get(words.slice(0, n).join(' '));
    if (found) return found;
  }
  return null;
}

/** The nearest place of the table to coordinates in Israel (a geo location's), or null when farther than 60 km. */
export function nearestPlace(lat: number, lng: number): IsraeliPlace | null {
  let best: IsraeliPlace | null = null;
  let bestKm = Infinity;
  for (const place of ISRAELI_PLACES) {
    const dLat = (place.lat - lat) * 111;
    const dLng = (place.lng - lng) * 111 * Math.cos((lat * Math.PI) / 180);
    const km = Math.hypot(dLat, dLng);
    if (km < bestKm) { best = place; bestKm = km; }
  }
  return bestKm <= 60 ? best : null;
}

export const placeByKey = (key: string | null | undefined): IsraeliPlace | null => ISRAELI_PLACES.find((place) => place.key === key) ?? null;

/**
 * When the event's place is unknown the times of both Jerusalem and Tel Aviv are taken, the wider of
 * the two: Jerusalem lights candles earliest (40 minutes before sunset), Tel Aviv's sun sets last.
 */
export const FALLBACK_PLACES: readonly IsraeliPlace[] = [placeByKey('jerusalem')!, placeByKey('tel-aviv')!];

const locations = new Map<string, Location>();
/** hebcal's Location of a place (its own for the cities it knows, so its customs apply). */
export function locationOf(place: IsraeliPlace): Location {
  let location = locations.get(place.key);
  if (!location) {
    location = Location.lookup(place.name.en) ?? new Location(place.lat, place.lng, true, 'Asia/Jerusalem', place.name.en, 'IL');
    locations.set(place.key, location);
  }
  return location;
}
