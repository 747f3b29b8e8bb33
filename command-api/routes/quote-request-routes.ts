import { z } from 'zod';
import { quoteRequestDecider, quoteRequestStream } from '../../domain/quote-request/decider.ts';
import { Day, MAX_VENDORS_PER_REQUEST, type QuotedProduct } from '../../domain/quote-request/events.ts';
import { productDecider, productStream } from '../../domain/product/decider.ts';
import { vendorDecider, vendorStream } from '../../domain/vendor/decider.ts';
import { EventType, GuestCount } from '../../domain/shared/event-type.ts';
import { Money } from '../../domain/shared/money.ts';
import { Id, IsoTime } from '../../domain/shared/ids.ts';
import { HttpProblem } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { targetVendorId } from '../guards.ts';
import { WriteResult } from '../write-result.ts';

// Quote requests (docs/quotes.md, `quoteRequest-<id>`): the customer asks one artist or several at
// once; each artist asked quotes or declines; the customer accepts one quote (it becomes a contract to
// sign or an order to pay, from the log: process-managers/quote-acceptance.ts) or cancels the request.

const RequestParams = z.strictObject({ id: Id });

const invalidField = (field: string, message: string) => new HttpProblem(422, 'Validation failed', {
  code: 'validation', detail: 'One or more fields are invalid.', errors: [{ field, message }],
});

export const QuoteRequestBody = z.strictObject({
  vendorIds: z.array(Id).min(1, 'Choose at least one artist.').max(MAX_VENDORS_PER_REQUEST, `Ask at most ${MAX_VENDORS_PER_REQUEST} artists at once.`),
  eventDate: Day,
  city: z.string().trim().min(1, 'Say where the event is.').max(100),
  eventType: EventType,
  guests: GuestCount,
  budget: Money.optional(),
  message: z.string().trim().min(1, 'Tell the artists about your event.').max(2000),
});

/** An admin answers for an artist it names (`?vendorId=` or `vendorId` in the body); an artist for itself. */
const VendorQuery = z.object({ vendorId: Id.optional() });

export const QuoteBody = z.strictObject({
  /** An admin names the artist it answers for; an artist answers for itself. */
  vendorId: Id.optional(),
  price: Money,
  included: z.string().trim().min(1, 'Say what the price includes.').max(4000),
  validUntil: IsoTime,
  /** The artist's own contract package or fixed service the quote is for. */
  productId: Id.optional(),
});

export function quoteRequestRoutes(deps: CommandDeps): CommandRoute[] {
  const requests = deps.aggregate(quoteRequestDecider, quoteRequestStream);
  const vendors = deps.aggregate(vendorDecider, vendorStream);
  const products = deps.aggregate(productDecider, productStream);

  /** A quote may name only one of the vendor's own live products that is bought at a price: a contract package or a fixed service. */
  async function quotedProduct(vendorId: string, productId: string): Promise<QuotedProduct> {
    const { state } = await products.load(productId);
    if (state.status !== 'active' || state.vendorId !== vendorId || state.details.type === 'timedService') {
      throw invalidField('productId', 'Choose one of your own contract packages or fixed services.');
    }
    return { productId, type: state.details.type, name: { ...state.details.name } };
  }

  return [
    defineRoute({
      method: 'post', path: '/api/quote-requests', summary: 'Ask one artist or several (up to 5) for a quote: date, city, event type, guests, budget, message', tags: ['quotes'], auth: 'user',
      body: QuoteRequestBody, response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const vendorIds = [...new Set(body.vendorIds)];
      for (const vendorId of vendorIds) {
        if ((await vendors.load(vendorId)).state.status !== 'active') throw invalidField('vendorIds', 'Every artist asked must be one on the site.');
      }
      const requestId = context.newId();
      const outcome = await requests.execute(context, requestId, { ...body, vendorIds, type: 'RequestQuotes', requestId, customerId: context.actor.userId! });
      return written(requestId, outcome, 201);
    }),

    defineRoute({
      method: 'post', path: '/api/quote-requests/:id/quote', summary: 'Answer a quote request with a quote: price, what it includes, valid until, optionally a product (an artist asked)', tags: ['quotes'], auth: 'vendor',
      params: RequestParams, query: VendorQuery, body: QuoteBody, response: WriteResult,
    }, async ({ params, query, body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId ?? query.vendorId);
      const product = body.productId === undefined ? undefined : await quotedProduct(vendorId, body.productId);
      const outcome = await requests.execute(context, params.id, {
        type: 'SubmitQuote', requestId: params.id, vendorId, price: body.price, included: body.included, validUntil: body.validUntil, ...(product ? { product } : {}),
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/quote-requests/:id/decline', summary: 'Decline a quote request, optionally saying why (an artist asked)', tags: ['quotes'], auth: 'vendor',
      params: RequestParams, query: VendorQuery, body: z.strictObject({ vendorId: Id.optional(), reason: z.string().trim().max(500).optional() }), response: WriteResult,
    }, async ({ params, query, body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId ?? query.vendorId);
      const outcome = await requests.execute(context, params.id, { type: 'DeclineQuoteRequest', requestId: params.id, vendorId, ...(body.reason ? { reason: body.reason } : {}) });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/quote-requests/:id/accept', summary: "Accept one artist's valid quote (the customer): it becomes a contract to sign or an order to pay; the other artists are told", tags: ['quotes'], auth: 'user',
      params: RequestParams, body: z.strictObject({ vendorId: Id }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcomeId = context.newId();
      const outcome = await requests.execute(context, params.id, { type: 'AcceptQuote', requestId: params.id, vendorId: body.vendorId, outcomeId });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/quote-requests/:id/cancel', summary: 'Cancel an open quote request (the customer)', tags: ['quotes'], auth: 'user',
      params: RequestParams, body: z.strictObject({ reason: z.string().trim().max(500).optional() }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await requests.execute(context, params.id, { type: 'CancelQuoteRequest', requestId: params.id, ...(body.reason ? { reason: body.reason } : {}) });
      return written(params.id, outcome);
    }),
  ];
}
