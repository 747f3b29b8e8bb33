import { describe, expect, it } from 'vitest';
import { phoneNumberDispensesProjection, type PhoneNumberDispenseView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const dispensed = (id: string, fullName: string, dispensedNumber: string | null) => recorded(`phoneNumberDispense-${id}`, {
  type: 'PhoneNumberDispensed',
  data: { id, vendorId: 'v1', fullName, phoneNumber: '+972501234567', userId: null, dispensedNumber, at: '2026-03-01T10:00:00.000Z' },
});

describe('phone number dispenses view', () => {
  it('lists each dispense with the visitor, the artist and the number given, and forgets a deleted one', () => {
    const docs = fold<PhoneNumberDispenseView>(phoneNumberDispensesProjection, [
      dispensed('d1', 'Dana Levi', '+972521234567'),
      dispensed('d2', 'Avi Cohen', null),
      recorded('phoneNumberDispense-d2', { type: 'PhoneNumberDispenseDeleted', data: { id: 'd2', at: '2026-03-02T10:00:00.000Z' } }),
    ]);
    expect(Object.keys(docs)).toEqual(['d1']);
    expect(docs.d1).toMatchObject({
      id: 'd1', vendorId: 'v1', fullName: 'Dana Levi', phoneNumber: '+972501234567', userId: null, dispensedNumber: '+972521234567',
      dispensedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(docs.d1?.searchText).toContain('dana levi');
  });
});
