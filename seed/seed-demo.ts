// Seeds the demo marketplace into an empty store through the same HTTP commands a browser and an admin
// use: accounts, reference data, 60 vendors with products of all three types, articles, the
// demo customer's history (demo-history.ts) and quote replies behind a few response badges (demo-responses.ts). Never runs in production (main.ts checks).
import type { EventStore } from '../domain/ports/event-store.ts';
import type { OutboxMailer } from '../command-api/activation-mailer.ts';
import { grantUserRoles } from '../command-api/system-commands.ts';
import { commandApiClient, type HttpAnswer } from '../command-api/client/command-api-client.ts';
import { registerAndSignIn, signIn } from '../command-api/client/accounts.ts';
import { ils } from '../domain/shared/money.ts';
import { DEFAULT_ACCESS_RULES } from '../domain/acl/default-rules.ts';
import { articles, blogCategories, categories, configEntries, languages, places } from './demo-data.ts';
import { demoVendors, type DemoVendor } from './demo-vendors.ts';
import { seedCustomerHistory, type SeededProduct } from './demo-history.ts';
import { seedReviewsInOtherLanguage } from './demo-reviews.ts';
import { RESPONSIVE_DEMO_ARTISTS, seedQuoteReplies } from './demo-responses.ts';
import { seedRepeatAndReferrals } from './demo-insights.ts';

export const DEMO_ACCOUNTS = {
  admin: 'admin@demo.local',
  vendor: 'vendor@demo.local',
  customer: 'customer@demo.local',
  /** Back office staff without the admin role: sees what the operator access rules give (orders, conversations). */
  operator: 'operator@demo.local',
} as const;

export interface SeedReport {
  vendors: number;
  products: number;
  articles: number;
  firstVendorId: string;
}

const ROOT_TAG_ID = 'artist-categories';
const DEMO_VENDOR_NAME = 'Noa Cohen';
const DEMO_CUSTOMER_NAME = 'Dana Customer';
/** A second customer whose reviews give the reviewed artists reviews in both languages (not one of the printed accounts). */
const DEMO_REVIEWER = 'reviewer@demo.local';

function expect(answer: HttpAnswer, what: string, ...statuses: number[]): HttpAnswer {
  if (!statuses.includes(answer.status)) throw new Error(`Demo seed: ${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

function vendorProfile(vendor: DemoVendor) {
  return {
    name: vendor.name,
    tagIds: vendor.categoryKeys.map((key) => `cat-${key}`),
    about: vendor.about,
    intro: vendor.intro,
    languages: vendor.languages,
    originLocation: vendor.origin,
    heroImageUrl: vendor.heroImageUrl,
    ...(vendor.logoImageUrl ? { logoImageUrl: vendor.logoImageUrl } : {}),
    images: vendor.images,
    audio: [],
    videos: vendor.videos,
    generalInfo: vendor.generalInfo,
    geoLocationIds: vendor.placeKeys.map((key) => `geo-${key}`),
  };
}

/** Seeds through the HTTP API at `baseUrl`. Call only on an empty store. */
export async function seedDemoMarketplace(options: { baseUrl: string; eventStore: EventStore; mailer: OutboxMailer; password: string; log?: (line: string) => void }): Promise<SeedReport> {
  const api = commandApiClient(options.baseUrl);
  const log = options.log ?? (() => {});
  const { password } = options;

  // Accounts. The first admin cannot be made by an admin, so the product grants it as itself.
  const { mailer } = options;
  const adminUser = await registerAndSignIn(api, mailer, { email: DEMO_ACCOUNTS.admin, password, fullName: 'Demo Admin', locale: 'he-IL' });
  await grantUserRoles({ eventStore: options.eventStore }, adminUser.userId, ['admin', 'superAdmin'], ['superUsers']);
  const admin = (await signIn(api, DEMO_ACCOUNTS.admin, password)).token;
  // The demo artist's account has a phone: it is the number their page gives a visitor who asks (phone number dispense).
  const vendorUser = await registerAndSignIn(api, mailer, { email: DEMO_ACCOUNTS.vendor, password, fullName: DEMO_VENDOR_NAME, locale: 'he-IL', phone: '+972521234567' });
  const customer = await registerAndSignIn(api, mailer, { email: DEMO_ACCOUNTS.customer, password, fullName: DEMO_CUSTOMER_NAME, locale: 'en-US' });
  const operator = await registerAndSignIn(api, mailer, { email: DEMO_ACCOUNTS.operator, password, fullName: 'Omer Operator', locale: 'he-IL' });
  expect(await api.put(`/api/admin/users/${operator.userId}/roles`, { roles: ['operator'], groups: [] }, admin), 'operator role', 200);

  // Reference data: languages, places, the artist-categories tag tree, config, access rules.
  for (const language of languages) {
    expect(await api.put(`/api/admin/languages/${language.code}`, { name: { he: language.he, en: language.en }, enabled: true }, admin), `language ${language.code}`, 200, 201);
  }
  for (const place of places) {
    expect(await api.post('/api/admin/geo-locations', { id: `geo-${place.key}`, fields: { name: { he: place.he, en: place.en }, parentId: null, lat: place.lat, lng: place.lng } }, admin), `place ${place.key}`, 201);
  }
  expect(await api.post('/api/admin/entity/tag', { id: ROOT_TAG_ID, fields: { entityType: 'tag', name: { he: 'אמנים', en: 'Artists' }, alias: 'artist-categories', level: 0, order: 0, parentId: null } }, admin), 'root tag', 201);
  for (const [order, category] of categories.entries()) {
    expect(await api.post('/api/admin/entity/tag', { id: `cat-${category.key}`, fields: { entityType: 'tag', name: { he: category.he, en: category.en }, alias: category.key, level: 1, order, parentId: ROOT_TAG_ID } }, admin), `tag ${category.key}`, 201);
  }
  for (const entry of configEntries) {
    expect(await api.put(`/api/admin/config/${entry.key}`, { value: entry.value }, admin), `config ${entry.key}`, 200, 201);
  }
  // Access rules (SPEC §6): each its own stream, so they are written side by side.
  await Promise.all(DEFAULT_ACCESS_RULES.map(async (rule) => {
    expect(await api.post('/api/admin/acl', { rule }, admin), `acl ${rule.asset} ${rule.action} for ${rule.role ?? rule.group}`, 201);
  }));

  // Content: a blog category, blog posts and the general pages (about, contact, terms).
  for (const category of blogCategories) {
    expect(await api.post('/api/admin/entity/category', { id: `blog-${category.key}`, fields: { entityType: 'category', name: category.name, alias: category.alias } }, admin), `category ${category.key}`, 201);
  }
  for (const [index, article] of articles.entries()) {
    const publishedAt = new Date(Date.UTC(2026, 0, 1 + index * 7)).toISOString();
    expect(await api.post('/api/admin/entity/article', {
      id: `article-${article.key}`,
      fields: { entityType: 'article', title: article.title, alias: article.alias, body: article.body, kind: article.kind, categoryId: article.kind === 'blog' ? 'blog-guides' : null, publishedAt },
    }, admin), `article ${article.key}`, 201);
  }

  // Vendors: the first is the demo vendor account's own (artist registration); the rest are the admin's.
  const vendors = demoVendors();
  let products = 0;
  let firstVendorId = '';
  let vendorToken = '';
  const productIds: SeededProduct[] = [];
  for (const [index, vendor] of vendors.entries()) {
    let vendorId: string;
    let token = admin;
    if (index === 0) {
      const registered = expect(await api.post('/api/artists/register', { profile: vendorProfile(vendor) }, vendorUser.token), 'artist registration', 201);
      vendorId = registered.body.id;
      token = registered.body.token ?? (await signIn(api, DEMO_ACCOUNTS.vendor, password)).token;
      firstVendorId = vendorId;
      vendorToken = token;
    } else {
      vendorId = expect(await api.post('/api/admin/vendors', { vendorId: vendor.key, profile: vendorProfile(vendor) }, admin), `vendor ${vendor.key}`, 201).body.id;
    }
    for (const product of vendor.products) {
      const details = {
        type: product.type, name: product.name, information: product.information, featured: product.featured, images: [],
        price: ils(product.priceShekels), additionalInformation: product.additionalInformation, introText: product.introText, serviceDuration: product.serviceDuration,
        ...(product.paymentTerms ? { paymentTerms: product.paymentTerms } : {}),
      };
      const created = expect(await api.post('/api/vendor/products', index === 0 ? { details } : { vendorId, details }, token), `product of ${vendor.key}`, 201);
      productIds.push({ vendorId, productId: created.body.id, type: product.type });
      products++;
    }
    if (index > 0 && index % 20 === 0) log(`  seeded ${index} vendors`);
  }

  // The demo customer's history: orders in every status, reviews, favorites, a conversation and a contract.
  await seedCustomerHistory({
    api, admin, products: productIds,
    customer: { token: customer.token, userId: customer.userId, fullName: DEMO_CUSTOMER_NAME },
    vendor: { token: vendorToken, userId: vendorUser.userId, fullName: DEMO_VENDOR_NAME, vendorId: firstVendorId },
  });
  // Each artist the demo customer reviewed gets a review in the other language too (demo-reviews.ts).
  const reviewer = await registerAndSignIn(api, mailer, { email: DEMO_REVIEWER, password, fullName: 'Yael Reviewer', locale: 'he-IL' });
  await seedReviewsInOtherLanguage({ api, admin, reviewer, products: productIds });
  // A few artists answered the second customer's quote requests: their cards and pages show a response badge (demo-responses.ts).
  const responsive = [...new Set(productIds.map((product) => product.vendorId))].filter((id) => id !== firstVendorId).slice(0, RESPONSIVE_DEMO_ARTISTS);
  await seedQuoteReplies({ api, admin, customer: reviewer, vendorIds: responsive });
  // The second customer comes back to the demo artist from campaign links: its repeat and referral facts (demo-insights.ts).
  await seedRepeatAndReferrals({ api, customer: reviewer, vendor: { token: vendorToken, vendorId: firstVendorId }, products: productIds });
  return { vendors: vendors.length, products, articles: articles.length, firstVendorId };
}
