import type { Decider } from '../shared/decider.ts';
import { isAdmin } from '../shared/actor.ts';
import { refuse } from '../shared/refusal.ts';
import type { ReviewEvent } from './events.ts';
import type { ReviewCommand } from './commands.ts';

// A review (stream `review-<orderId>`): only the customer of a completed order may post it, once per
// order. A review an admin removed stays used up, so moderation cannot be undone by posting again.
// The order's facts come in the command (the handler reads `order-<orderId>`), keeping this pure.

export type ReviewState =
  | { status: 'none' }
  | { status: 'posted' | 'removed'; orderId: string; vendorId: string; customerId: string; rating: number };

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'ReviewPosted': {
        const { orderId, vendorId, customerId, rating } = event.data;
        return { status: 'posted', orderId, vendorId, customerId, rating };
      }
      case 'ReviewRemoved':
        return state.status === 'none' ? state : { ...state, status: 'removed' };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'PostReview': {
        const { order, actor } = command;
        if (order === null) return refuse('not_found', 'review.order-not-found', 'There is no such order to review.');
        if (actor.userId === null || actor.userId !== order.customerId) {
          return refuse('forbidden', 'review.forbidden', 'Only the customer who placed this order can review it.');
        }
        if (order.status !== 'completed') {
          return refuse('conflict', 'review.order-not-completed', 'You can review an order once it is completed.');
        }
        if (state.status !== 'none') return refuse('conflict', 'review.already-posted', 'You have already reviewed this order.');
        if (!Number.isInteger(command.rating) || command.rating < 1 || command.rating > 5) {
          return refuse('invalid', 'review.invalid-rating', 'Please rate from 1 to 5 stars.');
        }
        return [{
          type: 'ReviewPosted',
          data: { orderId: command.orderId, vendorId: order.vendorId, customerId: order.customerId, rating: command.rating, text: command.text.trim(), at: command.at },
        }];
      }
      case 'RemoveReview':
        if (!isAdmin(command.actor)) return refuse('forbidden', 'review.forbidden', 'Only an admin can remove a review.');
        if (state.status !== 'posted') return refuse('not_found', 'review.not-found', 'There is no review to remove.');
        return [{ type: 'ReviewRemoved', data: { orderId: state.orderId, vendorId: state.vendorId, reason: command.reason.trim(), at: command.at } }];
    }
  },
};
