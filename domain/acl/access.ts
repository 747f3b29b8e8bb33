import type { AclRule } from './events.ts';

// Evaluation of the SPEC §6 access rules (asset, action, level), used alike by the API guards (403 on
// admin routes) and by the admin side nav. Decisions written down in docs/access-control.md:
// - A rule grants its asset/action to a role or to a group; a rule for `guest` grants everyone.
// - Level `all` means every entity of the asset, `some` only some of them: a rule at `all` also
//   answers a question asked at `some`, never the other way round.
// - `superAdmin` (and the product itself, `system`) hold every right, so no rule edit can lock the
//   installation out of its own access rules.
// - The back office (admin routes and the admin nav) is governed by the rules that grant a staff role
//   or a group (`backOfficeRules`): a rule for guests, users or vendors shapes the storefront only, so
//   "a guest may read articles" never opens the admin's article editor to an operator.

export type AclAction = AclRule['action'];
export type AclLevel = AclRule['level'];

/** A rule as evaluated; the view keeps an absent role or group as null. */
export interface AccessRule {
  asset: string;
  action: AclAction;
  level: AclLevel;
  role?: string | null;
  group?: string | null;
}

/** Who asks: the roles and groups of an Actor or of the signed-in user. */
export interface Principal {
  roles: readonly string[];
  groups: readonly string[];
}

/** Roles that staff the back office; admin routes are theirs, and the rules decide what each may do there. */
export const STAFF_ROLES = ['admin', 'operator', 'superAdmin', 'system'] as const;
/** Roles that hold every right whatever the rules say. */
export const ROOT_ROLES = ['superAdmin', 'system'] as const;

export const isStaff = (principal: Principal): boolean => STAFF_ROLES.some((role) => principal.roles.includes(role));
export const holdsEveryRight = (principal: Principal): boolean => ROOT_ROLES.some((role) => principal.roles.includes(role));

/** Whether `rule` is about `principal`: their role, their group, or a guest rule (everyone may do what a guest may). */
export function grants(rule: AccessRule, principal: Principal): boolean {
  if (rule.role === 'guest') return true;
  if (rule.role && principal.roles.includes(rule.role)) return true;
  return Boolean(rule.group && principal.groups.includes(rule.group));
}

/** Whether a rule at level `granted` answers a question at level `asked`. */
export const levelCovers = (granted: AclLevel, asked: AclLevel): boolean => granted === 'all' || asked === 'some';

/** May `principal` do `action` on `asset` at `level` (default `all`: on any entity of it)? */
export function isAllowed(rules: readonly AccessRule[], principal: Principal, asset: string, action: AclAction, level: AclLevel = 'all'): boolean {
  if (holdsEveryRight(principal)) return true;
  return rules.some((rule) => rule.asset === asset && rule.action === action && levelCovers(rule.level, level) && grants(rule, principal));
}

/** May `principal` do at least one of `actions` (SPEC §6 "update or create at some")? */
export function isAllowedAny(rules: readonly AccessRule[], principal: Principal, asset: string, actions: readonly AclAction[], level: AclLevel = 'all'): boolean {
  return actions.some((action) => isAllowed(rules, principal, asset, action, level));
}

/** The rules that govern the back office: those granting a staff role or a group. */
export function backOfficeRules<R extends AccessRule>(rules: readonly R[]): R[] {
  return rules.filter((rule) => Boolean(rule.group) || STAFF_ROLES.some((role) => role === rule.role));
}

/** The rules that grant `principal` something: what GET /api/acl/mine answers. */
export function rulesOf<R extends AccessRule>(rules: readonly R[], principal: Principal): R[] {
  return rules.filter((rule) => grants(rule, principal));
}
