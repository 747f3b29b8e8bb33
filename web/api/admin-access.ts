import type { AccessRule, AclAction, AclLevel, Principal } from '../../domain/acl/access.ts';
import type { ApiClient } from './client.ts';

// The caller's access rules (GET /api/acl/mine), for the admin nav and screens to ask the same
// question the API guards ask (domain/acl/access.ts): roles and groups as the API sees them (the
// access token's), and the rules that grant them something.
export interface AdminAccess extends Principal {
  roles: string[];
  groups: string[];
  rules: AccessRule[];
}

/** No rules, no roles: what a screen shows when the rules could not be read (nothing but what needs none). */
export const NO_ADMIN_ACCESS: AdminAccess = { roles: [], groups: [], rules: [] };

const ACTIONS: readonly AclAction[] = ['read', 'list', 'create', 'update', 'delete'];
const LEVELS: readonly AclLevel[] = ['all', 'some'];
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function accessRuleFrom(value: unknown): AccessRule | null {
  if (typeof value !== 'object' || value === null) return null;
  const doc = value as Record<string, unknown>;
  if (typeof doc.asset !== 'string' || !ACTIONS.includes(doc.action as AclAction) || !LEVELS.includes(doc.level as AclLevel)) return null;
  return {
    asset: doc.asset, action: doc.action as AclAction, level: doc.level as AclLevel,
    role: typeof doc.role === 'string' ? doc.role : null, group: typeof doc.group === 'string' ? doc.group : null,
  };
}

export function adminAccessFrom(value: unknown): AdminAccess {
  const doc = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const items = Array.isArray(doc.items) ? doc.items : [];
  return { roles: strings(doc.roles), groups: strings(doc.groups), rules: items.map(accessRuleFrom).filter((rule): rule is AccessRule => rule !== null) };
}

export async function myAdminAccess(api: ApiClient): Promise<AdminAccess> {
  return adminAccessFrom(await api.get('acl/mine', { silent: true }));
}
