import type { ApiClient } from './client.ts';
import { ApiError } from './api-error.ts';
import {
  articleFrom, blogCategoryFrom, busyIntervalFrom, categoryFrom, currentUserFrom, favoriteVendorIdsFrom, geoLocationFrom,
  notificationFrom, orderFrom, pageFrom, productFrom, productSummaryFrom, reviewFrom, vendorCardFrom, vendorPageFrom,
} from './adapters.ts';
import type { Article, BlogCategory, BusyInterval, Category, CurrentUser, GeoLocation, Notification, Order, Page, Product, ProductSummary, VendorCard, VendorPage } from './view-models.ts';

// Every read the storefront makes, by API path and query parameter name (SPEC §7, issue 3), mapped
// to view props by web/api/adapters.ts.
export const FAVORITES_PAGE_LIMIT = 999;
export const SEARCH_PAGE_SIZE = 12;

export async function artistCategories(api: ApiClient): Promise<Category[]> {
  try {
    const page = await api.get('tag/alias/artist-categories/children', { query: { limit: 999 } });
    return pageFrom(page, categoryFrom).items.sort((a, b) => a.order - b.order);
  } catch (error) {
    // No artist-categories tag yet (a new installation, or views still catching up): no categories,
    // rather than an error on every page that offers them.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const categoryMap = (categories: Category[]) => new Map(categories.map((category) => [category.id, category]));

export async function geoLocations(api: ApiClient): Promise<GeoLocation[]> {
  return pageFrom(await api.get('entity/geoLocation', { query: { limit: 999 } }), geoLocationFrom).items;
}

export interface VendorSearch {
  text?: string;
  category?: string;
  geoLocation?: string;
  /** YYYY-MM-DD: only vendors with free time that day. */
  date?: string;
  ids?: string[];
  start?: number;
  limit?: number;
  sort?: string;
}

export async function searchVendors(api: ApiClient, search: VendorSearch, categories: Category[]): Promise<Page<VendorCard>> {
  const answer = await api.get('ecommerce/vendor', {
    query: {
      text: search.text, category: search.category, geoLocation: search.geoLocation, date: search.date,
      id: search.ids, start: search.start ?? 0, limit: search.limit ?? SEARCH_PAGE_SIZE, sort: search.sort,
    },
  });
  const byId = categoryMap(categories);
  return pageFrom(answer, (doc) => vendorCardFrom(doc, byId));
}

export async function vendorPage(api: ApiClient, vendorId: string, categories: Category[], places: GeoLocation[]): Promise<VendorPage> {
  const [doc, reviews] = await Promise.all([
    api.get(`ecommerce/vendor/${encodeURIComponent(vendorId)}`),
    api.get(`ecommerce/vendor/${encodeURIComponent(vendorId)}/reviews`, { query: { limit: 10 }, silent: true }).catch(() => ({ items: [] })),
  ]);
  return vendorPageFrom(doc, categoryMap(categories), new Map(places.map((place) => [place.id, place])), pageFrom(reviews, reviewFrom).items);
}

export async function vendorProducts(api: ApiClient, vendorId: string): Promise<ProductSummary[]> {
  return pageFrom(await api.get('ecommerce/product', { query: { vendorId, limit: 100 } }), (doc) => productSummaryFrom(doc, vendorId)).items;
}

export async function featuredProducts(api: ApiClient, limit = 12): Promise<ProductSummary[]> {
  return pageFrom(await api.get('ecommerce/product', { query: { limit } }), (doc) => productSummaryFrom(doc)).items;
}

export async function product(api: ApiClient, productId: string): Promise<Product> {
  return productFrom(await api.get(`ecommerce/product/${encodeURIComponent(productId)}`));
}

export async function vendorCalendar(api: ApiClient, vendorId: string, from: string, to: string): Promise<BusyInterval[]> {
  const answer = await api.get(`vendor/${encodeURIComponent(vendorId)}/calendar`, { query: { from, to, limit: 999 } });
  return pageFrom(answer, busyIntervalFrom).items;
}

export async function order(api: ApiClient, orderId: string, minRevision?: number): Promise<Order> {
  return orderFrom(await api.get(`orders/${encodeURIComponent(orderId)}`, { query: { minRevision }, fresh: minRevision !== undefined }));
}

export async function myOrders(api: ApiClient): Promise<Page<Order>> {
  return pageFrom(await api.get('orders', { query: { limit: 50 } }), orderFrom);
}

export async function vendorOrders(api: ApiClient): Promise<Page<Order>> {
  return pageFrom(await api.get('vendor/orders', { query: { limit: 50 } }), orderFrom);
}

export async function currentUser(api: ApiClient, timeoutMs: number): Promise<CurrentUser | null> {
  return currentUserFrom(await api.get('user/current', { timeoutMs, silent: true }));
}

/** A signed-in user's favorites: the ids and the vendor cards, in the order they were added. */
export async function favoriteVendors(api: ApiClient, categories: () => Promise<Category[]>): Promise<{ ids: string[]; vendors: VendorCard[] }> {
  const answer = await api.get('artists/vendor/favored/by-user', { silent: true });
  const ids = favoriteVendorIdsFrom(answer);
  const byId = ids.length ? categoryMap(await categories()) : new Map<string, Category>();
  return { ids, vendors: pageFrom(answer, (doc) => vendorCardFrom(doc, byId)).items };
}

/** Guests: the ids from the favorites cookie, read back as cards (SPEC §7: id filter, limit 999). */
export async function vendorsByIds(api: ApiClient, ids: string[], categories: Category[]): Promise<VendorCard[]> {
  if (ids.length === 0) return [];
  const page = await searchVendors(api, { ids, start: 0, limit: FAVORITES_PAGE_LIMIT }, categories);
  const order = new Map(ids.map((id, index) => [id, index]));
  return page.items.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

export async function articleByAlias(api: ApiClient, alias: string): Promise<Article> {
  return articleFrom(await api.get(`entity/article/alias/${encodeURIComponent(alias)}`));
}

export async function blogArticles(api: ApiClient, categoryAlias?: string): Promise<Page<Article>> {
  return pageFrom(await api.get('entity/article', { query: { kind: 'blog', category: categoryAlias, limit: 50 } }), articleFrom);
}

export async function blogCategories(api: ApiClient): Promise<BlogCategory[]> {
  return pageFrom(await api.get('entity/category', { query: { limit: 100 } }), blogCategoryFrom).items;
}

export async function notifications(api: ApiClient): Promise<Page<Notification>> {
  return pageFrom(await api.get('notifications', { query: { limit: 50 } }), notificationFrom);
}

/** Public configuration (GET /api/config): the support WhatsApp number of SPEC §1. */
export async function publicConfig(api: ApiClient): Promise<{ supportWhatsapp: string | null }> {
  const page = await api.get<{ items?: { key?: string; value?: unknown }[] }>('config', { silent: true });
  const value = page.items?.find((entry) => entry.key === 'support.whatsapp')?.value;
  return { supportWhatsapp: typeof value === 'string' && /^\+\d{6,15}$/.test(value) ? value : null };
}
