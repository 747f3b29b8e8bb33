import { isAdmin, ownsVendor, type Actor } from '../shared/actor.ts';
import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/refusal.ts';
import type { ProductCommand } from './commands.ts';
import type { ProductDetails, ProductEvent } from './events.ts';
import { streamOf } from '../shared/ids.ts';
import { paymentTermsProblem } from '../order/payment-terms.ts';

// A product (stream `product-<productId>`) of one vendor, managed by that vendor or an admin.
// A removed product stays removed; its id is not reused, so past orders keep pointing at it. An
// archived one is set aside by an admin: nobody changes or orders it (order placement reads only an
// active product) until an admin brings it back; it may still be removed.
export type ProductState =
  | { status: 'absent' }
  | { status: 'active' | 'archived' | 'removed'; productId: string; vendorId: string; details: ProductDetails };

/** The stream of one product (`product-<productId>`). */
export const productStream = streamOf('product');

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'ProductCreated':
        return { status: 'active', productId: event.data.productId, vendorId: event.data.vendorId, details: event.data.details };
      case 'ProductUpdated':
        return state.status === 'absent' ? state : { ...state, details: event.data.details };
      case 'ProductRemoved':
        return state.status === 'absent' ? state : { ...state, status: 'removed' };
      case 'ProductArchived':
        return state.status === 'absent' ? state : { ...state, status: 'archived' };
      case 'ProductUnarchived':
        return state.status === 'absent' ? state : { ...state, status: 'active', details: event.data.details };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateProduct') {
      mayManage(command.actor, command.vendorId);
      if (state.status !== 'absent') refuse('conflict', 'product.exists', 'This product already exists.');
      requireDurationOfTimedService(command.details);
      requireTermsWithinPrice(command.details);
      return [{ type: 'ProductCreated', data: { productId: command.productId, vendorId: command.vendorId, details: command.details, at: command.at } }];
    }
    if (state.status === 'absent') refuse('not_found', 'product.not-found', 'This product does not exist.');
    if (command.type === 'ArchiveProduct' || command.type === 'UnarchiveProduct') {
      if (!isAdmin(command.actor)) refuse('forbidden', 'product.forbidden', 'Only an admin may archive a product or bring it back.');
      if (state.status === 'removed') refuse('not_found', 'product.removed', 'This product was removed.');
      const { productId, vendorId, details } = state;
      if (command.type === 'ArchiveProduct') {
        if (state.status === 'archived') refuse('conflict', 'product.archived', 'This product is archived already.');
        return [{ type: 'ProductArchived', data: { productId, vendorId, reason: command.reason, at: command.at } }];
      }
      if (state.status !== 'archived') refuse('conflict', 'product.not-archived', 'This product is not archived.');
      return [{ type: 'ProductUnarchived', data: { productId, vendorId, details, at: command.at } }];
    }
    mayManage(command.actor, state.vendorId);
    if (state.status === 'removed') refuse('not_found', 'product.removed', 'This product was removed.');
    if (command.vendorId !== state.vendorId) refuse('conflict', 'product.vendor-mismatch', 'This product belongs to another vendor.');
    switch (command.type) {
      case 'UpdateProduct':
        if (state.status === 'archived') refuse('conflict', 'product.archived', 'This product is archived: bring it back to change it.');
        requireDurationOfTimedService(command.details);
        requireTermsWithinPrice(command.details);
        return [{ type: 'ProductUpdated', data: { productId: state.productId, vendorId: state.vendorId, details: command.details, at: command.at } }];
      case 'RemoveProduct':
        return [{ type: 'ProductRemoved', data: { productId: state.productId, vendorId: state.vendorId, at: command.at } }];
    }
  },
};

function mayManage(actor: Actor, vendorId: string): void {
  if (!isAdmin(actor) && !ownsVendor(actor, vendorId)) {
    refuse('forbidden', 'product.forbidden', "Only the product's vendor or an admin may manage this product.");
  }
}

/** A timed service books [start, start + serviceDuration) in the calendar, so it needs a duration. */
function requireDurationOfTimedService(details: ProductDetails): void {
  if (details.type === 'timedService' && details.serviceDuration <= 0) {
    refuse('invalid', 'product.duration-required', 'A timed service needs a service duration of at least one minute.');
  }
}

/** A deposit is part of the price, and a refund schedule names each number of days once. */
function requireTermsWithinPrice(details: ProductDetails): void {
  const problem = details.paymentTerms ? paymentTermsProblem(details.paymentTerms, details.price) : null;
  if (problem) refuse('invalid', 'product.payment-terms-invalid', problem.message);
}
