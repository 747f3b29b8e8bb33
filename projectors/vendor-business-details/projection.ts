import type { Projection, ViewDoc } from '../projection.ts';

// Vendor business details (README: `vendorBusinessDetails`): one document per vendor that set them —
// the legal name and the 9-digit id (SPEC §5 Israeli personal id). Served to the vendor's owner and
// admins only (GET /api/vendor/business-details), never on a public page.
export interface VendorBusinessDetailsView extends ViewDoc {
  vendorId: string;
  legalName: string;
  israeliId: string;
  updatedAt: string;
}

export const vendorBusinessDetailsProjection: Projection<VendorBusinessDetailsView> = {
  name: 'vendorBusinessDetails',
  collection: 'vendorBusinessDetails',
  eventTypes: ['VendorBusinessDetailsSet'],
  keysOf: (event) => ('vendorId' in event.data && typeof event.data.vendorId === 'string' ? [event.data.vendorId] : []),
  evolve(doc, event, id) {
    if (event.type !== 'VendorBusinessDetailsSet') return doc;
    const { legalName, israeliId, at } = event.data;
    return { _id: id, vendorId: id, legalName, israeliId, updatedAt: at };
  },
  indexes: [],
};
