import type { EventStore } from '../domain/ports/event-store.ts';
import { PaymentNotRefundable, type PaymentGateway } from '../domain/ports/payment-gateway.ts';
import type { Money } from '../domain/shared/money.ts';
import { orderDecider } from '../domain/order/decider.ts';
import { loadFolded } from '../command-api/command-handler.ts';
import { flowCommands } from './flow-commands.ts';
import type { FlowStep } from './process-manager.ts';

// Money owed back is refunded: OrderCanceled with a refund, or OrderPaymentReturned (a charge the order
// did not take) → the gateway's refund → OrderRefunded on the order, which the customer sees. The
// gateway refunds a payment once however often it is asked, and RecordRefund decides nothing once
// recorded, so a step taken again (a crash between the two, a retry) refunds once. A payment the
// gateway does not know can never be refunded by retrying: it is set aside for an operator.
export const REFUND_FLOW = 'order-refunds';

export function refundFlow(options: { eventStore: EventStore; paymentGateway: PaymentGateway }): FlowStep {
  const { eventStore, paymentGateway } = options;
  const commands = flowCommands(eventStore, REFUND_FLOW);
  return {
    name: REFUND_FLOW,
    eventTypes: new Set(['OrderCanceled', 'OrderPaymentReturned']),
    async handle(event) {
      const data = event.data as { orderId: string; refund?: { paymentId: string; amount: Money }; paymentId?: string; amount?: Money };
      const owed = event.type === 'OrderCanceled' ? data.refund : { paymentId: data.paymentId!, amount: data.amount! };
      if (!owed) return;
      const { state } = await loadFolded(eventStore, orderDecider, event.streamId);
      if (state?.refunds?.[owed.paymentId]?.refundId) return;
      const { refundId } = await paymentGateway.refund(owed);
      await commands.execute(orderDecider, event.streamId, { type: 'RecordRefund', orderId: data.orderId, paymentId: owed.paymentId, refundId }, event);
    },
    isPermanent: (error) => error instanceof PaymentNotRefundable,
  };
}
