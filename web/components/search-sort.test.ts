import { describe, expect, it } from 'vitest';
import { sortChoiceOf } from './search-sort.tsx';

// What the search page asks the query API for each `sort` of its URL (web/components/search-sort.tsx).
describe('the search page sort', () => {
  const plain = { text: '', geoLocation: '' };
  const words = { text: 'band', geoLocation: '' };

  it('defaults to best match with words, by name without, also for an unknown value', () => {
    expect(sortChoiceOf(null, words)).toEqual({ sort: 'relevance', api: { sort: 'relevance', geoLocation: undefined }, needsPlace: false });
    expect(sortChoiceOf(null, plain)).toEqual({ sort: 'name', api: { sort: 'name', geoLocation: undefined }, needsPlace: false });
    expect(sortChoiceOf('-rating', plain).sort).toBe('name');
    expect(sortChoiceOf('relevance', { text: '  ', geoLocation: '' }).sort).toBe('name');
  });

  it('asks best rated first and lowest price first, keeping the location filter', () => {
    expect(sortChoiceOf('rating', { text: '', geoLocation: 'geo-haifa' }).api).toEqual({ sort: '-rating', geoLocation: 'geo-haifa' });
    expect(sortChoiceOf('price', words).api).toEqual({ sort: 'price', geoLocation: undefined });
  });

  it('asks the fastest to reply first (issue 27), keeping the filters', () => {
    expect(sortChoiceOf('response', { text: 'band', geoLocation: 'geo-haifa' })).toEqual({ sort: 'response', api: { sort: 'response', geoLocation: 'geo-haifa' }, needsPlace: false });
  });

  it('measures distance from the chosen location instead of filtering by it, and needs one', () => {
    expect(sortChoiceOf('distance', { text: '', geoLocation: 'geo-haifa' })).toEqual({ sort: 'distance', api: { sort: 'distance', near: 'geo-haifa', geoLocation: undefined }, needsPlace: false });
    expect(sortChoiceOf('distance', words)).toEqual({ sort: 'relevance', api: { sort: 'relevance', geoLocation: undefined }, needsPlace: true });
  });
});
