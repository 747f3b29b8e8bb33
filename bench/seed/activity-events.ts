import type { Actor } from '../../domain/shared/actor.ts';
import { emailStreamId } from '../../command-api/user-account.ts';
import { systemActor } from '../../domain/shared/actor.ts';
import { receiptDecider } from '../../domain/receipt/decider.ts';
import { DEFAULT_VAT_BASIS_POINTS } from '../../domain/receipt/vat.ts';
import { receiptLanguageOf } from '../../process-managers/receipts.ts';
import { benchVendorId, benchVendorName, type SeedEntry } from './catalog-events.ts';

// A customer's life on the marketplace, as events (shapes as the deciders emit them): registration,
// favorites, three orders through the whole lifecycle with the payment's receipt, a review and the
// vendor's notification, a conversation with a vendor, and a tracking hit: 34 events, touching most
// views. The receipts are what the receipts flow (process-managers/receipts.ts) appends for each
// payment, decided by the receipt book's own decider: a log written by a running marketplace holds
// them, so a first start over this one has no payment left to receipt (its flow only checks them).
export const EVENTS_PER_CUSTOMER = 34;

const day = (n: number, hour = 10) => new Date(Date.UTC(2026, 0, 1 + (n % 300), hour)).toISOString();

export function customerActivity(c: number, vendors: number): SeedEntry[] {
  const userId = `bench-customer-${c}`;
  const email = `${userId}@example.com`;
  const customer: Actor = { userId, roles: ['user'], groups: [], vendorId: null };
  const system: Actor = { userId: 'system', roles: ['system'], groups: [], vendorId: null };
  const entries: SeedEntry[] = [];
  const add = (streamId: string, event: SeedEntry['event'], actor: Actor = customer) => entries.push({ streamId, event, actor });

  add(emailStreamId(email), { type: 'UserEmailClaimed', data: { userId, email } }, system);
  add(`user-${userId}`, { type: 'UserRegistered', data: { userId, email, fullName: `Customer ${c}`, passwordHash: 'scrypt$bench', locale: c % 2 ? 'en-US' : 'he-IL', activationTokenHash: 'bench', at: day(c) } }, system);
  add(`user-${userId}`, { type: 'UserActivated', data: { userId, at: day(c, 11) } }, system);
  add(`favorites-${userId}`, { type: 'VendorFavorited', data: { userId, vendorId: benchVendorId(c % vendors) } });
  add(`favorites-${userId}`, { type: 'VendorFavorited', data: { userId, vendorId: benchVendorId((c * 7 + 1) % vendors) } });
  add(`favorites-${userId}`, { type: 'ProductFavorited', data: { userId, productId: `${benchVendorId(c % vendors)}-default` } });

  for (let o = 0; o < 3; o++) {
    const v = (c * 3 + o) % vendors;
    const vendorId = benchVendorId(v);
    const owner = `bench-owner-${v}`;
    const vendor: Actor = { userId: owner, roles: ['user', 'vendor'], groups: [], vendorId };
    const orderId = `bench-order-${c}-${o}`;
    const price = { amountMinor: 100_000 + (v % 50) * 1000, currency: 'ILS' as const };
    add(`order-${orderId}`, { type: 'OrderPlaced', data: { orderId, customerId: userId, vendorId, product: { productId: `${vendorId}-default`, vendorId, type: 'default', name: { en: 'Show' }, price }, total: price, placedAt: day(c + o) } });
    add(`order-${orderId}`, { type: 'OrderPaid', data: { orderId, paymentId: `pay-${orderId}`, amount: price, cardLast4: '4242', at: day(c + o, 11) } });
    // Orders k = 3c + o go to vendor k mod vendors in turn, so this is vendor v's receipt number floor(k / vendors) + 1.
    const paidAt = day(c + o, 11);
    const receipts = receiptDecider.decide({
      type: 'IssueReceipt', actor: systemActor, at: paidAt, vendorId, kind: 'payment', sourceId: `pay-${orderId}`, paymentId: `pay-${orderId}`, orderId,
      customerId: userId, customerName: `Customer ${c}`, vendorName: benchVendorName(v), productName: { en: 'Show' }, amount: price,
      vatBasisPoints: DEFAULT_VAT_BASIS_POINTS, part: 'full', instalments: 1, language: receiptLanguageOf(c % 2 ? 'en-US' : 'he-IL'), paidAt,
    }, { ...receiptDecider.initialState, issued: Math.floor((c * 3 + o) / vendors) });
    for (const receipt of receipts) add(`receipts-${vendorId}`, receipt, system);
    add(`notifications-${owner}`, { type: 'NotificationCreated', data: { userId: owner, notificationId: `n-${orderId}`, kind: 'order.payed', subject: { orderId }, params: {}, sourceEventId: `src-${orderId}`, at: day(c + o, 11) } }, system);
    add(`order-${orderId}`, { type: 'OrderApproved', data: { orderId, by: owner, at: day(c + o, 12) } }, vendor);
    add(`order-${orderId}`, { type: 'OrderCompleted', data: { orderId, by: owner, at: day(c + o + 1) } }, vendor);
    add(`review-${orderId}`, { type: 'ReviewPosted', data: { orderId, vendorId, customerId: userId, rating: 1 + ((c + o) % 5), text: 'A wonderful evening', at: day(c + o + 2) } });
  }

  const conversationId = `bench-conversation-${c}`;
  const vendorId = benchVendorId(c % vendors);
  add(`conversation-${conversationId}`, { type: 'ConversationOpened', data: { conversationId, customerId: userId, vendorId, at: day(c) } });
  for (let m = 0; m < 5; m++) {
    const side = m % 2 === 0 ? 'customer' : 'vendor';
    add(`conversation-${conversationId}`, { type: 'MessagePosted', data: { conversationId, messageId: `${conversationId}-m${m}`, authorId: side === 'customer' ? userId : `bench-owner-${c % vendors}`, side, text: `Message ${m} about the date`, at: day(c, 12 + m) } });
  }
  add('tracking-newsletter', { type: 'SourceHit', data: { source: 'newsletter', userId, at: day(c) } }, system);
  return entries;
}
