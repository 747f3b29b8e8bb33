import type { OrderStatus } from '../../domain/order/events.ts';
import type { Journey } from './journeys.ts';

// An artist's repeat and referral figures (docs/vendor-calendar-and-products.md ("Repeat and referral facts")), from the journeys of the customers
// who dealt with it (./journeys.ts). Pure: event times only, no clock — the figures cover everything
// the log holds.
//  - A booking is an order with the artist that is paid, approved or completed now: paid for and not
//    canceled (a paid order canceled later was refunded, so it is no booking; an unpaid one is not yet).
//  - Repeat customers: customers with two bookings or more with the artist.
//  - Bookings by source: the bookings grouped by the utm_source each order is attributed to (the
//    customer's latest source hit in the ATTRIBUTION_DAYS before placing it), "direct" without one.
//  - Conversion: of the conversations customers opened with the artist, those followed by an order of the
//    same customer with the artist (placed, whatever became of it) within CONVERSION_DAYS of its opening.

export const CONVERSION_DAYS = 30;
export const DIRECT = 'direct';
const CONVERSION_MS = CONVERSION_DAYS * 24 * 3600_000;
export const BOOKED_STATUSES: readonly OrderStatus[] = ['payed', 'approved', 'completed'];

export interface SourceFigure { source: string; bookings: number }

export interface VendorInsights {
  vendorId: string;
  /** Orders paid, approved or completed (not canceled). */
  bookings: number;
  /** Customers with at least one booking. */
  bookedCustomers: number;
  /** Customers with two bookings or more. */
  repeatCustomers: number;
  /** Most bookings first, then by name; "direct" for bookings without a source. */
  sources: SourceFigure[];
  conversations: number;
  /** Conversations followed by an order of their customer within CONVERSION_DAYS. */
  convertedConversations: number;
  /** convertedConversations / conversations, 0..1; null without conversations. */
  conversionRate: number | null;
  conversionDays: number;
}

export function vendorInsightsOf(vendorId: string, journeys: readonly Journey[]): VendorInsights {
  let bookings = 0;
  let bookedCustomers = 0;
  let repeatCustomers = 0;
  let conversations = 0;
  let convertedConversations = 0;
  const bySource = new Map<string, number>();
  for (const journey of journeys) {
    const orders = journey.orders.filter((order) => order.vendorId === vendorId);
    const booked = orders.filter((order) => BOOKED_STATUSES.includes(order.status));
    bookings += booked.length;
    if (booked.length >= 1) bookedCustomers++;
    if (booked.length >= 2) repeatCustomers++;
    for (const order of booked) bySource.set(order.source ?? DIRECT, (bySource.get(order.source ?? DIRECT) ?? 0) + 1);
    for (const conversation of journey.conversations) {
      if (conversation.vendorId !== vendorId) continue;
      conversations++;
      const opened = Date.parse(conversation.openedAt);
      if (orders.some((order) => { const placed = Date.parse(order.placedAt); return placed >= opened && placed <= opened + CONVERSION_MS; })) convertedConversations++;
    }
  }
  const sources = [...bySource.entries()].map(([source, count]) => ({ source, bookings: count }))
    .sort((a, b) => b.bookings - a.bookings || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
  return {
    vendorId, bookings, bookedCustomers, repeatCustomers, sources, conversations, convertedConversations,
    conversionRate: conversations === 0 ? null : convertedConversations / conversations,
    conversionDays: CONVERSION_DAYS,
  };
}
