import { redirect, type ActionFunctionArgs } from 'react-router';
import { environmentOf } from './environment.ts';
import { localeOfRequest } from './loader-kit.ts';
import { localizedPath } from './locale-path.ts';
import { REFRESH_COOKIE } from './cookies.ts';

// Signing out is a route action: the header's "Sign out" posts here as a plain form (a full page load
// also with JavaScript, so the root's user and favorites are read anew). The session ends in the API
// too (its refresh token is refused from then on), the server drops the session cookies in its answer
// and sends the browser to the home page.
export const SIGN_OUT_PATH = '/user/logout';

export async function signOutAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  const refreshToken = environment.cookies()[REFRESH_COOKIE];
  if (refreshToken) await environment.api.post('token/revoke', { refresh_token: refreshToken }, { silent: true }).catch(() => undefined);
  environment.setSession(null);
  return redirect(localizedPath(localeOfRequest(request), '/'));
}

/** Opening the address itself (a bookmark, a reload after signing out) just goes home. */
export function signOutLoader({ request }: ActionFunctionArgs) {
  return redirect(localizedPath(localeOfRequest(request), '/'));
}
