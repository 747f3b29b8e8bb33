import { describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import type { Money } from '../shared/money.ts';
import type { IssueReceipt } from './commands.ts';
import { receiptDecider, receiptIdOf } from './decider.ts';
import type { ReceiptEvent } from './events.ts';
import { configValueProblem } from '../config-entry/config-value.ts';
import { DEFAULT_VAT_BASIS_POINTS, VAT_CONFIG_KEY, includedVat, vatBasisPointsOf, vatPercentProblem, vatPercentText } from './vat.ts';

// The receipt book (issue 26 item 5): gapless numbers per vendor, one receipt per source, the VAT in
// integers at the rate of issue (a refund at its payment's), frozen on the receipt.
const at = '2026-11-21T10:00:00.000Z';
const paidAt = '2026-11-20T09:00:00.000Z';
/** Amounts in agorot. */
const ils = (amountMinor: number): Money => ({ amountMinor, currency: 'ILS' });
const customer: Actor = { userId: 'u-1', roles: ['user'], groups: [], vendorId: null };

const issue = (over: Partial<IssueReceipt> = {}): IssueReceipt => ({
  type: 'IssueReceipt', actor: systemActor, at, vendorId: 'v-1', kind: 'payment', sourceId: 'pay-1', paymentId: 'pay-1',
  orderId: 'o-1', customerId: 'u-1', customerName: 'Dana Cohen', vendorName: { he: 'להקה', en: 'Band' }, productName: { en: 'Show' },
  amount: ils(1_180), vatBasisPoints: 1800, part: 'deposit', instalments: 3, language: 'he', paidAt, ...over,
});

const issued = (number: number, over: Partial<Extract<ReceiptEvent, { type: 'ReceiptIssued' }>['data']> = {}): ReceiptEvent => ({
  type: 'ReceiptIssued',
  data: {
    vendorId: 'v-1', number, kind: 'payment', sourceId: 'pay-1', paymentId: 'pay-1', orderId: 'o-1', customerId: 'u-1', customerName: 'Dana Cohen',
    vendorName: { he: 'להקה', en: 'Band' }, productName: { en: 'Show' }, amount: ils(1_180), vatBasisPoints: 1800, vatAmount: ils(180),
    part: 'deposit', instalments: 3, refundOf: undefined, language: 'he', at: paidAt, ...over,
  } as Extract<ReceiptEvent, { type: 'ReceiptIssued' }>['data'],
});

describe('receipt book decider', () => {
  it('the first receipt is number 1, with the VAT contained in the amount', () => {
    spec(receiptDecider).given([]).when(issue()).then([issued(1)]);
  });

  it('each next receipt takes the next number, without gaps', () => {
    const second = issue({ sourceId: 'pay-2', paymentId: 'pay-2', part: 'balance', amount: ils(10_000), instalments: 1 });
    spec(receiptDecider).given([issued(1)]).when(second).then([issued(2, { sourceId: 'pay-2', paymentId: 'pay-2', part: 'balance', amount: ils(10_000), vatAmount: ils(1_525), instalments: 1 })]);
    const state = spec(receiptDecider).given([issued(1), issued(2, { sourceId: 'pay-2', paymentId: 'pay-2' }), issued(3, { sourceId: 'pay-3', paymentId: 'pay-3' })]).state;
    expect(state.issued).toBe(3);
  });

  it('a source already receipted issues nothing (a redo, a second issuer)', () => {
    spec(receiptDecider).given([issued(1)]).when(issue()).then([]);
    spec(receiptDecider).given([issued(1), issued(2, { kind: 'refund', sourceId: 'ref-1', part: undefined, instalments: undefined, refundOf: 1 })])
      .when(issue({ kind: 'refund', sourceId: 'ref-1', part: undefined, instalments: undefined })).then([]);
  });

  it('a refund gets its own number, refers to its payment\'s receipt and keeps that payment\'s VAT rate', () => {
    // The rate changed to 17% after the payment: the refund gives back VAT counted at 18%.
    spec(receiptDecider).given([issued(1)])
      .when(issue({ kind: 'refund', sourceId: 'ref-1', amount: ils(590), vatBasisPoints: 1700, part: undefined, instalments: undefined }))
      .then([issued(2, { kind: 'refund', sourceId: 'ref-1', amount: ils(590), vatAmount: ils(90), part: undefined, instalments: undefined, refundOf: 1 })]);
  });

  it('a refund of a payment without a receipt (a charge the order did not take) is receipted at the rate now', () => {
    spec(receiptDecider).given([])
      .when(issue({ kind: 'refund', sourceId: 'ref-9', paymentId: 'pay-9', amount: ils(1_170), vatBasisPoints: 1700, part: undefined, instalments: undefined }))
      .then([issued(1, { kind: 'refund', sourceId: 'ref-9', paymentId: 'pay-9', amount: ils(1_170), vatBasisPoints: 1700, vatAmount: ils(170), part: undefined, instalments: undefined })]);
  });

  it('the rate of issue is kept on the receipt: a later rate applies to later receipts only', () => {
    const given = [issued(1)];
    const [later] = spec(receiptDecider).given(given).when(issue({ sourceId: 'pay-2', paymentId: 'pay-2', amount: ils(1_170), vatBasisPoints: 1700 })).then([
      issued(2, { sourceId: 'pay-2', paymentId: 'pay-2', amount: ils(1_170), vatBasisPoints: 1700, vatAmount: ils(170) }),
    ]);
    expect(later).toBeDefined();
    expect(given[0]!.data.vatBasisPoints).toBe(1800);
  });

  it('nothing moved, nothing receipted: a zero amount uses up no number', () => {
    spec(receiptDecider).given([issued(1)]).when(issue({ sourceId: 'pay-2', paymentId: 'pay-2', amount: ils(0) })).then([]);
  });

  it('a payment receipt names its instalments', () => {
    spec(receiptDecider).given([]).when(issue({ instalments: undefined })).thenRefused('receipt.instalments-required');
  });

  it('only the system (or an admin) issues receipts', () => {
    expect(spec(receiptDecider).given([]).when(issue({ actor: customer })).thenRefused('receipt.forbidden').kind).toBe('forbidden');
  });

  it('a receipt\'s id is its vendor and number', () => {
    expect(receiptIdOf({ vendorId: 'v-1', number: 12 })).toBe('v-1-12');
  });
});

describe('VAT in integers', () => {
  it('is the VAT contained in a VAT-inclusive amount, rounded half up to the agora', () => {
    expect(includedVat(11_800, 1800)).toBe(1_800);
    expect(includedVat(10_000, 1800)).toBe(1_525); // 1525.42…
    expect(includedVat(59, 1800)).toBe(9); // 9.0
    expect(includedVat(1, 1800)).toBe(0); // 0.15…
    expect(includedVat(3, 1800)).toBe(0); // 0.457…
    expect(includedVat(4, 1800)).toBe(1); // 0.61…
    expect(includedVat(10_000, 1700)).toBe(1_453); // 1452.99…
    expect(includedVat(118, 1800)).toBe(18);
    expect(includedVat(10_000, 0)).toBe(0);
    // Exact beyond 2^53 in the intermediate product.
    expect(includedVat(900_000_000_000_000, 1800)).toBe(137_288_135_593_220);
  });

  it('the rate comes from the configuration entry, 18% when unset or unusable', () => {
    expect(DEFAULT_VAT_BASIS_POINTS).toBe(1800);
    expect(vatBasisPointsOf(undefined)).toBe(1800);
    expect(vatBasisPointsOf('17')).toBe(1700);
    expect(vatBasisPointsOf('17.5')).toBe(1750);
    expect(vatBasisPointsOf(' 0 ')).toBe(0);
    expect(vatBasisPointsOf('18.25')).toBe(1825);
    expect(vatBasisPointsOf('abc')).toBe(1800);
    expect(vatPercentProblem('101')).not.toBeNull();
    expect(vatPercentProblem('17.555')).not.toBeNull();
    expect(vatPercentProblem('-1')).not.toBeNull();
    expect(vatPercentProblem('18')).toBeNull();
    expect(vatPercentText(1750)).toBe('17.5');
    // An admin sets it as a number configuration entry, checked when set.
    expect(configValueProblem(VAT_CONFIG_KEY, 'number', '17')).toBeNull();
    expect(configValueProblem(VAT_CONFIG_KEY, 'number', '170')).not.toBeNull();
    expect(configValueProblem(VAT_CONFIG_KEY, 'string', '17')).not.toBeNull();
  });
});
