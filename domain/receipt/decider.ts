import { Map as PersistentMap } from 'immutable';
import type { Decider } from '../shared/decider.ts';
import { isAdmin } from '../shared/actor.ts';
import { refuse } from '../shared/refusal.ts';
import { streamOf } from '../shared/ids.ts';
import type { ReceiptCommand } from './commands.ts';
import type { ReceiptEvent, ReceiptIssuedData } from './events.ts';
import { includedVat } from './vat.ts';

// A vendor's receipt book (stream `receipts-<vendorId>`, issue 26 item 5). The number is the count of
// receipts issued so far plus one, decided on the folded stream and appended with its revision as the
// expected revision: two issuers at once conflict, the second decides again on the new state, so the
// sequence has neither gaps nor repeats. A source (paymentId or refundId) already receipted decides
// nothing, so issuing again (a redo after a crash, a second process) writes nothing twice.
// A book holds every receipt a vendor ever issued, so its lookups are persistent maps (immutable's):
// each receipt adds one entry in about constant time and shares the rest with the state before it,
// where copying a plain object made every receipt cost the length of the book.
export interface ReceiptBook {
  /** Receipts issued so far: the last number. */
  issued: number;
  /** The receipt number of each source already receipted. */
  sources: PersistentMap<string, number>;
  /** Each receipted payment's number and VAT rate, by paymentId, for its refunds. */
  payments: PersistentMap<string, { number: number; vatBasisPoints: number }>;
}

/** The receipt book of one vendor (`receipts-<vendorId>`). */
export const receiptStream = streamOf('receipts');

/** A receipt's id in the views and routes: `<vendorId>-<number>` (the number is the last segment). */
export const receiptIdOf = (receipt: Pick<ReceiptIssuedData, 'vendorId' | 'number'>): string => `${receipt.vendorId}-${receipt.number}`;

export const receiptDecider: Decider<ReceiptBook, ReceiptCommand, ReceiptEvent> = {
  initialState: { issued: 0, sources: PersistentMap(), payments: PersistentMap() },

  evolve(state, event) {
    const { number, sourceId, kind, paymentId, vatBasisPoints } = event.data;
    return {
      issued: Math.max(state.issued, number),
      sources: state.sources.set(sourceId, number),
      payments: kind === 'payment' ? state.payments.set(paymentId, { number, vatBasisPoints }) : state.payments,
    };
  },

  decide(command, state) {
    if (!isAdmin(command.actor)) refuse('forbidden', 'receipt.forbidden', 'Receipts are issued by the system for payments and refunds.');
    if (state.sources.has(command.sourceId)) return [];
    // Nothing moved: no receipt (and no number used up).
    if (command.amount.amountMinor === 0) return [];
    if (command.kind === 'payment' && command.instalments === undefined) {
      refuse('invalid', 'receipt.instalments-required', 'A payment receipt names its card instalments.');
    }
    const refunded = command.kind === 'refund' ? state.payments.get(command.paymentId) : undefined;
    // A refund is receipted at its payment's rate: it gives back VAT that payment's receipt counted.
    const vatBasisPoints = refunded?.vatBasisPoints ?? command.vatBasisPoints;
    const { vendorId, kind, sourceId, paymentId, orderId, customerId, customerName, vendorName, productName, amount, language } = command;
    return [{
      type: 'ReceiptIssued',
      data: {
        vendorId, number: state.issued + 1, kind, sourceId, paymentId, orderId, customerId, customerName, vendorName, productName,
        amount, vatBasisPoints, vatAmount: { amountMinor: includedVat(amount.amountMinor, vatBasisPoints), currency: amount.currency },
        ...(kind === 'payment' ? { part: command.part ?? 'full', instalments: command.instalments } : {}),
        ...(refunded ? { refundOf: refunded.number } : {}),
        language, at: command.paidAt,
      },
    }];
  },
};
