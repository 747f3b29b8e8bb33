import { z } from 'zod';
import { VendorBusinessDetailsAnswer } from '../answer-schemas.ts';
import { isAdmin, ownsVendor } from '../../domain/shared/actor.ts';
import { vendorStream } from '../../domain/vendor/decider.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';

// The artist's business details (`vendorBusinessDetails`): its own owner reads them, an admin names the
// vendor; never public. Nulls before they are set.
export const vendorBusinessDetails = readRoute({
  path: '/api/vendor/business-details',
  response: VendorBusinessDetailsAnswer,
  summary: "The caller's vendor's business details: legal name and id (an admin names the vendorId)",
  tags: ['vendors'],
  auth: 'vendor',
  query: { vendorId: z.string().min(1).max(100).optional() },
  answers: { 403: 'An admin names no vendorId, or a vendor names another vendor' },
  documentOf: (_params, actor) => ({ collection: 'vendorBusinessDetails', id: actor.vendorId ?? '', streamId: vendorStream(actor.vendorId ?? '') }),
  async handle({ query, views, actor }) {
    const vendorId = query.vendorId ?? actor.vendorId;
    if (!vendorId) throw problems.forbidden('Name the vendorId.');
    if (!ownsVendor(actor, vendorId) && !isAdmin(actor)) throw problems.forbidden("A vendor reads only its own vendor's business details.");
    const doc = await views.byId('vendorBusinessDetails', vendorId);
    return {
      vendorId, legalName: typeof doc?.legalName === 'string' ? doc.legalName : null, israeliId: typeof doc?.israeliId === 'string' ? doc.israeliId : null,
      updatedAt: typeof doc?.updatedAt === 'string' ? doc.updatedAt : null,
    };
  },
});

export const vendorBusinessReads: ReadRoute[] = [vendorBusinessDetails];
