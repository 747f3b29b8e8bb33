import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { EventType, GuestCount } from '../shared/event-type.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Money } from '../shared/money.ts';
import { Day, MAX_VENDORS_PER_REQUEST, QuotedProduct } from './events.ts';

// Commands of a quote request (stream `quoteRequest-<requestId>`). Rules: docs/quotes.md.

/** The customer asks 1..5 vendors at once. */
export const RequestQuotes = command('RequestQuotes', {
  requestId: Id,
  customerId: Id,
  vendorIds: z.array(Id).min(1).max(MAX_VENDORS_PER_REQUEST),
  eventDate: Day,
  city: z.string().trim().min(1).max(100),
  eventType: EventType,
  guests: GuestCount,
  budget: Money.optional(),
  message: z.string().trim().min(1).max(2000),
});
export type RequestQuotes = z.infer<typeof RequestQuotes>;

/** A vendor asked answers with its price, what it includes, and until when it holds. */
export const SubmitQuote = command('SubmitQuote', {
  requestId: Id,
  vendorId: Id,
  price: Money,
  included: z.string().trim().min(1).max(4000),
  validUntil: IsoTime,
  /** Facts of the vendor's product the quote is for, loaded by the command API. */
  product: QuotedProduct.optional(),
});
export type SubmitQuote = z.infer<typeof SubmitQuote>;

export const DeclineQuoteRequest = command('DeclineQuoteRequest', { requestId: Id, vendorId: Id, reason: z.string().trim().max(500).optional() });
export type DeclineQuoteRequest = z.infer<typeof DeclineQuoteRequest>;

/** The customer accepts one vendor's quote; `outcomeId` (made at the edge) names the contract or order it becomes. */
export const AcceptQuote = command('AcceptQuote', { requestId: Id, vendorId: Id, outcomeId: Id });
export type AcceptQuote = z.infer<typeof AcceptQuote>;

export const CancelQuoteRequest = command('CancelQuoteRequest', { requestId: Id, reason: z.string().trim().max(500).optional() });
export type CancelQuoteRequest = z.infer<typeof CancelQuoteRequest>;

/** The system records that a quote's validUntil passed (the expiry sweep). */
export const ExpireQuote = command('ExpireQuote', { requestId: Id, vendorId: Id });
export type ExpireQuote = z.infer<typeof ExpireQuote>;

export const QuoteRequestCommand = z.discriminatedUnion('type', [RequestQuotes, SubmitQuote, DeclineQuoteRequest, AcceptQuote, CancelQuoteRequest, ExpireQuote]);
export type QuoteRequestCommand = z.infer<typeof QuoteRequestCommand>;
