import type { Translatable } from '../../domain/shared/translatable.ts';
import type { Projection, ViewDoc } from '../projection.ts';
import { laterOf } from '../later-of.ts';
import { summarizeRatings } from '../rating-summary.ts';
import { searchTextOf } from '../seen.ts';

// Search cards (README: `vendorCards`): one per vendor, with what a result list shows and filters on.
// Price-from and rating are derived from per-source maps (productPrices, ratings) so that every event
// can be re-applied without counting twice, whatever the order between streams.
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
  ratings: Record<string, number>;
  /** Whether VendorCreated has been applied (product or review events may come first on a Kafka feed). */
  _profileKnown: boolean;
}

const emptyCard = (vendorId: string): VendorCard => ({
  _id: vendorId, _seen: {}, vendorId, visible: false, archived: false, name: {}, intro: {}, originLocation: {},
  searchText: '', tagIds: [], geoLocationIds: [], languages: [], logoImageUrl: null, heroImageUrl: null,
  ratingAvg: null, ratingCount: 0, priceFromMinor: null, productCount: 0, createdAt: null, updatedAt: null,
  productPrices: {}, ratings: {}, _profileKnown: false,
});

function withDerivedFields(card: VendorCard): VendorCard {
  const prices = Object.values(card.productPrices);
  const rating = summarizeRatings(card.ratings);
  return {
    ...card,
    visible: card._profileKnown && !card.archived,
    priceFromMinor: prices.length === 0 ? null : Math.min(...prices),
    productCount: prices.length,
    ratingAvg: rating.avg,
    ratingCount: rating.count,
    searchText: searchTextOf(card.name.he, card.name.en),
  };
}

export const vendorCardsProjection: Projection<VendorCard> = {
  name: 'vendor-cards',
  collection: 'vendorCards',
  eventTypes: ['VendorCreated', 'VendorProfileUpdated', 'VendorArchived', 'ProductCreated', 'ProductUpdated', 'ProductRemoved', 'ReviewPosted', 'ReviewRemoved'],
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
          createdAt: event.type === 'VendorCreated' ? at : card.createdAt,
          updatedAt: laterOf(card.updatedAt, at),
        });
      }
      case 'VendorArchived':
        return withDerivedFields({ ...card, archived: true, updatedAt: laterOf(card.updatedAt, event.data.at) });
      case 'ProductCreated':
      case 'ProductUpdated':
        return withDerivedFields({ ...card, productPrices: { ...card.productPrices, [event.data.productId]: event.data.details.price.amountMinor } });
      case 'ProductRemoved': {
        const { [event.data.productId]: _removed, ...productPrices } = card.productPrices;
        return withDerivedFields({ ...card, productPrices });
      }
      case 'ReviewPosted':
        return withDerivedFields({ ...card, ratings: { ...card.ratings, [event.data.orderId]: event.data.rating } });
      case 'ReviewRemoved': {
        const { [event.data.orderId]: _removed, ...ratings } = card.ratings;
        return withDerivedFields({ ...card, ratings });
      }
      default:
        return card;
    }
  },
  indexes: [{ visible: 1, 'name.he': 1 }, { tagIds: 1 }, { geoLocationIds: 1 }, { ratingAvg: -1 }, { priceFromMinor: 1 }],
};
