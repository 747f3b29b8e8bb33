import { redirect, type ActionFunctionArgs } from 'react-router';
import { environmentOf } from './environment.ts';
import { safeRedirectTarget } from './guards.ts';
import { localeOfRequest } from './loader-kit.ts';
import { localizedPath } from './locale-path.ts';
import { FAVORITES_COOKIE, parseFavoriteIds } from './cookies.ts';
import { textOf } from './form-action.ts';
import { untilViewShows } from './until-views-show.ts';
import { favoriteProductIds, favoriteVendors } from '../api/queries.ts';

// The hearts (an artist's FavoriteButton, a product's SaveProductButton) are small forms posting here
// so they work without JavaScript: the action sets the favorite as asked (`favorite`
// 1 or 0, so a repeated post does not flip it back) — through the API for a signed-in user, in the
// guest favorites cookie for a guest's artists — waits until the views show it and answers 303 back
// to the page it came from (`back`, a local path). With JavaScript the buttons keep writing directly
// (optimistic, favorites-controller.ts) and never post here.
export const FAVORITE_TOGGLE_PATH = '/favorites/toggle';

export type FavoriteKind = 'vendor' | 'product';

export async function favoriteToggleAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  const form = await request.formData();
  const kind = textOf(form, 'kind');
  const id = textOf(form, 'id');
  const favorite = textOf(form, 'favorite') === '1';
  const back = safeRedirectTarget(textOf(form, 'back') || null, localizedPath(localeOfRequest(request), '/'));
  if ((kind !== 'vendor' && kind !== 'product') || parseFavoriteIds(id)[0] !== id) return redirect(back, 303);
  const user = await environment.currentUser();
  if (!user) {
    // Only an artist can be a guest's favorite; saving a product asks to sign in first, then comes back.
    if (kind === 'product') return redirect(`${localizedPath(localeOfRequest(request), '/user/login')}?loginRedirect=${encodeURIComponent(back)}`, 303);
    const ids = parseFavoriteIds(environment.cookies()[FAVORITES_COOKIE]).filter((other) => other !== id);
    environment.setCookie(FAVORITES_COOKIE, (favorite ? [...ids, id] : ids).join(','));
    return redirect(back, 303);
  }
  const { api } = environment;
  const path = kind === 'vendor' ? `artists/vendor/${encodeURIComponent(id)}/favored/by-user` : `store/product/${encodeURIComponent(id)}/favored/by-user`;
  try {
    if (favorite) await api.post(path, undefined, { silent: true });
    else await api.delete(path, undefined, { silent: true });
  } catch {
    // A refused write (an artist or product that is gone) leaves the page as it was: the heart shows the truth.
    return redirect(back, 303);
  }
  await untilViewShows(api, async () => favorite === (kind === 'vendor'
    ? (await favoriteVendors(api, environment.categories)).ids.includes(id)
    : (await favoriteProductIds(api, { fresh: true })).includes(id)));
  return redirect(back, 303);
}

/** Opening the address itself (a bookmark) just goes home. */
export function favoriteToggleLoader({ request }: ActionFunctionArgs) {
  return redirect(localizedPath(localeOfRequest(request), '/'));
}
