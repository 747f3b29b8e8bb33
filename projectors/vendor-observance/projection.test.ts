import { describe, expect, it } from 'vitest';
import { vendorObservanceProjection, type VendorObservanceView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

describe('vendor observance view', () => {
  it("keeps each artist's latest choice and whether they keep any day", () => {
    const docs = fold<VendorObservanceView>(vendorObservanceProjection, [
      recorded('calendar-v1', { type: 'ObservanceSet', data: { vendorId: 'v1', performsOnShabbat: false, performsOnHolidays: false, alsoRestsOn: ['yom-hazikaron', 'minor-fasts'] } }),
      recorded('calendar-v2', { type: 'ObservanceSet', data: { vendorId: 'v2', performsOnShabbat: false, performsOnHolidays: true, alsoRestsOn: [] } }),
      recorded('calendar-v2', { type: 'ObservanceSet', data: { vendorId: 'v2', performsOnShabbat: true, performsOnHolidays: true, alsoRestsOn: [] } }),
    ]);
    expect(docs.v1).toMatchObject({ vendorId: 'v1', performsOnShabbat: false, performsOnHolidays: false, alsoRestsOn: ['minor-fasts', 'yom-hazikaron'], keepsAnyDay: true });
    expect(docs.v2).toMatchObject({ vendorId: 'v2', performsOnShabbat: true, keepsAnyDay: false });
  });
});
