import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import type { CurrentUser } from '../api/view-models.ts';
import type { WebEnvironment } from './environment.ts';
import { FAVORITES_COOKIE, serializeCookie } from './cookies.ts';
import { createFavoritesController, type FavoritesState } from './favorites-controller.ts';
import { ActionName } from '../components/action-name.tsx';
import { useLocalizedPath } from './links.tsx';
import { FAVORITE_TOGGLE_PATH, type FavoriteKind } from './favorites-toggle.ts';

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

/**
 * A heart's form: without JavaScript it posts to the favorites/toggle action (which answers back to
 * this page); with JavaScript `onToggle` runs instead, in the page. display: contents keeps the
 * button laid out as if the form were not there.
 */
export function FavoriteForm(props: { kind: FavoriteKind; id: string; favorite: boolean; onToggle: () => void; children: ReactNode }) {
  const localize = useLocalizedPath();
  const location = useLocation();
  return (
    <form method="post" action={localize(FAVORITE_TOGGLE_PATH)} style={{ display: 'contents' }}
      onSubmit={(event) => { event.preventDefault(); props.onToggle(); }}>
      <input type="hidden" name="kind" value={props.kind} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="favorite" value={props.favorite ? '0' : '1'} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      {props.children}
    </form>
  );
}

export function FavoriteButton(props: { vendorId: string; vendorName: string; large?: boolean }) {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const [busy, setBusy] = useState(false);
  const active = favorites.isFavorite(props.vendorId);
  const label = active ? t('favorites.remove', { name: props.vendorName }) : t('favorites.add', { name: props.vendorName });
  async function toggle() {
    setBusy(true);
    try { await favorites.toggle(props.vendorId); } finally { setBusy(false); }
  }
  return (
    <FavoriteForm kind="vendor" id={props.vendorId} favorite={active} onToggle={toggle}>
    <button
      type="submit"
      className={`favorite-button${active ? ' is-favorite' : ''}${props.large ? ' favorite-large' : ''}`}
      aria-pressed={active}
      // The large button shows a word, so its name is that word and then the artist (label in name).
      aria-label={props.large ? undefined : label}
      title={label}
      disabled={busy}
      data-testid="favorite-toggle"
    >
      <span aria-hidden="true">{active ? '♥' : '♡'}</span>
      {props.large ? <span className="favorite-text"><ActionName text={active ? t('favorites.saved') : t('favorites.save')} subject={props.vendorName} /></span> : null}
    </button>
    </FavoriteForm>
  );
}
