import type { CurrentUser, VendorCard } from '../api/view-models.ts';
import type { WebEnvironment } from './environment.ts';
import { favoriteVendors, vendorsByIds } from '../api/queries.ts';
import { FAVORITES_COOKIE, parseFavoriteIds } from './cookies.ts';

// Favorites (SPEC §4, §8), without React: toggling removes a favorite vendor or adds it; guests keep
// ids in a cookie, signed-in users on the server; after each change the list is reloaded. A failed
// load leaves the list unchanged and still sets `loaded`; a failed add or remove yields false, with
// no message (the calls are silent).
export interface FavoritesState { ids: string[]; vendors: VendorCard[] }

export async function loadFavorites(environment: WebEnvironment, user: CurrentUser | null): Promise<FavoritesState> {
  if (user) return favoriteVendors(environment.api, environment.categories);
  const ids = parseFavoriteIds(environment.cookies()[FAVORITES_COOKIE]);
  const vendors = ids.length ? await vendorsByIds(environment.api, ids, await environment.categories()) : [];
  return { ids, vendors };
}

export interface FavoritesController {
  toggle(vendorId: string): Promise<boolean>;
  reload(expect?: { vendorId: string; favorite: boolean }): Promise<void>;
}

export function createFavoritesController(options: {
  environment: () => WebEnvironment;
  user: CurrentUser | null;
  state: () => FavoritesState;
  setState: (state: FavoritesState) => void;
  setLoaded: (loaded: boolean) => void;
  writeGuestIds: (ids: string[]) => void;
  /** How long to wait before asking again when the view has not caught up with the write yet. */
  retryDelayMs?: number;
}): FavoritesController {
  const retryDelayMs = options.retryDelayMs ?? 150;

  async function reload(expect?: { vendorId: string; favorite: boolean }) {
    const environment = options.environment();
    try {
      // The view may trail the write by a moment: ask again a few times until it shows the change.
      for (let attempt = 0; ; attempt++) {
        environment.api.clearCache();
        const next = await loadFavorites(environment, options.user);
        const settled = !expect || next.ids.includes(expect.vendorId) === expect.favorite;
        if (settled || attempt >= 5) { options.setState(next); break; }
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    } catch {
      // SPEC §8: the list stays unchanged.
    } finally {
      options.setLoaded(true);
    }
  }

  async function toggle(vendorId: string): Promise<boolean> {
    const environment = options.environment();
    const current = options.state();
    const favorite = !current.ids.includes(vendorId);
    if (options.user) {
      const path = `artists/vendor/${encodeURIComponent(vendorId)}/favored/by-user`;
      try {
        if (favorite) await environment.api.post(path, undefined, { silent: true });
        else await environment.api.delete(path, undefined, { silent: true });
      } catch {
        return false;
      }
    } else {
      const ids = parseFavoriteIds(environment.cookies()[FAVORITES_COOKIE]).filter((id) => id !== vendorId);
      options.writeGuestIds(favorite ? [...ids, vendorId] : ids);
    }
    options.setState({ ...current, ids: favorite ? [...current.ids, vendorId] : current.ids.filter((id) => id !== vendorId) });
    await reload({ vendorId, favorite });
    return true;
  }

  return { toggle, reload };
}
