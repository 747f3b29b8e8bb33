import type { EventStore } from '../domain/ports/event-store.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { systemActor } from '../domain/shared/actor.ts';
import { quoteRequestDecider, quoteRequestStream } from '../domain/quote-request/decider.ts';
import { handleCommand } from '../command-api/command-handler.ts';
import { derivedUuid } from '../command-api/derived-ids.ts';
import { SCHEMA_VERSION } from '../command-api/request-context.ts';
import type { QuoteInboxView } from '../projectors/quote-requests/projection.ts';
import { silentLog, type ProjectorLog } from '../projectors/projector-log.ts';

// Quotes expire by themselves (docs/quotes.md): a sweep in the worker finds the quotes of open
// requests whose validUntil has passed (the `quoteInbox` view, built from the log) and records
// ExpireQuote → QuoteExpired on each, which the customer and the artist are told of. It sweeps at start
// and then every `intervalMs`, so a quote that passed while the process was down is expired at the next
// start: nothing is kept in memory. The decider decides nothing for a quote already expired, accepted
// or on a closed request, and the event id derives from the quote, so two sweepers (two workers, or a
// sweep redone) record it once. Accepting is refused from validUntil on by the decider itself, and
// the reads answer such a quote as expired at once, so no sweep has to be on time for the rule to hold.
export const QUOTE_EXPIRY = 'quote-expiry';
const PAGE = 200;

export interface QuoteExpiry {
  /** One sweep now; resolves with how many quotes it recorded as expired. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

export function startQuoteExpiry(options: { eventStore: EventStore; viewStore: ViewStore; intervalMs?: number; now?: () => Date; log?: ProjectorLog }): QuoteExpiry {
  const { eventStore, viewStore } = options;
  const log = options.log ?? silentLog;
  const now = options.now ?? (() => new Date());
  let running: Promise<number> | null = null;

  async function expireOne(doc: QuoteInboxView): Promise<boolean> {
    const at = now().toISOString();
    const streamId = quoteRequestStream(doc.requestId);
    const outcome = await handleCommand({
      eventStore, streamId, decider: quoteRequestDecider,
      command: { type: 'ExpireQuote', requestId: doc.requestId, vendorId: doc.vendorId, actor: systemActor, at },
      metadata: { actor: systemActor, correlationId: derivedUuid(QUOTE_EXPIRY, doc._id), causationId: null, at, schemaVersion: SCHEMA_VERSION },
      eventIds: (index) => derivedUuid(`${QUOTE_EXPIRY}\n${doc._id}`, `${streamId}\n${index}`),
    });
    return outcome.events.length > 0 && !outcome.earlier;
  }

  async function sweepOnce(): Promise<number> {
    const due = await viewStore.collection<QuoteInboxView>('quoteInbox')
      .find({ requestStatus: 'open', status: 'quoted', validUntil: { $lte: now().toISOString() } }, { limit: PAGE, sort: { validUntil: 1 } });
    let expired = 0;
    for (const doc of due) {
      try {
        if (await expireOne(doc)) expired++;
      } catch (error) {
        // Tried again at the next sweep (a revision conflict past its retries, an engine away).
        log.warn({ err: error, requestId: doc.requestId, vendorId: doc.vendorId }, 'quote expiry: recording an expired quote failed; retrying at the next sweep');
      }
    }
    return expired;
  }

  const sweep = (): Promise<number> => {
    running ??= sweepOnce().finally(() => { running = null; });
    return running;
  };
  const timer = setInterval(() => void sweep().catch((error) => log.warn({ err: error }, 'quote expiry: the sweep failed')), options.intervalMs ?? 60_000);
  timer.unref();
  void sweep().catch((error) => log.warn({ err: error }, 'quote expiry: the sweep failed'));
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
