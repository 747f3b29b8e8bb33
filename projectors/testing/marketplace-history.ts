import { randomUUID } from 'node:crypto';
import type { AnyDomainEvent } from '../../domain/events.ts';
import type { EventStore, NewEvent } from '../../domain/ports/event-store.ts';
import type { Actor } from '../../domain/shared/actor.ts';
import { adminActor, customerActor, productDetails, vendorActor, vendorProfile } from './domain-fixtures.ts';
import { systemTestActor } from './recorded-event.ts';

// A realistic history touching every view: content and reference data, users, vendors with products,
// orders through every lifecycle path with calendar reservations, favorites, conversations, contracts,
// reviews and notifications, plus events no view reads. Deterministic for a given size.

export interface HistoryEntry {
  streamId: string;
  event: AnyDomainEvent;
  actor: Actor;
}

const time = (day: number, hour = 10) => new Date(Date.UTC(2026, 0, 1 + day, hour)).toISOString();

export function marketplaceHistory(options: { vendors?: number; customers?: number } = {}): HistoryEntry[] {
  const vendors = options.vendors ?? 6;
  const customers = options.customers ?? 8;
  const history: HistoryEntry[] = [];
  const add = (streamId: string, event: AnyDomainEvent, actor: Actor = systemTestActor) => history.push({ streamId, event, actor });
  const admin = adminActor('admin-1');

  add('tag-root', { type: 'ContentCreated', data: { id: 'root', fields: { entityType: 'tag', name: { he: 'קטגוריות', en: 'Categories' }, alias: 'artist-categories', level: 0, order: 0, parentId: null }, at: time(0) } }, admin);
  const categories = ['music', 'magic', 'dance', 'comedy'];
  categories.forEach((alias, index) => add(`tag-${alias}`, { type: 'ContentCreated', data: { id: alias, fields: { entityType: 'tag', name: { en: alias }, alias, level: 1, order: index, parentId: 'root' }, at: time(0) } }, admin));
  add('tag-comedy', { type: 'ContentUpdated', data: { id: 'comedy', fields: { entityType: 'tag', name: { en: 'Stand-up' }, alias: 'stand-up', level: 1, order: 9, parentId: 'root' }, at: time(1) } }, admin);
  add('article-about', { type: 'ContentCreated', data: { id: 'about', fields: { entityType: 'article', title: { he: 'אודות' }, alias: 'about', body: { he: '<p>x</p>' }, kind: 'page', categoryId: null, publishedAt: time(0) }, at: time(0) } }, admin);
  add('category-news', { type: 'ContentCreated', data: { id: 'news', fields: { entityType: 'category', name: { en: 'News' }, alias: 'news' }, at: time(0) } }, admin);
  add('brand-acme', { type: 'ContentCreated', data: { id: 'acme', fields: { entityType: 'brand', name: { en: 'Acme' }, alias: 'acme' }, at: time(0) } }, admin);
  for (const [id, he, en] of [['haifa', 'חיפה', 'Haifa'], ['tlv', 'תל אביב', 'Tel Aviv'], ['eilat', 'אילת', 'Eilat']] as const) {
    add(`geolocation-${id}`, { type: 'GeoLocationCreated', data: { id, fields: { name: { he, en }, parentId: null }, at: time(0) } }, admin);
  }
  add('config-support.whatsapp', { type: 'ConfigEntrySet', data: { key: 'support.whatsapp', value: '+972500000000', at: time(0) } }, admin);
  add('language-he', { type: 'LanguageEntrySet', data: { code: 'he', name: { he: 'עברית', en: 'Hebrew' }, enabled: true, at: time(0) } }, admin);
  add('acl-public-vendors', { type: 'AclRuleSet', data: { ruleId: 'public-vendors', rule: { asset: 'vendor', action: 'read', level: 'all', role: 'guest', public: true }, at: time(0) } }, admin);

  for (let c = 0; c < customers; c++) {
    const userId = `cust-${c}`;
    add(`useremail-${userId}`, { type: 'UserEmailClaimed', data: { userId, email: `${userId}@example.com` } });
    add(`user-${userId}`, { type: 'UserRegistered', data: { userId, email: `${userId}@example.com`, fullName: `Customer ${c}`, passwordHash: 'scrypt$x', locale: 'he-IL', activationTokenHash: 'h', at: time(1) } });
    add(`user-${userId}`, { type: 'UserActivated', data: { userId, at: time(1, 11) } });
  }

  for (let v = 0; v < vendors; v++) {
    const vendorId = `vendor-${v}`;
    const owner = `owner-${v}`;
    const actor = vendorActor(owner, vendorId);
    add(`user-${owner}`, { type: 'UserRegistered', data: { userId: owner, email: `${owner}@example.com`, fullName: `Owner ${v}`, passwordHash: 'scrypt$y', locale: 'en-US', activationTokenHash: 'h', at: time(1) } });
    add(`vendor-${vendorId}`, { type: 'VendorCreated', data: { vendorId, ownerUserId: owner, profile: vendorProfile({ name: { he: `אמן ${v}`, en: `Artist ${v}` }, tagIds: [categories[v % categories.length]!], geoLocationIds: [['haifa', 'tlv', 'eilat'][v % 3]!] }), at: time(2) } }, actor);
    add(`user-${owner}`, { type: 'UserVendorLinked', data: { userId: owner, vendorId, at: time(2) } });
    for (let p = 0; p < 3; p++) {
      const productId = `${vendorId}-product-${p}`;
      const type = p === 0 ? 'timedService' : p === 1 ? 'contractService' : 'default';
      add(`product-${productId}`, { type: 'ProductCreated', data: { productId, vendorId, details: productDetails({ type, price: { amountMinor: 50_000 * (p + 1) + v * 1000, currency: 'ILS' } }), at: time(3) } }, actor);
    }
    add(`product-${vendorId}-product-1`, { type: 'ProductUpdated', data: { productId: `${vendorId}-product-1`, vendorId, details: productDetails({ type: 'contractService', price: { amountMinor: 20_000, currency: 'ILS' } }), at: time(4) } }, actor);
    if (v % 2 === 0) add(`product-${vendorId}-product-2`, { type: 'ProductRemoved', data: { productId: `${vendorId}-product-2`, vendorId, at: time(4) } }, actor);
    add(`calendar-${vendorId}`, { type: 'BusyWindowCreated', data: { vendorId, windowId: `${vendorId}-w1`, start: time(30), end: time(31), reason: 'holiday' } }, actor);
    if (v === 0) add(`vendor-${vendorId}`, { type: 'VendorProfileUpdated', data: { vendorId, profile: vendorProfile({ name: { he: 'אמן אפס', en: 'Artist Zero' } }), at: time(5) } }, actor);
    if (v === vendors - 1) add(`vendor-${vendorId}`, { type: 'VendorArchived', data: { vendorId, reason: 'left the platform', at: time(6) } }, admin);
  }

  let orderNumber = 0;
  for (let c = 0; c < customers; c++) {
    const customerId = `cust-${c}`;
    const customer = customerActor(customerId);
    add(`favorites-${customerId}`, { type: 'VendorFavorited', data: { userId: customerId, vendorId: `vendor-${c % vendors}` } }, customer);
    add(`favorites-${customerId}`, { type: 'VendorFavorited', data: { userId: customerId, vendorId: `vendor-${(c + 1) % vendors}` } }, customer);
    if (c % 3 === 0) add(`favorites-${customerId}`, { type: 'VendorUnfavorited', data: { userId: customerId, vendorId: `vendor-${c % vendors}` } }, customer);
    add(`favorites-${customerId}`, { type: 'ProductFavorited', data: { userId: customerId, productId: `vendor-${c % vendors}-product-0` } }, customer);

    for (let o = 0; o < 3; o++) {
      const v = (c + o) % vendors;
      const vendorId = `vendor-${v}`;
      const vendor = vendorActor(`owner-${v}`, vendorId);
      const orderId = `order-${orderNumber++}`;
      const price = { amountMinor: 50_000 + v * 1000, currency: 'ILS' as const };
      const start = time(40 + orderNumber, 18);
      const end = time(40 + orderNumber, 19);
      add(`calendar-${vendorId}`, { type: 'SlotReserved', data: { vendorId, orderId, start, end } }, customer);
      add(`order-${orderId}`, { type: 'OrderPlaced', data: { orderId, customerId, vendorId, product: { productId: `${vendorId}-product-0`, vendorId, type: 'timedService', name: { en: 'Show' }, price, serviceDuration: 60 }, total: price, start, end, placedAt: time(10 + o) } }, customer);
      const path = (c + o) % 4;
      if (path === 0) {
        add(`order-${orderId}`, { type: 'OrderCanceled', data: { orderId, reason: 'changed my mind', by: customerId, byRole: 'customer', at: time(11 + o) } }, customer);
        add(`calendar-${vendorId}`, { type: 'SlotReleased', data: { vendorId, orderId, reason: 'order canceled' } }, customer);
        continue;
      }
      add(`order-${orderId}`, { type: 'OrderPaymentDeclined', data: { orderId, reason: 'declined', cardLast4: '0002', at: time(11 + o) } }, customer);
      add(`order-${orderId}`, { type: 'OrderPaid', data: { orderId, paymentId: `pay-${orderId}`, amount: price, cardLast4: '4242', at: time(11 + o, 11) } }, customer);
      add(`notifications-owner-${v}`, { type: 'NotificationCreated', data: { userId: `owner-${v}`, notificationId: `n-${orderId}`, kind: 'order.payed', subject: { orderId }, params: {}, sourceEventId: randomUUID(), at: time(11 + o, 11) } });
      if (path === 1) continue;
      add(`order-${orderId}`, { type: 'OrderApproved', data: { orderId, by: `owner-${v}`, at: time(12 + o) } }, vendor);
      add(`notifications-owner-${v}`, { type: 'NotificationRead', data: { userId: `owner-${v}`, notificationId: `n-${orderId}`, at: time(12 + o) } });
      if (path === 2) continue;
      add(`order-${orderId}`, { type: 'OrderCompleted', data: { orderId, by: `owner-${v}`, at: time(60) } }, vendor);
      add(`review-${orderId}`, { type: 'ReviewPosted', data: { orderId, vendorId, customerId, rating: 1 + ((c + o) % 5), text: 'thanks', at: time(61) } }, customer);
      if (c === 0) add(`review-${orderId}`, { type: 'ReviewRemoved', data: { orderId, vendorId, previousRating: 1 + ((c + o) % 5), reason: 'abuse', at: time(62) } }, admin);
    }

    const conversationId = `conv-${customerId}`;
    const vendorId = `vendor-${c % vendors}`;
    add(`conversation-${conversationId}`, { type: 'ConversationOpened', data: { conversationId, customerId, vendorId, at: time(7) } }, customer);
    for (let m = 0; m < 4; m++) {
      const side = m % 2 === 0 ? 'customer' : 'vendor';
      add(`conversation-${conversationId}`, { type: 'MessagePosted', data: { conversationId, messageId: `${conversationId}-m${m}`, authorId: side === 'customer' ? customerId : `owner-${c % vendors}`, side, text: `message ${m}`, at: time(7, 10 + m) } }, customer);
    }
    add(`conversation-${conversationId}`, { type: 'ConversationRead', data: { conversationId, readerId: customerId, side: 'customer', upToMessageId: `${conversationId}-m1`, at: time(8) } }, customer);

    const contractId = `contract-of-${customerId}`;
    add(`contract-${contractId}`, { type: 'ContractDrafted', data: { contractId, customerId, vendorId, title: 'Show', terms: 'Terms', price: { amountMinor: 100_000, currency: 'ILS' }, at: time(9) } });
    add(`contract-${contractId}`, { type: 'ContractSent', data: { contractId, at: time(9, 11) } });
    if (c % 2 === 0) {
      add(`contract-${contractId}`, { type: 'ContractSigned', data: { contractId, party: 'customer', signerId: customerId, at: time(9, 12) } }, customer);
    } else {
      add(`contract-${contractId}`, { type: 'ContractCanceled', data: { contractId, reason: 'too expensive', by: customerId, at: time(9, 12) } }, customer);
    }
    add(`tracking-newsletter`, { type: 'SourceHit', data: { source: 'newsletter', userId: customerId, at: time(9) } });
  }
  // Quote requests to two vendors each (quote views, response samples): one quoted and accepted, one
  // declined, one left unanswered then canceled (its cancelation names no vendor).
  for (let c = 0; c < Math.min(customers, 3); c++) {
    const customerId = `cust-${c}`;
    const customer = customerActor(customerId);
    const requestId = `quote-of-${customerId}`;
    const asked = [`vendor-${c % vendors}`, `vendor-${(c + 1) % vendors}`];
    const stream = `quoteRequest-${requestId}`;
    add(stream, { type: 'QuoteRequested', data: { requestId, customerId, vendorIds: asked, eventDate: '2026-06-01', city: 'Haifa', eventType: 'wedding', guests: 120, message: 'A wedding', at: time(20) } }, customer);
    add(stream, { type: 'QuoteSubmitted', data: { requestId, vendorId: asked[0]!, price: { amountMinor: 200_000, currency: 'ILS' }, included: 'One set', validUntil: time(40), by: `owner-${c % vendors}`, at: time(20, 13) } }, vendorActor(`owner-${c % vendors}`, asked[0]!));
    if (c === 0) {
      add(stream, { type: 'QuoteDeclined', data: { requestId, vendorId: asked[1]!, reason: 'Busy', by: null, at: time(21) } });
      add(stream, { type: 'QuoteAccepted', data: { requestId, customerId, vendorId: asked[0]!, price: { amountMinor: 200_000, currency: 'ILS' }, included: 'One set', eventDate: '2026-06-01', outcome: 'contract', outcomeId: `contract-q-${c}`, notChosen: [], at: time(22) } }, customer);
    } else {
      add(stream, { type: 'QuoteRequestCanceled', data: { requestId, reason: 'Changed plans', at: time(23) } }, customer);
    }
  }
  add('tag-dance', { type: 'ContentDeleted', data: { id: 'dance', entityType: 'tag', at: time(70) } }, admin);
  add('geolocation-eilat', { type: 'GeoLocationDeleted', data: { id: 'eilat', at: time(70) } }, admin);
  return history;
}

/** Appends the entries one event per append, in order. */
export async function appendHistory(store: EventStore, entries: readonly HistoryEntry[]): Promise<void> {
  for (const entry of entries) {
    const event: NewEvent = {
      id: randomUUID(), type: entry.event.type, data: entry.event.data,
      metadata: { actor: entry.actor, correlationId: randomUUID(), causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
    };
    await store.append(entry.streamId, [event], 'any');
  }
}
