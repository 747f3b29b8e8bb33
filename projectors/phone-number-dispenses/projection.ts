import type { Projection, ViewDoc } from '../projection.ts';
import { searchTextOf } from '../seen.ts';

// Phone number dispenses for super users (README: `phoneNumberDispenses`): who asked for which
// artist's number, when, and what they were given; newest first. A deleted dispense leaves the view.
export interface PhoneNumberDispenseView extends ViewDoc {
  id: string;
  vendorId: string;
  fullName: string;
  phoneNumber: string;
  userId: string | null;
  dispensedNumber: string | null;
  dispensedAt: string;
  searchText: string;
}

export const phoneNumberDispensesProjection: Projection<PhoneNumberDispenseView> = {
  name: 'phone-number-dispenses',
  collection: 'phoneNumberDispenses',
  eventTypes: ['PhoneNumberDispensed', 'PhoneNumberDispenseDeleted'],
  keysOf: (event) => (event.type === 'PhoneNumberDispensed' || event.type === 'PhoneNumberDispenseDeleted' ? [event.data.id] : []),
  evolve(doc, event, id) {
    if (event.type === 'PhoneNumberDispenseDeleted') return null;
    if (event.type !== 'PhoneNumberDispensed') return doc;
    const { vendorId, fullName, phoneNumber, userId, dispensedNumber, at } = event.data;
    return {
      _id: id, id, vendorId, fullName, phoneNumber, userId, dispensedNumber, dispensedAt: at,
      searchText: searchTextOf(fullName, phoneNumber),
    };
  },
  indexes: [{ dispensedAt: -1, _id: -1 }, { vendorId: 1, dispensedAt: -1, _id: -1 }],
};
