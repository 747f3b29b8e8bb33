import { partiesOf, type Actor, type Party } from '../shared/actor.ts';
import type { OrderStatus } from './events.ts';

// The order lifecycle of DESIGN §5 as data: for each command on an existing order, the statuses it
// may start from and which parties may issue it there. The decider, the tests, the docs table and the
// UI's "what can I do next" buttons all read this one table.
export type OrderParty = Party;
export type OrderTransitionCommand = 'PayOrder' | 'ApproveOrder' | 'CompleteOrder' | 'CancelOrder';

export const orderLifecycle: Record<OrderTransitionCommand, { to: OrderStatus; from: Partial<Record<OrderStatus, readonly OrderParty[]>> }> = {
  PayOrder: { to: 'payed', from: { new: ['customer'] } },
  ApproveOrder: { to: 'approved', from: { payed: ['vendor', 'admin'] } },
  CompleteOrder: { to: 'completed', from: { approved: ['vendor', 'admin'] } },
  CancelOrder: { to: 'canceled', from: { new: ['customer', 'vendor', 'admin'], payed: ['customer', 'vendor', 'admin'], approved: ['vendor', 'admin'] } },
};

export const orderTransitionCommands = Object.keys(orderLifecycle) as OrderTransitionCommand[];

/** The commands this actor may issue on an order in its current status (for the UI's buttons). */
export function allowedOrderCommands(
  order: { status: OrderStatus; customerId: string; vendorId: string } | null,
  actor: Actor,
): OrderTransitionCommand[] {
  if (order === null) return [];
  const parties = partiesOf(actor, order);
  return orderTransitionCommands.filter((command) => {
    const allowed = orderLifecycle[command].from[order.status];
    return allowed !== undefined && parties.some((party) => allowed.includes(party));
  });
}
