import * as z from 'zod/mini';
import { sanitizeRichText } from '../components/rich-text.ts';
import {
  ArticleAnswer, CalendarEntryAnswer, CategoryAnswer, ConversationAnswer, FavoritesAnswer, GeoLocationAnswer, LanguageAnswer, MessageAnswer,
  MyReviewAnswer, NamedContractAnswer, NotificationAnswer, OrderAnswer, PaymentsAnswer, ProductAnswer, PublicReviewAnswer,
  TagAnswer, UnreadCountsAnswer, UserProfileAnswer, VendorCardAnswer, VendorCustomerAnswer, VendorPageAnswer, VendorPageProductAnswer,
  VendorOwnReviewsAnswer, VendorReviewsAnswer,
} from '../../query-api/answer-schemas.ts';
import { readAnswer } from './read-answer.ts';
import type { ProductDraft, VendorCalendarEntry } from './view-models.ts';
import type { AccountProfile, MyReview, Payments, RatingSummary, VendorOwnReviews, VendorReviews } from './view-models.ts';
import type {
  Article, BlogCategory, BusyInterval, Category, CurrentUser, GeoLocation, Money, Notification, Order, Product,
  ProductSummary, Review, Text, VendorCard, VendorPage,
} from './view-models.ts';
import type { ChatMessage, Conversation, UnreadCounts } from './view-models.ts';
import type { LanguageEntry, ServiceContract, VendorCustomer, VendorProfileDraft } from './view-models.ts';

// Where the web reads API answers. Each answer is validated with its schema from the read contract
// (query-api/answer-schemas.ts, bound there to the views' document types) and kept as it names its
// fields; where a page needs more (a card's category alias, sanitized HTML) a named function adds it.
// An answer of another shape throws AnswerShapeError (web/api/read-answer.ts) instead of being
// guessed at field by field.

/** A translated text from any value (the admin screens' loose fields): a string is the same in both languages. */
export function text(value: unknown): Text {
  if (typeof value === 'string') return { he: value, en: value };
  const doc = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const result: Text = {};
  if (typeof doc.he === 'string') result.he = doc.he;
  if (typeof doc.en === 'string') result.en = doc.en;
  return result;
}

const ils = (amountMinor: number): Money => ({ amountMinor, currency: 'ILS' });
const orNull = (value: string | null | undefined): string | null => (value ? value : null);

export const DEFAULT_CATEGORY_ALIAS = 'artist';

/** SPEC §2: the alias of the vendor's highest-level tag (lowest level number, then order), default `artist`. */
export function categoryAliasOf(tagIds: string[], categories: Map<string, Category>): string {
  const tags = tagIds.map((id) => categories.get(id)).filter((tag): tag is Category => Boolean(tag));
  tags.sort((a, b) => a.level - b.level || a.order - b.order);
  return tags[0]?.alias ?? DEFAULT_CATEGORY_ALIAS;
}

export function categoryFrom(value: unknown): Category {
  const tag = readAnswer(TagAnswer, value, 'a category tag');
  return { id: tag.id, alias: tag.alias, name: tag.name, level: tag.level, order: tag.order };
}

export function geoLocationFrom(value: unknown): GeoLocation {
  const place = readAnswer(GeoLocationAnswer, value, 'a place');
  return { id: place.id, name: place.name };
}

type CardAnswer = z.output<typeof VendorCardAnswer>;

/** The card of a vendor with what the web derives from its tags (SPEC §2 alias, the tags' names) and its lowest price as money. */
function withCategories(card: CardAnswer, categories: Map<string, Category>): VendorCard {
  return {
    ...card,
    categoryAlias: categoryAliasOf(card.tagIds, categories),
    categoryNames: card.tagIds.map((id) => categories.get(id)?.name).filter((name): name is Text => Boolean(name)),
    priceFrom: card.priceFromMinor === null ? null : ils(card.priceFromMinor),
  };
}

/** A search result card (GET /api/ecommerce/vendor and the favorites). */
export function vendorCardFrom(value: unknown, categories: Map<string, Category>): VendorCard {
  return withCategories(readAnswer(VendorCardAnswer, value, 'a vendor card'), categories);
}

export type VendorPageAnswerDoc = z.output<typeof VendorPageAnswer>;

/** The card the search would answer for a vendor, from its page: the profile, the reviews summary, the lowest product price. */
function cardOfPage(page: VendorPageAnswerDoc): CardAnswer {
  const { profile, reviewsSummary, products } = page;
  const prices = products.map((product) => product.price.amountMinor);
  return {
    vendorId: page.vendorId, name: profile.name, intro: profile.intro, originLocation: profile.originLocation, tagIds: profile.tagIds,
    geoLocationIds: profile.geoLocationIds, languages: profile.languages, logoImageUrl: orNull(profile.logoImageUrl), heroImageUrl: orNull(profile.heroImageUrl),
    ratingAvg: reviewsSummary.avg, ratingCount: reviewsSummary.count, priceFromMinor: prices.length ? Math.min(...prices) : null, productCount: products.length,
    response: page.response ?? null,
  };
}

/** The card of a vendor read from its page (GET /api/ecommerce/vendor/{id}). */
export function vendorCardOfPage(value: unknown, categories: Map<string, Category>): VendorCard {
  return withCategories(cardOfPage(readAnswer(VendorPageAnswer, value, 'a vendor page')), categories);
}

/** The fields of a product its lists show, with its vendor (a vendor page's products name none: the page's). */
function summaryOf(product: z.output<typeof VendorPageProductAnswer>, vendorId: string): ProductSummary {
  const { productId, type, name, introText, price, featured, introImage, serviceDuration, paymentTerms } = product;
  return { productId, vendorId, type, name, introText, price, featured, introImage, serviceDuration, ...(paymentTerms ? { paymentTerms } : {}) };
}

/** A product of GET /api/ecommerce/product (lists and one product). */
export function productSummaryFrom(value: unknown): ProductSummary {
  const product = readAnswer(ProductAnswer, value, 'a product');
  return { ...summaryOf(product, product.vendorId), ...(product.archived ? { archived: true } : {}) };
}

/** A product as a vendor page lists it. */
export function vendorPageProductFrom(value: unknown, vendorId: string): ProductSummary {
  return summaryOf(readAnswer(VendorPageProductAnswer, value, "a vendor page's product"), vendorId);
}

export function productFrom(value: unknown): Product {
  const product = readAnswer(ProductAnswer, value, 'a product');
  return {
    ...summaryOf(product, product.vendorId),
    images: product.images,
    additionalInformation: product.additionalInformation,
    informationHtml: sanitizedPerLanguage(product.information),
  };
}

const typeOrder = { timedService: 0, contractService: 1, default: 2 } as const;

/** Rich text per language, each language sanitized for display (a blank one left out). */
function sanitizedPerLanguage(value: Text): Text {
  const html: Text = {};
  for (const lang of ['he', 'en'] as const) if (value[lang]?.trim()) html[lang] = sanitizeRichText(value[lang]);
  return html;
}

export function vendorPageFrom(value: unknown, categories: Map<string, Category>, geoLocations: Map<string, GeoLocation>, reviews: Review[] = []): VendorPage {
  return vendorPageOf(readAnswer(VendorPageAnswer, value, 'a vendor page'), categories, geoLocations, reviews);
}

/** The vendor page of an answer already in the answer's shape: validated by vendorPageFrom, or handed over by the query API in this process. */
export function vendorPageOf(page: VendorPageAnswerDoc, categories: Map<string, Category>, geoLocations: Map<string, GeoLocation>, reviews: Review[] = []): VendorPage {
  const products = page.products.map((product) => summaryOf(product, page.vendorId))
    .sort((a, b) => typeOrder[a.type] - typeOrder[b.type] || a.price.amountMinor - b.price.amountMinor);
  const { about, ...profile } = page.profile;
  return {
    ...page,
    profile,
    card: withCategories(cardOfPage(page), categories),
    aboutHtml: sanitizedPerLanguage(about),
    geoLocations: page.profile.geoLocationIds.map((id) => geoLocations.get(id)).filter((place): place is GeoLocation => Boolean(place)),
    products,
    reviews,
  };
}

/** A public review: named by an opaque reviewId (no order id leaves the API for them). */
export function reviewFrom(value: unknown): Review {
  return readAnswer(PublicReviewAnswer, value, 'a review');
}

export function busyIntervalFrom(value: unknown): BusyInterval {
  const entry = readAnswer(CalendarEntryAnswer, value, 'a calendar entry');
  return { start: entry.start, end: entry.end };
}

export function orderFrom(value: unknown): Order {
  return readAnswer(OrderAnswer, value, 'an order');
}

/** An article of a list (no body) or one article (GET /api/entity/article/alias/{alias}, with its body). */
const ArticleRead = z.extend(ArticleAnswer, { body: z.optional(ArticleAnswer.shape.title) });

export function articleFrom(value: unknown): Article {
  const { body = {}, ...article } = readAnswer(ArticleRead, value, 'an article');
  return { ...article, bodyHtml: { he: sanitizeRichText(body.he ?? ''), en: sanitizeRichText(body.en ?? '') } };
}

export function blogCategoryFrom(value: unknown): BlogCategory {
  const category = readAnswer(CategoryAnswer, value, 'a blog category');
  return { id: category.id, alias: category.alias, name: category.name, description: category.description };
}

/** GET /api/user/current → the signed-in user (uuid, email, fullName, locale, Vendor?: {id}, isAdmin, isOperator, groups). */
export function currentUserFrom(value: unknown): CurrentUser {
  const { roles: _roles, phone: _phone, ...user } = readAnswer(UserProfileAnswer, value, 'the signed-in user');
  return user;
}

export function notificationFrom(value: unknown): Notification {
  return readAnswer(NotificationAnswer, value, 'a notification');
}

export function conversationFrom(value: unknown): Conversation {
  return readAnswer(ConversationAnswer, value, 'a conversation');
}

export function chatMessageFrom(value: unknown): ChatMessage {
  return readAnswer(MessageAnswer, value, 'a message');
}

export function unreadCountsFrom(value: unknown): UnreadCounts {
  return readAnswer(UnreadCountsAnswer, value, 'the unread counts');
}

/** Vendor ids of GET /api/artists/vendor/favored/by-user, in the order they were added. */
export function favoriteVendorIdsFrom(value: unknown): string[] {
  return readAnswer(FavoritesAnswer, value, 'the favorites').vendorIds;
}

const PageEnvelope = z.looseObject({ items: z.array(z.unknown()), total: z.int().check(z.nonnegative()) });

/** A page of a list answer (`{ items, total }`), each item read by `map`. */
export function pageFrom<T>(value: unknown, map: (item: unknown) => T): { items: T[]; total: number } {
  const page = readAnswer(PageEnvelope, value, 'a page of a list');
  return { items: page.items.map(map), total: page.total };
}

/** The profile inside GET /api/ecommerce/vendor/{id} as the editor holds it (raw `about`, image links '' when none). */
export function vendorProfileDraftFrom(value: unknown): VendorProfileDraft {
  const { profile } = readAnswer(VendorPageAnswer, value, 'a vendor page');
  return { ...profile, heroImageUrl: profile.heroImageUrl ?? '', logoImageUrl: profile.logoImageUrl ?? '' };
}

export function languageEntryFrom(value: unknown): LanguageEntry {
  const language = readAnswer(LanguageAnswer, value, 'a language');
  return { code: language.code, name: language.name };
}

export function serviceContractFrom(value: unknown): ServiceContract {
  return readAnswer(NamedContractAnswer, value, 'a service contract');
}

export function vendorCustomerFrom(value: unknown): VendorCustomer {
  return readAnswer(VendorCustomerAnswer, value, "a vendor's customer");
}

/** GET /api/user/current → the account fields the profile form edits. */
export function accountProfileFrom(value: unknown): AccountProfile {
  const { uuid, email, fullName, phone, locale, Vendor } = readAnswer(UserProfileAnswer, value, 'the signed-in user');
  return { uuid, email, fullName, phone, locale, Vendor };
}

export function myReviewFrom(value: unknown): MyReview {
  return readAnswer(MyReviewAnswer, value, 'a review');
}

function ratingSummaryOf(summary: z.output<typeof VendorReviewsAnswer>['summary']): RatingSummary {
  const stars = (star: string) => summary.distribution[star] ?? 0;
  return { count: summary.count, avg: summary.avg, distribution: { 1: stars('1'), 2: stars('2'), 3: stars('3'), 4: stars('4'), 5: stars('5') } };
}

/** GET /api/ecommerce/vendor/{id}/reviews: a page of reviews and the summary over all of them. */
export function vendorReviewsFrom(value: unknown): VendorReviews {
  const answer = readAnswer(VendorReviewsAnswer, value, "a vendor's reviews");
  return { ...answer, summary: ratingSummaryOf(answer.summary) };
}

/** GET /api/vendor/reviews: the signed-in vendor's reviews with their orders (to reply) and the summary over all of them. */
export function vendorOwnReviewsFrom(value: unknown): VendorOwnReviews {
  const answer = readAnswer(VendorOwnReviewsAnswer, value, "the vendor's reviews");
  return { ...answer, summary: ratingSummaryOf(answer.summary) };
}

export function paymentsFrom(value: unknown): Payments {
  return readAnswer(PaymentsAnswer, value, 'the payments');
}

/** Product ids of GET /api/artists/vendor/favored/by-user. */
export function favoriteProductIdsFrom(value: unknown): string[] {
  return readAnswer(FavoritesAnswer, value, 'the favorites').productIds;
}

/** An entry of GET /api/vendor/{id}/calendar as its owner reads it: a busy window or a booked order's slot. */
export function vendorCalendarEntryFrom(value: unknown): VendorCalendarEntry {
  return readAnswer(CalendarEntryAnswer, value, 'a calendar entry');
}

/** GET /api/ecommerce/product/{id} for the product form (web/components/product-form-values.ts makes its values). */
export function productDraftFrom(value: unknown): ProductDraft {
  return readAnswer(ProductAnswer, value, 'a product');
}
