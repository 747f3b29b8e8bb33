import { describe, expect, it } from 'vitest';
import { geoLocationsProjection, type GeoLocationView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';

describe('geo locations view', () => {
  it('keeps names searchable in both languages and deletes removed places', () => {
    const docs = fold<GeoLocationView>(geoLocationsProjection, [
      recorded('geolocation-g1', { type: 'GeoLocationCreated', data: { id: 'g1', fields: { name: { he: 'חיפה', en: 'Haifa' }, parentId: 'north', lat: 32.8, lng: 35 }, at } }),
      recorded('geolocation-g2', { type: 'GeoLocationCreated', data: { id: 'g2', fields: { name: { en: 'Eilat' }, parentId: null }, at } }),
      recorded('geolocation-g2', { type: 'GeoLocationUpdated', data: { id: 'g2', fields: { name: { he: 'אילת', en: 'Eilat' }, parentId: null }, at: later } }),
      recorded('geolocation-g3', { type: 'GeoLocationCreated', data: { id: 'g3', fields: { name: { en: 'Gone' }, parentId: null }, at } }),
      recorded('geolocation-g3', { type: 'GeoLocationDeleted', data: { id: 'g3', at } }),
    ]);
    expect(Object.keys(docs)).toEqual(['g1', 'g2']);
    expect(docs.g1).toMatchObject({ searchText: 'חיפה haifa', parentId: 'north', lat: 32.8, lng: 35 });
    expect(docs.g2).toMatchObject({ searchText: 'אילת eilat', lat: null, createdAt: at, updatedAt: later });
  });
});
