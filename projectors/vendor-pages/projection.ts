import type { Money } from '../../domain/shared/money.ts';
import type { ProductType } from '../../domain/product/events.ts';
import type { VendorProfile } from '../../domain/vendor/events.ts';
import { profileAfterMedia } from '../../domain/vendor/media-profile.ts';
import type { Translatable } from '../../domain/shared/translatable.ts';
import type { Projection, ViewDoc } from '../projection.ts';
import { laterOf } from '../later-of.ts';
import { productPaymentTerms, type ProductPaymentTerms } from '../product-payment-terms.ts';
import { noStars, starsAfter, summarizeStars, type RatingSummary } from '../rating-summary.ts';

// The vendor page (README: `vendorPages`): the whole profile with media lists and general info, a summary
// of the live products and of the reviews. Products are keyed by their source; the reviews are counted
// per star (`reviewsSummary.distribution`, projectors/rating-summary.ts).
export interface ProductSummary {
  productId: string;
  type: ProductType;
  name: Translatable;
  price: Money;
  featured: boolean;
  introText: Translatable;
  introImage: string | null;
  serviceDuration: number;
  /** Deposit, balance due, cancellation policy and most instalments, as the customer chooses (issue 26). */
  paymentTerms: ProductPaymentTerms;
}

export interface VendorPage extends ViewDoc {
  vendorId: string;
  ownerUserId: string | null;
  archived: boolean;
  archivedReason: string | null;
  profile: VendorProfile | null;
  products: Record<string, ProductSummary>;
  reviewsSummary: RatingSummary;
  createdAt: string | null;
  updatedAt: string | null;
}

const emptyPage = (vendorId: string): VendorPage => ({
  _id: vendorId, vendorId, ownerUserId: null, archived: false, archivedReason: null, profile: null,
  products: {}, reviewsSummary: summarizeStars(noStars()), createdAt: null, updatedAt: null,
});

export const vendorPagesProjection: Projection<VendorPage> = {
  name: 'vendor-pages',
  // 3: the profile's about and general info and the products' intro texts per language.
  // 4: the media items' captions per language. 5: the products' paymentTerms.
  version: 5,
  collection: 'vendorPages',
  longLived: true,
  eventTypes: ['VendorCreated', 'VendorProfileUpdated', 'VendorOwnerAssigned', 'VendorArchived', 'VendorUnarchived', 'VendorMediaAdded', 'VendorMediaRemoved', 'VendorMediaReordered', 'VendorMediaDescribed', 'ProductCreated', 'ProductUpdated', 'ProductRemoved', 'ProductArchived', 'ProductUnarchived', 'ReviewPosted', 'ReviewEdited', 'ReviewWithdrawn', 'ReviewRemoved'],
  keysOf: (event) => ('vendorId' in event.data ? [event.data.vendorId] : []),
  evolve(doc, event, id) {
    const page = doc ?? emptyPage(id);
    switch (event.type) {
      case 'VendorCreated':
        return { ...page, ownerUserId: event.data.ownerUserId, profile: event.data.profile, createdAt: event.data.at, updatedAt: laterOf(page.updatedAt, event.data.at) };
      case 'VendorProfileUpdated':
        return { ...page, profile: event.data.profile, updatedAt: laterOf(page.updatedAt, event.data.at) };
      case 'VendorMediaAdded':
      case 'VendorMediaRemoved':
      case 'VendorMediaReordered':
      case 'VendorMediaDescribed':
        return page.profile ? { ...page, profile: profileAfterMedia(page.profile, event), updatedAt: laterOf(page.updatedAt, event.data.at) } : page;
      case 'VendorOwnerAssigned':
        return { ...page, ownerUserId: event.data.ownerUserId, updatedAt: laterOf(page.updatedAt, event.data.at) };
      case 'VendorArchived':
        return { ...page, archived: true, archivedReason: event.data.reason, updatedAt: laterOf(page.updatedAt, event.data.at) };
      case 'VendorUnarchived':
        return { ...page, archived: false, archivedReason: null, updatedAt: laterOf(page.updatedAt, event.data.at) };
      case 'ProductCreated':
      case 'ProductUpdated':
      case 'ProductUnarchived': {
        const { productId, details } = event.data;
        const summary: ProductSummary = {
          productId, type: details.type, name: details.name, price: details.price, featured: details.featured,
          introText: details.introText, introImage: details.introImage ?? null, serviceDuration: details.serviceDuration,
          paymentTerms: productPaymentTerms(details.paymentTerms, details.price),
        };
        return { ...page, products: { ...page.products, [productId]: summary } };
      }
      // An archived product leaves the artist's page until it is brought back.
      case 'ProductRemoved':
      case 'ProductArchived': {
        const { [event.data.productId]: _removed, ...products } = page.products;
        return { ...page, products };
      }
      case 'ReviewPosted':
      case 'ReviewEdited':
      case 'ReviewRemoved':
      case 'ReviewWithdrawn':
        return { ...page, reviewsSummary: summarizeStars(starsAfter(page.reviewsSummary.distribution, event)) };
      default:
        return page;
    }
  },
  // Read by vendor id only (query-api/routes/vendor-reads.ts): no index beyond `_id`.
  indexes: [],
};
