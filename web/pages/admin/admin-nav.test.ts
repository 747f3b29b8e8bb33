import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_RULES } from '../../../domain/acl/default-rules.ts';
import type { AdminAccess } from '../../api/admin-access.ts';
import type { CurrentUser } from '../../api/view-models.ts';
import { visibleAdminNav } from './admin-nav.ts';

const user = (roles: string[], groups: string[] = []): [CurrentUser, AdminAccess] => [
  { uuid: 'u1', email: 'a@b.c', fullName: 'A', locale: 'he-IL', isAdmin: roles.includes('admin'), isOperator: roles.includes('operator'), groups },
  { roles: ['user', ...roles], groups, rules: [...DEFAULT_ACCESS_RULES] },
];
const itemsOf = ([who, access]: [CurrentUser, AdminAccess]) => visibleAdminNav(who, access).flatMap((group) => group.items.map((item) => item.id));

describe('the admin side nav by the access rules', () => {
  it('shows a superUser every item', () => {
    expect(itemsOf(user(['admin'], ['superUsers']))).toEqual([
      'home', 'operator', 'analytics', 'vendor', 'product', 'order', 'money', 'category', 'tag', 'article', 'serviceContract',
      'media', 'user', 'acl', 'language', 'config', 'conversations', 'myConversations', 'tracking', 'phoneNumberDispense', 'userAction',
      'export', 'styleguide',
    ]);
  });
  it('hides the superUsers-only entities and items from a plain admin', () => {
    expect(itemsOf(user(['admin']))).toEqual([
      'home', 'operator', 'analytics', 'vendor', 'product', 'order', 'money', 'media', 'user', 'acl', 'language', 'config', 'conversations', 'myConversations', 'export', 'styleguide',
    ]);
  });
  it('gives an operator only what the operator rules give', () => {
    expect(itemsOf(user(['operator']))).toEqual(['home', 'operator', 'analytics', 'order', 'conversations', 'myConversations']);
  });
  it('shows nothing without rules but the reader\'s own conversations and, to an admin, the styleguide; superAdmin holds every right', () => {
    const [admin] = user(['admin']);
    expect(visibleAdminNav(admin, { roles: ['user', 'admin'], groups: [], rules: [] }).flatMap((group) => group.items.map((item) => item.id))).toEqual(['myConversations', 'styleguide']);
    const [operator] = user(['operator']);
    expect(visibleAdminNav(operator, { roles: ['user', 'operator'], groups: [], rules: [] }).flatMap((group) => group.items.map((item) => item.id))).toEqual(['myConversations']);
    expect(visibleAdminNav(admin, { roles: ['user', 'admin', 'superAdmin'], groups: [], rules: [] }).flatMap((group) => group.items)).toHaveLength(17);
  });
  it('shows the operator dashboard with either of its sections\' rules', () => {
    const [operator] = user(['operator']);
    const onlyConversations: AdminAccess = { roles: ['user', 'operator'], groups: [], rules: [{ asset: 'chatMessage', action: 'read', level: 'all', role: 'operator' }] };
    expect(visibleAdminNav(operator, onlyConversations).flatMap((group) => group.items.map((item) => item.id))).toEqual(['operator', 'conversations', 'myConversations']);
  });
  it('drops a group whose items all hide (Ecommerce shows when one of its rules holds)', () => {
    const [admin] = user(['admin']);
    const onlyOrders: AdminAccess = { roles: ['user', 'admin'], groups: [], rules: [{ asset: 'order', action: 'list', level: 'all', role: 'admin' }] };
    expect(visibleAdminNav(admin, onlyOrders).map((group) => [group.id, group.items.map((item) => item.id)])).toEqual([['overview', ['operator', 'analytics']], ['ecommerce', ['order']], ['system', ['myConversations']], ['tools', ['styleguide']]]);
  });
});
