import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { productDecider } from '../../domain/product/decider.ts';
import { ProductDetails } from '../../domain/product/events.ts';
import { Id, streamId } from '../../domain/shared/ids.ts';
import { vendorDecider } from '../../domain/vendor/decider.ts';
import { toDomainEvent } from '../command-handler.ts';
import { problems } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { targetVendorId } from '../guards.ts';
import { WriteResult } from '../write-result.ts';

// Products of a vendor (SPEC §3 Product form, SPEC §5 limits in ProductDetails), managed by the
// vendor itself or an admin naming the vendor. The vendor must exist and not be archived.
const ProductParams = z.strictObject({ productId: Id });
const productStream = (productId: string) => streamId('product', productId);

export function productRoutes(deps: CommandDeps): CommandRoute[] {
  async function requireActiveVendor(vendorId: string) {
    const events = await deps.eventStore.readStream(streamId('vendor', vendorId));
    const state = events.reduce((s, e) => vendorDecider.evolve(s, toDomainEvent(e)), vendorDecider.initialState);
    if (state.status === 'absent') throw problems.notFound('There is no such vendor.');
    if (state.status === 'archived') throw problems.conflict('vendor.archived', 'This vendor is archived.');
  }

  return [
    defineRoute({
      method: 'post', path: '/api/vendor/products', summary: 'Create a product of the vendor (an admin names vendorId)', tags: ['products'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), details: ProductDetails }), response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      await requireActiveVendor(vendorId);
      const productId = randomUUID();
      const outcome = await deps.execute(context, productStream(productId), productDecider, {
        type: 'CreateProduct', actor: context.actor, at: context.at, productId, vendorId, details: body.details,
      });
      return written(productId, outcome, 201);
    }),

    defineRoute({
      method: 'put', path: '/api/vendor/products/:productId', summary: 'Update a product (its vendor or an admin)', tags: ['products'], auth: 'vendor',
      params: ProductParams, body: z.strictObject({ vendorId: Id.optional(), details: ProductDetails }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const outcome = await deps.execute(context, productStream(params.productId), productDecider, {
        type: 'UpdateProduct', actor: context.actor, at: context.at, productId: params.productId, vendorId, details: body.details,
      });
      return written(params.productId, outcome);
    }),

    defineRoute({
      method: 'delete', path: '/api/vendor/products/:productId', summary: 'Remove a product (its vendor, or an admin with ?vendorId=)', tags: ['products'], auth: 'vendor',
      params: ProductParams, query: z.object({ vendorId: Id.optional() }), response: WriteResult,
    }, async ({ params, query, context }) => {
      const vendorId = targetVendorId(context.actor, query.vendorId);
      const outcome = await deps.execute(context, productStream(params.productId), productDecider, {
        type: 'RemoveProduct', actor: context.actor, at: context.at, productId: params.productId, vendorId,
      });
      return written(params.productId, outcome);
    }),
  ];
}
