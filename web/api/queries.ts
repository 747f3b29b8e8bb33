import type { ApiClient } from './client.ts';
import type { ProductDraft, VendorCalendarEntry } from './view-models.ts';
import type { AccountProfile, MyReview, Payments, VendorOwnReviews, VendorReviews } from './view-models.ts';
import { ApiError } from './api-error.ts';
import { answerMemo } from './answer-memo.ts';
import { keptImport } from './kept-import.ts';
import type { Article, BlogCategory, BusyInterval, Category, CurrentUser, GeoLocation, Notification, Order, Page, Product, ProductSummary, VendorCard, VendorPage } from './view-models.ts';
import type { ChatMessage, Conversation, UnreadCounts } from './view-models.ts';
import type { ContractStatus, LanguageEntry, ServiceContract, VendorCustomer, VendorProfileDraft } from './view-models.ts';

// Every read the storefront makes, by API path and query parameter name (SPEC §7), mapped
// to view props by web/api/adapters.ts.

// The answers' parsers (web/api/adapters.ts, with zod and the read contract's schemas) are imported with
// the first read, not with the page: the server renders the first page and hands its data over, so the
// storefront's first load carries no zod (docs/storefront.md). Every answer read here is validated (the
// values the query API of the same process hands over are not: web/api/in-process-values.ts). The
// module's promise is kept (several reads per server-rendered page).
const parsers = keptImport(() => import('./adapters.ts'));
export const FAVORITES_PAGE_LIMIT = 999;
export const SEARCH_PAGE_SIZE = 12;

// The categories and places every page lists: the same text page after page (web/api/answer-memo.ts).
const categoriesRead = answerMemo<readonly Category[]>(4);
const placesRead = answerMemo<readonly GeoLocation[]>(4);

export async function artistCategories(api: ApiClient): Promise<Category[]> {
  const { categoryFrom, pageFrom } = await parsers();
  try {
    const text = await api.get<string>('tag/alias/artist-categories/children', { query: { limit: 999 }, text: true });
    return categoriesRead.of(text, (page) => pageFrom(page, categoryFrom).items.sort((a, b) => a.order - b.order)) as Category[];
  } catch (error) {
    // No artist-categories tag yet (a new installation, or views still catching up): no categories,
    // rather than an error on every page that offers them.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const categoryMap = (categories: Category[]) => new Map(categories.map((category) => [category.id, category]));

export async function geoLocations(api: ApiClient): Promise<GeoLocation[]> {
  const { geoLocationFrom, pageFrom } = await parsers();
  const text = await api.get<string>('entity/geoLocation', { query: { limit: 999 }, text: true });
  return placesRead.of(text, (page) => pageFrom(page, geoLocationFrom).items) as GeoLocation[];
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
  /** The API's sort (query-api/routes/vendor-reads.ts), e.g. `-rating`, `price`, `distance`. */
  sort?: string;
  /** Geo location id that sort=distance measures from. */
  near?: string;
}

export async function searchVendors(api: ApiClient, search: VendorSearch, categories: Category[]): Promise<Page<VendorCard>> {
  const { pageFrom, vendorCardFrom } = await parsers();
  const answer = await api.get('ecommerce/vendor', {
    query: {
      text: search.text, category: search.category, geoLocation: search.geoLocation, date: search.date,
      id: search.ids, start: search.start ?? 0, limit: search.limit ?? SEARCH_PAGE_SIZE, sort: search.sort, near: search.near,
    },
  });
  const byId = categoryMap(categories);
  return pageFrom(answer, (doc) => vendorCardFrom(doc, byId));
}

/** SPEC §3 search items beside the artists: products and articles holding every word (GET …?text=). */
export async function searchProducts(api: ApiClient, text: string, limit = 6): Promise<Page<ProductSummary>> {
  const { pageFrom, productSummaryFrom } = await parsers();
  return pageFrom(await api.get('ecommerce/product', { query: { text, limit } }), (doc) => productSummaryFrom(doc));
}
export async function searchArticles(api: ApiClient, text: string, limit = 6): Promise<Page<Article>> {
  const { articleFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('entity/article', { query: { text, limit } }), articleFrom);
}

export async function vendorPage(api: ApiClient, vendorId: string, categories: Category[], places: GeoLocation[]): Promise<VendorPage> {
  const { pageFrom, reviewFrom, vendorPageFrom } = await parsers();
  const [doc, reviews] = await Promise.all([
    api.get(`ecommerce/vendor/${encodeURIComponent(vendorId)}`),
    api.get(`ecommerce/vendor/${encodeURIComponent(vendorId)}/reviews`, { query: { limit: 10 }, silent: true }).catch(() => ({ items: [], total: 0 })),
  ]);
  return vendorPageFrom(doc, categoryMap(categories), new Map(places.map((place) => [place.id, place])), pageFrom(reviews, reviewFrom).items);
}

export async function vendorProducts(api: ApiClient, vendorId: string): Promise<ProductSummary[]> {
  const { pageFrom, productSummaryFrom } = await parsers();
  return pageFrom(await api.get('ecommerce/product', { query: { vendorId, limit: 100 } }), productSummaryFrom).items;
}

export async function featuredProducts(api: ApiClient, limit = 12): Promise<ProductSummary[]> {
  const { pageFrom, productSummaryFrom } = await parsers();
  return pageFrom(await api.get('ecommerce/product', { query: { limit } }), (doc) => productSummaryFrom(doc)).items;
}

export async function product(api: ApiClient, productId: string): Promise<Product> {
  const { productFrom } = await parsers();
  return productFrom(await api.get(`ecommerce/product/${encodeURIComponent(productId)}`));
}

export async function vendorCalendar(api: ApiClient, vendorId: string, from: string, to: string): Promise<BusyInterval[]> {
  const { busyIntervalFrom, pageFrom } = await parsers();
  const answer = await api.get(`vendor/${encodeURIComponent(vendorId)}/calendar`, { query: { from, to, limit: 999 } });
  return pageFrom(answer, busyIntervalFrom).items;
}

export async function order(api: ApiClient, orderId: string, minRevision?: number): Promise<Order> {
  const { orderFrom } = await parsers();
  return orderFrom(await api.get(`orders/${encodeURIComponent(orderId)}`, { query: { minRevision }, fresh: minRevision !== undefined }));
}

/** Which orders of a list: the open ones (new, payed, approved) or the finished ones, and the page. */
export interface OrderListQuery { open?: boolean; start?: number; limit?: number }
const orderListParams = (query: OrderListQuery) => ({ open: query.open, start: query.start, limit: query.limit ?? 50 });

export async function myOrders(api: ApiClient, query: OrderListQuery = {}): Promise<Page<Order>> {
  const { orderFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('orders', { query: orderListParams(query) }), orderFrom);
}

export async function vendorOrders(api: ApiClient, query: OrderListQuery = {}): Promise<Page<Order>> {
  const { orderFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('vendor/orders', { query: orderListParams(query) }), orderFrom);
}

/**
 * The vendor's events by their start (issue 22 item 9): orders whose event falls on Israel days `from`
 * to `to` (both included; `to` left out: from `from` on), earliest first; `open` keeps the orders still
 * in progress.
 */
export async function vendorEvents(api: ApiClient, query: { from: string; to?: string; open?: boolean; limit?: number }): Promise<Page<Order>> {
  const { orderFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('vendor/orders', {
    query: { eventFrom: query.from, eventTo: query.to, open: query.open, sort: 'eventAt', limit: query.limit ?? 100 },
  }), orderFrom);
}

/**
 * Waits (bounded, server side) until the views hold this revision of the order: after a write, or
 * on a push naming the revision of its event. Quiet: a view still behind is not the reader's error.
 */
export async function awaitOrderRevision(api: ApiClient, orderId: string, revision: number): Promise<void> {
  await api.get(`orders/${encodeURIComponent(orderId)}`, { query: { minRevision: revision }, fresh: true, silent: true });
}

export async function currentUser(api: ApiClient, timeoutMs: number): Promise<CurrentUser | null> {
  const { currentUserFrom } = await parsers();
  return currentUserFrom(await api.get('user/current', { timeoutMs, silent: true }));
}

/** A signed-in user's favorites: the ids and the vendor cards, in the order they were added. */
export async function favoriteVendors(api: ApiClient, categories: () => Promise<Category[]>): Promise<{ ids: string[]; vendors: VendorCard[] }> {
  const { favoriteVendorIdsFrom, pageFrom, vendorCardFrom } = await parsers();
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
  return page.items.sort((a, b) => (order.get(a.vendorId) ?? 0) - (order.get(b.vendorId) ?? 0));
}

export async function articleByAlias(api: ApiClient, alias: string): Promise<Article> {
  const { articleFrom } = await parsers();
  return articleFrom(await api.get(`entity/article/alias/${encodeURIComponent(alias)}`));
}

export async function blogArticles(api: ApiClient, categoryAlias?: string): Promise<Page<Article>> {
  const { articleFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('entity/article', { query: { kind: 'blog', category: categoryAlias, limit: 50 } }), articleFrom);
}

export async function blogCategories(api: ApiClient): Promise<BlogCategory[]> {
  const { blogCategoryFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('entity/category', { query: { limit: 100 } }), blogCategoryFrom).items;
}

export async function notifications(api: ApiClient, read: LiveRead = {}): Promise<Page<Notification>> {
  const { notificationFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('notifications', { query: { limit: 50 }, fresh: read.fresh }), notificationFrom);
}

/** How a live screen reads: `minRevision` waits until the views show that write of the stream; `fresh` skips the GET cache. */
export interface LiveRead { minRevision?: number; fresh?: boolean }

/** The caller's conversations (as customer and as vendor), latest activity first. */
export async function myConversations(api: ApiClient, read: LiveRead = {}): Promise<Page<Conversation>> {
  const { conversationFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('conversations', { query: { limit: 100 }, fresh: read.fresh }), conversationFrom);
}

export async function conversation(api: ApiClient, conversationId: string, read: LiveRead = {}): Promise<Conversation> {
  const { conversationFrom } = await parsers();
  const answer = await api.get(`conversations/${encodeURIComponent(conversationId)}`, { query: { minRevision: read.minRevision }, fresh: read.fresh || read.minRevision !== undefined });
  return conversationFrom(answer);
}

export const THREAD_MESSAGE_LIMIT = 200;

/** The latest messages of a conversation, oldest first. */
export async function conversationMessages(api: ApiClient, conversationId: string, read: LiveRead = {}): Promise<ChatMessage[]> {
  const { chatMessageFrom, pageFrom } = await parsers();
  const answer = await api.get(`conversations/${encodeURIComponent(conversationId)}/messages`, {
    query: { sort: '-seq', limit: THREAD_MESSAGE_LIMIT, minRevision: read.minRevision }, fresh: read.fresh || read.minRevision !== undefined,
  });
  return pageFrom(answer, chatMessageFrom).items.reverse();
}

/** The caller's unread notifications (a background read: silent, fresh). */
export async function unreadNotifications(api: ApiClient): Promise<Notification[]> {
  const { notificationFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('notifications', { query: { unread: 'true', limit: 100 }, silent: true, fresh: true }), notificationFrom).items;
}

/** The header badges; silent and fresh: a background read that must not toast or lag. */
export async function unreadCounts(api: ApiClient): Promise<UnreadCounts> {
  const { unreadCountsFrom } = await parsers();
  return unreadCountsFrom(await api.get('unread-counts', { silent: true, fresh: true }));
}

/** Public configuration (GET /api/config): the support WhatsApp number of SPEC §1, and whether it is a
 * demo number (`support.demo` = true, set by the demo seed) that the footer labels as such. */
export async function publicConfig(api: ApiClient): Promise<{ supportWhatsapp: string | null; supportIsDemo: boolean }> {
  const page = await api.get<{ items?: { key?: string; value?: unknown }[] }>('config', { silent: true });
  const valueOf = (key: string) => page.items?.find((entry) => entry.key === key)?.value;
  const value = valueOf('support.whatsapp');
  return { supportWhatsapp: typeof value === 'string' && /^\+\d{6,15}$/.test(value) ? value : null, supportIsDemo: String(valueOf('support.demo')) === 'true' };
}

/** The signed-in vendor's own profile for its editor, and its card (for the link to its public page). */
export async function vendorProfileForEditing(api: ApiClient, vendorId: string, categories: Category[], minRevision?: number): Promise<{ profile: VendorProfileDraft; card: VendorCard }> {
  const { vendorCardOfPage, vendorProfileDraftFrom } = await parsers();
  const doc = await api.get(`ecommerce/vendor/${encodeURIComponent(vendorId)}`, { query: { minRevision }, fresh: true });
  return { profile: vendorProfileDraftFrom(doc), card: vendorCardOfPage(doc, categoryMap(categories)) };
}

/** Languages a vendor can list (enabled ones), by code. */
export async function languageEntries(api: ApiClient): Promise<LanguageEntry[]> {
  const { languageEntryFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('languages'), languageEntryFrom).items;
}

/** The caller's service contracts, as customer and as vendor, latest change first. */
export async function myContracts(api: ApiClient, status?: ContractStatus): Promise<Page<ServiceContract>> {
  const { pageFrom, serviceContractFrom } = await parsers();
  return pageFrom(await api.get('contracts', { query: { status, limit: 100 }, fresh: true }), serviceContractFrom);
}

/** One contract; `minRevision` waits until the views show that write of its stream; `silent` for background reads. */
export async function serviceContract(api: ApiClient, contractId: string, minRevision?: number, options: { silent?: boolean } = {}): Promise<ServiceContract> {
  const { serviceContractFrom } = await parsers();
  return serviceContractFrom(await api.get(`contracts/${encodeURIComponent(contractId)}`, { query: { minRevision }, fresh: true, silent: options.silent }));
}

/** Who the signed-in vendor deals with (orders, conversations, contracts): the customers a contract can be for. */
export async function vendorCustomers(api: ApiClient): Promise<VendorCustomer[]> {
  const { pageFrom, vendorCustomerFrom } = await parsers();
  return pageFrom(await api.get('vendor/customers'), vendorCustomerFrom).items;
}

/** The signed-in user's account as the profile form edits it; always fresh (the form shows what was saved). */
export async function accountProfile(api: ApiClient): Promise<AccountProfile> {
  const { accountProfileFrom } = await parsers();
  return accountProfileFrom(await api.get('user/current', { fresh: true }));
}

/** Ids of the signed-in user's favorite products, in the order they were saved. */
export async function favoriteProductIds(api: ApiClient, options: { fresh?: boolean } = {}): Promise<string[]> {
  const { favoriteProductIdsFrom } = await parsers();
  return favoriteProductIdsFrom(await api.get('artists/vendor/favored/by-user', { silent: true, fresh: options.fresh }));
}

/** Products by id, in the order of `ids`; ids of products that are gone are left out. */
export async function productsByIds(api: ApiClient, ids: string[]): Promise<ProductSummary[]> {
  const { pageFrom, productSummaryFrom } = await parsers();
  if (ids.length === 0) return [];
  const page = pageFrom(await api.get('ecommerce/product', { query: { id: ids.join(','), limit: FAVORITES_PAGE_LIMIT } }), (doc) => productSummaryFrom(doc));
  const order = new Map(ids.map((id, index) => [id, index]));
  return page.items.sort((a, b) => (order.get(a.productId) ?? 0) - (order.get(b.productId) ?? 0));
}

/** The reviews the signed-in customer wrote, newest first. */
export async function myReviews(api: ApiClient, start: number, limit: number): Promise<Page<MyReview>> {
  const { myReviewFrom, pageFrom } = await parsers();
  return pageFrom(await api.get('reviews', { query: { start, limit } }), myReviewFrom);
}

/** The signed-in vendor's reviews with their orders (to reply), newest first, with the rating summary; an admin names the vendor. */
export async function vendorOwnReviews(api: ApiClient, start: number, limit: number, vendorId?: string): Promise<VendorOwnReviews> {
  const { vendorOwnReviewsFrom } = await parsers();
  return vendorOwnReviewsFrom(await api.get('vendor/reviews', { query: { start, limit, ...(vendorId ? { vendorId } : {}) } }));
}

/** A vendor's reviews, newest first, with the rating summary over all of them. */
export async function vendorReviews(api: ApiClient, vendorId: string, start: number, limit: number): Promise<VendorReviews> {
  const { vendorReviewsFrom } = await parsers();
  return vendorReviewsFrom(await api.get(`ecommerce/vendor/${encodeURIComponent(vendorId)}/reviews`, { query: { start, limit } }));
}

/** The signed-in customer's charges and refunds, newest first, with totals over all of them. */
export async function myPayments(api: ApiClient, start: number, limit: number): Promise<Payments> {
  const { paymentsFrom } = await parsers();
  return paymentsFrom(await api.get('payments', { query: { start, limit } }));
}

/** A vendor's own calendar between from and to, as its owner sees it: busy windows (id, note) and booked orders. */
export async function vendorCalendarEntries(api: ApiClient, vendorId: string, from: string, to: string, options: { fresh?: boolean } = {}): Promise<VendorCalendarEntry[]> {
  const { pageFrom, vendorCalendarEntryFrom } = await parsers();
  const answer = await api.get(`vendor/${encodeURIComponent(vendorId)}/calendar`, { query: { from, to, limit: 999 }, fresh: options.fresh });
  return pageFrom(answer, vendorCalendarEntryFrom).items;
}

/** One product with every field its form edits (quiet: a missing product is the caller's 404 page, or what a wait after removal expects). */
export async function productDraft(api: ApiClient, productId: string, options: { fresh?: boolean } = {}): Promise<ProductDraft> {
  const { productDraftFrom } = await parsers();
  return productDraftFrom(await api.get(`ecommerce/product/${encodeURIComponent(productId)}`, { fresh: options.fresh, silent: true }));
}
