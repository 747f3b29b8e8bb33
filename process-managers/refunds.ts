import type { EventStore } from '../domain/ports/event-store.ts';
import { PaymentNotRefundable, type PaymentGateway } from '../domain/ports/payment-gateway.ts';
import type { Money } from '../domain/shared/money.ts';
import { orderDecider } from '../domain/order/decider.ts';
import { loadFolded } from '../command-api/command-handler.ts';
import { flowCommands } from './flow-commands.ts';
import type { FlowStep } from './process-manager.ts';

// Money owed back is refunded: OrderCanceled with refunds (one per payment, as the cancellation policy
// gave them: a deposit and a balance are two card charges), or OrderPaymentReturned (a charge the order
// did not take) → the gateway's refund of each → OrderRefunded on the order, which the customer sees.
// The gateway refunds a payment once however often it is asked, and RecordRefund decides nothing once
// recorded, so a step taken again (a crash between the two, a retry) refunds once; the payments
// already refunded are skipped. A payment the gateway does not know can never be refunded by retrying:
// it is set aside for an operator.
export const REFUND_FLOW = 'order-refunds';

export function refundFlow(options: { eventStore: EventStore; paymentGateway: PaymentGateway }): FlowStep {
  const { eventStore, paymentGateway } = options;
  const commands = flowCommands(eventStore, REFUND_FLOW);
  return {
    name: REFUND_FLOW,
    eventTypes: new Set(['OrderCanceled', 'OrderPaymentReturned']),
    async handle(event) {
      type Owed = { paymentId: string; amount: Money };
      const data = event.data as { orderId: string; refund?: Owed; refunds?: Owed[]; paymentId?: string; amount?: Money };
      const owed: Owed[] = event.type === 'OrderCanceled'
        ? [...(data.refund ? [data.refund] : []), ...(data.refunds ?? [])]
        : [{ paymentId: data.paymentId!, amount: data.amount! }];
      for (const payment of owed) {
        const { state } = await loadFolded(eventStore, orderDecider, event.streamId);
        if (state?.refunds?.[payment.paymentId]?.refundId) continue;
        const { refundId } = await paymentGateway.refund(payment);
        await commands.execute(orderDecider, event.streamId, { type: 'RecordRefund', orderId: data.orderId, paymentId: payment.paymentId, refundId }, event, payment.paymentId);
      }
    },
    isPermanent: (error) => error instanceof PaymentNotRefundable,
  };
}
