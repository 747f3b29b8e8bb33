import type { AclRule } from './events.ts';
import type { AclAction } from './access.ts';

// The access rules a new installation starts with (the demo seed writes them through POST
// /api/admin/acl): SPEC §6's admin nav rules, widened to every action the admin routes ask for
// (infra/http/route-access.ts), an operator who reads orders and conversations, and a few public
// rules the browser may shape menus with. Admins change them on the ACL screen; docs/access-control.md.

const rights = (grantee: Pick<AclRule, 'role' | 'group'>, asset: string, actions: AclAction[], isPublic = false): AclRule[] =>
  actions.map((action) => ({ asset, action, level: 'all', ...grantee, public: isPublic }));

const admin = { role: 'admin' } as const;
const operator = { role: 'operator' } as const;
const superUsers = { group: 'superUsers' } as const;
const guest = { role: 'guest' } as const;

export const DEFAULT_ACCESS_RULES: readonly AclRule[] = [
  // Admins: the catalogue, orders, people and the system screens.
  ...rights(admin, 'adminDashboard', ['read']),
  ...rights(admin, 'vendor', ['list', 'read', 'create', 'update']),
  ...rights(admin, 'product', ['list', 'read', 'create', 'update', 'delete']),
  ...rights(admin, 'order', ['list', 'read', 'update']),
  ...rights(admin, 'contract', ['list', 'read']),
  ...rights(admin, 'chatMessage', ['read']),
  ...rights(admin, 'user', ['list', 'read', 'update']),
  ...rights(admin, 'media', ['list', 'read', 'create', 'update', 'delete']),
  ...rights(admin, 'configEntry', ['list', 'read', 'update', 'delete']),
  ...rights(admin, 'languageEntry', ['list', 'read', 'update', 'delete']),
  ...rights(admin, 'geoLocation', ['list', 'read', 'create', 'update', 'delete']),
  ...rights(admin, 'feACL', ['list', 'read', 'create', 'update', 'delete']),
  ...rights(admin, 'event', ['list', 'read']),
  ...rights(admin, 'notificationJob', ['list']),
  // SPEC §6: the Entities group, source tracking, phone dispenses and user actions are the superUsers'.
  ...['brand', 'category', 'tag', 'article', 'serviceContract'].flatMap((asset) => rights(superUsers, asset, ['list', 'read', 'create', 'update', 'delete'])),
  ...rights(superUsers, 'tracking', ['list', 'read']),
  ...rights(superUsers, 'phoneNumberDispense', ['list', 'read', 'create', 'update', 'delete']),
  ...rights(superUsers, 'userAction', ['list', 'read']),
  // Operators: the overview, the orders and the conversations, read only.
  ...rights(operator, 'adminDashboard', ['read']),
  ...rights(operator, 'order', ['list', 'read']),
  ...rights(operator, 'chatMessage', ['read']),
  // Public: what anyone may read, for the browser to shape menus (GET /api/acl/public).
  ...['vendor', 'product', 'article'].flatMap((asset) => rights(guest, asset, ['read'], true)),
];
