import type { CurrentUser } from '../api/view-models.ts';

// SPEC §2: "After the 404-style redirect, an unauthenticated visitor goes to auth; an admin to the
// operator-admin route; an operator to operator-dashboard; anyone else to selfer." The 404 page keeps
// its status (a crawler and a mistyped address must see a 404) and then takes the reader on, in the
// browser, to the place their role starts from (web/app/layout.tsx NotFoundPage).

/** Where a reader is taken after a page that does not exist (a locale-free path). */
export function landingAfterNotFound(user: CurrentUser | null): { path: string; place: 'login' | 'admin' | 'operator' | 'dashboard' } {
  if (!user) return { path: '/user/login', place: 'login' };
  if (user.isAdmin) return { path: '/admin', place: 'admin' };
  if (user.isOperator) return { path: '/admin/operator', place: 'operator' };
  return { path: '/user/dashboard/profile', place: 'dashboard' };
}

/** How long the 404 page waits before it moves on: time to read it, and to choose to stay. */
export const NOT_FOUND_REDIRECT_SECONDS = 10;
