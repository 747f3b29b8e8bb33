import type { Locale, Money } from '../api/view-models.ts';
import { LOCALES, localizedPath, stripLocale } from './locale-path.ts';

// What search engines read beside the page (SPEC §9 default robots "index, follow"): one canonical
// address per page, its other language as an hreflang alternate, and structured data (schema.org
// JSON-LD) for artists, products and the breadcrumbs leading to them. Built from what the page's
// loader read from the views, so they say what the page shows.

/** Query parameters that change what a page lists (search, filters, paging): kept in its canonical address. */
export const CANONICAL_PARAMETERS = ['text', 'category', 'geoLocation', 'date', 'sort', 'page'] as const;

/** The query string a canonical address keeps: the listing parameters, in a fixed order, without a first page. */
export function canonicalSearch(search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of CANONICAL_PARAMETERS) {
    const value = given.get(name)?.trim();
    if (!value || (name === 'page' && value === '1')) continue;
    kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The page's locale-free path in each language: the same path unless the page knows better (a vendor's slug). */
export function pathsInEveryLocale(pathname: string, search: string): Record<Locale, string> {
  const path = `${stripLocale(pathname)}${canonicalSearch(search)}`;
  return { he: path, en: path };
}

export interface PageAddresses {
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
}

/** The canonical address of the page in `locale` and its alternates (he, en and x-default: Hebrew, the default). */
export function pageAddresses(origin: string, locale: Locale, paths: Record<Locale, string>): PageAddresses {
  const absolute = (at: Locale) => `${origin}${localizedPath(at, paths[at])}`;
  return {
    canonical: absolute(locale),
    alternates: [...LOCALES.map((at) => ({ hrefLang: at, href: absolute(at) })), { hrefLang: 'x-default', href: absolute('he') }],
  };
}

// --- schema.org structured data ---

type JsonLd = Record<string, unknown>;
const SCHEMA = 'https://schema.org';
const price = (money: Money) => (money.amountMinor / 100).toFixed(2);
const absoluteUrl = (origin: string, url: string | null | undefined) => (!url ? undefined : /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

/** A trail of named pages (absolute addresses), the last one the page itself. */
export function breadcrumbList(items: { name: string; url: string }[]): JsonLd {
  return {
    '@context': SCHEMA, '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

export interface ArtistData {
  origin: string;
  url: string;
  name: string;
  description: string;
  imageUrl: string | null;
  logoUrl: string | null;
  locality: string;
  rating: { average: number; count: number } | null;
  offers: { name: string; url: string; price: Money }[];
}

/**
 * An artist: a performing group that is also a local business (it is booked, has a place it works
 * from and is rated by its customers). The rating is its customers' reviews, present only when there are some.
 */
export function artistJsonLd(artist: ArtistData): JsonLd {
  return {
    '@context': SCHEMA, '@type': ['PerformingGroup', 'LocalBusiness'],
    '@id': `${artist.url}#artist`, name: artist.name, url: artist.url, description: artist.description || undefined,
    image: absoluteUrl(artist.origin, artist.imageUrl ?? artist.logoUrl), logo: absoluteUrl(artist.origin, artist.logoUrl),
    address: { '@type': 'PostalAddress', addressLocality: artist.locality || undefined, addressCountry: 'IL' },
    areaServed: { '@type': 'Country', name: 'Israel' },
    currenciesAccepted: 'ILS',
    ...(artist.rating && artist.rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: artist.rating.average.toFixed(1), reviewCount: artist.rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
    ...(artist.offers.length
      ? { makesOffer: artist.offers.map((offer) => ({ '@type': 'Offer', name: offer.name, url: offer.url, price: price(offer.price), priceCurrency: offer.price.currency })) }
      : {}),
  };
}

export interface ProductData {
  origin: string;
  url: string;
  name: string;
  description: string;
  images: string[];
  price: Money;
  seller: { name: string; url: string };
}

/** A product with its one offer: the price in ILS, bookable now, sold by its artist. */
export function productJsonLd(product: ProductData): JsonLd {
  return {
    '@context': SCHEMA, '@type': 'Product',
    name: product.name, description: product.description || undefined, url: product.url,
    image: product.images.map((image) => absoluteUrl(product.origin, image)).filter(Boolean),
    brand: { '@type': 'Brand', name: product.seller.name },
    offers: {
      '@type': 'Offer', url: product.url, price: price(product.price), priceCurrency: product.price.currency,
      availability: `${SCHEMA}/InStock`, seller: { '@type': 'PerformingGroup', name: product.seller.name, url: product.seller.url },
    },
  };
}

/** The JSON text of a `<script type="application/ld+json">`: nothing in it can close the element. */
export const jsonLdText = (data: JsonLd | JsonLd[]): string =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
