import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type Marketplace } from '../main.ts';
import { DEMO_ACCOUNTS, seedDemoMarketplace } from '../seed/seed-demo.ts';
import { commandApiClient } from '../command-api/client/command-api-client.ts';
import { registerAndSignIn, signIn } from '../command-api/client/accounts.ts';
import { productDetails, vendorProfile } from '../command-api/testing/fixtures.ts';
import { DEFAULT_ACCESS_RULES } from '../domain/acl/default-rules.ts';

// The authorization matrix: EVERY operation of GET /api/openapi.json × the 7 roles — guest,
// customer, vendor, other vendor, operator, admin (role admin only), superUser (the demo admin: admin,
// superAdmin, superUsers) — on the started product with the demo seed and its access rules.
//
// Who may call a route is declared below, from its `auth` (x-auth in the document) where that says it
// all, and by the tables where ownership or the access rules narrow it. Everyone else is probed with
// real ids of data that is not theirs (another customer's order, another vendor's product, a rule,
// a user…) and a valid body, so a missing check would let the request through; they must get 401,
// 403 or 404 — never a 2xx, and a guest always 401 on a route that needs a user. Who may call it is
// probed harmlessly (a read of what they may see must answer 2xx; a write with an unknown id or an
// empty body must get past the guards: not 401/403), so the matrix also fails when a rule locks out
// someone it should not. A route added without being declared here fails the test by name.

type Role = 'guest' | 'customer' | 'vendor' | 'otherVendor' | 'operator' | 'admin' | 'superUser';
const ROLES: Role[] = ['guest', 'customer', 'vendor', 'otherVendor', 'operator', 'admin', 'superUser'];
const ADMINS: Role[] = ['admin', 'superUser'];
const NOBODY: Role[] = [];

interface Operation { method: string; template: string; auth: string }
const keyOf = (operation: Pick<Operation, 'method' | 'template'>) => `${operation.method} ${operation.template}`;

/**
 * Routes for any signed-in user (or a vendor) where the data is someone's: who may act on data that
 * is NOT theirs. Parties are probed with the other party's data, so only these roles may pass.
 */
const ON_OTHERS_DATA: Record<string, Role[]> = {
  'GET /api/orders/{id}': ADMINS,
  'GET /api/orders/{id}/history': ADMINS,
  'POST /api/orders/{id}/pay': NOBODY,
  // The balance is the customer's to pay, as the first payment is (issue 26).
  'POST /api/orders/{id}/balance': NOBODY,
  'POST /api/orders/{id}/approve': ADMINS,
  'POST /api/orders/{id}/complete': ADMINS,
  'POST /api/orders/{id}/cancel': ADMINS,
  'POST /api/orders/{id}/review': NOBODY,
  'PUT /api/orders/{id}/review': NOBODY,
  // The event's details are the customer's facts: nobody changes another's, not even an admin.
  'PUT /api/orders/{id}/event-details': NOBODY,
  'DELETE /api/orders/{id}/review': ADMINS,
  // A reply to a review is the reviewed vendor's (an admin on its behalf); its own vendor reads its reviews with their orders.
  'POST /api/orders/{id}/review/reply': ADMINS,
  'GET /api/vendor/reviews': ADMINS,
  'GET /api/conversations/{id}': ADMINS,
  'GET /api/conversations/{id}/messages': ADMINS,
  'POST /api/conversations/{id}/messages': NOBODY,
  'POST /api/conversations/{id}/read': NOBODY,
  'GET /api/contracts/{id}': ADMINS,
  'PUT /api/contracts/{id}': ADMINS,
  'POST /api/contracts/{id}/send': ADMINS,
  'POST /api/contracts/{id}/sign': NOBODY,
  'POST /api/contracts/{id}/cancel': ADMINS,
  'POST /api/notifications/{id}/read': NOBODY,
  // A quote request is its customer's (an admin reads it); accepting or canceling is the customer's own act.
  'GET /api/quote-requests/{id}': ADMINS,
  'POST /api/quote-requests/{id}/accept': NOBODY,
  'POST /api/quote-requests/{id}/cancel': NOBODY,
  // A receipt is its order's customer's and vendor's (issue 26 item 5); an admin reads any.
  'GET /api/receipts/{id}': ADMINS,
  // Vendor routes: a vendor acts on its own vendor only; an admin names any vendor.
  'GET /api/vendor/orders': ADMINS,
  'GET /api/vendor/customers': ADMINS,
  'GET /api/vendor/insights': ADMINS,
  'PUT /api/vendor/profile': ADMINS,
  'PUT /api/vendor/business-details': ADMINS,
  'GET /api/vendor/business-details': ADMINS,
  'POST /api/vendor/media/upload': ADMINS,
  'POST /api/vendor/media/links': ADMINS,
  'POST /api/vendor/media/remove': ADMINS,
  'PUT /api/vendor/media/order': ADMINS,
  'PUT /api/vendor/media/description': ADMINS,
  'POST /api/vendor/products': ADMINS,
  'PUT /api/vendor/products/{productId}': ADMINS,
  'DELETE /api/vendor/products/{productId}': ADMINS,
  'POST /api/vendor/busy-windows': ADMINS,
  'DELETE /api/vendor/busy-windows/{id}': ADMINS,
  // Calendar sync (docs/calendar-sync.md): the vendor's own feed link and imported calendars; an admin names the vendor.
  'GET /api/vendor/calendar-sync': ADMINS,
  'POST /api/vendor/calendar-sync/feed': ADMINS,
  'POST /api/vendor/calendar-sync/sources': ADMINS,
  'POST /api/vendor/calendar-sync/import': ADMINS,
  'DELETE /api/vendor/calendar-sync/sources/{id}': ADMINS,
  'PUT /api/vendor/observance': ADMINS,
  'POST /api/contracts': ADMINS,
  'GET /api/vendor/quote-requests': ADMINS,
  'GET /api/vendor/receipts': ADMINS,
  'GET /api/vendor/quote-requests/{id}': ADMINS,
  'POST /api/quote-requests/{id}/quote': ADMINS,
  'POST /api/quote-requests/{id}/decline': ADMINS,
};

/** Admin routes the operator's rules open (orders and conversations, read only: domain/acl/default-rules.ts). */
const OPERATOR_MAY = new Set([
  'GET /api/admin/orders', 'GET /api/admin/orders/{id}', 'GET /api/admin/conversations', 'GET /api/admin/conversations/{id}',
  'GET /api/admin/conversations/{id}/messages', 'GET /api/admin/counts', 'GET /api/admin/analytics',
]);

/** Admin routes on an asset no default rule grants (the payments playground): superAdmin alone, so the demo admin. */
const SUPER_ADMIN_ONLY = [/^\/api\/admin\/payments\//];

/** Admin routes on the superUsers group's assets (SPEC §6: entities, source tracking, phone dispenses, user actions). */
const SUPER_USERS_ASSETS = [/^\/api\/admin\/entity\//, /^\/api\/admin\/tracking\//, /^\/api\/admin\/phone-number-dispenses/, /^\/api\/admin\/user-actions/];

function mayCall(operation: Operation, role: Role): boolean {
  const declared = ON_OTHERS_DATA[keyOf(operation)];
  if (declared) return declared.includes(role);
  switch (operation.auth) {
    case 'public': return true;
    case 'user': return role !== 'guest';
    case 'vendor': throw new Error(`${keyOf(operation)}: a vendor route must say who may act on another vendor's data (ON_OTHERS_DATA)`);
    case 'superUsers': return role === 'superUser';
    case 'admin':
      if (role === 'superUser') return true;
      if (role === 'admin') return ![...SUPER_USERS_ASSETS, ...SUPER_ADMIN_ONLY].some((pattern) => pattern.test(operation.template));
      if (role === 'operator') return OPERATOR_MAY.has(keyOf(operation));
      return false;
    default: throw new Error(`${keyOf(operation)}: unknown x-auth ${operation.auth}`);
  }
}

/** One side of the marketplace's data: a customer and a vendor who deal with each other. */
interface Side {
  vendorId: string;
  productId: string;
  orderId: string;
  /** An order still new (not paid): paying is refused by who may pay, not by what the order is. */
  unpaidOrderId: string;
  conversationId: string;
  messageId: string;
  contractId: string;
  notificationId: string;
  busyWindowId: string;
  customerId: string;
  /** The customer's quote request to the side's vendor. */
  quoteRequestId: string;
  /** The receipt of the paid order's payment (issued by the receipts flow). */
  receiptId: string;
}

const GHOST = 'matrix-ghost-0000';
const PRICE = { amountMinor: 250000, currency: 'ILS' };

let marketplace: Marketplace;
let dataDir: string;
const tokens = {} as Record<Exclude<Role, 'guest'>, string>;
const extra = {} as { adminEmail: string; otherVendorEmail: string; otherCustomerEmail: string };
const sides = {} as Record<'A' | 'B', Side>;
const shared = {} as Record<'ruleId' | 'configKey' | 'geoId' | 'articleId' | 'articleAlias' | 'categoryAlias' | 'tagAlias' | 'mediaId' | 'dispenseId' | 'userId' | 'exportId', string>;
let operations: Operation[] = [];

async function call(method: string, path: string, token: string | undefined, body?: unknown) {
  const response = await fetch(new URL(path, marketplace.url), {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: any = text;
  try { parsed = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
  return { status: response.status, body: parsed };
}

async function made(what: string, answer: Promise<{ status: number; body: any }>): Promise<any> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`matrix fixture ${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** A customer and a vendor's product, an order paid, a conversation, a contract, a busy window, a notification. */
async function makeSide(customer: string, vendor: string, customerId: string): Promise<Side> {
  const me = await made('vendor profile', call('GET', '/api/user/current', vendor));
  const vendorId = me.Vendor.id as string;
  const productId = (await made('product', call('POST', '/api/vendor/products', vendor, { details: productDetails('default') }))).id;
  const orderId = (await made('order', call('POST', '/api/orders', customer, { productId, notes: 'matrix' }))).id;
  await made('payment', call('POST', `/api/orders/${orderId}/pay`, customer, { cardNumber: '4242424242424242' }));
  const unpaidOrderId = (await made('unpaid order', call('POST', '/api/orders', customer, { productId, notes: 'matrix, unpaid' }))).id;
  const conversationId = (await made('conversation', call('POST', '/api/conversations', customer, { vendorId, text: 'Hello' }))).id;
  const messageId = (await made('message', call('POST', `/api/conversations/${conversationId}/messages`, vendor, { text: 'Hi!' }))).messageId;
  const contractId = (await made('contract', call('POST', '/api/contracts', vendor, { customerId, title: 'Show', terms: 'One set.', price: PRICE }))).id;
  const quoteRequestId = (await made('quote request', call('POST', '/api/quote-requests', customer, { vendorIds: [vendorId], eventDate: '2031-05-01', city: 'Haifa', eventType: 'wedding', guests: 100, message: 'matrix' }))).id;
  const busyWindowId = (await made('busy window', call('POST', '/api/vendor/busy-windows', vendor, { start: '2031-03-01T10:00:00Z', end: '2031-03-01T12:00:00Z' }))).id;
  let notificationId = '';
  for (let attempt = 0; attempt < 100 && !notificationId; attempt++) {
    const list = await made('notifications', call('GET', '/api/notifications', customer));
    notificationId = list.items[0]?.notificationId ?? '';
    if (!notificationId) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!notificationId) throw new Error('matrix fixture: the customer got no notification');
  let receiptId = '';
  for (let attempt = 0; attempt < 100 && !receiptId; attempt++) {
    receiptId = (await made('receipts', call('GET', `/api/receipts?orderId=${orderId}`, customer))).items[0]?.receiptId ?? '';
    if (!receiptId) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!receiptId) throw new Error('matrix fixture: the payment got no receipt');
  return { vendorId, productId, orderId, unpaidOrderId, conversationId, messageId, contractId, notificationId, busyWindowId, customerId, quoteRequestId, receiptId };
}

/** Whose data a role is probed with when it may not call the route: the side it has no part in. */
const foreignSide = (role: Role): Side => (role === 'customer' || role === 'vendor' ? sides.B : sides.A);
/** The data a role may see, for its allowed reads. */
const ownSide = (role: Role): Side => (role === 'otherVendor' ? sides.B : sides.A);

function idOf(template: string, side: Side, ghost: boolean): string {
  const byPrefix: [string, keyof Side | (() => string)][] = [
    ['/api/orders/', 'orderId'], ['/api/conversations/', 'conversationId'], ['/api/admin/orders/', 'orderId'], ['/api/admin/conversations/', 'conversationId'], ['/api/contracts/', 'contractId'], ['/api/notifications/', 'notificationId'],
    ['/api/quote-requests/', 'quoteRequestId'], ['/api/vendor/quote-requests/', 'quoteRequestId'], ['/api/receipts/', 'receiptId'],
    ['/api/vendor/busy-windows/', 'busyWindowId'], ['/api/vendor/calendar-sync/sources/', 'busyWindowId'], ['/api/ecommerce/vendor/', 'vendorId'], ['/api/ecommerce/product/', 'productId'],
    ['/api/entity/geoLocation/', () => shared.geoId], ['/api/admin/geo-locations/', () => shared.geoId], ['/api/admin/entity/', () => shared.articleId],
    ['/api/admin/phone-number-dispenses/', () => shared.dispenseId], ['/api/admin/exports/', () => shared.exportId],
  ];
  if (template === '/api/orders/{id}/pay' && !ghost) return side.unpaidOrderId;
  const found = byPrefix.find(([prefix]) => template.startsWith(prefix));
  if (!found) throw new Error(`${template}: the matrix does not know what {id} is here`);
  if (ghost) return GHOST;
  return typeof found[1] === 'function' ? found[1]() : side[found[1]];
}

/** The path with its parameters: real ids of `side`, or unknown ids (`ghost`) for a harmless write. */
function pathOf(template: string, side: Side, ghost: boolean): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = (() => {
      switch (name) {
        case 'id': return idOf(template, side, ghost);
        case 'vendorId': return ghost ? GHOST : side.vendorId;
        case 'productId': return ghost ? GHOST : side.productId;
        case 'userId': return ghost ? GHOST : shared.userId;
        case 'entityType': return 'article';
        case 'alias': return template.includes('/article/') ? shared.articleAlias : template.includes('/category/') ? shared.categoryAlias : shared.tagAlias;
        case 'code': return ghost ? 'zz' : 'he';
        case 'key': return ghost ? 'matrix.ghost' : shared.configKey;
        case 'ruleId': return ghost ? GHOST : shared.ruleId;
        case 'source': return 'matrix';
        case 'streamId': return ghost ? `order-${GHOST}` : `order-${side.orderId}`;
        case 'mediaId': return ghost ? GHOST : shared.mediaId;
        // A user's own address book: another user's address id is simply not in it.
        case 'addressId': return GHOST;
        default: throw new Error(`${template}: the matrix has no value for {${name}}`);
      }
    })();
    return encodeURIComponent(value);
  });
}

/** A valid body (and query) for a probe on someone else's data, so only an ownership check can stop it. */
function probeOnOthers(operation: Operation, side: Side): { query?: string; body?: unknown } {
  const vendorQuery = `?vendorId=${side.vendorId}`;
  switch (keyOf(operation)) {
    case 'POST /api/orders/{id}/pay': return { body: { cardNumber: '4242424242424242' } };
    case 'POST /api/orders/{id}/balance': return { body: { cardNumber: '4242424242424242' } };
    case 'POST /api/orders/{id}/cancel': return { body: { reason: 'matrix probe' } };
    case 'POST /api/orders/{id}/review':
    case 'PUT /api/orders/{id}/review': return { body: { rating: 5, text: 'matrix probe' } };
    case 'DELETE /api/orders/{id}/review': return { body: { reason: 'matrix probe' } };
    case 'POST /api/orders/{id}/review/reply': return { body: { text: 'matrix probe' } };
    case 'GET /api/vendor/reviews': return { query: vendorQuery };
    case 'PUT /api/orders/{id}/event-details': return { body: { eventType: 'wedding', date: '2031-04-01T17:00:00.000Z', city: 'Haifa', address: 'HaNassi 5', guests: 100, contactPhone: '+972501234567' } };
    case 'POST /api/conversations/{id}/messages': return { body: { text: 'matrix probe' } };
    case 'POST /api/conversations/{id}/read': return { body: { upToMessageId: side.messageId } };
    case 'PUT /api/contracts/{id}': return { body: { title: 'Probe', terms: 'Probe terms.', price: PRICE } };
    case 'POST /api/contracts/{id}/sign': return { body: { fullName: 'Matrix Probe', agree: true } };
    case 'POST /api/contracts/{id}/cancel': return { body: { reason: 'matrix probe' } };
    case 'POST /api/quote-requests/{id}/quote': return { body: { price: PRICE, included: 'matrix probe', validUntil: '2031-04-01T00:00:00.000Z' } };
    case 'POST /api/quote-requests/{id}/decline':
    case 'POST /api/quote-requests/{id}/cancel': return { body: {} };
    case 'POST /api/quote-requests/{id}/accept': return { body: { vendorId: side.vendorId } };
    case 'GET /api/vendor/quote-requests': return { query: vendorQuery };
    case 'GET /api/vendor/receipts': return { query: vendorQuery };
    case 'GET /api/vendor/orders':
    case 'GET /api/vendor/customers': return { query: vendorQuery };
    case 'GET /api/vendor/insights': return { query: vendorQuery };
    case 'PUT /api/vendor/profile': return { body: { vendorId: side.vendorId, profile: vendorProfile('Matrix Probe') } };
    case 'PUT /api/vendor/business-details': return { body: { vendorId: side.vendorId, legalName: 'Matrix Probe', israeliId: '123456782' } };
    case 'GET /api/vendor/business-details': return { query: `?vendorId=${side.vendorId}` };
    case 'POST /api/vendor/media/upload': return { query: `?vendorId=${side.vendorId}&kind=photo&name=probe.jpg`, body: {} };
    case 'POST /api/vendor/media/links': return { body: { vendorId: side.vendorId, link: 'https://youtu.be/dQw4w9WgXcQ' } };
    case 'POST /api/vendor/media/remove': return { body: { vendorId: side.vendorId, kind: 'photo', key: '/media/probe/probe.webp' } };
    case 'PUT /api/vendor/media/order': return { body: { vendorId: side.vendorId, kind: 'photo', keys: [] } };
    case 'PUT /api/vendor/media/description': return { body: { vendorId: side.vendorId, kind: 'photo', key: '/media/probe/probe.webp', description: { he: 'בדיקה', en: 'Probe' } } };
    case 'POST /api/vendor/products': return { body: { vendorId: side.vendorId, details: productDetails('default') } };
    case 'PUT /api/vendor/products/{productId}': return { body: { details: productDetails('default') } };
    case 'DELETE /api/vendor/products/{productId}': return { query: vendorQuery };
    case 'POST /api/vendor/busy-windows': return { body: { vendorId: side.vendorId, start: '2031-04-01T10:00:00Z', end: '2031-04-01T11:00:00Z' } };
    case 'DELETE /api/vendor/busy-windows/{id}': return { query: vendorQuery };
    case 'GET /api/vendor/calendar-sync':
    case 'DELETE /api/vendor/calendar-sync/sources/{id}': return { query: vendorQuery };
    case 'POST /api/vendor/calendar-sync/feed': return { body: { vendorId: side.vendorId } };
    case 'POST /api/vendor/calendar-sync/sources': return { body: { vendorId: side.vendorId, url: 'https://calendar.example/matrix-probe.ics' } };
    case 'POST /api/vendor/calendar-sync/import': return { body: { vendorId: side.vendorId, fileName: 'probe.ics', ics: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n' } };
    case 'PUT /api/vendor/observance': return { body: { vendorId: side.vendorId, performsOnShabbat: false, performsOnHolidays: true, alsoRestsOn: [] } };
    case 'POST /api/contracts': return { body: { vendorId: side.vendorId, customerId: side.customerId, title: 'Probe', terms: 'Probe terms.', price: PRICE } };
    case 'PUT /api/admin/users/{userId}/roles': return { body: { roles: ['admin', 'superAdmin'], groups: ['superUsers'] } };
    case 'POST /api/admin/acl': return { body: { rule: { asset: 'feACL', action: 'update', level: 'all', role: 'user', public: false } } };
    case 'PUT /api/admin/acl/{ruleId}': return { body: { rule: { asset: 'feACL', action: 'delete', level: 'all', role: 'user', public: false } } };
    default: return operation.method === 'GET' || operation.method === 'DELETE' ? {} : { body: {} };
  }
}

/** Query parameters a read needs to answer 2xx. */
function readQuery(operation: Operation, role: Role, side: Side): string {
  if (operation.auth === 'vendor' && (role === 'admin' || role === 'superUser')) return `?vendorId=${side.vendorId}`;
  if (operation.template === '/api/vendor/{vendorId}/calendar') return '?from=2031-03-01T00:00:00Z&to=2031-03-08T00:00:00Z';
  if (operation.template === '/api/vendor/{vendorId}/jewish-calendar') return '?from=2031-03-01T00:00:00Z&to=2031-03-08T00:00:00Z';
  if (operation.template === '/api/security-challenge') return '?action=sign-in';
  return '';
}

interface Finding { operation: string; role: Role; expected: string; status: number; path: string }

describe('authorization matrix: every API route × 7 roles', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'authz-matrix-'));
    Object.assign(extra, { adminEmail: 'plain-admin@matrix.local', otherVendorEmail: 'other-vendor@matrix.local', otherCustomerEmail: 'other-customer@matrix.local' });
    marketplace = await startMarketplace({
      port: 0, dataDir, seed: true, logLevel: 'silent',
      // The demo marketplace, plus the people the demo lacks: an admin without the superUsers group, a
      // second artist with their own account, and a second customer (activated through the seed's mail outbox).
      seedDemo: async (options) => {
        const report = await seedDemoMarketplace(options);
        const api = commandApiClient(options.baseUrl);
        const superUser = await signIn(api, DEMO_ACCOUNTS.admin, options.password);
        const plain = await registerAndSignIn(api, options.mailer, { email: extra.adminEmail, password: options.password });
        const roles = await api.put(`/api/admin/users/${plain.userId}/roles`, { roles: ['admin'], groups: [] }, superUser.token);
        if (roles.status !== 200) throw new Error(`plain admin: ${roles.status}`);
        const artist = await registerAndSignIn(api, options.mailer, { email: extra.otherVendorEmail, password: options.password });
        const registered = await api.post('/api/artists/register', { profile: vendorProfile('Matrix Other') }, artist.token);
        if (registered.status !== 201) throw new Error(`other vendor: ${registered.status}`);
        await registerAndSignIn(api, options.mailer, { email: extra.otherCustomerEmail, password: options.password });
        return report;
      },
    });
    const api = commandApiClient(marketplace.url);
    const password = 'demo-password';
    const accounts: Record<Exclude<Role, 'guest'>, string> = {
      customer: DEMO_ACCOUNTS.customer, vendor: DEMO_ACCOUNTS.vendor, otherVendor: extra.otherVendorEmail, operator: DEMO_ACCOUNTS.operator,
      admin: extra.adminEmail, superUser: DEMO_ACCOUNTS.admin,
    };
    for (const [role, email] of Object.entries(accounts)) tokens[role as Exclude<Role, 'guest'>] = (await signIn(api, email, password)).token;
    const otherCustomer = (await signIn(api, extra.otherCustomerEmail, password)).token;
    const customerId = (await made('customer', call('GET', '/api/user/current', tokens.customer))).uuid;
    const otherCustomerId = (await made('other customer', call('GET', '/api/user/current', otherCustomer))).uuid;

    sides.A = await makeSide(tokens.customer, tokens.vendor, customerId);
    sides.B = await makeSide(otherCustomer, tokens.otherVendor, otherCustomerId);
    shared.userId = otherCustomerId;
    const su = tokens.superUser;
    shared.ruleId = (await made('rules', call('GET', '/api/admin/acl', su))).items[0].ruleId;
    shared.configKey = (await made('config', call('GET', '/api/admin/config', su))).items[0].key;
    shared.geoId = (await made('places', call('GET', '/api/entity/geoLocation', undefined))).items[0].geoLocationId ?? (await made('places', call('GET', '/api/entity/geoLocation', undefined))).items[0].id;
    const article = (await made('articles', call('GET', '/api/entity/article', undefined))).items[0];
    shared.articleId = article.articleId ?? article.id;
    shared.articleAlias = article.alias;
    shared.categoryAlias = (await made('categories', call('GET', '/api/entity/category', undefined))).items[0].alias;
    shared.tagAlias = 'artist-categories';
    shared.dispenseId = (await made('phone dispense', call('POST', `/api/artists/vendor/${sides.A.vendorId}/phone-number`, undefined, { fullName: 'Matrix Visitor', phoneNumber: '+972501234567' }))).id;
    const grant = await made('media token', call('POST', '/api/media-manager/token', su, {}));
    const upload = await fetch(new URL(`${grant.uploadUrl}?token=${encodeURIComponent(grant.token)}&name=matrix.pdf`, marketplace.url), {
      method: 'POST', headers: { authorization: `Bearer ${su}`, 'content-type': 'application/pdf' }, body: '%PDF-1.4 matrix',
    });
    if (upload.status !== 201) throw new Error(`matrix fixture media: ${upload.status}`);
    shared.mediaId = grant.mediaId;
    shared.exportId = (await made('export', call('POST', '/api/admin/exports', su, { format: 'ndjson', categories: ['acl'] }))).id;
    await marketplace.projections.waitForPosition(await marketplace.adapters.eventStore.headPosition(), 30_000);

    const document = (await made('openapi', call('GET', '/api/openapi.json', undefined))) as { paths: Record<string, Record<string, { 'x-auth': string }>> };
    operations = Object.entries(document.paths).flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), template, auth: operation['x-auth'] })));
  }, 180_000);

  afterAll(async () => {
    await marketplace?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('declares who may call each route', () => {
    expect(operations.length).toBeGreaterThan(100);
    const unknown = operations.filter((operation) => !['public', 'user', 'vendor', 'admin', 'superUsers'].includes(operation.auth)).map(keyOf);
    expect(unknown).toEqual([]);
    for (const key of Object.keys(ON_OTHERS_DATA)) expect(operations.map(keyOf), `${key} is declared but not in the API`).toContain(key);
  });

  it('leaks nothing: no role reaches a route or data it may not, and everyone declared gets past the guards', async () => {
    const leaks: Finding[] = [];
    const lockouts: Finding[] = [];
    let probes = 0;
    // Everyone who may not call a route, first: the allowed probes below may change data (harmlessly).
    for (const operation of operations) {
      for (const role of ROLES) {
        if (mayCall(operation, role)) continue;
        const side = foreignSide(role);
        const { query = '', body } = probeOnOthers(operation, side);
        const path = pathOf(operation.template, side, false) + query;
        const answer = await call(operation.method, path, role === 'guest' ? undefined : tokens[role], body);
        probes++;
        const expected = role === 'guest' && operation.auth !== 'public' ? [401] : [401, 403, 404];
        if (!expected.includes(answer.status)) leaks.push({ operation: keyOf(operation), role, expected: expected.join('/'), status: answer.status, path });
      }
    }
    for (const operation of operations) {
      for (const role of ROLES) {
        if (!mayCall(operation, role)) continue;
        const token = role === 'guest' ? undefined : tokens[role];
        const side = ownSide(role);
        probes++;
        if (operation.method === 'GET') {
          const path = pathOf(operation.template, side, false) + readQuery(operation, role, side);
          const answer = await call('GET', path, token);
          if (answer.status < 200 || answer.status >= 300) lockouts.push({ operation: keyOf(operation), role, expected: '2xx', status: answer.status, path });
        } else {
          // An admin on a vendor route names the vendor it acts for.
          const query = operation.auth === 'vendor' ? `?vendorId=${side.vendorId}` : '';
          const path = pathOf(operation.template, side, true) + query;
          const answer = await call(operation.method, path, token, {});
          if ([401, 403].includes(answer.status) || answer.status >= 500) lockouts.push({ operation: keyOf(operation), role, expected: 'past the guards', status: answer.status, path });
        }
      }
    }
    expect(probes).toBe(operations.length * ROLES.length);
    expect(leaks).toEqual([]);
    expect(lockouts).toEqual([]);
  }, 300_000);

  it('GET /api/acl/public answers the public rules only', async () => {
    const answer = await call('GET', '/api/acl/public', undefined);
    expect(answer.status).toBe(200);
    const publicRules = DEFAULT_ACCESS_RULES.filter((rule) => rule.public);
    expect(answer.body.total).toBe(publicRules.length);
    expect(answer.body.items.every((rule: { public: boolean }) => rule.public)).toBe(true);
    expect(answer.body.items.map((rule: { asset: string; action: string; role: string }) => `${rule.role} ${rule.action} ${rule.asset}`).sort())
      .toEqual(publicRules.map((rule) => `${rule.role} ${rule.action} ${rule.asset}`).sort());
  });

  it('GET /api/acl/mine answers the rules that concern the caller', async () => {
    const operator = await call('GET', '/api/acl/mine', tokens.operator);
    expect(operator.body.roles).toEqual(['user', 'operator']);
    const granted = new Set(operator.body.items.map((rule: { role: string }) => rule.role));
    expect([...granted].sort()).toEqual(['guest', 'operator']);
    const admin = await call('GET', '/api/acl/mine', tokens.admin);
    expect(admin.body.items.some((rule: { group: string | null }) => rule.group === 'superUsers')).toBe(false);
    expect(admin.body.items.some((rule: { asset: string; action: string }) => rule.asset === 'feACL' && rule.action === 'update')).toBe(true);
    expect((await call('GET', '/api/acl/mine', undefined)).status).toBe(401);
  });

  it('a rule granted to the operator opens its route at once, and taking it back closes it', async () => {
    const before = await call('GET', '/api/admin/media', tokens.operator);
    expect(before.status).toBe(403);
    expect(before.body.code).toBe('acl.forbidden');
    const rule = await made('grant', call('POST', '/api/admin/acl', tokens.superUser, { rule: { asset: 'media', action: 'list', level: 'all', role: 'operator', public: false } }));
    await marketplace.projections.waitForPosition(rule.position, 10_000);
    expect((await call('GET', '/api/admin/media', tokens.operator)).status).toBe(200);
    // A rule at "some" does not open a route that acts on any entity.
    await made('narrow', call('PUT', `/api/admin/acl/${rule.id}`, tokens.superUser, { rule: { asset: 'media', action: 'list', level: 'some', role: 'operator', public: false } }));
    const narrowed = await made('narrowed', call('GET', `/api/admin/acl/${rule.id}`, tokens.superUser));
    expect(narrowed.level).toBe('some');
    await marketplace.projections.waitForPosition(await marketplace.adapters.eventStore.headPosition(), 10_000);
    expect((await call('GET', '/api/admin/media', tokens.operator)).status).toBe(403);
    const removed = await made('revoke', call('DELETE', `/api/admin/acl/${rule.id}`, tokens.superUser));
    await marketplace.projections.waitForPosition(removed.position, 10_000);
    expect((await call('GET', '/api/admin/media', tokens.operator)).status).toBe(403);
  });
});
