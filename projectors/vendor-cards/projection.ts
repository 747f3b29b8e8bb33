import type { Translatable } from '../../domain/shared/translatable.ts';
import type { Projection, ViewDoc } from '../projection.ts';
import { laterOf } from '../later-of.ts';
import { noStars, starsAfter, summarizeStars, type Stars } from '../rating-summary.ts';
import { searchTextOf } from '../seen.ts';
import { indexTokens, textOfHtml } from '../../domain/shared/search-text.ts';
import type { VendorProfile } from '../../domain/vendor/events.ts';
import type { ProductDetails } from '../../domain/product/events.ts';

// Search cards (README: `vendorCards`): one per vendor, with what a result list shows and filters on.
// Price-from is derived from a per-product map (productPrices), whatever the order between streams; the
// rating from the live reviews per star (`_ratingStars`, projectors/rating-summary.ts), which stays a few
// numbers however many orders were reviewed.
//
// The search document (`searchTokens`): normalised tokens (domain/shared/search-text.ts) of the
// vendor's own texts, each behind the code of the field it comes from, which ranks the match:
// n: name, p: products (names, intro texts), t: intro and about, l: origin location. Categories and
// places are ids on the card (tagIds, geoLocationIds): evolve is pure and cannot read tag names, so
// the search resolves words to tag and place ids in their own views (which store tokens the same way).
export const SEARCH_FIELD = { name: 'n', product: 'p', text: 't', place: 'l' } as const;

const coded = (code: string, tokens: string[]): string[] => tokens.map((token) => `${code}:${token}`);

function profileTokensOf(profile: VendorProfile): string[] {
  return [
    ...coded(SEARCH_FIELD.name, indexTokens(profile.name.he, profile.name.en)),
    ...coded(SEARCH_FIELD.text, indexTokens(profile.intro.he, profile.intro.en, textOfHtml(profile.about.he ?? ''), textOfHtml(profile.about.en ?? ''))),
    ...coded(SEARCH_FIELD.place, indexTokens(profile.originLocation.he, profile.originLocation.en)),
  ];
}

const productTokensOf = (details: ProductDetails): string[] =>
  coded(SEARCH_FIELD.product, indexTokens(details.name.he, details.name.en, details.introText.he, details.introText.en));

export interface VendorCard extends ViewDoc {
  vendorId: string;
  visible: boolean;
  archived: boolean;
  name: Translatable;
  intro: Translatable;
  originLocation: Translatable;
  searchText: string;
  tagIds: string[];
  geoLocationIds: string[];
  languages: string[];
  logoImageUrl: string | null;
  heroImageUrl: string | null;
  ratingAvg: number | null;
  ratingCount: number;
  priceFromMinor: number | null;
  productCount: number;
  createdAt: string | null;
  updatedAt: string | null;
  productPrices: Record<string, number>;
  /** Live reviews per star, behind ratingAvg and ratingCount (internal). */
  _ratingStars: Stars;
  /** The search document: field-coded normalised tokens of the profile and the live products. */
  searchTokens: string[];
  /** Minutes of the shortest live timed service, null without one: decides free days (domain/calendar/availability.ts). */
  shortestTimedServiceMinutes: number | null;
  /** Per-source data behind searchTokens and shortestTimedServiceMinutes (internal). */
  _profileTokens: string[];
  _productTokens: Record<string, string[]>;
  _timedServiceMinutes: Record<string, number>;
  /** Whether VendorCreated has been applied (product or review events may come first on a Kafka feed). */
  _profileKnown: boolean;
  /** The key of the search's price sort (internal): priceFromMinor, or NO_PRICE_ORDER without a price, so those come last. */
  _priceOrder: number;
}

/** `_priceOrder` of a vendor without a published price: above every price (prices are whole agorot far below it). */
export const NO_PRICE_ORDER = Number.MAX_SAFE_INTEGER;

const emptyCard = (vendorId: string): VendorCard => ({
  _id: vendorId, vendorId, visible: false, archived: false, name: {}, intro: {}, originLocation: {},
  searchText: '', tagIds: [], geoLocationIds: [], languages: [], logoImageUrl: null, heroImageUrl: null,
  ratingAvg: null, ratingCount: 0, priceFromMinor: null, productCount: 0, createdAt: null, updatedAt: null,
  productPrices: {}, searchTokens: [], shortestTimedServiceMinutes: null,
  _profileTokens: [], _productTokens: {}, _timedServiceMinutes: {}, _ratingStars: noStars(), _profileKnown: false,
  _priceOrder: NO_PRICE_ORDER,
});

/** The search tokens of the card, the stored ones kept when their sources are the same (a review, an archiving). */
function searchTokensOf(card: VendorCard, before: VendorCard | undefined): string[] {
  if (before && Array.isArray(before.searchTokens) && before._profileTokens !== undefined && before._productTokens !== undefined
    && card._profileTokens === before._profileTokens && card._productTokens === before._productTokens) return before.searchTokens;
  return [...new Set([...(card._profileTokens ?? []), ...Object.values(card._productTokens ?? {}).flat()])];
}

/** `before`: the card the event started from, whose derived tokens are kept where their sources did not change. */
function withDerivedFields(card: VendorCard, before?: VendorCard): VendorCard {
  const prices = Object.values(card.productPrices);
  const rating = summarizeStars(card._ratingStars);
  const timedMinutes = Object.values(card._timedServiceMinutes ?? {});
  const priceFromMinor = prices.length === 0 ? null : Math.min(...prices);
  return {
    ...card,
    visible: card._profileKnown && !card.archived,
    priceFromMinor,
    _priceOrder: priceFromMinor ?? NO_PRICE_ORDER,
    productCount: prices.length,
    ratingAvg: rating.avg,
    ratingCount: rating.count,
    searchText: searchTextOf(card.name.he, card.name.en),
    searchTokens: searchTokensOf(card, before),
    shortestTimedServiceMinutes: timedMinutes.length === 0 ? null : Math.min(...timedMinutes),
  };
}

export const vendorCardsProjection: Projection<VendorCard> = {
  name: 'vendor-cards',
  // 3: `_priceOrder` (the search's price sort).
  version: 3,
  collection: 'vendorCards',
  longLived: true,
  privateFields: ['_ratingStars', '_profileTokens', '_productTokens', '_timedServiceMinutes', '_profileKnown', '_priceOrder'],
  eventTypes: ['VendorCreated', 'VendorProfileUpdated', 'VendorArchived', 'VendorUnarchived', 'ProductCreated', 'ProductUpdated', 'ProductRemoved', 'ProductArchived', 'ProductUnarchived', 'ReviewPosted', 'ReviewEdited', 'ReviewWithdrawn', 'ReviewRemoved'],
  keysOf: (event) => ('vendorId' in event.data ? [event.data.vendorId] : []),
  evolve(doc, event, id) {
    const card = doc ?? emptyCard(id);
    switch (event.type) {
      case 'VendorCreated':
      case 'VendorProfileUpdated': {
        const { profile, at } = event.data;
        return withDerivedFields({
          ...card,
          _profileKnown: true,
          name: profile.name, intro: profile.intro, originLocation: profile.originLocation,
          tagIds: profile.tagIds, geoLocationIds: profile.geoLocationIds, languages: profile.languages,
          logoImageUrl: profile.logoImageUrl ?? null, heroImageUrl: profile.heroImageUrl ?? null,
          _profileTokens: profileTokensOf(profile),
          createdAt: event.type === 'VendorCreated' ? at : card.createdAt,
          updatedAt: laterOf(card.updatedAt, at),
        });
      }
      case 'VendorArchived':
        return withDerivedFields({ ...card, archived: true, updatedAt: laterOf(card.updatedAt, event.data.at) }, card);
      case 'VendorUnarchived':
        return withDerivedFields({ ...card, archived: false, updatedAt: laterOf(card.updatedAt, event.data.at) }, card);
      case 'ProductCreated':
      case 'ProductUpdated':
      case 'ProductUnarchived': {
        const { productId, details } = event.data;
        const { [productId]: _formerMinutes, ...otherTimed } = card._timedServiceMinutes ?? {};
        return withDerivedFields({
          ...card,
          productPrices: { ...card.productPrices, [productId]: details.price.amountMinor },
          _productTokens: { ...card._productTokens, [productId]: productTokensOf(details) },
          _timedServiceMinutes: details.type === 'timedService' ? { ...otherTimed, [productId]: details.serviceDuration } : otherTimed,
        });
      }
      // An archived product counts for the card no more (price from, search words, timed services) until it is back.
      case 'ProductRemoved':
      case 'ProductArchived': {
        const { productId } = event.data;
        const { [productId]: _removed, ...productPrices } = card.productPrices;
        const { [productId]: _tokens, ..._productTokens } = card._productTokens ?? {};
        const { [productId]: _minutes, ..._timedServiceMinutes } = card._timedServiceMinutes ?? {};
        return withDerivedFields({ ...card, productPrices, _productTokens, _timedServiceMinutes });
      }
      case 'ReviewPosted':
      case 'ReviewEdited':
      case 'ReviewRemoved':
      case 'ReviewWithdrawn':
        return withDerivedFields({ ...card, _ratingStars: starsAfter(card._ratingStars, event) }, card);
      default:
        return card;
    }
  },
  // The search lists visible cards by each sort (query-api/routes/vendor-reads.ts: rating and price tie
  // by the name in the reader's language, then `_id`), the admin list every card (admin-reads.ts); each
  // sort's reverse is its exact reverse (query-api/paging.ts), so one index walked either way serves
  // both directions and a page never sorts the catalog.
  indexes: [
    { visible: 1, 'name.he': 1, _id: 1 }, { visible: 1, 'name.en': 1, _id: 1 },
    { visible: 1, ratingAvg: -1, ratingCount: -1, 'name.he': 1, _id: 1 }, { visible: 1, ratingAvg: -1, ratingCount: -1, 'name.en': 1, _id: 1 },
    { visible: 1, _priceOrder: 1, 'name.he': 1, _id: 1 }, { visible: 1, _priceOrder: 1, 'name.en': 1, _id: 1 }, { visible: 1, createdAt: -1, _id: -1 },
    { 'name.he': 1, _id: 1 }, { 'name.en': 1, _id: 1 }, { ratingAvg: -1, _id: -1 }, { createdAt: -1, _id: -1 }, { updatedAt: -1, _id: -1 },
    { tagIds: 1 }, { geoLocationIds: 1 }, { searchTokens: 1 }, { shortestTimedServiceMinutes: -1 },
  ],
};
