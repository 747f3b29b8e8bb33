import type { ApiClient } from './client.ts';
import { historyEventFrom, type HistoryEvent } from './event-history.ts';
import { categoryMap } from './queries.ts';
import { orderFrom, pageFrom, productDraftFrom, productSummaryFrom, vendorCardFrom, vendorCardOfPage, vendorPageProductFrom, vendorProfileDraftFrom } from './adapters.ts';
import type { Category, Order, Page, ProductDraft, ProductSummary, VendorCard, VendorProfileDraft } from './view-models.ts';
import type { UserLocale } from '../../domain/user/commands.ts';

// The admin catalogue and people screens' reads (web/pages/admin/vendors.tsx, products.tsx, users.tsx):
// GET /api/admin/vendors, /api/ecommerce/vendor/:id (with the owner, for admins), /api/ecommerce/product,
// /api/admin/users, /api/admin/users/:userId and the customer's orders, as view props. Single documents
// read `fresh` and take the write's revision (`minRevision`), so a page reloaded after saving shows it.
type Doc = Record<string, unknown>;
const asDoc = (value: unknown): Doc => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Doc) : {});
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const int = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

export const ADMIN_PAGE_SIZE = 20;

/** A row of the admin's vendor list: the card, archived or not, and its counts. */
export interface AdminVendorRow { card: VendorCard; archived: boolean; productCount: number; createdAt: string | null; updatedAt: string | null }

export interface AdminVendorQuery { text?: string; includeArchived: boolean; start: number; limit?: number }

export async function adminVendorList(api: ApiClient, query: AdminVendorQuery, categories: Category[]): Promise<Page<AdminVendorRow>> {
  const answer = await api.get('admin/vendors', {
    query: {
      text: query.text || undefined, archived: query.includeArchived ? undefined : 'false', sort: 'name',
      start: query.start, limit: query.limit ?? ADMIN_PAGE_SIZE,
    },
    fresh: true,
  });
  const categoriesById = categoryMap(categories);
  return pageFrom(answer, (value) => {
    const doc = asDoc(value);
    return {
      card: vendorCardFrom(doc, categoriesById), archived: doc.archived === true, productCount: int(doc.productCount),
      createdAt: strOrNull(doc.createdAt), updatedAt: strOrNull(doc.updatedAt),
    };
  });
}

/** One vendor as the admin edits it: every profile field, its card (for links), archive state and owner. */
export interface AdminVendor {
  profile: VendorProfileDraft;
  card: VendorCard;
  archived: boolean;
  archivedReason: string | null;
  ownerUserId: string | null;
  products: ProductSummary[];
}

export async function adminVendor(api: ApiClient, vendorId: string, categories: Category[], minRevision?: number): Promise<AdminVendor> {
  const doc = asDoc(await api.get(`ecommerce/vendor/${encodeURIComponent(vendorId)}`, { query: { minRevision }, fresh: true }));
  return {
    profile: vendorProfileDraftFrom(doc),
    card: vendorCardOfPage(doc, categoryMap(categories)),
    archived: doc.archived === true,
    archivedReason: strOrNull(doc.archivedReason),
    ownerUserId: strOrNull(doc.ownerUserId),
    products: (Array.isArray(doc.products) ? doc.products : []).map((product) => vendorPageProductFrom(product, vendorId)),
  };
}

export interface AdminProductQuery { vendorId?: string; type?: ProductSummary['type']; archived?: 'include' | 'only'; start: number; limit?: number }

/** Products of every vendor (or one), by name; optionally of one type. */
export async function adminProductList(api: ApiClient, query: AdminProductQuery): Promise<Page<ProductSummary>> {
  const answer = await api.get('ecommerce/product', {
    query: { vendorId: query.vendorId, type: query.type, archived: query.archived, sort: 'name', start: query.start, limit: query.limit ?? ADMIN_PAGE_SIZE },
    fresh: true,
  });
  return pageFrom(answer, (value) => productSummaryFrom(value));
}

/** One product with every form field, as of the write `minRevision` when given. */
export async function adminProduct(api: ApiClient, productId: string, minRevision?: number): Promise<ProductDraft> {
  return productDraftFrom(await api.get(`ecommerce/product/${encodeURIComponent(productId)}`, { query: { minRevision }, fresh: true }));
}

export type PrivilegedRole = 'admin' | 'operator' | 'superAdmin';
export const PRIVILEGED_ROLES: readonly PrivilegedRole[] = ['admin', 'operator', 'superAdmin'];
/** The role filter of the user list: the privileged roles, and vendors (users owning a vendor). */
export type UserRoleFilter = PrivilegedRole | 'vendor';
export const USER_ROLE_FILTERS: readonly UserRoleFilter[] = [...PRIVILEGED_ROLES, 'vendor'];

export interface AdminUser {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  locale: UserLocale;
  active: boolean;
  roles: PrivilegedRole[];
  groups: string[];
  vendorId: string | null;
  registeredAt: string;
  updatedAt: string;
}

export function adminUserFrom(value: unknown): AdminUser {
  const doc = asDoc(value);
  return {
    id: str(doc.userId ?? doc._id), email: str(doc.email), fullName: str(doc.fullName), phone: strOrNull(doc.phone),
    locale: doc.locale === 'en-US' ? 'en-US' : 'he-IL', active: doc.active === true,
    roles: strings(doc.roles).filter((role): role is PrivilegedRole => (PRIVILEGED_ROLES as readonly string[]).includes(role)),
    groups: strings(doc.groups), vendorId: strOrNull(doc.vendorId), registeredAt: str(doc.registeredAt), updatedAt: str(doc.updatedAt),
  };
}

export interface AdminUserQuery { text?: string; role?: UserRoleFilter; active?: boolean; start: number; limit?: number }

/** Users found by name or e-mail, newest first. */
export async function adminUserList(api: ApiClient, query: AdminUserQuery): Promise<Page<AdminUser>> {
  const answer = await api.get('admin/users', {
    query: {
      text: query.text || undefined, role: query.role, active: query.active === undefined ? undefined : String(query.active),
      start: query.start, limit: query.limit ?? ADMIN_PAGE_SIZE,
    },
    fresh: true,
  });
  return pageFrom(answer, adminUserFrom);
}

export async function adminUser(api: ApiClient, userId: string, minRevision?: number): Promise<AdminUser> {
  return adminUserFrom(await api.get(`admin/users/${encodeURIComponent(userId)}`, { query: { minRevision }, fresh: true }));
}

/** The orders a user placed as a customer, latest first. */
export async function ordersOfCustomer(api: ApiClient, userId: string, limit = 10): Promise<Page<Order>> {
  return pageFrom(await api.get('admin/orders', { query: { customerId: userId, sort: '-placedAt', limit }, fresh: true }), orderFrom);
}

/** The user-actions screen's filters (GET /api/admin/user-actions); days are yyyy-mm-dd in Israel time. */
export interface UserActionQuery { userId?: string; type?: string; category?: string; from?: string; to?: string; before?: number; limit?: number }

export interface UserActionPage {
  items: HistoryEvent[];
  /** Where the next, older page starts; null when the start of the log (or of the day range) was reached. */
  before: number | null;
  scanned: number;
}

export async function userActions(api: ApiClient, query: UserActionQuery): Promise<UserActionPage> {
  const answer = asDoc(await api.get('admin/user-actions', { query: { ...query, limit: query.limit ?? 30 }, fresh: true, silent: true }));
  return {
    items: (Array.isArray(answer.items) ? answer.items : []).map(historyEventFrom),
    before: typeof answer.before === 'number' ? answer.before : null,
    scanned: int(answer.scanned),
  };
}
