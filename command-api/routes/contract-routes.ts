import { z } from 'zod';
import { contractDecider, contractStream } from '../../domain/contract/decider.ts';
import { orderedProductOf } from '../../domain/order/ordered-product.ts';
import { productDecider, productStream } from '../../domain/product/decider.ts';
import { Money } from '../../domain/shared/money.ts';
import { Id, IsoTime } from '../../domain/shared/ids.ts';
import { isNotExactlyFalse } from '../../domain/shared/validation.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { targetVendorId } from '../guards.ts';
import { loadUserAccount } from '../user-account.ts';
import { WriteResult } from '../write-result.ts';

// Service contracts (docs/contracts.md, `contract-<id>`): the vendor drafts, revises and sends; the
// customer and the vendor sign; either cancels.

const ContractParams = z.strictObject({ id: Id });

const ContractTerms = {
  title: z.string().trim().min(1).max(200),
  terms: z.string().trim().min(1).max(20000),
  price: Money,
  eventDate: IsoTime.optional(),
};

/** A signature (docs/contracts.md): the signer's typed full name and an explicit "I agree" (SPEC §5 not-exactly-false, and required). */
const ContractSignature = z.strictObject({
  fullName: z.string().trim().min(1, 'Type your full name to sign.').max(200),
  agree: z.boolean({ error: 'Tick "I agree" to sign.' }).refine(isNotExactlyFalse, 'Tick "I agree" to sign.'),
});

/** A contract may name only one of its vendor's own, live contractService products (422 otherwise). */
async function requireContractProductOf(deps: CommandDeps, vendorId: string, productId: string): Promise<void> {
  const product = orderedProductOf((await deps.aggregate(productDecider, productStream).load(productId)).state);
  if (!product || product.vendorId !== vendorId || product.type !== 'contractService') {
    throw new HttpProblem(422, 'Validation failed', {
      code: 'validation', detail: 'One or more fields are invalid.', errors: [{ field: 'productId', message: 'Choose one of your own service-contract products.' }],
    });
  }
}

export function contractRoutes(deps: CommandDeps): CommandRoute[] {
  const contracts = deps.aggregate(contractDecider, contractStream);

  return [
    defineRoute({
      method: 'post', path: '/api/contracts', summary: 'Draft a service contract for a customer (the vendor; an admin names vendorId)', tags: ['contracts'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), customerId: Id, orderId: Id.optional(), productId: Id.optional(), ...ContractTerms }), response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      if (!(await loadUserAccount(deps.eventStore, body.customerId))) throw problems.notFound('There is no such customer.');
      if (body.productId !== undefined) await requireContractProductOf(deps, vendorId, body.productId);
      const contractId = context.newId();
      const { vendorId: _named, ...fields } = body;
      const outcome = await contracts.execute(context, contractId, {
        ...fields, type: 'DraftContract', contractId, vendorId,
      });
      return written(contractId, outcome, 201);
    }),

    defineRoute({
      method: 'put', path: '/api/contracts/:id', summary: 'Revise a draft contract (the vendor)', tags: ['contracts'], auth: 'user',
      params: ContractParams, body: z.strictObject(ContractTerms), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await contracts.execute(context, params.id, {
        ...body, type: 'ReviseContract', contractId: params.id,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/contracts/:id/send', summary: 'Send a draft contract to the customer (the vendor)',
      tags: ['contracts'], auth: 'user', params: ContractParams, response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await contracts.execute(context, params.id, {
        type: 'SendContract', contractId: params.id,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/contracts/:id/sign', summary: 'Sign a sent contract (the customer or the vendor): the typed full name, after agreeing to the terms',
      tags: ['contracts'], auth: 'user', params: ContractParams, body: ContractSignature, response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await contracts.execute(context, params.id, {
        type: 'SignContract', contractId: params.id, signatureName: body.fullName,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/contracts/:id/cancel', summary: 'Cancel a contract with a reason', tags: ['contracts'], auth: 'user',
      params: ContractParams, body: z.strictObject({ reason: z.string().trim().min(1).max(500) }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await contracts.execute(context, params.id, {
        type: 'CancelContract', contractId: params.id, reason: body.reason,
      });
      return written(params.id, outcome);
    }),
  ];
}
