import type { EventStore } from '../domain/ports/event-store.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { expireOrderHold } from '../command-api/expire-order-hold.ts';
import type { SlotHoldView } from '../projectors/slot-holds/projection.ts';
import { silentLog, type ProjectorLog } from '../projectors/projector-log.ts';

// A held slot lets go by itself (docs/payments.md "Held slots"): a customer's timed order holds its
// slot unpaid until OrderPlaced.holdUntil (15 minutes). A sweep in the worker finds the open holds
// whose time has run out (the `slotHolds` view, built from the log) and records ExpireOrderHold on each
// → OrderCanceled by the system; the slot-release flow then gives the slot back. It sweeps at start and
// then every `intervalMs` (HOLD_EXPIRY_INTERVAL_SECONDS, 30 s), so a hold that ran out while the process
// was down is let go at the next start: the timer lives in the log, nothing is kept in memory. The
// decider decides nothing for an order paid, canceled or still held, and the event id derives from the
// order (command-api/expire-order-hold.ts, also run by a booking that meets the slot), so two sweepers
// (two workers, or a sweep redone) cancel once. Paying is refused from holdUntil on by the decider
// itself, and a booking of the time cancels such an order itself, so no sweep has to be on time for
// the rules to hold.
export { HOLD_EXPIRY } from '../command-api/expire-order-hold.ts';
/** How often the worker sweeps by default: a hold is let go within about this long after it ran out. */
export const HOLD_EXPIRY_INTERVAL_MS = 30_000;
const PAGE = 200;

export interface HoldExpiry {
  /** One sweep now; resolves with how many orders it canceled. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

export function startHoldExpiry(options: { eventStore: EventStore; viewStore: ViewStore; intervalMs?: number; now?: () => Date; log?: ProjectorLog }): HoldExpiry {
  const { eventStore, viewStore } = options;
  const log = options.log ?? silentLog;
  const now = options.now ?? (() => new Date());
  let running: Promise<number> | null = null;

  async function sweepOnce(): Promise<number> {
    const due = await viewStore.collection<SlotHoldView>('slotHolds')
      .find({ status: 'open', holdUntil: { $lte: now().toISOString() } }, { limit: PAGE, sort: { holdUntil: 1 } });
    let expired = 0;
    for (const doc of due) {
      try {
        if (await expireOrderHold(eventStore, doc.orderId, now().toISOString())) expired++;
      } catch (error) {
        // Tried again at the next sweep (a revision conflict past its retries, an engine away).
        log.warn({ err: error, orderId: doc.orderId, vendorId: doc.vendorId }, 'hold expiry: canceling an order whose hold ran out failed; retrying at the next sweep');
      }
    }
    return expired;
  }

  const sweep = (): Promise<number> => {
    running ??= sweepOnce().finally(() => { running = null; });
    return running;
  };
  const timer = setInterval(() => void sweep().catch((error) => log.warn({ err: error }, 'hold expiry: the sweep failed')), options.intervalMs ?? HOLD_EXPIRY_INTERVAL_MS);
  timer.unref();
  void sweep().catch((error) => log.warn({ err: error }, 'hold expiry: the sweep failed'));
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
