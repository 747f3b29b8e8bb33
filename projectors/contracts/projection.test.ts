import { describe, expect, it } from 'vitest';
import { contractsProjection, type ContractView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import { customerActor, vendorActor } from '../testing/domain-fixtures.ts';

const price = { amountMinor: 300_000, currency: 'ILS' as const };

describe('contracts view', () => {
  it('follows a contract from draft to signed', () => {
    const vendor = vendorActor('u-v1', 'v1');
    const docs = fold<ContractView>(contractsProjection, [
      recorded('contract-k1', { type: 'ContractDrafted', data: { contractId: 'k1', customerId: 'c1', vendorId: 'v1', orderId: 'o1', productId: 'p1', title: 'Wedding', terms: 'Two hours', price, at: '2026-01-01T00:00:00.000Z' } }, vendor),
      recorded('contract-k1', { type: 'ContractRevised', data: { contractId: 'k1', title: 'Wedding show', terms: 'Three hours', price, eventDate: '2026-08-01T19:00:00.000Z', at: '2026-01-02T00:00:00.000Z' } }, vendor),
      recorded('contract-k1', { type: 'ContractSent', data: { contractId: 'k1', at: '2026-01-03T00:00:00.000Z' } }, vendor),
      recorded('contract-k1', { type: 'ContractSigned', data: { contractId: 'k1', party: 'customer', signerId: 'c1', signatureName: 'Dana Levi', at: '2026-01-04T00:00:00.000Z' } }, customerActor('c1')),
      recorded('contract-k1', { type: 'ContractSigned', data: { contractId: 'k1', party: 'vendor', signerId: 'u-v1', at: '2026-01-05T00:00:00.000Z' } }, vendor),
      recorded('contract-k1', { type: 'ContractFullySigned', data: { contractId: 'k1', at: '2026-01-05T00:00:00.000Z' } }, vendor),
    ]);
    expect(docs.k1).toMatchObject({
      status: 'signed', title: 'Wedding show', terms: 'Three hours', eventDate: '2026-08-01T19:00:00.000Z', orderId: 'o1', productId: 'p1',
      // A signature made before typed names were asked for keeps a null name.
      signatures: { customer: { signerId: 'c1', name: 'Dana Levi', at: '2026-01-04T00:00:00.000Z' }, vendor: { signerId: 'u-v1', name: null, at: '2026-01-05T00:00:00.000Z' } },
      cancellation: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-05T00:00:00.000Z',
    });
    expect(docs.k1?.timeline.map((entry) => [entry.event, entry.by, entry.role])).toEqual([
      ['ContractDrafted', 'u-v1', 'vendor'], ['ContractRevised', 'u-v1', 'vendor'], ['ContractSent', 'u-v1', 'vendor'], ['ContractSigned', 'c1', 'customer'],
      ['ContractSigned', 'u-v1', 'vendor'], ['ContractFullySigned', 'u-v1', 'vendor'],
    ]);
  });

  it('records a cancellation', () => {
    const docs = fold<ContractView>(contractsProjection, [
      recorded('contract-k2', { type: 'ContractDrafted', data: { contractId: 'k2', customerId: 'c1', vendorId: 'v1', title: 'Party', terms: 'One hour', price, at: '2026-01-01T00:00:00.000Z' } }),
      recorded('contract-k2', { type: 'ContractCanceled', data: { contractId: 'k2', reason: 'changed plans', by: 'c1', at: '2026-01-02T00:00:00.000Z' } }),
    ]);
    expect(docs.k2).toMatchObject({ status: 'canceled', orderId: null, productId: null, cancellation: { reason: 'changed plans', by: 'c1', at: '2026-01-02T00:00:00.000Z' } });
  });
});
