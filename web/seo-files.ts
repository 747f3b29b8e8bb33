import type { ApiClient } from './api/client.ts';
import { articleFrom, blogCategoryFrom, pageFrom, productSummaryFrom, vendorCardFrom } from './api/adapters.ts';
import { artistCategories, categoryMap } from './api/queries.ts';
import { LOCALES, localizedPath } from './app/locale-path.ts';
import { vendorPath } from './app/vendor-path.ts';
import type { Locale } from './api/view-models.ts';

// /robots.txt and /sitemap.xml (SPEC §9 default robots "index, follow"): the public pages, read from
// the views through the API like the pages themselves, each in both languages with its alternate.

/** The personal and back office pages: nothing for a search engine, and nothing it could read signed out. */
const PRIVATE_PREFIXES = ['/admin', '/user/dashboard', '/checkout', '/order/', '/notifications', '/favorites/toggle', '/api/'];

export function robotsTxt(origin: string): string {
  const disallowed = PRIVATE_PREFIXES.flatMap((prefix) => LOCALES.map((locale) => localizedPath(locale, prefix)));
  return ['User-agent: *', 'Allow: /', ...[...new Set(disallowed)].map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;
const PAGE = 999;

/** One page of the site: its locale-free path in each language, and when it last changed. */
export interface SitemapPage { paths: Record<Locale, string>; lastModified?: string }

type Doc = Record<string, unknown>;
const docs = (answer: unknown): Doc[] => {
  const items = (answer as { items?: unknown })?.items;
  return Array.isArray(items) ? (items as Doc[]) : [];
};
const same = (path: string): Record<Locale, string> => ({ he: path, en: path });
const dayOf = (value: unknown): string | undefined => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined);

/** Every item of a list, a page of the API's maximum at a time, up to `max`. */
async function everything(api: ApiClient, path: string, query: Record<string, string | number>, max: number): Promise<Doc[]> {
  const all: Doc[] = [];
  for (let start = 0; all.length < max; start += PAGE) {
    const answer = await api.get(path, { query: { ...query, start, limit: PAGE } });
    const items = docs(answer);
    all.push(...items);
    const total = (answer as { total?: number }).total ?? 0;
    if (items.length < PAGE || all.length >= total) break;
  }
  return all.slice(0, max);
}

/** The public pages: the fixed ones, the artist categories, every artist and product, the blog and the content pages. */
export async function sitemapPages(api: ApiClient): Promise<SitemapPage[]> {
  const budget = Math.floor(SITEMAP_MAX_URLS / LOCALES.length);
  const categories = await artistCategories(api);
  const byId = categoryMap(categories);
  const [vendors, products, articles, blogCategories] = await Promise.all([
    everything(api, 'ecommerce/vendor', { sort: 'name' }, budget),
    everything(api, 'ecommerce/product', { sort: 'name' }, budget),
    everything(api, 'entity/article', {}, budget),
    api.get('entity/category', { query: { limit: 100 } }).then((answer) => pageFrom(answer, blogCategoryFrom).items),
  ]);
  const fixed = ['/', '/search', '/artists', '/store', '/store/vendors', '/blog', '/about', '/contact', '/terms', '/help'].map((path) => ({ paths: same(path) }));
  const pageAliases = new Set(['about', 'contact', 'terms']);
  const pages: SitemapPage[] = [
    ...fixed,
    ...categories.map((category) => ({ paths: same(`/artists/${encodeURIComponent(category.alias)}`) })),
    ...vendors.map((doc) => {
      const card = vendorCardFrom(doc, byId);
      return { paths: { he: vendorPath(card, 'he'), en: vendorPath(card, 'en') }, lastModified: dayOf(doc.updatedAt) };
    }),
    ...products.map((doc) => ({ paths: same(`/store/product/${encodeURIComponent(productSummaryFrom(doc).productId)}`), lastModified: dayOf(doc.updatedAt) })),
    ...blogCategories.map((category) => ({ paths: same(`/blog/category/${encodeURIComponent(category.alias)}`) })),
    ...articles.map(articleFrom).filter((article) => !(article.kind === 'page' && pageAliases.has(article.alias))).map((article) => ({
      paths: same(article.kind === 'blog' ? `/blog/article/${encodeURIComponent(article.alias)}` : `/content/article/${encodeURIComponent(article.alias)}`),
      lastModified: dayOf(article.publishedAt),
    })),
  ];
  return pages.slice(0, budget);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Each page once per language, naming every language's address as an alternate (hreflang, x-default Hebrew). */
export function sitemapXml(origin: string, pages: SitemapPage[]): string {
  const address = (page: SitemapPage, locale: Locale) => escapeXml(`${origin}${localizedPath(locale, page.paths[locale])}`);
  const entries = pages.flatMap((page) => LOCALES.map((locale) => [
    '  <url>',
    `    <loc>${address(page, locale)}</loc>`,
    ...(page.lastModified ? [`    <lastmod>${page.lastModified}</lastmod>`] : []),
    ...LOCALES.map((other) => `    <xhtml:link rel="alternate" hreflang="${other}" href="${address(page, other)}"/>`),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${address(page, 'he')}"/>`,
    '  </url>',
  ].join('\n')));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
