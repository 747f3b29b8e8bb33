import type { EventStore } from '../domain/ports/event-store.ts';
import { systemActor } from '../domain/shared/actor.ts';
import { orderDecider, orderStream } from '../domain/order/decider.ts';
import { handleCommand } from './command-handler.ts';
import { derivedUuid } from './derived-ids.ts';
import { SCHEMA_VERSION } from './request-context.ts';

// The system lets a customer's held slot go: ExpireOrderHold on the order → OrderCanceled by the system
// once its hold ran out unpaid (docs/payments.md "Held slots"). Run by the hold-expiry sweep
// (process-managers/hold-expiry.ts) and by a booking that meets such an order's slot
// (stale-reservations.ts). On the order's own stream, so it and a payment cannot both be recorded:
// whichever appends second meets the other's revision and is decided again (a paid order's hold is
// over; a canceled order cannot be paid). The event id derives from the order, so whoever records it,
// how often, it is one cancel.
export const HOLD_EXPIRY = 'hold-expiry';

/** Answers true when this call canceled the order (false: still held, paid, canceled already, or by an earlier run). */
export async function expireOrderHold(eventStore: EventStore, orderId: string, at: string): Promise<boolean> {
  const streamId = orderStream(orderId);
  const outcome = await handleCommand({
    eventStore, streamId, decider: orderDecider,
    command: { type: 'ExpireOrderHold', orderId, actor: systemActor, at },
    metadata: { actor: systemActor, correlationId: derivedUuid(HOLD_EXPIRY, orderId), causationId: null, at, schemaVersion: SCHEMA_VERSION },
    eventIds: (index) => derivedUuid(`${HOLD_EXPIRY}\n${orderId}`, `${streamId}\n${index}`),
  });
  return outcome.events.length > 0 && !outcome.earlier;
}
