import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { ReviewEvent } from './events.ts';
import type { PostReview, ReviewCommand, ReviewedOrder } from './commands.ts';
import { reviewDecider } from './decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const customer: Actor = { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null };
const vendorOwner: Actor = { userId: 'u-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-1' };
const admin: Actor = { userId: 'u-admin', roles: ['user', 'admin'], groups: [], vendorId: null };
const completedOrder: ReviewedOrder = { status: 'completed', customerId: 'u-customer', vendorId: 'v-1' };

const post = (fields: Partial<PostReview> = {}): ReviewCommand => ({
  type: 'PostReview', actor: customer, at, orderId: 'o-1', rating: 5, text: ' Wonderful evening! ', order: completedOrder, ...fields,
});
const remove = (actor: Actor = admin): ReviewCommand => ({ type: 'RemoveReview', actor, at, orderId: 'o-1', reason: 'Offensive language' });

const posted: ReviewEvent = {
  type: 'ReviewPosted', data: { orderId: 'o-1', vendorId: 'v-1', customerId: 'u-customer', rating: 5, text: 'Wonderful evening!', at },
};
/** Removed by an admin when it had these stars. */
const removedAt = (previousRating: number): ReviewEvent => ({ type: 'ReviewRemoved', data: { orderId: 'o-1', vendorId: 'v-1', previousRating, reason: 'Offensive language', at } });
const removed = removedAt(5);
const later = '2026-11-22T09:00:00.000Z';
const edit = (fields: { actor?: Actor; rating?: number; text?: string } = {}): ReviewCommand => ({
  type: 'EditReview', actor: customer, at: later, orderId: 'o-1', rating: 4, text: ' Good, a bit loud ', ...fields,
});
const withdraw = (actor: Actor = customer): ReviewCommand => ({ type: 'WithdrawReview', actor, at: later, orderId: 'o-1' });
const edited: ReviewEvent = {
  type: 'ReviewEdited', data: { orderId: 'o-1', vendorId: 'v-1', customerId: 'u-customer', rating: 4, previousRating: 5, text: 'Good, a bit loud', at: later },
};
/** Withdrawn by the customer when it had these stars. */
const withdrawnAt = (previousRating: number): ReviewEvent => ({ type: 'ReviewWithdrawn', data: { orderId: 'o-1', vendorId: 'v-1', customerId: 'u-customer', previousRating, at: later } });
const withdrawn = withdrawnAt(4);

describe('review decider', () => {
  it('the customer of a completed order posts a review', () => {
    const [event] = spec(reviewDecider).given([]).when(post()).then([posted]);
    expect(ReviewEvent.parse(event)).toEqual(event);
  });

  it('a missing order is not found', () => {
    expect(spec(reviewDecider).given([]).when(post({ order: null })).thenRefused('review.order-not-found').kind).toBe('not_found');
  });

  it('only the customer of the order may review it', () => {
    expect(spec(reviewDecider).given([]).when(post({ actor: vendorOwner })).thenRefused('review.forbidden').kind).toBe('forbidden');
    spec(reviewDecider).given([]).when(post({ actor: admin })).thenRefused('review.forbidden');
  });

  it.each(['new', 'payed', 'approved', 'canceled'] as const)('an order that is %s cannot be reviewed', (status) => {
    const refusal = spec(reviewDecider).given([]).when(post({ order: { ...completedOrder, status } })).thenRefused('review.order-not-completed');
    expect(refusal.kind).toBe('conflict');
  });

  it('one review per order, even after an admin removed it', () => {
    expect(spec(reviewDecider).given([posted]).when(post()).thenRefused('review.already-posted').kind).toBe('conflict');
    spec(reviewDecider).given([posted, removed]).when(post()).thenRefused('review.already-posted');
  });

  it('refuses a rating outside 1–5', () => {
    spec(reviewDecider).given([]).when(post({ rating: 0 })).thenRefused('review.invalid-rating');
    spec(reviewDecider).given([]).when(post({ rating: 4.5 })).thenRefused('review.invalid-rating');
  });

  it('an admin removes a posted review; nobody else may; nothing to remove is not found', () => {
    spec(reviewDecider).given([posted]).when(remove()).then([removed]);
    spec(reviewDecider).given([posted]).when(remove(customer)).thenRefused('review.forbidden');
    spec(reviewDecider).given([posted]).when(remove(vendorOwner)).thenRefused('review.forbidden');
    spec(reviewDecider).given([]).when(remove()).thenRefused('review.not-found');
    spec(reviewDecider).given([posted, removed]).when(remove()).thenRefused('review.not-found');
  });

  it('the customer edits their review; saving it unchanged decides nothing', () => {
    const [event] = spec(reviewDecider).given([posted]).when(edit()).then([edited]);
    expect(ReviewEvent.parse(event)).toEqual(event);
    spec(reviewDecider).given([posted, edited]).when(edit()).then([]);
    spec(reviewDecider).given([posted]).when(edit({ rating: 5, text: 'Wonderful evening!' })).then([]);
  });

  it('only the customer edits, only a live review, only with 1–5 stars', () => {
    expect(spec(reviewDecider).given([posted]).when(edit({ actor: vendorOwner })).thenRefused('review.forbidden').kind).toBe('forbidden');
    spec(reviewDecider).given([posted]).when(edit({ actor: admin })).thenRefused('review.forbidden');
    expect(spec(reviewDecider).given([]).when(edit()).thenRefused('review.not-found').kind).toBe('not_found');
    spec(reviewDecider).given([posted, removed]).when(edit()).thenRefused('review.not-found');
    spec(reviewDecider).given([posted, withdrawn]).when(edit()).thenRefused('review.not-found');
    spec(reviewDecider).given([posted]).when(edit({ rating: 6 })).thenRefused('review.invalid-rating');
  });

  it('the customer withdraws their review, and may then review the order again', () => {
    const [event] = spec(reviewDecider).given([posted, edited]).when(withdraw()).then([withdrawn]);
    expect(ReviewEvent.parse(event)).toEqual(event);
    spec(reviewDecider).given([posted]).when(withdraw()).then([withdrawnAt(5)]);
    spec(reviewDecider).given([posted, withdrawn]).when(post()).then([posted]);
    spec(reviewDecider).given([posted, withdrawn]).when(withdraw()).thenRefused('review.not-found');
  });

  it('nobody else withdraws it, and a moderated review cannot be withdrawn and posted again', () => {
    spec(reviewDecider).given([posted]).when(withdraw(vendorOwner)).thenRefused('review.forbidden');
    spec(reviewDecider).given([posted]).when(withdraw(admin)).thenRefused('review.forbidden');
    spec(reviewDecider).given([posted, removed]).when(withdraw()).thenRefused('review.not-found');
    spec(reviewDecider).given([posted, edited]).when(remove()).then([removedAt(4)]);
  });

  it('an edit, a withdrawal and a removal name the stars they replace, as the review last had them', () => {
    const editedAgain: ReviewEvent = { type: 'ReviewEdited', data: { ...(edited.data as Extract<ReviewEvent, { type: 'ReviewEdited' }>['data']), rating: 2, previousRating: 4, text: 'Too loud' } };
    spec(reviewDecider).given([posted, edited]).when(edit({ rating: 2, text: 'Too loud' })).then([editedAgain]);
    spec(reviewDecider).given([posted, edited, editedAgain]).when(withdraw()).then([withdrawnAt(2)]);
    spec(reviewDecider).given([posted, edited, editedAgain]).when(remove()).then([removedAt(2)]);
  });

  it('still reads the events written before they named the stars they replace', () => {
    const { previousRating: _edited, ...olderEdit } = edited.data as Extract<ReviewEvent, { type: 'ReviewEdited' }>['data'];
    expect(ReviewEvent.parse({ type: 'ReviewEdited', data: olderEdit })).toEqual({ type: 'ReviewEdited', data: olderEdit });
    expect(ReviewEvent.parse({ type: 'ReviewRemoved', data: { orderId: 'o-1', vendorId: 'v-1', reason: 'Spam', at } }).type).toBe('ReviewRemoved');
    expect(() => ReviewEvent.parse({ type: 'ReviewWithdrawn', data: { orderId: 'o-1', vendorId: 'v-1', customerId: 'u-customer', previousRating: 6, at } })).toThrow();
  });
});
