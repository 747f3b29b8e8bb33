import type { Projection, ViewDoc } from '../projection.ts';
import { keepsAnyDay, normalizedObservance, type OptionalRestDay } from '../../domain/calendar/jewish-calendar.ts';

// The artists' Jewish calendar (README: `vendorObservance`; docs/jewish-calendar.md): one document per
// artist who chose, whether they perform on Shabbat and the holidays and which fast and memorial days
// they keep free. Read by the booking calendar's route (GET /api/vendor/{id}/jewish-calendar) and the
// search's "free on" filter, which asks only the artists who keep some day (`keepsAnyDay`).
export interface VendorObservanceView extends ViewDoc {
  vendorId: string;
  performsOnShabbat: boolean;
  performsOnHolidays: boolean;
  alsoRestsOn: OptionalRestDay[];
  keepsAnyDay: boolean;
}

export const vendorObservanceProjection: Projection<VendorObservanceView> = {
  name: 'vendorObservance',
  collection: 'vendorObservance',
  eventTypes: ['ObservanceSet'],
  keysOf: (event) => (event.type === 'ObservanceSet' ? [event.data.vendorId] : []),
  evolve(doc, event, id) {
    if (event.type !== 'ObservanceSet') return doc;
    const observance = normalizedObservance(event.data);
    return { _id: id, vendorId: id, ...observance, keepsAnyDay: keepsAnyDay(observance) };
  },
  indexes: [{ keepsAnyDay: 1, _id: 1 }],
};
