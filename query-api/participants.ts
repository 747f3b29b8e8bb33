import type { ReadViews } from './tracked-views.ts';

// Who is on either side of a conversation or an order: the customer's full name and the vendor's
// name and logo, read beside the documents (one lookup per collection for a whole page) from `users`
// and `vendorCards`, so each side can name the other and a rename shows at once.
type Doc = Record<string, unknown>;

async function byIds(views: ReadViews, collection: string, ids: string[]): Promise<Doc[]> {
  if (ids.length === 1) {
    const doc = await views.byId(collection, ids[0]!);
    return doc ? [doc] : [];
  }
  return views.find(collection, { _id: { $in: ids } });
}

/** Each document plus `customerName` ('' when unknown), `vendorName` ({he?, en?}) and `vendorLogoImageUrl`. */
export async function withParticipants<D extends Doc>(views: ReadViews, documents: D[]): Promise<D[]> {
  if (documents.length === 0) return documents;
  const [customers, vendors] = await Promise.all([
    byIds(views, 'users', [...new Set(documents.map((d) => String(d.customerId)))]),
    byIds(views, 'vendorCards', [...new Set(documents.map((d) => String(d.vendorId)))]),
  ]);
  const customerById = new Map(customers.map((doc) => [doc._id, doc]));
  const vendorById = new Map(vendors.map((doc) => [doc._id, doc]));
  return documents.map((document) => {
    const customer = customerById.get(String(document.customerId));
    const vendor = vendorById.get(String(document.vendorId));
    return {
      ...document,
      customerName: typeof customer?.fullName === 'string' ? customer.fullName : '',
      vendorName: vendor?.name && typeof vendor.name === 'object' ? vendor.name : {},
      vendorLogoImageUrl: typeof vendor?.logoImageUrl === 'string' ? vendor.logoImageUrl : null,
    };
  });
}
