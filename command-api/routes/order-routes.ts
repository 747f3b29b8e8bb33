import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { calendarDecider } from '../../domain/calendar/decider.ts';
import { orderDecider, orderSlot, type OrderState } from '../../domain/order/decider.ts';
import type { OrderCommand } from '../../domain/order/commands.ts';
import { reviewDecider } from '../../domain/review/decider.ts';
import type { ReviewedOrder } from '../../domain/review/commands.ts';
import { Id, IsoTime, streamId } from '../../domain/shared/ids.ts';
import { Refusal } from '../../domain/shared/refusal.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { toDomainEvent } from '../command-handler.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { loadOrderedProduct } from '../product-facts.ts';
import type { RequestContext } from '../request-context.ts';
import { WriteResult } from '../write-result.ts';

// Orders (DESIGN §5). Placing a timed-service order is two appends on two streams: first the slot in
// `calendar-<vendorId>` (expected revision = the calendar as read; on a conflict the calendar is read
// again and the overlap decided again, so of many concurrent requests for one slot exactly one gets
// it), then OrderPlaced on the new `order-<id>` stream ("no stream"). Should the second append fail,
// the slot is released again, so a slot never stays held by an order that does not exist.
// Payment: the gateway is charged before the decision (with an idempotency key of the order and
// its revision, so a retried request never charges twice), then the result is recorded.

const OrderParams = z.strictObject({ id: Id });
const orderStream = (orderId: string) => streamId('order', orderId);

async function loadOrder(deps: CommandDeps, orderId: string): Promise<{ state: OrderState; revision: number }> {
  const events = await deps.eventStore.readStream(orderStream(orderId));
  const state = events.reduce((s, e) => orderDecider.evolve(s, toDomainEvent(e)), orderDecider.initialState);
  return { state, revision: events.at(-1)?.revision ?? -1 };
}

export function orderRoutes(deps: CommandDeps): CommandRoute[] {
  async function placeOrder(context: RequestContext, body: { productId: string; start?: string; notes?: string }) {
    const product = await loadOrderedProduct(deps.eventStore, body.productId);
    if (!product) throw problems.notFound('There is no such product.');
    const orderId = randomUUID();
    const command: OrderCommand = {
      type: 'PlaceOrder', actor: context.actor, at: context.at, orderId, customerId: context.actor.userId!,
      product, ...(body.start ? { start: body.start } : {}), ...(body.notes ? { notes: body.notes } : {}),
    };
    // Decide once on the empty order first: a refused order must not touch the calendar.
    const [placed] = orderDecider.decide(command, null);
    const slot = placed?.type === 'OrderPlaced' ? orderSlot({ orderId, vendorId: product.vendorId, start: placed.data.start, end: placed.data.end }) : null;
    let reservationId: string | null = null;
    if (slot) {
      const reserved = await deps.execute(context, streamId('calendar', slot.vendorId), calendarDecider, {
        type: 'ReserveSlot', actor: context.actor, at: context.at, ...slot,
      });
      reservationId = reserved.events[0]?.id ?? null;
    }
    try {
      const outcome = await deps.execute(context, orderStream(orderId), orderDecider, command, reservationId ?? undefined);
      return written(orderId, outcome, 201);
    } catch (error) {
      if (slot) {
        await deps.execute(context, streamId('calendar', slot.vendorId), calendarDecider, {
          type: 'ReleaseSlot', actor: context.actor, at: context.at, orderId, vendorId: slot.vendorId, reason: 'The order could not be placed.',
        }).catch((releaseError) => deps.logger.error(releaseError, `slot of order ${orderId} could not be released`));
      }
      throw error;
    }
  }

  async function payOrder(context: RequestContext, orderId: string, cardNumber: string) {
    const { state, revision } = await loadOrder(deps, orderId);
    // Would an accepted payment be allowed? If not, refuse before charging anyone.
    orderDecider.decide({ type: 'PayOrder', actor: context.actor, at: context.at, orderId, payment: { status: 'accepted', paymentId: 'check', cardLast4: '0000' } }, state);
    const total = state!.total;
    const charge = await deps.paymentGateway.charge({ orderId, amount: total, cardNumber, idempotencyKey: `order-${orderId}:pay:${revision}` });
    try {
      const outcome = await deps.execute(context, orderStream(orderId), orderDecider, {
        type: 'PayOrder', actor: context.actor, at: context.at, orderId, payment: charge,
      });
      if (charge.status === 'declined') {
        throw new HttpProblem(402, 'Payment declined', {
          code: 'payment.declined', detail: charge.reason, orderId, revision: outcome.revision, position: outcome.position,
        });
      }
      return written(orderId, outcome);
    } catch (error) {
      // The order changed while we charged (paid by a concurrent request, or canceled): give the money back.
      if (charge.status === 'accepted' && error instanceof Refusal) {
        const now = await loadOrder(deps, orderId);
        if (now.state?.payment?.paymentId !== charge.paymentId) {
          await deps.paymentGateway.refund({ paymentId: charge.paymentId, amount: total })
            .catch((refundError) => deps.logger.error(refundError, `refund of ${charge.paymentId} failed`));
        }
      }
      throw error;
    }
  }

  async function cancelOrder(context: RequestContext, orderId: string, reason: string) {
    const outcome = await deps.execute(context, orderStream(orderId), orderDecider, { type: 'CancelOrder', actor: context.actor, at: context.at, orderId, reason });
    const canceled = outcome.events.find((e) => e.type === 'OrderCanceled');
    const data = canceled?.data as { refund?: { paymentId: string; amount: { amountMinor: number; currency: 'ILS' } } } | undefined;
    if (data?.refund) {
      await deps.paymentGateway.refund(data.refund).catch((error) => deps.logger.error(error, `refund for order ${orderId} failed; the OrderCanceled event records it as owed`));
    }
    const slot = orderSlot(outcome.stateBefore);
    if (slot && canceled) {
      // The order is canceled either way; a slot that could not be released is logged for an operator.
      await deps.execute(context, streamId('calendar', slot.vendorId), calendarDecider, {
        type: 'ReleaseSlot', actor: context.actor, at: context.at, orderId, vendorId: slot.vendorId, reason,
      }, canceled.id).catch((error) => deps.logger.error(error, `slot of canceled order ${orderId} could not be released`));
    }
    return written(orderId, outcome);
  }

  const transition = (action: 'approve' | 'complete', type: 'ApproveOrder' | 'CompleteOrder', summary: string) =>
    defineRoute({
      method: 'post', path: `/api/orders/:id/${action}`, summary, tags: ['orders'], auth: 'user', params: OrderParams, response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await deps.execute(context, orderStream(params.id), orderDecider, { type, actor: context.actor, at: context.at, orderId: params.id });
      return written(params.id, outcome);
    });

  return [
    defineRoute({
      method: 'post', path: '/api/orders', summary: 'Place an order for a product (a timed service reserves its slot)', tags: ['orders'], auth: 'user',
      body: z.strictObject({ productId: Id, start: IsoTime.optional(), notes: z.string().trim().max(2000).optional() }),
      response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => placeOrder(context, body)),

    defineRoute({
      method: 'post', path: '/api/orders/:id/pay', summary: 'Pay a new order by card (sandbox: 4242424242424242 accepted, 4000000000000002 declined → 402)', tags: ['orders'], auth: 'user',
      params: OrderParams,
      body: z.strictObject({ cardNumber: z.string().trim().regex(/^[\d -]{12,23}$/, 'Card number must be 12 to 19 digits').refine((v) => /^\d{12,19}$/.test(v.replace(/[\s-]/g, '')), 'Card number must be 12 to 19 digits') }),
      response: WriteResult,
    }, async ({ params, body, context }) => payOrder(context, params.id, body.cardNumber)),

    transition('approve', 'ApproveOrder', "Approve a paid order (the order's vendor or an admin)"),
    transition('complete', 'CompleteOrder', "Complete an approved order (the order's vendor or an admin)"),

    defineRoute({
      method: 'post', path: '/api/orders/:id/cancel', summary: 'Cancel an order with a reason (refunds a paid order, releases a timed slot)', tags: ['orders'], auth: 'user',
      params: OrderParams, body: z.strictObject({ reason: z.string().trim().min(1).max(500) }), response: WriteResult,
    }, async ({ params, body, context }) => cancelOrder(context, params.id, body.reason)),

    defineRoute({
      method: 'post', path: '/api/orders/:id/review', summary: 'Review a completed order (its customer, once)', tags: ['orders', 'reviews'], auth: 'user',
      params: OrderParams, body: z.strictObject({ rating: z.number().int().min(1).max(5), text: z.string().trim().max(5000).default('') }),
      response: WriteResult, successStatus: 201,
    }, async ({ params, body, context }) => {
      const { state } = await loadOrder(deps, params.id);
      const order: ReviewedOrder | null = state ? { status: state.status, customerId: state.customerId, vendorId: state.vendorId } : null;
      const outcome = await deps.execute(context, streamId('review', params.id), reviewDecider, {
        type: 'PostReview', actor: context.actor, at: context.at, orderId: params.id, rating: body.rating, text: body.text, order,
      });
      return written(params.id, outcome, 201);
    }),

    defineRoute({
      method: 'delete', path: '/api/orders/:id/review', summary: 'Take a review down (admin moderation)', tags: ['reviews'], auth: 'admin',
      params: OrderParams, body: z.strictObject({ reason: z.string().trim().max(500).default('') }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await deps.execute(context, streamId('review', params.id), reviewDecider, {
        type: 'RemoveReview', actor: context.actor, at: context.at, orderId: params.id, reason: body.reason,
      });
      return written(params.id, outcome);
    }),
  ];
}
