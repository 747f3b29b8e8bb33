import { z } from 'zod';
import { orderDecider, orderStream } from '../../domain/order/decider.ts';
import { reviewDecider, reviewStream } from '../../domain/review/decider.ts';
import type { ReviewedOrder } from '../../domain/review/commands.ts';
import { REVIEW_REPLY_MAX } from '../../domain/review/events.ts';
import { isAdmin } from '../../domain/shared/actor.ts';
import { Id, IsoTime } from '../../domain/shared/ids.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { orderWorkflow, type PayOrderResult } from '../order-workflow.ts';
import { Instalments } from '../../domain/order/payment-terms.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { EventDetailsInput } from '../../domain/order/event-details.ts';
import { Refusal } from '../../domain/shared/refusal.ts';
import { WriteResult } from '../write-result.ts';

// Orders (DESIGN §5): place, pay and cancel run the order workflow (order-workflow.ts), which knows
// nothing of HTTP: its results (placed, no such product, a start beyond the horizon, paid, declined)
// are said in HTTP here; approve, complete and the review are single commands.

const OrderParams = z.strictObject({ id: Id });

/**
 * The decider's refusals of an event's date (required, passed, not the booked slot's start) name their
 * field, as a schema's failure does, so a form can show the sentence beside the date (issue 22 item 1).
 */
async function withEventDateField<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal && error.kind === 'invalid' && error.code.startsWith('order.event-date-')) {
      throw new HttpProblem(422, 'Validation failed', { code: error.code, detail: error.reason, errors: [{ field: 'eventDetails.date', message: error.reason }] });
    }
    throw error;
  }
}

/** A card payment: the card number (sandbox: 4242424242424242 accepted, 4000000000000002 declined) and 1–12 instalments (absent: one). */
const CardPayment = z.strictObject({
  cardNumber: z.string().trim().regex(/^[\d -]{12,23}$/, 'Card number must be 12 to 19 digits').refine((v) => /^\d{12,19}$/.test(v.replace(/[\s-]/g, '')), 'Card number must be 12 to 19 digits'),
  instalments: Instalments.optional(),
});

/** More instalments than the order allows names its field, as a schema's failure does, so the form shows it beside the select. */
async function withInstalmentsField<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal && error.code === 'order.too-many-instalments') {
      throw new HttpProblem(422, 'Validation failed', { code: error.code, detail: error.reason, errors: [{ field: 'instalments', message: error.reason }] });
    }
    throw error;
  }
}

/** An admin hides a review only with a reason: said as a failing field, so the form shows it beside the reason. */
const reasonRequired = () =>
  new HttpProblem(422, 'Validation failed', { code: 'review.reason-required', detail: 'Say why the review is hidden.', errors: [{ field: 'reason', message: 'Say why the review is hidden.' }] });

export function orderRoutes(deps: CommandDeps): CommandRoute[] {
  const orders = deps.aggregate(orderDecider, orderStream);
  const reviews = deps.aggregate(reviewDecider, reviewStream);
  const { placeOrder, payOrder, payBalance, cancelOrder } = orderWorkflow(deps);

  /** A recorded payment in HTTP: 200, or 402 with the issuer's reason when the card was declined. */
  const paymentWritten = (payment: PayOrderResult) => {
    if (payment.result === 'declined') {
      const { orderId, reason, outcome } = payment;
      throw new HttpProblem(402, 'Payment declined', { code: 'payment.declined', detail: reason, orderId, revision: outcome.revision, position: outcome.position });
    }
    return written(payment.orderId, payment.outcome);
  };

  const transition = (action: 'approve' | 'complete', type: 'ApproveOrder' | 'CompleteOrder', summary: string) =>
    defineRoute({
      method: 'post', path: `/api/orders/:id/${action}`, summary, tags: ['orders'], auth: 'user', params: OrderParams, response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await orders.execute(context, params.id, { type, orderId: params.id });
      return written(params.id, outcome);
    });

  return [
    defineRoute({
      method: 'post', path: '/api/orders', summary: 'Place an order for a product (a timed service reserves its slot)', tags: ['orders'], auth: 'user',
      body: z.strictObject({ productId: Id, start: IsoTime.optional(), notes: z.string().trim().max(2000).optional(), eventDetails: EventDetailsInput.optional() }),
      response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const placed = await withEventDateField(() => placeOrder(context, body));
      if (placed.result === 'no-such-product') throw problems.notFound('There is no such product.');
      if (placed.result === 'start-beyond-horizon') {
        throw new HttpProblem(422, 'Validation failed', {
          code: 'validation', detail: 'One or more fields are invalid.',
          errors: [{ field: 'start', message: `Choose a start time within the next ${placed.years} years` }],
        });
      }
      return written(placed.orderId, placed.outcome, 201);
    }),

    defineRoute({
      method: 'post', path: '/api/orders/:id/pay', summary: "Pay a new order by card: its deposit, or the whole price without one, in up to the order's most instalments (sandbox: 4242424242424242 accepted, 4000000000000002 declined → 402)", tags: ['orders'], auth: 'user',
      params: OrderParams,
      answers: { 402: 'The card was declined (the reason is in detail); the order stays new' },
      body: CardPayment,
      response: WriteResult,
    }, async ({ params, body, context }) => paymentWritten(await withInstalmentsField(() => payOrder(context, params.id, body.cardNumber, body.instalments)))),

    defineRoute({
      method: 'post', path: '/api/orders/:id/balance',
      summary: "Pay the balance of a paid order after its deposit (its customer; what is due, in up to the order's most instalments; 409 order.nothing-due once paid in full, order.deposit-first before the deposit; declined → 402)",
      tags: ['orders'], auth: 'user', params: OrderParams,
      answers: { 402: 'The card was declined (the reason is in detail); the balance stays due' },
      body: CardPayment,
      response: WriteResult,
    }, async ({ params, body, context }) => paymentWritten(await withInstalmentsField(() => payBalance(context, params.id, body.cardNumber, body.instalments)))),

    defineRoute({
      method: 'put', path: '/api/orders/:id/event-details',
      summary: "Change the event's details of my order (its customer, while new or paid; 409 once the vendor approved). A timed order's date is its slot's start",
      tags: ['orders'], auth: 'user', params: OrderParams, body: EventDetailsInput, response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await withEventDateField(() => orders.execute(context, params.id, { type: 'ChangeOrderEventDetails', orderId: params.id, eventDetails: body }));
      return written(params.id, outcome);
    }),

    transition('approve', 'ApproveOrder', "Approve a paid order (the order's vendor or an admin)"),
    transition('complete', 'CompleteOrder', "Complete an approved order once its event is over (the order's vendor or an admin; before it, 409 order.event-not-over)"),

    defineRoute({
      method: 'post', path: '/api/orders/:id/cancel', summary: 'Cancel an order with a reason (a paid order is then refunded and a timed slot released, from the log)', tags: ['orders'], auth: 'user',
      params: OrderParams, body: z.strictObject({ reason: z.string().trim().min(1).max(500) }), response: WriteResult,
    }, async ({ params, body, context }) => written(params.id, await cancelOrder(context, params.id, body.reason))),

    defineRoute({
      method: 'post', path: '/api/orders/:id/review', summary: 'Review a completed order (its customer, once)', tags: ['orders', 'reviews'], auth: 'user',
      params: OrderParams, body: z.strictObject({ rating: z.number().int().min(1).max(5), text: z.string().trim().max(5000).default('') }),
      response: WriteResult, successStatus: 201,
    }, async ({ params, body, context }) => {
      const { state } = await orders.load(params.id);
      const order: ReviewedOrder | null = state ? { status: state.status, customerId: state.customerId, vendorId: state.vendorId } : null;
      const outcome = await reviews.execute(context, params.id, { type: 'PostReview', orderId: params.id, rating: body.rating, text: body.text, order });
      return written(params.id, outcome, 201);
    }),

    defineRoute({
      method: 'put', path: '/api/orders/:id/review', summary: 'Edit my review of an order: rating and text (its customer)', tags: ['orders', 'reviews'], auth: 'user',
      params: OrderParams, body: z.strictObject({ rating: z.number().int().min(1).max(5), text: z.string().trim().max(5000).default('') }),
      response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await reviews.execute(context, params.id, { type: 'EditReview', orderId: params.id, rating: body.rating, text: body.text });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'delete', path: '/api/orders/:id/review', summary: 'Delete a review: its customer withdraws it (the order may be reviewed again), an admin hides it with a reason (kept in the log; not shown publicly nor counted)', tags: ['reviews'], auth: 'user',
      params: OrderParams, body: z.strictObject({ reason: z.string().trim().max(500).default('') }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const { actor } = context;
      // Decided on the review as read (again on a retry): the author's own review is withdrawn,
      // anyone else's is moderation, which the decider allows to admins only.
      // An admin's removal hides the review and needs a reason (422 naming `reason`).
      const outcome = await reviews.execute(context, params.id, (state) => {
        if (state.status === 'posted' && actor.userId !== null && state.customerId === actor.userId) return { type: 'WithdrawReview' as const, orderId: params.id };
        if (state.status === 'posted' && isAdmin(actor) && !body.reason) throw reasonRequired();
        return { type: 'RemoveReview' as const, orderId: params.id, reason: body.reason };
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/orders/:id/review/reply', summary: "Reply to a review, once (the reviewed vendor's owner, or an admin on its behalf); the customer is notified", tags: ['reviews'], auth: 'user',
      params: OrderParams, body: z.strictObject({ text: z.string().trim().min(1).max(REVIEW_REPLY_MAX) }), response: WriteResult, successStatus: 201,
    }, async ({ params, body, context }) => {
      const outcome = await reviews.execute(context, params.id, { type: 'ReplyToReview', orderId: params.id, text: body.text });
      return written(params.id, outcome, 201);
    }),
  ];
}
