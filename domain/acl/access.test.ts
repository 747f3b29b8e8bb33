import { describe, expect, it } from 'vitest';
import { backOfficeRules, isAllowed, isAllowedAny, isStaff, rulesOf, type AccessRule, type Principal } from './access.ts';
import { DEFAULT_ACCESS_RULES } from './default-rules.ts';

const admin: Principal = { roles: ['user', 'admin'], groups: [] };
const superUserAdmin: Principal = { roles: ['user', 'admin'], groups: ['superUsers'] };
const root: Principal = { roles: ['user', 'admin', 'superAdmin'], groups: [] };
const operator: Principal = { roles: ['user', 'operator'], groups: [] };
const customer: Principal = { roles: ['user'], groups: [] };
const guest: Principal = { roles: ['guest'], groups: [] };

const rules: AccessRule[] = [
  { asset: 'vendor', action: 'update', level: 'all', role: 'admin' },
  { asset: 'category', action: 'create', level: 'some', group: 'superUsers' },
  { asset: 'order', action: 'list', level: 'all', role: 'operator', group: null },
  { asset: 'article', action: 'read', level: 'all', role: 'guest' },
  { asset: 'tag', action: 'update', level: 'all', role: null, group: null },
];

describe('isAllowed', () => {
  it('grants a rule to its role or group only, for its asset and action only', () => {
    expect(isAllowed(rules, admin, 'vendor', 'update')).toBe(true);
    expect(isAllowed(rules, operator, 'vendor', 'update')).toBe(false);
    expect(isAllowed(rules, admin, 'vendor', 'delete')).toBe(false);
    expect(isAllowed(rules, admin, 'product', 'update')).toBe(false);
    expect(isAllowed(rules, operator, 'order', 'list')).toBe(true);
    expect(isAllowed(rules, superUserAdmin, 'category', 'create', 'some')).toBe(true);
    expect(isAllowed(rules, admin, 'category', 'create', 'some')).toBe(false);
  });
  it('a rule at all answers a question at some; a rule at some never one at all', () => {
    expect(isAllowed(rules, admin, 'vendor', 'update', 'some')).toBe(true);
    expect(isAllowed(rules, superUserAdmin, 'category', 'create', 'all')).toBe(false);
  });
  it('a guest rule grants everyone; a rule naming nobody grants nobody', () => {
    for (const who of [guest, customer, operator, admin]) expect(isAllowed(rules, who, 'article', 'read')).toBe(true);
    expect(isAllowed(rules, admin, 'tag', 'update')).toBe(false);
  });
  it('superAdmin and the system hold every right, even with no rules', () => {
    expect(isAllowed([], root, 'feACL', 'delete')).toBe(true);
    expect(isAllowed([], { roles: ['system'], groups: [] }, 'anything', 'update')).toBe(true);
    expect(isAllowed([], admin, 'feACL', 'delete')).toBe(false);
  });
  it('isAllowedAny holds when one of the actions is granted', () => {
    expect(isAllowedAny(rules, superUserAdmin, 'category', ['update', 'create'], 'some')).toBe(true);
    expect(isAllowedAny(rules, superUserAdmin, 'category', ['update', 'delete'], 'some')).toBe(false);
  });
  it('rulesOf keeps the rules that concern the principal', () => {
    expect(rulesOf(rules, operator).map((rule) => rule.asset)).toEqual(['order', 'article']);
    expect(rulesOf(rules, superUserAdmin).map((rule) => rule.asset)).toEqual(['vendor', 'category', 'article']);
  });
  it('the back office counts only rules for staff roles and groups: a guest rule does not open it', () => {
    const office = backOfficeRules(rules);
    expect(office.map((rule) => rule.asset)).toEqual(['vendor', 'category', 'order']);
    expect(isAllowed(office, operator, 'article', 'read')).toBe(false);
    expect(isAllowed(rules, operator, 'article', 'read')).toBe(true);
  });
  it('staff are admins, operators and superAdmins', () => {
    expect([admin, operator, root, customer, guest].map(isStaff)).toEqual([true, true, true, false, false]);
  });
});

describe('the default rules', () => {
  it('give admins the SPEC §6 nav rights, the superUsers group the entities, operators orders and conversations only', () => {
    for (const asset of ['vendor', 'product', 'media', 'user', 'configEntry', 'languageEntry', 'feACL']) expect(isAllowed(DEFAULT_ACCESS_RULES, admin, asset, 'update')).toBe(true);
    expect(isAllowed(DEFAULT_ACCESS_RULES, admin, 'order', 'list') && isAllowed(DEFAULT_ACCESS_RULES, admin, 'order', 'update')).toBe(true);
    expect(isAllowed(DEFAULT_ACCESS_RULES, admin, 'chatMessage', 'read')).toBe(true);
    for (const asset of ['category', 'tag', 'article', 'serviceContract']) {
      expect(isAllowedAny(DEFAULT_ACCESS_RULES, superUserAdmin, asset, ['update', 'create'], 'some')).toBe(true);
      expect(isAllowedAny(DEFAULT_ACCESS_RULES, admin, asset, ['update', 'create'], 'some')).toBe(false);
    }
    const operatorRights = DEFAULT_ACCESS_RULES.filter((rule) => rule.role === 'operator').map((rule) => `${rule.asset}:${rule.action}`);
    expect(operatorRights.sort()).toEqual(['adminDashboard:read', 'chatMessage:read', 'order:list', 'order:read']);
    expect(isAllowed(DEFAULT_ACCESS_RULES, operator, 'order', 'update')).toBe(false);
  });
  it('are public only where a guest may read', () => {
    expect(DEFAULT_ACCESS_RULES.filter((rule) => rule.public).every((rule) => rule.role === 'guest' && rule.action === 'read')).toBe(true);
    expect(DEFAULT_ACCESS_RULES.some((rule) => rule.public)).toBe(true);
  });
});
