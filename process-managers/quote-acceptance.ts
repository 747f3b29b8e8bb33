import type { EventStore } from '../domain/ports/event-store.ts';
import type { QuoteAccepted } from '../domain/quote-request/events.ts';
import { contractDecider, contractStream } from '../domain/contract/decider.ts';
import { orderDecider, orderStream } from '../domain/order/decider.ts';
import { quoteRequestDecider, type QuoteRequest } from '../domain/quote-request/decider.ts';
import type { PlacedEventDetailsInput } from '../domain/order/event-details.ts';
import { israelInstant } from '../domain/shared/israel-time.ts';
import { pick } from '../domain/shared/translatable.ts';
import { loadFolded } from '../command-api/command-handler.ts';
import { flowCommands } from './flow-commands.ts';
import type { FlowStep } from './process-manager.ts';
import type { z } from 'zod';

// An accepted quote becomes what the customer buys (docs/quotes.md): QuoteAccepted → a contract to sign
// (a contract package, or a quote without a product: DraftContract, then SendContract, at the quoted
// price, for the customer to sign) or an order to pay (a fixed service: PlaceOrder at the quoted price,
// with the event the request names: requestedEventDetails).
// The contract or order id is the acceptance's `outcomeId`, so the request's views link to it at once.
// Exactly once: each write's event ids derive from this flow and the acceptance (flow-commands.ts), so
// a step taken again after a crash finds what its first run wrote; the send happens only to a draft.
export const QUOTE_ACCEPTANCE_FLOW = 'quote-acceptance';

type Accepted = z.infer<typeof QuoteAccepted>['data'];

/** The contract's and order's event date: the request names a day, so noon of that day in Israel. */
const eventDateOf = (day: string): string => israelInstant(day, 12).toISOString();

/**
 * The event an order placed from the quote holds: what the request asked (type, day, city, guests); the
 * address and the phone on the day, which a request to several artists does not ask, the customer gives
 * on the order page (docs/quotes.md).
 */
export function requestedEventDetails(request: Pick<QuoteRequest, 'eventType' | 'eventDate' | 'city' | 'guests'>): PlacedEventDetailsInput {
  return { eventType: request.eventType, date: eventDateOf(request.eventDate), city: request.city, guests: request.guests };
}

export function quoteAcceptanceFlow(options: { eventStore: EventStore }): FlowStep {
  const { eventStore } = options;
  const draft = flowCommands(eventStore, QUOTE_ACCEPTANCE_FLOW);
  const send = flowCommands(eventStore, `${QUOTE_ACCEPTANCE_FLOW}:send`);
  return {
    name: QUOTE_ACCEPTANCE_FLOW,
    eventTypes: new Set(['QuoteAccepted']),
    async handle(event) {
      const accepted = event.data as Accepted;
      const { customerId, vendorId, price, included, product, outcomeId } = accepted;
      const request = (await loadFolded(eventStore, quoteRequestDecider, event.streamId)).state;
      if (accepted.outcome === 'order') {
        if (!product) return;
        await draft.execute(orderDecider, orderStream(outcomeId), {
          type: 'PlaceOrder', orderId: outcomeId, customerId,
          product: { productId: product.productId, vendorId, type: product.type, name: product.name, price },
          notes: included.slice(0, 2000),
          ...(request ? { eventDetails: requestedEventDetails(request) } : {}),
        }, event);
        return;
      }
      // Titled by the package, or else by where and when the event is (words of neither language).
      const title = (product ? pick(product.name, 'he') : '') || [request?.city, accepted.eventDate].filter(Boolean).join(' · ');
      await draft.execute(contractDecider, contractStream(outcomeId), {
        type: 'DraftContract', contractId: outcomeId, customerId, vendorId, ...(product ? { productId: product.productId } : {}),
        title: title.slice(0, 200), terms: included, price, eventDate: eventDateOf(accepted.eventDate),
      }, event);
      const { state } = await loadFolded(eventStore, contractDecider, contractStream(outcomeId));
      if (state?.status !== 'draft') return;
      await send.execute(contractDecider, contractStream(outcomeId), { type: 'SendContract', contractId: outcomeId }, event);
    },
  };
}
