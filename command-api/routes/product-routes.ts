import { z } from 'zod';
import { productDecider, productStream } from '../../domain/product/decider.ts';
import { ProductDetails as ProductDetailsFields } from '../../domain/product/events.ts';
import { productMediaUrls, withWebMediaUrls } from '../media-urls.ts';
import { Id } from '../../domain/shared/ids.ts';
import { vendorDecider, vendorStream } from '../../domain/vendor/decider.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { Refusal } from '../../domain/shared/refusal.ts';
import { paymentTermsProblem } from '../../domain/order/payment-terms.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { targetVendorId } from '../guards.ts';
import { WriteResult } from '../write-result.ts';

// Products of a vendor (SPEC §3 Product form, SPEC §5 limits in ProductDetails), managed by the
// vendor itself or an admin naming the vendor. The vendor must exist and not be archived.
const ProductParams = z.strictObject({ productId: Id });
const ProductDetails = withWebMediaUrls(ProductDetailsFields, productMediaUrls);

export function productRoutes(deps: CommandDeps): CommandRoute[] {
  const products = deps.aggregate(productDecider, productStream);
  const vendors = deps.aggregate(vendorDecider, vendorStream);

  async function requireActiveVendor(vendorId: string) {
    const { state } = await vendors.load(vendorId);
    if (state.status === 'absent') throw problems.notFound('There is no such vendor.');
    if (state.status === 'archived') throw problems.conflict('vendor.archived', 'This vendor is archived.');
  }

  /** Runs a create or update; the decider's refusal of the payment terms comes back as a 422 naming the failing field. */
  async function withTermsField<T>(details: ProductDetailsFields, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof Refusal && error.code === 'product.payment-terms-invalid') throw paymentTermsRefusal(details, error);
      throw error;
    }
  }

  return [
    defineRoute({
      method: 'post', path: '/api/vendor/products', summary: 'Create a product of the vendor (an admin names vendorId)', tags: ['products'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), details: ProductDetails }), response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      await requireActiveVendor(vendorId);
      const productId = context.newId();
      const outcome = await withTermsField(body.details, () => products.execute(context, productId, {
        type: 'CreateProduct', productId, vendorId, details: body.details,
      }));
      return written(productId, outcome, 201);
    }),

    defineRoute({
      method: 'put', path: '/api/vendor/products/:productId', summary: 'Update a product (its vendor or an admin)', tags: ['products'], auth: 'vendor',
      params: ProductParams, body: z.strictObject({ vendorId: Id.optional(), details: ProductDetails }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const outcome = await withTermsField(body.details, () => products.execute(context, params.productId, {
        type: 'UpdateProduct', productId: params.productId, vendorId, details: body.details,
      }));
      return written(params.productId, outcome);
    }),

    defineRoute({
      method: 'delete', path: '/api/vendor/products/:productId', summary: 'Remove a product (its vendor, or an admin with ?vendorId=)', tags: ['products'], auth: 'vendor',
      params: ProductParams, query: z.object({ vendorId: Id.optional() }), response: WriteResult,
    }, async ({ params, query, context }) => {
      const vendorId = targetVendorId(context.actor, query.vendorId);
      const outcome = await products.execute(context, params.productId, {
        type: 'RemoveProduct', productId: params.productId, vendorId,
      });
      return written(params.productId, outcome);
    }),

    // The back office sets a product aside (hidden from the storefront, not orderable) and brings it back.
    defineRoute({
      method: 'post', path: '/api/admin/products/:productId/archive', summary: 'Archive a product: off the storefront and not orderable until brought back (admins)', tags: ['admin', 'products'], auth: 'admin',
      params: ProductParams, body: z.strictObject({ reason: z.string().trim().max(500).default('') }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await products.execute(context, params.productId, { type: 'ArchiveProduct', productId: params.productId, reason: body.reason });
      return written(params.productId, outcome);
    }),
    defineRoute({
      method: 'post', path: '/api/admin/products/:productId/unarchive', summary: 'Bring an archived product back to the storefront (admins)', tags: ['admin', 'products'], auth: 'admin',
      params: ProductParams, response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await products.execute(context, params.productId, { type: 'UnarchiveProduct', productId: params.productId });
      return written(params.productId, outcome);
    }),
  ];
}

/**
 * The decider's `product.payment-terms-invalid` as a 422 with the failing field of the body, as the
 * schema's own 422s name theirs: `details.paymentTerms.deposit.amount`, or the refund schedule's row
 * that repeats an earlier row's days (`details.paymentTerms.cancellationPolicy.schedule.1.daysBefore`).
 */
function paymentTermsRefusal(details: ProductDetailsFields, refusal: Refusal): HttpProblem {
  const terms = details.paymentTerms;
  const problem = terms ? paymentTermsProblem(terms, details.price) : null;
  let field = problem?.field ?? 'paymentTerms';
  if (terms?.cancellationPolicy.kind === 'custom' && field === 'paymentTerms.cancellationPolicy.schedule') {
    const days = terms.cancellationPolicy.schedule.map((step) => step.daysBefore);
    const repeated = days.findIndex((day, index) => days.indexOf(day) !== index);
    if (repeated >= 0) field = `${field}.${repeated}.daysBefore`;
  }
  return new HttpProblem(422, 'Validation failed', {
    code: refusal.code, detail: refusal.reason, errors: [{ field: `details.${field}`, message: problem?.message ?? refusal.reason }],
  });
}
