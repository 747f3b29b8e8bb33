import type { Money } from '../../domain/shared/money.ts';
import type { ProductDetails, ProductType } from '../../domain/product/events.ts';
import type { Translatable } from '../../domain/shared/translatable.ts';
import type { Projection, ViewDoc } from '../projection.ts';
import { indexTokens, textOfHtml } from '../../domain/shared/search-text.ts';
import { productPaymentTerms, type ProductPaymentTerms } from '../product-payment-terms.ts';

// Products (README: `products`): one document per live or archived product; a removed product is deleted.
export interface ProductView extends ViewDoc {
  productId: string;
  vendorId: string;
  type: ProductType;
  name: Translatable;
  /** Rich text (HTML) per language. */
  information: Translatable;
  featured: boolean;
  images: Array<{ url: string }>;
  introImage: string | null;
  price: Money;
  additionalInformation: ProductDetails['additionalInformation'];
  introText: Translatable;
  serviceDuration: number;
  /** Deposit, balance due, cancellation policy and most instalments (issue 26), with what they come to on the price (projectors/product-payment-terms.ts). */
  paymentTerms: ProductPaymentTerms;
  createdAt: string;
  updatedAt: string;
  /** Set aside by an admin: kept for the back office, left out of the storefront's reads. */
  archived: boolean;
  archivedReason: string | null;
  /** The words of its name, intro and information in both languages (domain/shared/search-text.ts), for the text search. */
  searchTokens: string[];
}

const searchTokensOf = (details: ProductDetails): string[] =>
  indexTokens(details.name.he, details.name.en, details.introText.he, details.introText.en, textOfHtml(details.information.he ?? ''), textOfHtml(details.information.en ?? ''));

/** Whether the texts the search tokens come from are those of the stored view (an update of the price or images keeps its tokens). */
const sameSearchTexts = (doc: ProductView, details: ProductDetails): boolean => Array.isArray(doc.searchTokens)
  && doc.name?.he === details.name.he && doc.name?.en === details.name.en
  && doc.introText?.he === details.introText.he && doc.introText?.en === details.introText.en
  && doc.information?.he === details.information.he && doc.information?.en === details.information.en;

export const productsProjection: Projection<ProductView> = {
  name: 'products',
  // 2: archived and searchTokens. 3: introText and information per language. 4: paymentTerms.
  version: 4,
  collection: 'products',
  eventTypes: ['ProductCreated', 'ProductUpdated', 'ProductRemoved', 'ProductArchived', 'ProductUnarchived'],
  keysOf: (event) => ('productId' in event.data && typeof event.data.productId === 'string' ? [event.data.productId] : []),
  evolve(doc, event, id) {
    switch (event.type) {
      case 'ProductCreated':
      case 'ProductUpdated':
      case 'ProductUnarchived': {
        const { vendorId, details, at } = event.data;
        return {
          _id: id, productId: id, vendorId,
          type: details.type, name: details.name, information: details.information, featured: details.featured,
          images: details.images, introImage: details.introImage ?? null, price: details.price,
          additionalInformation: details.additionalInformation, introText: details.introText, serviceDuration: details.serviceDuration,
          paymentTerms: productPaymentTerms(details.paymentTerms, details.price),
          createdAt: doc?.createdAt ?? at, updatedAt: at, archived: false, archivedReason: null,
          searchTokens: doc && sameSearchTexts(doc, details) ? doc.searchTokens : searchTokensOf(details),
        };
      }
      case 'ProductArchived':
        return doc ? { ...doc, archived: true, archivedReason: event.data.reason || null, updatedAt: event.data.at } : null;
      case 'ProductRemoved':
        return null;
      default:
        return doc;
    }
  },
  // The list's sorts (query-api/routes/product-reads.ts), `_id` last as the sorts end (query-api/paging.ts).
  indexes: [
    { 'name.he': 1, _id: 1 }, { 'name.en': 1, _id: 1 }, { 'price.amountMinor': 1, _id: 1 }, { createdAt: -1, _id: -1 },
    { vendorId: 1, type: 1 }, { searchTokens: 1 },
  ],
};
