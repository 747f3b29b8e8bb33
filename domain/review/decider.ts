import type { Decider } from '../shared/decider.ts';
import { isAdmin, ownsVendor } from '../shared/actor.ts';
import { refuse } from '../shared/refusal.ts';
import type { ReviewEvent } from './events.ts';
import { editableUntil, REVIEW_EDIT_DAYS, REVIEW_REPLY_MAX } from './limits.ts';

export { editableUntil } from './limits.ts';
import type { ReviewCommand } from './commands.ts';
import { streamOf } from '../shared/ids.ts';

// A review (stream `review-<orderId>`): only the customer of a completed order may post it, once per
// order. A review an admin removed stays used up, so moderation cannot be undone by posting again.
// The customer may edit their live review, or withdraw it (delete it), after which the order may be
// reviewed again. An edit, a withdrawal and a removal name the stars they replace (`previousRating`). The order's facts come in the command (the handler reads `order-<orderId>`),
// keeping this pure.
// The customer edits within REVIEW_EDIT_DAYS of posting (by the command's time); after that the review
// stands as written (409 review.edit-window-closed), though it may still be withdrawn. The reviewed
// vendor replies once (its owner, or an admin on its behalf), to a live review. An admin's removal —
// shown as "hidden" — needs a reason; it stays in the review's log for the audit.

export type ReviewState =
  | { status: 'none' }
  | {
    status: 'posted' | 'removed'; orderId: string; vendorId: string; customerId: string; rating: number; text: string;
    /** When it was posted (the edit window runs from here); empty for a state folded without its posting. */
    postedAt: string;
    replied: boolean;
  };


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
        return { status: 'posted', orderId, vendorId, customerId, rating, text, postedAt: event.data.at, replied: false };
      }
      case 'ReviewEdited':
        return state.status === 'none' ? state : { ...state, rating: event.data.rating, text: event.data.text };
      case 'ReviewWithdrawn':
        return { status: 'none' };
      case 'ReviewRemoved':
        return state.status === 'none' ? state : { ...state, status: 'removed' };
      case 'ReviewReplied':
        return state.status === 'none' ? state : { ...state, replied: true };
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
        if (Date.parse(command.at) > Date.parse(editableUntil(state.postedAt))) {
          return refuse('conflict', 'review.edit-window-closed', `A review can be edited within ${REVIEW_EDIT_DAYS} days of writing it.`);
        }
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
        if (!command.reason.trim()) return refuse('invalid', 'review.reason-required', 'Say why the review is hidden.');
        return [{ type: 'ReviewRemoved', data: { orderId: state.orderId, vendorId: state.vendorId, previousRating: state.rating, reason: command.reason.trim(), at: command.at } }];
      case 'ReplyToReview': {
        if (state.status !== 'posted') return refuse('not_found', 'review.not-found', 'There is no review to reply to.');
        const forVendor = ownsVendor(command.actor, state.vendorId);
        if (!forVendor && !isAdmin(command.actor)) return refuse('forbidden', 'review.forbidden', 'Only the reviewed artist can reply to this review.');
        if (state.replied) return refuse('conflict', 'review.already-replied', 'You have already replied to this review.');
        const text = command.text.trim();
        if (!text || text.length > REVIEW_REPLY_MAX) return refuse('invalid', 'review.invalid-reply', `Write a reply of 1 to ${REVIEW_REPLY_MAX} characters.`);
        const { orderId, vendorId, customerId } = state;
        return [{ type: 'ReviewReplied', data: { orderId, vendorId, customerId, text, by: forVendor ? 'vendor' : 'admin', at: command.at } }];
      }
    }
  },
};
