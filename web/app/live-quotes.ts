import { useRevalidator } from 'react-router';
import { quoteRequest, vendorQuoteRequest } from '../api/quotes.ts';
import { environmentOf } from './environment.ts';
import { useRealtime } from './realtime-events.ts';

// The quote screens stay current without a reload: a pushed quote notification (a request, a quote,
// a decline, the customer's choice, a cancel, an expiry — docs/quotes.md) names the request and the
// request stream's revision (notifications/recipients.ts); the screen waits until the views hold it
// (`minRevision`, on the reader's side of the request), then reloads without the GET cache. The
// customer's screen also reloads on a contract or order notice, which is where an accepted quote goes.
export function useLiveQuotes(side: 'customer' | 'vendor'): void {
  const revalidator = useRevalidator();
  useRealtime((notification) => {
    const { requestId, revision } = notification.subject;
    const api = environmentOf(undefined).api;
    const reload = () => {
      api.clearCache();
      return revalidator.revalidate();
    };
    if (notification.kind.startsWith('quote.') && requestId) {
      const minRevision = Number(revision);
      const read = side === 'customer' ? quoteRequest : vendorQuoteRequest;
      const caughtUp = Number.isInteger(minRevision) && minRevision >= 0 ? read(api, requestId, minRevision, { silent: true }).catch(() => null) : Promise.resolve(null);
      void caughtUp.then(reload);
    } else if (side === 'customer' && (notification.kind.startsWith('contract.') || notification.kind === 'order.placed')) {
      void reload();
    }
  });
}
