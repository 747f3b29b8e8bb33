import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/refusal.ts';
import type { FavoritesEvent } from './events.ts';
import type { FavoritesCommand } from './commands.ts';
import { streamOf } from '../shared/ids.ts';

// A user's favorites (stream `favorites-<userId>`), SPEC §4. Adding a favorite that is there, or
// removing one that is not, decides nothing: retries and double clicks leave one clean event.
// Toggle removes a present favorite and adds a missing one.

export interface FavoritesState {
  /** In the order they were added. */
  vendorIds: string[];
  productIds: string[];
}

/** The stream of a user's favorites (`favorites-<userId>`). */
export const favoritesStream = streamOf('favorites');

export const favoritesDecider: Decider<FavoritesState, FavoritesCommand, FavoritesEvent> = {
  initialState: { vendorIds: [], productIds: [] },

  evolve(state, event) {
    switch (event.type) {
      case 'VendorFavorited':
        return state.vendorIds.includes(event.data.vendorId) ? state : { ...state, vendorIds: [...state.vendorIds, event.data.vendorId] };
      case 'VendorUnfavorited':
        return { ...state, vendorIds: state.vendorIds.filter((id) => id !== event.data.vendorId) };
      case 'ProductFavorited':
        return state.productIds.includes(event.data.productId) ? state : { ...state, productIds: [...state.productIds, event.data.productId] };
      case 'ProductUnfavorited':
        return { ...state, productIds: state.productIds.filter((id) => id !== event.data.productId) };
    }
  },

  decide(command, state) {
    const { actor, userId } = command;
    if (actor.userId !== userId && !actor.roles.includes('system')) {
      return refuse('forbidden', 'favorites.forbidden', 'You can only change your own favorites.');
    }
    if ('vendorId' in command) {
      const { vendorId } = command;
      const present = state.vendorIds.includes(vendorId);
      const add = command.type === 'AddFavoriteVendor' || (command.type === 'ToggleFavoriteVendor' && !present);
      if (add) return present ? [] : [{ type: 'VendorFavorited', data: { userId, vendorId } }];
      return present ? [{ type: 'VendorUnfavorited', data: { userId, vendorId } }] : [];
    }
    const { productId } = command;
    const present = state.productIds.includes(productId);
    const add = command.type === 'AddFavoriteProduct' || (command.type === 'ToggleFavoriteProduct' && !present);
    if (add) return present ? [] : [{ type: 'ProductFavorited', data: { userId, productId } }];
    return present ? [{ type: 'ProductUnfavorited', data: { userId, productId } }] : [];
  },
};

/** Whether a vendor is among the user's favorites (for the heart button). */
export const isFavoriteVendor = (state: FavoritesState, vendorId: string): boolean => state.vendorIds.includes(vendorId);
export const isFavoriteProduct = (state: FavoritesState, productId: string): boolean => state.productIds.includes(productId);
