import { benchCategories } from '../seed/catalog-events.ts';

// The cache-miss load of the vendor search: every request a URL the GET cache has not seen (its key is
// the URL). Half are first pages, as most visitors see them: each filter (none, a category, a place) ×
// each sort × each language × a page size from 12 to 60; the other half are deeper pages of the plain
// listing (24 per page, offsets drawn from the whole catalog). Deterministically shuffled, so the load mixes cheap and dear
// queries from its first second. Past the end of the list the load starts over, and the X-Cache counts
// of the figure show how many answers then came from the cache.

const SORTS = ['name', '-name', 'rating', '-rating', 'price', '-price', 'createdAt', '-createdAt'];
const LOCALES = ['he-IL', 'en-US'];
const CITIES = 5;

/** A fixed-seed shuffle (the list is the same in every run). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let index = out.length - 1; index > 0; index--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const other = state % (index + 1);
    [out[index], out[other]] = [out[other]!, out[index]!];
  }
  return out;
}

export function searchMissPaths(vendors: number): string[] {
  const filters = ['', ...benchCategories.map((alias) => `&category=${alias}`), ...Array.from({ length: CITIES }, (_, n) => `&geoLocation=city-${n}`)];
  const firstPages: string[] = [];
  for (const filter of filters) {
    for (const sort of SORTS) {
      for (const locale of LOCALES) {
        for (let limit = 12; limit <= 60; limit++) firstPages.push(`/api/ecommerce/vendor?limit=${limit}&start=0&sort=${sort}&locale=${locale}${filter}`);
      }
    }
  }
  const deepPages = Array.from({ length: Math.max(0, vendors - 48) }, (_, n) => `/api/ecommerce/vendor?limit=24&start=${n + 24}`);
  const first = shuffled(firstPages, 7);
  // As many deep pages as first pages, offsets drawn from the whole catalog.
  const deep = shuffled(deepPages, 11).slice(0, first.length);
  return first.flatMap((path, index) => (index < deep.length ? [path, deep[index]!] : [path]));
}
