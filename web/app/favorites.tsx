import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser, VendorCard } from '../api/view-models.ts';
import type { WebEnvironment } from './environment.ts';
import { favoriteVendors, vendorsByIds } from '../api/queries.ts';
import { FAVORITES_COOKIE, parseFavoriteIds, serializeCookie } from './cookies.ts';

// Favorites (SPEC §4, §8): toggling removes a favorite vendor or adds it; guests keep ids in a cookie
// (365 days, path /), signed-in users on the server; after each change the list is reloaded. A
// failed load leaves the list unchanged and still sets `loaded`; a failed add or remove yields false
// with no message.
export interface FavoritesState { ids: string[]; vendors: VendorCard[] }

interface FavoritesApi extends FavoritesState {
  loaded: boolean;
  isFavorite(vendorId: string): boolean;
  toggle(vendorId: string): Promise<boolean>;
  reload(): Promise<void>;
}

const FavoritesContext = createContext<FavoritesApi | null>(null);

export async function loadFavorites(environment: WebEnvironment, user: CurrentUser | null): Promise<FavoritesState> {
  if (user) return favoriteVendors(environment.api, environment.categories);
  const ids = parseFavoriteIds(environment.cookies()[FAVORITES_COOKIE]);
  const vendors = ids.length ? await vendorsByIds(environment.api, ids, await environment.categories()) : [];
  return { ids, vendors };
}

export function writeGuestFavorites(ids: string[]): void {
  document.cookie = serializeCookie(FAVORITES_COOKIE, ids.join(','), { secure: location.protocol === 'https:' });
}

export function FavoritesProvider(props: { initial: FavoritesState; user: CurrentUser | null; environment: () => WebEnvironment; children: ReactNode }) {
  const [state, setState] = useState<FavoritesState>(props.initial);
  const [loaded, setLoaded] = useState(true);
  const { user, environment } = props;

  const reload = useCallback(async (expect?: { vendorId: string; favorite: boolean }) => {
    const env = environment();
    try {
      // The view may trail the write by a moment: ask again a few times until it shows the change.
      for (let attempt = 0; ; attempt++) {
        env.api.clearCache();
        const next = await loadFavorites(env, user);
        const settled = !expect || next.ids.includes(expect.vendorId) === expect.favorite;
        if (settled || attempt >= 5) { setState(next); break; }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    } catch {
      // SPEC §8: the list stays unchanged.
    } finally {
      setLoaded(true);
    }
  }, [user, environment]);

  const toggle = useCallback(async (vendorId: string) => {
    const env = environment();
    const favorite = !state.ids.includes(vendorId);
    if (user) {
      const path = `artists/vendor/${encodeURIComponent(vendorId)}/favored/by-user`;
      try {
        if (favorite) await env.api.post(path, undefined, { silent: true });
        else await env.api.delete(path, undefined, { silent: true });
      } catch {
        return false;
      }
    } else {
      const ids = parseFavoriteIds(env.cookies()[FAVORITES_COOKIE]).filter((id) => id !== vendorId);
      writeGuestFavorites(favorite ? [...ids, vendorId] : ids);
    }
    setState((current) => ({ ...current, ids: favorite ? [...current.ids, vendorId] : current.ids.filter((id) => id !== vendorId) }));
    await reload({ vendorId, favorite });
    return true;
  }, [state.ids, user, environment, reload]);

  const value = useMemo<FavoritesApi>(() => ({
    ...state, loaded, toggle, reload: () => reload(), isFavorite: (vendorId) => state.ids.includes(vendorId),
  }), [state, loaded, toggle, reload]);
  return <FavoritesContext value={value}>{props.children}</FavoritesContext>;
}

export function useFavorites(): FavoritesApi {
  const favorites = useContext(FavoritesContext);
  if (!favorites) throw new Error('FavoritesProvider missing');
  return favorites;
}

export function FavoriteButton(props: { vendorId: string; vendorName: string; large?: boolean }) {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const [busy, setBusy] = useState(false);
  const active = favorites.isFavorite(props.vendorId);
  const label = active ? t('favorites.remove', { name: props.vendorName }) : t('favorites.add', { name: props.vendorName });
  return (
    <button
      type="button"
      className={`favorite-button${active ? ' is-favorite' : ''}${props.large ? ' favorite-large' : ''}`}
      aria-pressed={active}
      aria-label={label}
      title={label}
      disabled={busy}
      data-testid="favorite-toggle"
      onClick={async () => {
        setBusy(true);
        try { await favorites.toggle(props.vendorId); } finally { setBusy(false); }
      }}
    >
      <span aria-hidden="true">{active ? '♥' : '♡'}</span>
      {props.large ? <span className="favorite-text">{active ? t('favorites.saved') : t('favorites.save')}</span> : null}
    </button>
  );
}
