import { z } from 'zod';
import { pageOf } from '../paging.ts';
import { VendorCustomerAnswer, VendorInsightsAnswer } from '../answer-schemas.ts';
import type { ViewDocument } from '../../domain/ports/view-store.ts';
import { isAdmin, ownsVendor, type Actor } from '../../domain/shared/actor.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { vendorInsightsOf } from '../../projectors/customer-journeys/figures.ts';
import { conversationFieldsUnread, customersOf, journeysOf, orderFieldsUnread, type ConversationFact, type OrderFact } from '../../projectors/customer-journeys/journeys.ts';
import type { CustomerJourneyView } from '../../projectors/customer-journeys/projection.ts';

// The customers a vendor already deals with: whoever ordered from it, opened a conversation with it
// or has a contract with it. The vendor picks one of them when drafting a service contract, so it
// sees their name, never their e-mail or phone. Most recent dealings first.
interface Dealings { orderCount: number; hasConversation: boolean; contractCount: number; lastActivityAt: string }

const later = (a: string, b: unknown): string => (typeof b === 'string' && b > a ? b : a);

/** The vendor a vendor-only read is of: the caller's own, or the one an admin names. */
function vendorReadBy(query: { vendorId?: string }, actor: Actor, refusal: string): string {
  const vendorId = query.vendorId ?? actor.vendorId;
  if (!vendorId) throw problems.forbidden('Name the vendorId.');
  if (!ownsVendor(actor, vendorId) && !isAdmin(actor)) throw problems.forbidden(refusal);
  return vendorId;
}

export const vendorCustomers = readRoute({
  path: '/api/vendor/customers',
  response: pageOf(VendorCustomerAnswer),
  summary: "Customers of the caller's vendor (orders, conversations, contracts), with their names (an admin names the vendorId)",
  tags: ['vendors'],
  auth: 'vendor',
  query: { vendorId: z.string().min(1).max(100).optional() },
  answers: { 403: 'An admin names no vendorId, or a vendor names another vendor' },
  async handle({ query, views, actor }) {
    const vendorId = vendorReadBy(query, actor, "A vendor reads only its own vendor's customers.");
    const [orders, conversations, contracts] = await Promise.all([
      views.find('orders', { vendorId }),
      views.find('conversations', { vendorId }),
      views.find('contracts', { vendorId }),
    ]);
    const dealings = new Map<string, Dealings>();
    const of = (doc: ViewDocument): Dealings | null => {
      const customerId = doc.customerId;
      if (typeof customerId !== 'string' || customerId === '') return null;
      let entry = dealings.get(customerId);
      if (!entry) dealings.set(customerId, (entry = { orderCount: 0, hasConversation: false, contractCount: 0, lastActivityAt: '' }));
      return entry;
    };
    for (const order of orders) {
      const entry = of(order);
      if (entry) { entry.orderCount++; entry.lastActivityAt = later(entry.lastActivityAt, order.updatedAt ?? order.placedAt); }
    }
    for (const conversation of conversations) {
      const entry = of(conversation);
      if (entry) { entry.hasConversation = true; entry.lastActivityAt = later(entry.lastActivityAt, conversation.lastActivityAt); }
    }
    for (const contract of contracts) {
      const entry = of(contract);
      if (entry) { entry.contractCount++; entry.lastActivityAt = later(entry.lastActivityAt, contract.updatedAt); }
    }
    const users = await views.find('users', { _id: { $in: [...dealings.keys()] } });
    const names = new Map(users.map((user) => [user._id, typeof user.fullName === 'string' ? user.fullName : '']));
    const items = [...dealings.entries()]
      .map(([userId, entry]) => ({ userId, fullName: names.get(userId) ?? '', ...entry }))
      .sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt) || a.userId.localeCompare(b.userId));
    return { items, total: items.length };
  },
});

// The artist's repeat and referral figures (docs/vendor-calendar-and-products.md ("Repeat and referral facts"), issue 27 item 5): repeat customers,
// bookings by source and the conversion of conversations, added up from the journeys of the customers
// who dealt with it, joined here (projectors/customer-journeys/journeys.ts): the artist's orders and
// conversations (by vendorId, indexed), then the source hits of their customers (`customerJourneys`, by
// `_id`), one read each. Its own vendor reads them, an admin names the vendor; never public.
export const vendorInsights = readRoute({
  path: '/api/vendor/insights',
  response: VendorInsightsAnswer,
  summary: "The caller's vendor's repeat customers, bookings by source and conversion from conversation to order (an admin names the vendorId)",
  tags: ['vendors'],
  auth: 'vendor',
  query: { vendorId: z.string().min(1).max(100).optional() },
  answers: { 403: 'An admin names no vendorId, or a vendor names another vendor' },
  async handle({ query, views, actor }) {
    const vendorId = vendorReadBy(query, actor, "A vendor reads only its own vendor's figures.");
    const [orders, conversations] = await Promise.all([
      views.find<OrderFact & ViewDocument>('orders', { vendorId }, { omit: orderFieldsUnread }),
      views.find<ConversationFact & ViewDocument>('conversations', { vendorId }, { omit: conversationFieldsUnread }),
    ]);
    const customerIds = customersOf(orders, conversations);
    const hits = customerIds.length === 0 ? [] : await views.find<CustomerJourneyView>('customerJourneys', { _id: { $in: customerIds } });
    return vendorInsightsOf(vendorId, journeysOf(orders, conversations, hits));
  },
});

export const vendorCustomerReads: ReadRoute[] = [vendorCustomers, vendorInsights];
