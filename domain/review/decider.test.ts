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

  it('the customer edits within 14 days of posting; after that a clear conflict', () => {
    const lastMoment = '2026-12-05T10:00:00.000Z';
    const [event] = spec(reviewDecider).given([posted]).when({ ...edit(), at: lastMoment }).then([{ ...edited, data: { ...edited.data, at: lastMoment } } as ReviewEvent]);
    expect(event?.type).toBe('ReviewEdited');
    const refusal = spec(reviewDecider).given([posted]).when({ ...edit(), at: '2026-12-05T10:00:00.001Z' }).thenRefused('review.edit-window-closed');
    expect(refusal.kind).toBe('conflict');
    expect(refusal.reason).toMatch(/14 days/);
    // The window runs from the posting, not from the last edit; withdrawing stays open.
    spec(reviewDecider).given([posted, edited]).when({ ...edit({ rating: 1 }), at: '2026-12-10T00:00:00.000Z' }).thenRefused('review.edit-window-closed');
    const muchLater = '2027-01-01T00:00:00.000Z';
    spec(reviewDecider).given([posted]).when({ ...withdraw(), at: muchLater }).then([{ ...withdrawnAt(5), data: { ...withdrawnAt(5).data, at: muchLater } } as ReviewEvent]);
  });

  it('an admin hides a review only with a reason', () => {
    const blank: ReviewCommand = { type: 'RemoveReview', actor: admin, at, orderId: 'o-1', reason: '   ' };
    expect(spec(reviewDecider).given([posted]).when(blank).thenRefused('review.reason-required').kind).toBe('invalid');
  });

  describe('the vendor replies to a review', () => {
    const reply = (actor: Actor = vendorOwner, text = '  Thank you, Dana! '): ReviewCommand => ({ type: 'ReplyToReview', actor, at: later, orderId: 'o-1', text });
    const replied: ReviewEvent = { type: 'ReviewReplied', data: { orderId: 'o-1', vendorId: 'v-1', customerId: 'u-customer', text: 'Thank you, Dana!', by: 'vendor', at: later } };

    it('the reviewed vendor replies once', () => {
      const [event] = spec(reviewDecider).given([posted]).when(reply()).then([replied]);
      expect(ReviewEvent.parse(event)).toEqual(event);
      expect(spec(reviewDecider).given([posted, replied]).when(reply()).thenRefused('review.already-replied').kind).toBe('conflict');
      spec(reviewDecider).given([posted, edited, replied]).when(reply(admin)).thenRefused('review.already-replied');
    });

    it('an admin replies on its behalf; nobody else may', () => {
      spec(reviewDecider).given([posted]).when(reply(admin)).then([{ ...replied, data: { ...replied.data, by: 'admin' } } as ReviewEvent]);
      expect(spec(reviewDecider).given([posted]).when(reply(customer)).thenRefused('review.forbidden').kind).toBe('forbidden');
      const otherVendor: Actor = { ...vendorOwner, userId: 'u-other', vendorId: 'v-2' };
      spec(reviewDecider).given([posted]).when(reply(otherVendor)).thenRefused('review.forbidden');
    });

    it('only to a live review, with 1 to 2000 characters', () => {
      expect(spec(reviewDecider).given([]).when(reply()).thenRefused('review.not-found').kind).toBe('not_found');
      spec(reviewDecider).given([posted, removed]).when(reply()).thenRefused('review.not-found');
      spec(reviewDecider).given([posted, withdrawn]).when(reply()).thenRefused('review.not-found');
      expect(spec(reviewDecider).given([posted]).when(reply(vendorOwner, '   ')).thenRefused('review.invalid-reply').kind).toBe('invalid');
      spec(reviewDecider).given([posted]).when(reply(vendorOwner, 'x'.repeat(2001))).thenRefused('review.invalid-reply');
    });

    it('a review withdrawn and posted again may be answered again', () => {
      spec(reviewDecider).given([posted, replied, withdrawn, posted]).when(reply()).then([replied]);
    });
  });
});
