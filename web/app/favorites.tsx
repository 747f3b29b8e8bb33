import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../api/view-models.ts';
import type { WebEnvironment } from './environment.ts';
import { FAVORITES_COOKIE, serializeCookie } from './cookies.ts';
import { createFavoritesController, type FavoritesState } from './favorites-controller.ts';

export { loadFavorites, type FavoritesState } from './favorites-controller.ts';

// The favorites of the page (logic in favorites-controller.ts), shared by cards, the vendor page,
// the header count and the favorites page.
interface FavoritesApi extends FavoritesState {
  loaded: boolean;
  isFavorite(vendorId: string): boolean;
  toggle(vendorId: string): Promise<boolean>;
  reload(): Promise<void>;
}

const FavoritesContext = createContext<FavoritesApi | null>(null);

export function writeGuestFavorites(ids: string[]): void {
  document.cookie = serializeCookie(FAVORITES_COOKIE, ids.join(','), { secure: location.protocol === 'https:' });
}

export function FavoritesProvider(props: { initial: FavoritesState; user: CurrentUser | null; environment: () => WebEnvironment; children: ReactNode }) {
  const [state, setState] = useState<FavoritesState>(props.initial);
  const [loaded, setLoaded] = useState(true);
  const stateRef = useRef(state);
  stateRef.current = state;
  const { user, environment } = props;
  const controller = useMemo(() => createFavoritesController({
    environment, user, state: () => stateRef.current, setState: (next) => { stateRef.current = next; setState(next); }, setLoaded, writeGuestIds: writeGuestFavorites,
  }), [environment, user]);

  const value = useMemo<FavoritesApi>(() => ({
    ...state, loaded, toggle: controller.toggle, reload: () => controller.reload(), isFavorite: (vendorId) => state.ids.includes(vendorId),
  }), [state, loaded, controller]);
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
