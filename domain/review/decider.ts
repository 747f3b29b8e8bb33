import type { Decider } from '../shared/decider.ts';
import { isAdmin } from '../shared/actor.ts';
import { refuse } from '../shared/refusal.ts';
import type { ReviewEvent } from './events.ts';
import type { ReviewCommand } from './commands.ts';
import { streamOf } from '../shared/ids.ts';

// A review (stream `review-<orderId>`): only the customer of a completed order may post it, once per
// order. A review an admin removed stays used up, so moderation cannot be undone by posting again.
// The customer may edit their live review, or withdraw it (delete it), after which the order may be
// reviewed again. An edit, a withdrawal and a removal name the stars they replace (`previousRating`). The order's facts come in the command (the handler reads `order-<orderId>`),
// keeping this pure.

export type ReviewState =
  | { status: 'none' }
  | { status: 'posted' | 'removed'; orderId: string; vendorId: string; customerId: string; rating: number; text: string };

const notFound = () => refuse('not_found', 'review.not-found', 'There is no review to change.');
const ratingOutOfRange = (rating: number) => !Number.isInteger(rating) || rating < 1 || rating > 5;

/** The stream of an order's review (`review-<orderId>`). */
export const reviewStream = streamOf('review');

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'ReviewPosted': {
        const { orderId, vendorId, customerId, rating, text } = event.data;
        return { status: 'posted', orderId, vendorId, customerId, rating, text };
      }
      case 'ReviewEdited':
        return state.status === 'none' ? state : { ...state, rating: event.data.rating, text: event.data.text };
      case 'ReviewWithdrawn':
        return { status: 'none' };
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
        if (ratingOutOfRange(command.rating)) {
          return refuse('invalid', 'review.invalid-rating', 'Please rate from 1 to 5 stars.');
        }
        return [{
          type: 'ReviewPosted',
          data: { orderId: command.orderId, vendorId: order.vendorId, customerId: order.customerId, rating: command.rating, text: command.text.trim(), at: command.at },
        }];
      }
      case 'EditReview': {
        if (state.status !== 'posted') return notFound();
        if (command.actor.userId !== state.customerId) return refuse('forbidden', 'review.forbidden', 'Only the customer who wrote this review can change it.');
        if (ratingOutOfRange(command.rating)) return refuse('invalid', 'review.invalid-rating', 'Please rate from 1 to 5 stars.');
        const text = command.text.trim();
        // Saving the same review again changes nothing.
        if (command.rating === state.rating && text === state.text) return [];
        const { orderId, vendorId, customerId } = state;
        return [{ type: 'ReviewEdited', data: { orderId, vendorId, customerId, rating: command.rating, previousRating: state.rating, text, at: command.at } }];
      }
      case 'WithdrawReview':
        if (state.status !== 'posted') return notFound();
        if (command.actor.userId !== state.customerId) return refuse('forbidden', 'review.forbidden', 'Only the customer who wrote this review can delete it.');
        return [{ type: 'ReviewWithdrawn', data: { orderId: state.orderId, vendorId: state.vendorId, customerId: state.customerId, previousRating: state.rating, at: command.at } }];
      case 'RemoveReview':
        if (state.status !== 'posted') return refuse('not_found', 'review.not-found', 'There is no review to remove.');
        if (!isAdmin(command.actor)) return refuse('forbidden', 'review.forbidden', 'Only an admin can remove a review.');
        return [{ type: 'ReviewRemoved', data: { orderId: state.orderId, vendorId: state.vendorId, previousRating: state.rating, reason: command.reason.trim(), at: command.at } }];
    }
  },
};
