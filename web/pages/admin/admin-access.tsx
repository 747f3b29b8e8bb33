import { createContext, useContext } from 'react';
import { Outlet, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { backOfficeRules, isAllowed, type AclAction } from '../../../domain/acl/access.ts';
import { myAdminAccess, NO_ADMIN_ACCESS, type AdminAccess } from '../../api/admin-access.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireAdmin } from '../../app/guards.ts';
import { localeOfPath, localizedPath } from '../../app/locale-path.ts';
import type { WebEnvironment } from '../../app/environment.ts';

// The access rules of the signed-in staff member, read once for the whole back office by a pathless
// route around every admin screen (admin-routes.ts): the side nav and the screens ask them the same
// question the API guards ask (domain/acl/access.ts), so a link shows exactly when its page answers.
const AdminAccessContext = createContext<AdminAccess>(NO_ADMIN_ACCESS);

/** The rules, or none when the reader is not staff (each screen's own guard sends them away) or they cannot be read. */
export async function adminAccessLoader({ context }: LoaderFunctionArgs): Promise<AdminAccess> {
  const environment = environmentOf(context);
  const user = await environment.currentUser();
  if (!user || (!user.isAdmin && !user.isOperator)) return NO_ADMIN_ACCESS;
  return myAdminAccess(environment.api).catch(() => NO_ADMIN_ACCESS);
}

export function AdminAccessFrame() {
  const access = useLoaderData<typeof adminAccessLoader>();
  return <AdminAccessContext.Provider value={access}><Outlet /></AdminAccessContext.Provider>;
}

export const useAdminAccess = (): AdminAccess => useContext(AdminAccessContext);

/** May the reader do `action` on `asset` (on any entity of it) in the back office? */
export const mayDo = (access: AdminAccess, asset: string, action: AclAction): boolean => isAllowed(backOfficeRules(access.rules), access, asset, action);

/**
 * adminGuard plus the rule a screen needs: staff without it go to the unauthorized page instead of
 * meeting the API's 403 on the way in.
 */
export async function requireAdminRight(environment: WebEnvironment, request: Request, asset: string, action: AclAction): Promise<AdminAccess> {
  await requireAdmin(environment, request);
  const access = await myAdminAccess(environment.api).catch(() => NO_ADMIN_ACCESS);
  if (!mayDo(access, asset, action)) throw redirect(localizedPath(localeOfPath(new URL(request.url).pathname), '/error/unauthorized'));
  return access;
}
