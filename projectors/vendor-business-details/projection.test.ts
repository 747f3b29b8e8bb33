import { describe, expect, it } from 'vitest';
import { vendorBusinessDetailsProjection, type VendorBusinessDetailsView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

describe('vendor business details view', () => {
  it('keeps the latest legal name and id of each vendor', () => {
    const docs = fold<VendorBusinessDetailsView>(vendorBusinessDetailsProjection, [
      recorded('vendor-v1', { type: 'VendorBusinessDetailsSet', data: { vendorId: 'v1', legalName: 'Dana Levi', israeliId: '123456782', at: '2026-11-28T10:00:00.000Z' } }),
      recorded('vendor-v1', { type: 'VendorBusinessDetailsSet', data: { vendorId: 'v1', legalName: 'Dana Levi Music Ltd', israeliId: '000000018', at: '2026-11-28T11:00:00.000Z' } }),
    ]);
    expect(docs.v1).toMatchObject({ vendorId: 'v1', legalName: 'Dana Levi Music Ltd', israeliId: '000000018', updatedAt: '2026-11-28T11:00:00.000Z' });
  });
});
