import type { EventStore } from '../domain/ports/event-store.ts';
import { calendarDecider, calendarStream } from '../domain/calendar/decider.ts';
import { orderDecider, orderSlot } from '../domain/order/decider.ts';
import { loadFolded } from '../command-api/command-handler.ts';
import { flowCommands } from './flow-commands.ts';
import type { FlowStep } from './process-manager.ts';

// A canceled timed order gives its slot back: OrderCanceled → ReleaseSlot on `calendar-<vendorId>`.
// The cancel request writes only OrderCanceled; this flow frees the slot after it, retrying revision
// conflicts with other writers of the calendar (many cancels at once, bookings) until it is done.
// Idempotent: releasing a slot the order no longer holds decides nothing.
export const SLOT_RELEASE_FLOW = 'order-slot-release';

export function slotReleaseFlow(options: { eventStore: EventStore }): FlowStep {
  const { eventStore } = options;
  const commands = flowCommands(eventStore, SLOT_RELEASE_FLOW);
  return {
    name: SLOT_RELEASE_FLOW,
    eventTypes: new Set(['OrderCanceled']),
    async handle(event) {
      const slot = orderSlot((await loadFolded(eventStore, orderDecider, event.streamId)).state);
      if (!slot) return;
      const { reason } = event.data as { reason: string };
      await commands.execute(calendarDecider, calendarStream(slot.vendorId), { type: 'ReleaseSlot', orderId: slot.orderId, vendorId: slot.vendorId, reason }, event);
    },
  };
}
