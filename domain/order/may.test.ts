import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { systemActor } from '../shared/actor.ts';
import { ils } from '../shared/money.ts';
import { Refusal } from '../shared/refusal.ts';
import type { OrderEvent, OrderStatus } from './events.ts';
import type { OrderCommand } from './commands.ts';
import { orderDecider } from './decider.ts';
import type { OrderTransitionCommand } from './lifecycle.ts';
import { completableFrom, mayApprove, mayCancel, mayComplete, mayEditReview, mayPay, mayReview, type OrderFacts } from './may.ts';
import { reviewDecider } from '../review/decider.ts';
import type { ReviewEvent } from '../review/events.ts';

// The permission predicates, given an order in a status, when an actor asks, then yes or no — and
// the proof that they say exactly what the deciders do: for every status × actor × command, a
// predicate allows it if and only if the decider decides events rather than refusing.
const at = '2026-11-21T10:00:00.000Z';
const customer: Actor = { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null };
const vendor: Actor = { userId: 'u-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-1' };
const otherVendor: Actor = { userId: 'u-other', roles: ['user', 'vendor'], groups: [], vendorId: 'v-2' };
const admin: Actor = { userId: 'u-admin', roles: ['user', 'admin'], groups: ['superUsers'], vendorId: null };
const superAdmin: Actor = { userId: 'u-super', roles: ['user', 'superAdmin'], groups: [], vendorId: null };
const stranger: Actor = { userId: 'u-stranger', roles: ['user'], groups: [], vendorId: null };
const guest: Actor = { userId: null, roles: ['guest'], groups: [], vendorId: null };
const actors = { customer, vendor, otherVendor, admin, superAdmin, stranger, guest, system: systemActor };

const product = { productId: 'p-1', vendorId: 'v-1', type: 'default' as const, name: { he: 'מופע', en: 'Show' }, price: ils(1500), serviceDuration: 0 };
const placed: OrderEvent = { type: 'OrderPlaced', data: { orderId: 'o-1', customerId: 'u-customer', vendorId: 'v-1', product, total: ils(1500), placedAt: at } };
const paid: OrderEvent = { type: 'OrderPaid', data: { orderId: 'o-1', paymentId: 'pay-1', amount: ils(1500), cardLast4: '4242', at } };
const approved: OrderEvent = { type: 'OrderApproved', data: { orderId: 'o-1', by: 'u-vendor', at } };
const completed: OrderEvent = { type: 'OrderCompleted', data: { orderId: 'o-1', by: 'u-vendor', at } };
const canceled: OrderEvent = { type: 'OrderCanceled', data: { orderId: 'o-1', reason: 'Plans changed', by: 'u-customer', byRole: 'customer', at } };
const histories: Record<OrderStatus, OrderEvent[]> = {
  new: [placed], payed: [placed, paid], approved: [placed, paid, approved], completed: [placed, paid, approved, completed], canceled: [placed, canceled],
};
const statuses = Object.keys(histories) as OrderStatus[];
const facts = (status: OrderStatus): OrderFacts => ({ status, customerId: 'u-customer', vendorId: 'v-1' });

const commandFor = (type: OrderTransitionCommand, actor: Actor): OrderCommand => {
  switch (type) {
    case 'PayOrder':
      return { type, actor, at, orderId: 'o-1', payment: { status: 'accepted', paymentId: 'pay-2', cardLast4: '4242' } };
    case 'CancelOrder':
      return { type, actor, at, orderId: 'o-1', reason: 'No longer needed' };
    default:
      return { type, actor, at, orderId: 'o-1' };
  }
};
const predicates = {
  PayOrder: mayPay, ApproveOrder: mayApprove, CompleteOrder: (order: OrderFacts | null, actor: Actor) => mayComplete(order, actor, at), CancelOrder: mayCancel,
} as const;

/** Whether the decider decides events (true) or refuses (false). */
function decides<S, C, E>(decide: (command: C, state: S) => E[], command: C, state: S): boolean {
  try {
    return decide(command, state).length > 0;
  } catch (error) {
    if (error instanceof Refusal) return false;
    throw error;
  }
}

describe('may: the lifecycle as yes/no questions', () => {
  it('given a new order, the customer may pay and cancel; the vendor may cancel, not pay or approve', () => {
    expect([mayPay(facts('new'), customer), mayCancel(facts('new'), customer)]).toEqual([true, true]);
    expect([mayPay(facts('new'), vendor), mayApprove(facts('new'), vendor), mayCancel(facts('new'), vendor)]).toEqual([false, false, true]);
  });

  it('given a paid order, the vendor or an admin may approve, the customer may still cancel but not pay again', () => {
    expect([mayApprove(facts('payed'), vendor), mayApprove(facts('payed'), admin), mayApprove(facts('payed'), customer)]).toEqual([true, true, false]);
    expect([mayCancel(facts('payed'), customer), mayPay(facts('payed'), customer)]).toEqual([true, false]);
  });

  it('given an approved order, the vendor may complete or cancel; the customer may no longer cancel', () => {
    expect([mayComplete(facts('approved'), vendor, at), mayCancel(facts('approved'), vendor), mayCancel(facts('approved'), customer)]).toEqual([true, true, false]);
  });

  it('given a completed order, nobody may change it, and only its customer may review it, once', () => {
    for (const actor of Object.values(actors)) {
      expect(Object.values(predicates).map((may) => may(facts('completed'), actor))).toEqual([false, false, false, false]);
    }
    expect(mayReview(facts('completed'), customer)).toBe(true);
    expect(mayReview(facts('completed'), customer, 'posted')).toBe(false);
    expect(mayReview(facts('completed'), customer, 'removed')).toBe(false);
    expect(mayEditReview(facts('completed'), customer, 'posted')).toBe(true);
    expect(mayReview(facts('completed'), vendor)).toBe(false);
    expect(mayReview(facts('approved'), customer)).toBe(false);
  });

  it('given an approved timed order, the vendor may complete it only once its slot is over', () => {
    const timed = { ...facts('approved'), start: '2026-12-09T18:00:00.000Z', end: '2026-12-09T19:30:00.000Z' };
    expect(['2026-11-28T10:00:00.000Z', '2026-12-09T19:00:00.000Z', timed.end, '2026-12-10T08:00:00.000Z'].map((when) => mayComplete(timed, vendor, when))).toEqual([false, false, true, true]);
    expect(mayComplete({ ...facts('approved'), eventAt: '2026-12-24T17:00:00.000Z' }, admin, '2026-12-24T16:59:00.000Z')).toBe(false);
    expect(completableFrom(timed)).toBe(timed.end);
    expect(completableFrom({ eventAt: '2026-12-24T17:00:00.000Z' })).toBe('2026-12-24T17:00:00.000Z');
    expect(completableFrom({})).toBeNull();
  });

  it('given another vendor, a stranger or a guest, nothing is allowed; given no order, nothing either', () => {
    for (const actor of [otherVendor, stranger, guest]) {
      for (const status of statuses) {
        expect(Object.values(predicates).some((may) => may(facts(status), actor))).toBe(false);
      }
    }
    expect(Object.values(predicates).some((may) => may(null, admin))).toBe(false);
  });
});

const cases = statuses.flatMap((status) =>
  (Object.keys(predicates) as OrderTransitionCommand[]).flatMap((command) => Object.keys(actors).map((who) => ({ status, command, who: who as keyof typeof actors }))));

describe('may agrees with the order decider (every status × command × actor)', () => {
  it.each(cases)('$status × $command by $who', ({ status, command, who }) => {
    const state = spec(orderDecider).given(histories[status]).state;
    const actor = actors[who];
    expect(predicates[command](state, actor)).toBe(decides(orderDecider.decide, commandFor(command, actor), state));
  });
});

describe('mayComplete agrees with the order decider before, during and after a timed order\'s slot (every actor)', () => {
  const timedPlaced: OrderEvent = { type: 'OrderPlaced', data: { ...(placed.data as Extract<OrderEvent, { type: 'OrderPlaced' }>['data']), product: { ...product, type: 'timedService', serviceDuration: 90 }, start: '2026-12-09T18:00:00.000Z', end: '2026-12-09T19:30:00.000Z' } };
  const timedCases = ['2026-11-28T10:00:00.000Z', '2026-12-09T19:00:00.000Z', '2026-12-09T19:30:00.000Z', '2026-12-10T08:00:00.000Z']
    .flatMap((when) => Object.keys(actors).map((who) => ({ when, who: who as keyof typeof actors })));
  it.each(timedCases)('at $when by $who', ({ when, who }) => {
    const state = spec(orderDecider).given([timedPlaced, paid, approved]).state;
    const actor = actors[who];
    expect(mayComplete(state, actor, when)).toBe(decides(orderDecider.decide, { type: 'CompleteOrder', actor, at: when, orderId: 'o-1' }, state));
  });
});

describe('mayReview agrees with the review decider (every status × actor, before and after a review)', () => {
  const posted: ReviewEvent = { type: 'ReviewPosted', data: { orderId: 'o-1', vendorId: 'v-1', customerId: 'u-customer', rating: 5, text: 'Great', at } };
  const removed: ReviewEvent = { type: 'ReviewRemoved', data: { orderId: 'o-1', vendorId: 'v-1', reason: 'Spam', at } };
  const reviewHistories = { none: [], posted: [posted], removed: [posted, removed] } as const;
  const reviewCases = statuses.flatMap((status) => (Object.keys(reviewHistories) as (keyof typeof reviewHistories)[])
    .flatMap((review) => Object.keys(actors).map((who) => ({ status, review, who: who as keyof typeof actors }))));

  it.each(reviewCases)('$status order, review $review, by $who', ({ status, review, who }) => {
    const actor = actors[who];
    const state = spec(reviewDecider).given([...reviewHistories[review]]).state;
    const post = { type: 'PostReview' as const, actor, at, orderId: 'o-1', rating: 4, text: 'Lovely evening', order: facts(status) };
    expect(mayReview(facts(status), actor, review)).toBe(decides(reviewDecider.decide, post, state));
  });

  // A review exists only on a completed order, and a completed order stays completed.
  it.each((Object.keys(reviewHistories) as (keyof typeof reviewHistories)[]).flatMap((review) => Object.keys(actors).map((who) => ({ review, who: who as keyof typeof actors }))))(
    'edit: review $review, by $who', ({ review, who }) => {
      const actor = actors[who];
      const state = spec(reviewDecider).given([...reviewHistories[review]]).state;
      const edit = { type: 'EditReview' as const, actor, at, orderId: 'o-1', rating: 3, text: 'On second thought' };
      expect(mayEditReview(facts('completed'), actor, review)).toBe(decides(reviewDecider.decide, edit, state));
    },
  );

  it('given a review the customer withdrew, they may write one again', () => {
    const withdrawn: ReviewEvent = { type: 'ReviewWithdrawn', data: { orderId: 'o-1', vendorId: 'v-1', customerId: 'u-customer', at } };
    const state = spec(reviewDecider).given([posted, withdrawn]).state;
    const post = { type: 'PostReview' as const, actor: customer, at, orderId: 'o-1', rating: 4, text: 'Again', order: facts('completed') };
    expect(state.status).toBe('none');
    expect(mayReview(facts('completed'), customer, state.status)).toBe(decides(reviewDecider.decide, post, state));
  });
});
