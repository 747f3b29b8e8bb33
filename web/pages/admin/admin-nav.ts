import { backOfficeRules, isAllowedAny } from '../../../domain/acl/access.ts';
import type { AdminAccess } from '../../api/admin-access.ts';
import type { CurrentUser } from '../../api/view-models.ts';
import { isSuperUser } from '../../app/guards.ts';

// The admin side nav of SPEC §2 and §6: each item with the access rule (asset, action, level) that
// shows it; brand is removed; the Entities group, source tracking, phone dispenses and user actions
// need the superUsers group. `visibleAdminNav` decides what a user sees, by the same rule evaluation
// as the API guards (domain/acl/access.ts; docs/access-control.md).
export interface AdminNavItem {
  id: string;
  path: string;
  /** The SPEC §6 rule: the item shows when the user holds it; none: every staff member (their own conversations). */
  rule?: NavRule;
  /** Shown to admins only (SPEC §2's tools: the styleguide), whatever the rules. */
  adminOnly?: boolean;
  /** A second rule that also shows the item (a screen made of sections of two assets). */
  alsoShownBy?: NavRule;
  superUsersOnly?: boolean;
}
type NavRule = { asset: string; actions: ('read' | 'list' | 'create' | 'update' | 'delete')[]; level: 'all' | 'some' };
export interface AdminNavGroup { id: string; items: AdminNavItem[]; superUsersOnly?: boolean }

export const ADMIN_NAV: AdminNavGroup[] = [
  { id: 'overview', items: [
    { id: 'home', path: '/admin', rule: { asset: 'adminDashboard', actions: ['read'], level: 'all' } },
    // The operator dashboard: its sections are orders and conversations; the item shows with either.
    { id: 'operator', path: '/admin/operator', rule: { asset: 'order', actions: ['list'], level: 'all' }, alsoShownBy: { asset: 'chatMessage', actions: ['read'], level: 'all' } },
    { id: 'analytics', path: '/admin/analytics', rule: { asset: 'order', actions: ['list'], level: 'all' } },
  ] },
  { id: 'ecommerce', items: [
    { id: 'vendor', path: '/admin/vendor', rule: { asset: 'vendor', actions: ['update'], level: 'all' } },
    { id: 'product', path: '/admin/product', rule: { asset: 'product', actions: ['update'], level: 'all' } },
    { id: 'order', path: '/admin/order', rule: { asset: 'order', actions: ['list', 'update'], level: 'all' } },
    // The back office's money (issue 26): the admins', who may change orders; not the read-only operator's.
    { id: 'money', path: '/admin/money', rule: { asset: 'order', actions: ['update'], level: 'all' } },
  ] },
  { id: 'entities', superUsersOnly: true, items: [
    { id: 'category', path: '/admin/entity/category', rule: { asset: 'category', actions: ['update', 'create'], level: 'some' } },
    { id: 'tag', path: '/admin/entity/tag', rule: { asset: 'tag', actions: ['update', 'create'], level: 'some' } },
    { id: 'article', path: '/admin/entity/article', rule: { asset: 'article', actions: ['update', 'create'], level: 'some' } },
    { id: 'serviceContract', path: '/admin/entity/serviceContract', rule: { asset: 'serviceContract', actions: ['update', 'create'], level: 'some' } },
  ] },
  { id: 'system', items: [
    { id: 'media', path: '/admin/media', rule: { asset: 'media', actions: ['update'], level: 'all' } },
    { id: 'user', path: '/admin/user', rule: { asset: 'user', actions: ['update'], level: 'all' } },
    { id: 'acl', path: '/admin/acl', rule: { asset: 'feACL', actions: ['update'], level: 'all' } },
    { id: 'language', path: '/admin/language', rule: { asset: 'languageEntry', actions: ['update'], level: 'all' } },
    { id: 'config', path: '/admin/config', rule: { asset: 'configEntry', actions: ['update'], level: 'all' } },
    { id: 'conversations', path: '/admin/conversations', rule: { asset: 'chatMessage', actions: ['read'], level: 'all' } },
    { id: 'myConversations', path: '/admin/my-conversations' },
    { id: 'tracking', path: '/admin/tracking', rule: { asset: 'tracking', actions: ['read'], level: 'all' }, superUsersOnly: true },
    { id: 'phoneNumberDispense', path: '/admin/entity/phoneNumberDispense', rule: { asset: 'phoneNumberDispense', actions: ['read'], level: 'all' }, superUsersOnly: true },
    { id: 'userAction', path: '/admin/user-action', rule: { asset: 'userAction', actions: ['read'], level: 'all' }, superUsersOnly: true },
  ] },
  // SPEC §2's analysts' export, payments playground and styleguide.
  { id: 'tools', items: [
    { id: 'export', path: '/admin/export', rule: { asset: 'event', actions: ['list'], level: 'all' } },
    { id: 'paymentsPlayground', path: '/admin/payments-playground', rule: { asset: 'payments', actions: ['create'], level: 'all' } },
    { id: 'styleguide', path: '/admin/styleguide', adminOnly: true },
  ] },
];

/**
 * The groups and items `user` sees: an item shows when their access rules grant one of its actions on
 * its asset at its level (SPEC §6; a group shows when one of its items does, so Ecommerce shows when
 * any of the vendor, order or product rules hold), and superUsers-only items need the group as well.
 */
export function visibleAdminNav(user: CurrentUser, access: AdminAccess): AdminNavGroup[] {
  const superUser = isSuperUser(user);
  const rules = backOfficeRules(access.rules);
  const holds = (rule: NavRule) => isAllowedAny(rules, access, rule.asset, rule.actions, rule.level);
  const byRule = (item: AdminNavItem) => item.rule === undefined || holds(item.rule) || (item.alsoShownBy !== undefined && holds(item.alsoShownBy));
  const shows = (item: AdminNavItem) => (!item.superUsersOnly || superUser) && (!item.adminOnly || user.isAdmin) && byRule(item);
  return ADMIN_NAV
    .filter((group) => !group.superUsersOnly || superUser)
    .map((group) => ({ ...group, items: group.items.filter(shows) }))
    .filter((group) => group.items.length > 0);
}
