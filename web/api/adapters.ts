import { sanitizeRichText } from '../components/rich-text.ts';
import type {
  Article, BlogCategory, BusyInterval, Category, CurrentUser, GeoLocation, Money, Notification, Order, Product,
  ProductSummary, Review, Text, VendorCard, VendorPage,
} from './view-models.ts';

// The one place where API documents (projectors/README.md, command-api answers) become view props.
// Readers are lenient: a missing field gets a neutral default instead of breaking a page.
type Doc = Record<string, unknown>;

const asDoc = (value: unknown): Doc => (typeof value === 'object' && value !== null ? (value as Doc) : {});
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const numOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const strings = (value: unknown): string[] => list(value).filter((v): v is string => typeof v === 'string');

export function text(value: unknown): Text {
  if (typeof value === 'string') return { he: value, en: value };
  const doc = asDoc(value);
  const result: Text = {};
  if (typeof doc.he === 'string') result.he = doc.he;
  if (typeof doc.en === 'string') result.en = doc.en;
  return result;
}

export function money(value: unknown): Money {
  const doc = asDoc(value);
  return { amountMinor: num(doc.amountMinor), currency: 'ILS' };
}

export const DEFAULT_CATEGORY_ALIAS = 'artist';

/** SPEC §2: the alias of the vendor's highest-level tag (lowest level number, then order), default `artist`. */
export function categoryAliasOf(tagIds: string[], categories: Map<string, Category>): string {
  const tags = tagIds.map((id) => categories.get(id)).filter((tag): tag is Category => Boolean(tag));
  tags.sort((a, b) => a.level - b.level || a.order - b.order);
  return tags[0]?.alias ?? DEFAULT_CATEGORY_ALIAS;
}

export function categoryFrom(value: unknown): Category {
  const doc = asDoc(value);
  return { id: str(doc.id ?? doc._id), alias: str(doc.alias), name: text(doc.name), level: num(doc.level, 1), order: num(doc.order) };
}

export function geoLocationFrom(value: unknown): GeoLocation {
  const doc = asDoc(value);
  return { id: str(doc.id ?? doc._id), name: text(doc.name) };
}

export function vendorCardFrom(value: unknown, categories: Map<string, Category>): VendorCard {
  const doc = asDoc(value);
  // A vendor page document nests the profile; a card has the fields at the top.
  const profile = doc.profile ? asDoc(doc.profile) : doc;
  const tagIds = strings(profile.tagIds);
  const priceFromMinor = numOrNull(doc.priceFromMinor);
  return {
    id: str(doc.vendorId ?? doc.id ?? doc._id),
    name: text(profile.name),
    intro: text(profile.intro),
    originLocation: text(profile.originLocation),
    categoryAlias: categoryAliasOf(tagIds, categories),
    categoryNames: tagIds.map((id) => categories.get(id)?.name).filter((name): name is Text => Boolean(name)),
    geoLocationIds: strings(profile.geoLocationIds),
    languages: strings(profile.languages),
    logoImageUrl: strOrNull(profile.logoImageUrl),
    heroImageUrl: strOrNull(profile.heroImageUrl),
    ratingAvg: numOrNull(doc.ratingAvg),
    ratingCount: num(doc.ratingCount),
    priceFrom: priceFromMinor === null ? null : { amountMinor: priceFromMinor, currency: 'ILS' },
  };
}

export function productSummaryFrom(value: unknown, vendorId = ''): ProductSummary {
  const doc = asDoc(value);
  const type = str(doc.type, 'default');
  return {
    id: str(doc.productId ?? doc.id ?? doc._id),
    vendorId: str(doc.vendorId, vendorId),
    type: type === 'timedService' || type === 'contractService' ? type : 'default',
    name: text(doc.name),
    introText: str(doc.introText),
    price: money(doc.price),
    featured: doc.featured === true,
    introImage: strOrNull(doc.introImage),
    serviceDuration: num(doc.serviceDuration),
  };
}

export function productFrom(value: unknown): Product {
  const doc = asDoc(value);
  return {
    ...productSummaryFrom(doc),
    informationHtml: sanitizeRichText(str(doc.information)),
    images: list(doc.images).map((image) => str(asDoc(image).url)).filter(Boolean),
    additionalInformation: list(doc.additionalInformation).map((entry) => ({ title: text(asDoc(entry).title), content: text(asDoc(entry).content) })),
  };
}

const typeOrder = { timedService: 0, contractService: 1, default: 2 } as const;

export function vendorPageFrom(value: unknown, categories: Map<string, Category>, geoLocations: Map<string, GeoLocation>, reviews: Review[] = []): VendorPage {
  const doc = asDoc(value);
  const profile = asDoc(doc.profile);
  const card = vendorCardFrom(doc, categories);
  const products = Object.values(asDoc(doc.products)).map((product) => productSummaryFrom(product, card.id))
    .sort((a, b) => typeOrder[a.type] - typeOrder[b.type] || a.price.amountMinor - b.price.amountMinor);
  const summary = asDoc(doc.reviewsSummary);
  const prices = products.map((product) => product.price.amountMinor);
  return {
    card: {
      ...card,
      ratingAvg: numOrNull(summary.avg) ?? card.ratingAvg,
      ratingCount: num(summary.count, card.ratingCount),
      priceFrom: card.priceFrom ?? (prices.length ? { amountMinor: Math.min(...prices), currency: 'ILS' } : null),
    },
    ownerUserId: strOrNull(doc.ownerUserId),
    aboutHtml: sanitizeRichText(str(profile.about)),
    images: list(profile.images).map((item) => ({ url: str(asDoc(item).url), description: str(asDoc(item).description) })).filter((item) => item.url),
    audio: list(profile.audio).map((item) => ({ url: str(asDoc(item).url), description: str(asDoc(item).description) })).filter((item) => item.url),
    videos: list(profile.videos).map((item) => ({ youtubeId: str(asDoc(item).youtubeId), description: str(asDoc(item).description) }))
      .filter((item) => /^[A-Za-z0-9_-]{6,20}$/.test(item.youtubeId)),
    generalInfo: list(profile.generalInfo).map((item) => ({ title: str(asDoc(item).title), content: str(asDoc(item).content) })),
    geoLocations: card.geoLocationIds.map((id) => geoLocations.get(id)).filter((place): place is GeoLocation => Boolean(place)),
    products,
    reviewsSummary: { count: num(summary.count), avg: numOrNull(summary.avg) },
    reviews,
  };
}

export function reviewFrom(value: unknown): Review {
  const doc = asDoc(value);
  return { id: str(doc.orderId ?? doc._id), rating: num(doc.rating), text: str(doc.text), at: str(doc.at) };
}

export function busyIntervalFrom(value: unknown): BusyInterval {
  const doc = asDoc(value);
  return { start: str(doc.start), end: str(doc.end) };
}

export function orderFrom(value: unknown): Order {
  const doc = asDoc(value);
  const product = asDoc(doc.product);
  const slot = doc.slot ? asDoc(doc.slot) : null;
  const payment = doc.payment ? asDoc(doc.payment) : null;
  const type = str(product.type, 'default');
  const status = str(doc.status, 'new');
  return {
    id: str(doc.orderId ?? doc.id ?? doc._id),
    vendorId: str(doc.vendorId ?? product.vendorId),
    customerId: str(doc.customerId),
    status: (['new', 'payed', 'approved', 'completed', 'canceled'].includes(status) ? status : 'new') as Order['status'],
    product: {
      id: str(product.productId),
      name: text(product.name),
      type: type === 'timedService' || type === 'contractService' ? type : 'default',
      price: money(product.price),
      serviceDuration: numOrNull(product.serviceDuration),
    },
    total: money(doc.total ?? product.price),
    slot: slot && str(slot.start) ? { start: str(slot.start), end: str(slot.end) } : null,
    notes: strOrNull(doc.notes),
    payment: payment ? { cardLast4: str(payment.cardLast4), at: str(payment.at) } : null,
    declines: list(doc.paymentDeclines).map((item) => ({ reason: str(asDoc(item).reason), at: str(asDoc(item).at) })),
    timeline: list(doc.timeline).map((item) => {
      const entry = asDoc(item);
      return { event: str(entry.event), status: str(entry.status), role: str(entry.role), at: str(entry.at) };
    }),
    placedAt: str(doc.placedAt),
  };
}

export function articleFrom(value: unknown): Article {
  const doc = asDoc(value);
  const body = text(doc.body);
  const kind = str(doc.kind, 'page');
  return {
    id: str(doc.id ?? doc._id),
    alias: str(doc.alias),
    title: text(doc.title),
    bodyHtml: { he: sanitizeRichText(body.he), en: sanitizeRichText(body.en) },
    excerpt: doc.excerpt ? text(doc.excerpt) : null,
    kind: kind === 'blog' ? 'blog' : 'page',
    categoryId: strOrNull(doc.categoryId),
    imageUrl: strOrNull(doc.imageUrl),
    publishedAt: str(doc.publishedAt),
  };
}

export function blogCategoryFrom(value: unknown): BlogCategory {
  const doc = asDoc(value);
  return { id: str(doc.id ?? doc._id), alias: str(doc.alias), name: text(doc.name), description: doc.description ? text(doc.description) : null };
}

/** GET /api/user/current → the signed-in user (issue 2: uuid, email, fullName, locale, Vendor?: {id}, isAdmin, isOperator, groups). */
export function currentUserFrom(value: unknown): CurrentUser | null {
  const doc = asDoc(value);
  const id = str(doc.uuid ?? doc.userId ?? doc.id);
  if (!id) return null;
  const vendor = doc.Vendor ? asDoc(doc.Vendor) : null;
  return {
    id,
    email: str(doc.email),
    fullName: str(doc.fullName),
    locale: str(doc.locale, 'he-IL'),
    vendorId: strOrNull(vendor?.id) ?? strOrNull(doc.vendorId),
    isAdmin: doc.isAdmin === true,
    isOperator: doc.isOperator === true,
    groups: strings(doc.groups),
  };
}

export function notificationFrom(value: unknown): Notification {
  const doc = asDoc(value);
  const record = (input: unknown) => Object.fromEntries(Object.entries(asDoc(input)).map(([key, v]) => [key, String(v)]));
  return { id: str(doc.notificationId ?? doc.id ?? doc._id), kind: str(doc.kind), subject: record(doc.subject), params: record(doc.params), at: str(doc.at), read: doc.read === true };
}

/** Vendor ids of GET /api/artists/vendor/favored/by-user ({ vendorIds } or { items: [{ id }] }). */
export function favoriteVendorIdsFrom(value: unknown): string[] {
  const doc = asDoc(value);
  if (Array.isArray(doc.vendorIds)) return strings(doc.vendorIds);
  return list(doc.items).map((item) => (typeof item === 'string' ? item : str(asDoc(item).vendorId ?? asDoc(item).id))).filter(Boolean);
}

export function pageFrom<T>(value: unknown, map: (item: unknown) => T): { items: T[]; total: number } {
  const doc = asDoc(value);
  const items = list(doc.items).map(map);
  return { items, total: num(doc.total, items.length) };
}
