import { idsOf, type Projection, type ViewDoc } from '../projection.ts';

// Favorites (README: `favorites`): one document per user with favorite vendor and product ids, in the
// order they were added. Set semantics make a repeated add or remove harmless.
export interface FavoritesView extends ViewDoc {
  userId: string;
  vendorIds: string[];
  productIds: string[];
}

const added = (ids: string[], id: string) => (ids.includes(id) ? ids : [...ids, id]);
const removed = (ids: string[], id: string) => ids.filter((existing) => existing !== id);

export const favoritesProjection: Projection<FavoritesView> = {
  name: 'favorites',
  collection: 'favorites',
  eventTypes: ['VendorFavorited', 'VendorUnfavorited', 'ProductFavorited', 'ProductUnfavorited'],
  keysOf: (event) => idsOf('userId' in event.data && event.data.userId),
  evolve(doc, event, id) {
    const favorites = doc ?? { _id: id, userId: id, vendorIds: [], productIds: [] };
    switch (event.type) {
      case 'VendorFavorited':
        return { ...favorites, vendorIds: added(favorites.vendorIds, event.data.vendorId) };
      case 'VendorUnfavorited':
        return { ...favorites, vendorIds: removed(favorites.vendorIds, event.data.vendorId) };
      case 'ProductFavorited':
        return { ...favorites, productIds: added(favorites.productIds, event.data.productId) };
      case 'ProductUnfavorited':
        return { ...favorites, productIds: removed(favorites.productIds, event.data.productId) };
      default:
        return favorites;
    }
  },
  // Read by user id only (query-api/routes/vendor-reads.ts): no index beyond `_id`.
  indexes: [],
};
