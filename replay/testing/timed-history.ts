import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../../domain/ports/event-store.ts';
import type { HistoryEntry } from '../../projectors/testing/marketplace-history.ts';

// Test logs for the replay command: the projectors' realistic marketplace history, appended with one
// minute between events (metadata.at), so a time filter or --as-of cuts it at a known position.
export const HISTORY_START = Date.UTC(2026, 0, 1, 8);

/** The time of the event appended `index`-th (0-based). */
export const timeOfIndex = (index: number): string => new Date(HISTORY_START + index * 60_000).toISOString();

export async function appendTimedHistory(store: EventStore, entries: readonly HistoryEntry[]): Promise<void> {
  for (const [index, entry] of entries.entries()) {
    const event: NewEvent = {
      id: randomUUID(), type: entry.event.type, data: entry.event.data,
      metadata: { actor: entry.actor, correlationId: randomUUID(), causationId: null, at: timeOfIndex(index), schemaVersion: 1 },
    };
    await store.append(entry.streamId, [event], 'any');
  }
}

/**
 * A large log quickly: `orders` orders of five events each (placed, paid, approved, completed, then
 * a review), appended a stream at a time, with data holding commas, quotes and line breaks.
 */
export async function appendOrderLog(store: EventStore, orders: number): Promise<number> {
  const actor = { userId: 'customer-1', roles: ['user' as const], groups: [], vendorId: null };
  let appended = 0;
  for (let n = 0; n < orders; n++) {
    const orderId = `bulk-${n}`;
    const at = (minute: number) => new Date(HISTORY_START + (n * 5 + minute) * 60_000).toISOString();
    const price = { amountMinor: 100_000 + n, currency: 'ILS' };
    const events = [
      { type: 'OrderPlaced', data: { orderId, customerId: 'customer-1', vendorId: `vendor-${n % 7}`, product: { productId: `p-${n % 7}`, vendorId: `vendor-${n % 7}`, type: 'default', name: { en: 'Show, "live"\nwith band' }, price }, total: price, notes: 'Bring, "the" mic', placedAt: at(0) } },
      { type: 'OrderPaid', data: { orderId, paymentId: `pay-${n}`, amount: price, cardLast4: '4242', at: at(1) } },
      { type: 'OrderApproved', data: { orderId, by: `owner-${n % 7}`, at: at(2) } },
      { type: 'OrderCompleted', data: { orderId, by: `owner-${n % 7}`, at: at(3) } },
    ];
    await store.append(`order-${orderId}`, events.map((event, index) => ({
      id: randomUUID(), type: event.type, data: event.data,
      metadata: { actor, correlationId: orderId, causationId: null, at: at(index), schemaVersion: 1 },
    })), 'no_stream');
    await store.append(`review-${orderId}`, [{
      id: randomUUID(), type: 'ReviewPosted', data: { orderId, vendorId: `vendor-${n % 7}`, customerId: 'customer-1', rating: 5, text: 'שמח, "מאוד"', at: at(4) },
      metadata: { actor, correlationId: orderId, causationId: null, at: at(4), schemaVersion: 1 },
    }], 'no_stream');
    appended += 5;
  }
  return appended;
}
