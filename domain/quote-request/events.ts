import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { EventType, GuestCount } from '../shared/event-type.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Money } from '../shared/money.ts';
import { MAX_VENDORS_PER_REQUEST } from './limits.ts';

// Stream `quoteRequest-<requestId>`: a customer asks one or several vendors for a quote (docs/quotes.md).
// Per vendor: asked → quoted | declined; a quote → expired (its validUntil passed) | accepted | notChosen.
// The request: open → accepted (one quote accepted; the others not chosen) | canceled (by the customer).

/** The most vendors one request asks at once (limits.ts, which the browser imports without zod). */
export { MAX_VENDORS_PER_REQUEST };

/** A day in Israel, YYYY-MM-DD. */
export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date, YYYY-MM-DD').refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Must be a real date');

/** What the customer tells the vendors about the event. */
export const QuoteRequestDetails = {
  /** The day of the event (Israel). */
  eventDate: Day,
  city: z.string().min(1).max(100),
  eventType: EventType,
  guests: GuestCount,
  /** What the customer means to spend, if they say. */
  budget: Money.optional(),
  message: z.string().min(1).max(2000),
};

/** The product a quote is for: the vendor's own contract package or fixed service (copied when quoting). */
export const QuotedProduct = z.strictObject({
  productId: Id,
  type: z.enum(['default', 'contractService']),
  name: z.strictObject({ he: z.string().optional(), en: z.string().optional() }),
});
export type QuotedProduct = z.infer<typeof QuotedProduct>;

/** What an accepted quote becomes: a contract to sign (a contract package, or a quote without a product) or an order to pay. */
export const QuoteOutcome = z.enum(['contract', 'order']);
export type QuoteOutcome = z.infer<typeof QuoteOutcome>;

export const QuoteRequested = event('QuoteRequested', z.strictObject({
  requestId: Id, customerId: Id, vendorIds: z.array(Id).min(1).max(MAX_VENDORS_PER_REQUEST), ...QuoteRequestDetails, at: IsoTime,
}));
export const QuoteSubmitted = event('QuoteSubmitted', z.strictObject({
  requestId: Id, vendorId: Id, price: Money, included: z.string().min(1).max(4000), validUntil: IsoTime,
  product: QuotedProduct.optional(), by: Id.nullable(), at: IsoTime,
}));
export const QuoteDeclined = event('QuoteDeclined', z.strictObject({
  requestId: Id, vendorId: Id, reason: z.string().max(500).optional(), by: Id.nullable(), at: IsoTime,
}));
/** The customer took one quote: the request is closed and every other vendor asked is not chosen. */
export const QuoteAccepted = event('QuoteAccepted', z.strictObject({
  requestId: Id, customerId: Id, vendorId: Id, price: Money, included: z.string().min(1).max(4000), product: QuotedProduct.optional(),
  eventDate: Day, outcome: QuoteOutcome, outcomeId: Id, notChosen: z.array(Id), at: IsoTime,
}));
export const QuoteRequestCanceled = event('QuoteRequestCanceled', z.strictObject({
  requestId: Id, reason: z.string().max(500).optional(), at: IsoTime,
}));
/** A quote's validUntil passed while the request was open (recorded by the system; accept is refused from validUntil on anyway). */
export const QuoteExpired = event('QuoteExpired', z.strictObject({ requestId: Id, vendorId: Id, validUntil: IsoTime, at: IsoTime }));

export const QuoteRequestEvent = z.discriminatedUnion('type', [QuoteRequested, QuoteSubmitted, QuoteDeclined, QuoteAccepted, QuoteRequestCanceled, QuoteExpired]);
export type QuoteRequestEvent = z.infer<typeof QuoteRequestEvent>;
