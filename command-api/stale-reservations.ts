import { calendarDecider, calendarStream } from '../domain/calendar/decider.ts';
import { overlaps, type Interval } from '../domain/calendar/availability.ts';
import { systemActor } from '../domain/shared/actor.ts';
import { holdExpired, orderDecider, orderStream } from '../domain/order/decider.ts';
import { expireOrderHold } from './expire-order-hold.ts';
import type { CommandDeps } from './command-deps.ts';
import { handleCommand, loadFolded } from './command-handler.ts';
import { SCHEMA_VERSION, type RequestContext } from './request-context.ts';

// Reservations that hold their slot for nothing: their order was canceled, or never placed, or its
// customer's hold ran out unpaid. The hold-expiry sweep (process-managers/hold-expiry.ts) cancels such
// an order within 30 s; a booking of that time does not wait for it: it records the same
// ExpireOrderHold first (on the order's stream, so a payment landing at that moment and the cancel
// cannot both be recorded), and gives the slot back only once the order is canceled.
//
// A canceled order's slot is given back by the slot-release flow (process-managers/slot-release.ts)
// soon after OrderCanceled; a booking of that very time in the meantime need not wait for it.
//
// Placing a timed order is two appends: SlotReserved on the vendor's calendar, then OrderPlaced on the
// new order's stream (order-workflow.ts). A process that dies between the two leaves a reservation with
// no order — and a failed second append releases the slot only if the process lives to do so. A keyed
// retry (Idempotency-Key) finishes such an order; without one, nobody ever will, and the slot would
// stay taken for nothing.
//
// So when a booking (or a busy window) finds its time taken by such a reservation — of a canceled
// order, or older than any run placing an order could be with no order at all — the product gives that
// slot back (as itself, `system`) and the booking tries again.
//
// Old enough: ORPHANED_AFTER_MS, longer than an Idempotency-Key claim stays the crashed run's (60 s),
// so a keyed retry taking the claim over normally finds its own reservation still there (and reserves
// again if it does not, order-workflow.ts). What is left: such a retry arriving after two minutes, in the
// instant between its slot check and its OrderPlaced, while someone else books over it — then its
// order could be placed without a slot. Nothing here lasts that long in practice; the docs name it.
export const ORPHANED_AFTER_MS = 2 * 60_000;

interface HeldSlot extends Interval {
  reservedAt: number;
  eventId: string;
}

/**
 * Releases the reservations overlapping `interval` whose order was canceled or never placed. Answers
 * whether trying the refused command again may succeed: it released one, or no reservation overlaps any
 * more (the slot-release flow gave it back between the refusal and this read).
 */
export async function releaseStaleReservations(deps: Pick<CommandDeps, 'eventStore' | 'clock'>, context: RequestContext, vendorId: string, interval: Interval): Promise<boolean> {
  const calendar = calendarStream(vendorId);
  const held = new Map<string, HeldSlot>();
  for (const event of await deps.eventStore.readStream(calendar)) {
    const data = event.data as { orderId?: string; start?: string; end?: string };
    if (event.type === 'SlotReserved' && data.orderId) {
      held.set(data.orderId, { start: data.start!, end: data.end!, reservedAt: Date.parse(event.metadata.at), eventId: event.id });
    } else if (event.type === 'SlotReleased' && data.orderId) {
      held.delete(data.orderId);
    }
  }
  const now = deps.clock.now().getTime();
  let released = 0;
  let overlapping = 0;
  for (const [orderId, slot] of held) {
    if (!overlaps(slot, interval)) continue;
    overlapping += 1;
    let order = (await loadFolded(deps.eventStore, orderDecider, orderStream(orderId))).state;
    if (order && holdExpired(order, new Date(now).toISOString())) {
      await expireOrderHold(deps.eventStore, orderId, new Date(now).toISOString());
      order = (await loadFolded(deps.eventStore, orderDecider, orderStream(orderId))).state;
    }
    const stale = order === null ? now - slot.reservedAt >= ORPHANED_AFTER_MS : order.status === 'canceled';
    if (!stale) continue;
    const at = deps.clock.now().toISOString();
    await handleCommand({
      eventStore: deps.eventStore, streamId: calendar, decider: calendarDecider,
      command: { type: 'ReleaseSlot', actor: systemActor, at, orderId, vendorId, reason: order === null ? 'No order was placed for this slot.' : 'The order was canceled.' },
      metadata: { actor: systemActor, correlationId: context.correlationId, causationId: slot.eventId, at, schemaVersion: SCHEMA_VERSION },
    });
    released += 1;
  }
  return released > 0 || overlapping === 0;
}
