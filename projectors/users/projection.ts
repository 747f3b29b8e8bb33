import { idsOf, type Projection, type ViewDoc } from '../projection.ts';
import { searchTextOf } from '../seen.ts';
import type { UserLocale } from '../../domain/user/commands.ts';

// Users for admin lists (README: `users`). Password and activation token hashes are never copied here.
export interface UserView extends ViewDoc {
  userId: string;
  email: string;
  fullName: string;
  phone: string | null;
  locale: UserLocale;
  active: boolean;
  roles: string[];
  groups: string[];
  vendorId: string | null;
  searchText: string;
  registeredAt: string;
  updatedAt: string;
}

export const usersProjection: Projection<UserView> = {
  name: 'users',
  collection: 'users',
  eventTypes: ['UserRegistered', 'UserActivated', 'UserRolesChanged', 'UserVendorLinked', 'UserVendorUnlinked', 'UserProfileUpdated'],
  keysOf: (event) => idsOf('userId' in event.data && event.data.userId),
  evolve(doc, event, id) {
    if (event.type === 'UserRegistered') {
      const { email, fullName, phone, locale, at } = event.data;
      return {
        _id: id, userId: id, email, fullName, phone: phone ?? null, locale, active: false, roles: [], groups: [],
        vendorId: null, searchText: searchTextOf(fullName, email), registeredAt: at, updatedAt: at,
      };
    }
    // Every later user event follows UserRegistered in the same stream.
    if (!doc) return null;
    switch (event.type) {
      case 'UserActivated':
        return { ...doc, active: true, updatedAt: event.data.at };
      case 'UserRolesChanged':
        return { ...doc, roles: event.data.roles, groups: event.data.groups, updatedAt: event.data.at };
      case 'UserVendorLinked':
        return { ...doc, vendorId: event.data.vendorId, updatedAt: event.data.at };
      case 'UserVendorUnlinked':
        return doc.vendorId === event.data.vendorId ? { ...doc, vendorId: null, updatedAt: event.data.at } : doc;
      case 'UserProfileUpdated': {
        const { fullName, phone, locale, at } = event.data;
        return { ...doc, fullName, phone: phone ?? null, locale, searchText: searchTextOf(fullName, doc.email), updatedAt: at };
      }
      default:
        return doc;
    }
  },
  indexes: [{ email: 1, _id: 1 }, { registeredAt: -1, _id: -1 }, { fullName: 1, _id: 1 }, { vendorId: 1 }],
};
