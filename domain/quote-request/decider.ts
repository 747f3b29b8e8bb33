import type { Decider } from '../shared/decider.ts';
import type { Actor } from '../shared/actor.ts';
import type { Money } from '../shared/money.ts';
import type { EventType } from '../shared/event-type.ts';
import { isAdmin, ownsVendor } from '../shared/actor.ts';
import { israelDate } from '../shared/israel-time.ts';
import { refuse } from '../shared/refusal.ts';
import { streamOf } from '../shared/ids.ts';
import type { QuoteRequestCommand } from './commands.ts';
import type { QuotedProduct, QuoteOutcome, QuoteRequestEvent } from './events.ts';

// A quote request (stream `quoteRequest-<requestId>`), docs/quotes.md:
//   —      RequestQuotes       the customer, for 1..5 vendors (not its own)        → open, each vendor asked
//   open   SubmitQuote         an asked vendor (or an admin for it), once          → that vendor quoted
//   open   DeclineQuoteRequest an asked vendor, once                               → that vendor declined
//   open   AcceptQuote         the customer, one quoted vendor whose validUntil is still ahead of `at`
//                                                                                 → accepted; the other vendors not chosen
//   open   CancelQuoteRequest  the customer                                        → canceled
//   open   ExpireQuote         the system, a quote whose validUntil passed         → that quote expired (else nothing)
// A quote is expired from its validUntil on whether or not QuoteExpired was recorded yet: accepting is
// refused by the command's own time, so no sweep has to be on time for the rule to hold.

export type VendorQuoteStatus = 'asked' | 'quoted' | 'declined' | 'expired' | 'accepted' | 'notChosen';
export type QuoteRequestStatus = 'open' | 'accepted' | 'canceled';

export interface Quote {
  price: Money;
  included: string;
  validUntil: string;
  product?: QuotedProduct;
}

export interface VendorAnswer {
  status: VendorQuoteStatus;
  quote?: Quote;
}

export interface QuoteRequest {
  requestId: string;
  customerId: string;
  eventDate: string;
  city: string;
  eventType: EventType;
  guests: number;
  budget?: Money;
  message: string;
  status: QuoteRequestStatus;
  /** Per vendor asked, in the order asked. */
  vendors: Record<string, VendorAnswer>;
  accepted?: { vendorId: string; outcome: QuoteOutcome; outcomeId: string };
}

export type QuoteRequestState = QuoteRequest | null;

/** The stream of one quote request (`quoteRequest-<requestId>`). */
export const quoteRequestStream = streamOf('quoteRequest');

/** What a quote becomes once accepted: a fixed service is an order to pay; a contract package, or a quote without a product, a contract to sign. */
export const outcomeOf = (product: QuotedProduct | undefined): QuoteOutcome => (product?.type === 'default' ? 'order' : 'contract');

/** Whether a quote is past its validUntil at `at`. */
export const isExpired = (quote: Pick<Quote, 'validUntil'>, at: string): boolean => !(Date.parse(at) < Date.parse(quote.validUntil));

export const quoteRequestDecider: Decider<QuoteRequestState, QuoteRequestCommand, QuoteRequestEvent> = {
  initialState: null,

  evolve(state, event) {
    if (event.type === 'QuoteRequested') {
      const { requestId, customerId, vendorIds, eventDate, city, eventType, guests, budget, message } = event.data;
      return {
        requestId, customerId, eventDate, city, eventType, guests, ...(budget ? { budget } : {}), message, status: 'open',
        vendors: Object.fromEntries(vendorIds.map((vendorId) => [vendorId, { status: 'asked' as const }])),
      };
    }
    if (state === null) return state;
    const withVendor = (vendorId: string, answer: VendorAnswer): QuoteRequest => ({ ...state, vendors: { ...state.vendors, [vendorId]: answer } });
    switch (event.type) {
      case 'QuoteSubmitted': {
        const { vendorId, price, included, validUntil, product } = event.data;
        return withVendor(vendorId, { status: 'quoted', quote: { price, included, validUntil, ...(product ? { product } : {}) } });
      }
      case 'QuoteDeclined':
        return withVendor(event.data.vendorId, { status: 'declined' });
      case 'QuoteExpired':
        return withVendor(event.data.vendorId, { ...state.vendors[event.data.vendorId], status: 'expired' });
      case 'QuoteAccepted': {
        const { vendorId, notChosen, outcome, outcomeId } = event.data;
        const vendors = { ...state.vendors };
        for (const other of notChosen) if (vendors[other]) vendors[other] = { ...vendors[other], status: 'notChosen' };
        vendors[vendorId] = { ...vendors[vendorId], status: 'accepted' };
        return { ...state, status: 'accepted', vendors, accepted: { vendorId, outcome, outcomeId } };
      }
      case 'QuoteRequestCanceled':
        return { ...state, status: 'canceled' };
    }
  },

  decide(command, state) {
    const { actor, at } = command;
    if (command.type === 'RequestQuotes') {
      const { requestId, customerId, vendorIds, eventDate, city, eventType, guests, budget, message } = command;
      if (actor.userId === null || actor.userId !== customerId) return refuse('forbidden', 'quote.forbidden', 'You can only ask for quotes for yourself.');
      if (state !== null) return refuse('conflict', 'quote.already-requested', 'This quote request already exists.');
      if (new Set(vendorIds).size !== vendorIds.length) return refuse('invalid', 'quote.vendors-repeated', 'Each artist can be asked only once in a request.');
      if (vendorIds.some((vendorId) => ownsVendor(actor, vendorId))) return refuse('forbidden', 'quote.own-vendor', 'You cannot ask your own artist profile for a quote.');
      if (eventDate < israelDate(Date.parse(at))) return refuse('invalid', 'quote.date-in-past', 'The event date has already passed; please choose a date to come.');
      return [{
        type: 'QuoteRequested',
        data: { requestId, customerId, vendorIds, eventDate, city: city.trim(), eventType, guests, ...(budget ? { budget } : {}), message: message.trim(), at },
      }];
    }
    if (state === null) return refuse('not_found', 'quote.not-found', 'There is no such quote request.');
    const { requestId } = state;
    switch (command.type) {
      case 'SubmitQuote':
      case 'DeclineQuoteRequest': {
        const answer = askedVendor(actor, state, command.vendorId);
        requireOpen(state);
        if (answer.status !== 'asked') return refuse('conflict', 'quote.already-answered', 'You have already answered this request.');
        if (command.type === 'DeclineQuoteRequest') {
          const reason = command.reason?.trim();
          return [{ type: 'QuoteDeclined', data: { requestId, vendorId: command.vendorId, ...(reason ? { reason } : {}), by: actor.userId, at } }];
        }
        const { vendorId, price, validUntil, product } = command;
        if (isExpired({ validUntil }, at)) return refuse('invalid', 'quote.valid-until-past', 'A quote must hold until a time still to come.');
        const included = command.included.trim();
        if (included === '') return refuse('invalid', 'quote.included-required', 'Say what the price includes.');
        return [{ type: 'QuoteSubmitted', data: { requestId, vendorId, price, included, validUntil: new Date(validUntil).toISOString(), ...(product ? { product } : {}), by: actor.userId, at } }];
      }
      case 'AcceptQuote': {
        if (actor.userId !== state.customerId) return refuse('forbidden', 'quote.forbidden', 'Only the customer who asked can accept a quote.');
        requireOpen(state);
        const answer = state.vendors[command.vendorId];
        if (!answer) return refuse('not_found', 'quote.not-asked', 'This artist was not asked in this request.');
        if (answer.status === 'expired' || (answer.status === 'quoted' && answer.quote && isExpired(answer.quote, at))) {
          return refuse('conflict', 'quote.expired', 'This quote is no longer valid; ask the artist for a new one.');
        }
        if (answer.status !== 'quoted' || !answer.quote) return refuse('conflict', 'quote.no-quote', 'This artist has not sent a quote to accept.');
        const { price, included, product } = answer.quote;
        // Every other vendor still in the running is told it was not chosen; one that declined is not.
        const notChosen = Object.entries(state.vendors).filter(([vendorId, other]) => vendorId !== command.vendorId && other.status !== 'declined').map(([vendorId]) => vendorId);
        return [{
          type: 'QuoteAccepted',
          data: {
            requestId, customerId: state.customerId, vendorId: command.vendorId, price, included, ...(product ? { product } : {}),
            eventDate: state.eventDate, outcome: outcomeOf(product), outcomeId: command.outcomeId, notChosen, at,
          },
        }];
      }
      case 'CancelQuoteRequest': {
        if (actor.userId !== state.customerId) return refuse('forbidden', 'quote.forbidden', 'Only the customer who asked can cancel this request.');
        requireOpen(state);
        const reason = command.reason?.trim();
        return [{ type: 'QuoteRequestCanceled', data: { requestId, ...(reason ? { reason } : {}), at } }];
      }
      case 'ExpireQuote': {
        if (!actor.roles.includes('system')) return refuse('forbidden', 'quote.forbidden', 'Only the system records expired quotes.');
        const answer = state.vendors[command.vendorId];
        // Idempotent: a quote already expired, accepted, or a request closed decides nothing.
        if (state.status !== 'open' || answer?.status !== 'quoted' || !answer.quote || !isExpired(answer.quote, at)) return [];
        return [{ type: 'QuoteExpired', data: { requestId, vendorId: command.vendorId, validUntil: answer.quote.validUntil, at } }];
      }
    }
  },
};

/** The vendor's answer slot, for the vendor's owner (or an admin acting for it, as with contracts); a vendor not asked is told there is no such request. */
function askedVendor(actor: Actor, request: QuoteRequest, vendorId: string): VendorAnswer {
  if (!ownsVendor(actor, vendorId) && !isAdmin(actor)) return refuse('forbidden', 'quote.forbidden', 'Only the artist asked can answer for itself.');
  return request.vendors[vendorId] ?? refuse('not_found', 'quote.not-asked', 'Your artist profile was not asked in this request.');
}

const closedSentence: Record<Exclude<QuoteRequestStatus, 'open'>, string> = {
  accepted: 'The customer already accepted a quote for this request.',
  canceled: 'The customer canceled this request.',
};

function requireOpen(request: QuoteRequest): void {
  if (request.status !== 'open') refuse('conflict', 'quote.request-closed', closedSentence[request.status]);
}
