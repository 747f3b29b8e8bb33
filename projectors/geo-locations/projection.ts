import type { Translatable } from '../../domain/shared/translatable.ts';
import type { Projection, ViewDoc } from '../projection.ts';
import { searchTextOf } from '../seen.ts';
import { indexTokens } from '../../domain/shared/search-text.ts';

// Geo locations (README: `geoLocations`): filtered by name through searchText.
export interface GeoLocationView extends ViewDoc {
  id: string;
  name: Translatable;
  parentId: string | null;
  lat: number | null;
  lng: number | null;
  searchText: string;
  /** Normalised tokens of the names (domain/shared/search-text.ts): vendor search by place. */
  searchTokens: string[];
  createdAt: string;
  updatedAt: string;
}

export const geoLocationsProjection: Projection<GeoLocationView> = {
  name: 'geo-locations',
  collection: 'geoLocations',
  eventTypes: ['GeoLocationCreated', 'GeoLocationUpdated', 'GeoLocationDeleted'],
  keysOf: (event) => ('id' in event.data ? [event.data.id] : []),
  evolve(doc, event, id) {
    switch (event.type) {
      case 'GeoLocationCreated':
      case 'GeoLocationUpdated': {
        const { fields, at } = event.data;
        return {
          _id: id, id, name: fields.name, parentId: fields.parentId, lat: fields.lat ?? null, lng: fields.lng ?? null,
          searchText: searchTextOf(fields.name.he, fields.name.en), searchTokens: indexTokens(fields.name.he, fields.name.en), createdAt: doc?.createdAt ?? at, updatedAt: at,
        };
      }
      case 'GeoLocationDeleted':
        return null;
      default:
        return doc;
    }
  },
  indexes: [{ 'name.he': 1, _id: 1 }, { 'name.en': 1, _id: 1 }, { parentId: 1 }],
};
