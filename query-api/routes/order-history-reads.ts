import { z } from 'zod';
import { OrderHistoryAnswer } from '../answer-schemas.ts';
import { orderDecider, orderStream, type OrderState } from '../../domain/order/decider.ts';
import { OrderEvent } from '../../domain/order/events.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { documentTag } from '../cache-tags.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { queryInteger } from '../paging.ts';
import { mayReadOrder } from './order-reads.ts';

// Time travel: the state of an order as of any of its events, folded from the event store
// with the order decider's own `evolve`, so it is exactly what the write side believed then.
// For admins and the order's parties; anyone else gets the same 404 as for a missing order.
export const orderHistory = readRoute({
  path: '/api/orders/:id/history',
  response: OrderHistoryAnswer,
  summary: 'The order as of one of its events (default: the latest), with the events up to it',
  tags: ['orders', 'audit'],
  auth: 'user',
  params: { id: z.string().min(1).max(100) },
  query: { asOfRevision: queryInteger({ min: 0 }).optional().describe('Revision of the order stream to stop at (0 = as placed).') },
  answers: { 409: 'asOfRevision is past the revision the order is at' },
  async handle({ params, query, eventStore, actor, views }) {
    views.tag(documentTag('orders', params.id));
    const recorded = await eventStore.readStream(orderStream(params.id));
    const placed = recorded[0]?.data as { customerId?: string; vendorId?: string } | undefined;
    if (!placed || !mayReadOrder(actor, placed)) throw problems.notFound('There is no such order.');
    const currentRevision = recorded.at(-1)!.revision;
    const asOfRevision = query.asOfRevision ?? currentRevision;
    if (asOfRevision > currentRevision) {
      throw new HttpProblem(409, 'Revision not found', {
        code: 'revision-not-found',
        detail: `The order is at revision ${currentRevision}; it has no revision ${asOfRevision}.`,
        currentRevision,
      });
    }
    let state: OrderState = orderDecider.initialState;
    const events = [];
    for (const event of recorded) {
      if (event.revision > asOfRevision) break;
      state = orderDecider.evolve(state, OrderEvent.parse({ type: event.type, data: event.data }));
      events.push({
        revision: event.revision,
        position: event.position,
        type: event.type,
        at: event.metadata.at,
        by: { userId: event.metadata.actor.userId, roles: event.metadata.actor.roles },
        correlationId: event.metadata.correlationId,
        data: event.data,
      });
    }
    return { orderId: params.id, asOfRevision, currentRevision, state, events };
  },
});

export const orderHistoryReads: ReadRoute[] = [orderHistory];
