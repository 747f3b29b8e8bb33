import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { systemActor } from '../shared/actor.ts';
import { ils } from '../shared/money.ts';
import { OrderEvent } from './events.ts';
import type { OrderStatus } from './events.ts';
import { OrderCommand } from './commands.ts';
import type { OrderCommand as OrderCommandType, PlaceOrder } from './commands.ts';
import { allowedOrderCommands, illegalTransitionReason, orderDecider, orderSlot } from './decider.ts';
import type { OrderTransitionCommand } from './lifecycle.ts';
import { orderTermsOf } from './payment-terms.ts';

const at = '2026-11-21T10:00:00.000Z';
const customer: Actor = { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null };
const vendorOwner: Actor = { userId: 'u-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-1' };
const otherVendor: Actor = { userId: 'u-other-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-2' };
const admin: Actor = { userId: 'u-admin', roles: ['user', 'admin'], groups: ['superUsers'], vendorId: null };
const stranger: Actor = { userId: 'u-stranger', roles: ['user'], groups: [], vendorId: null };

const defaultProduct = {
  productId: 'p-1', vendorId: 'v-1', type: 'default' as const, name: { he: 'מופע', en: 'Show' }, price: ils(1500), serviceDuration: 0,
};
const timedProduct = { ...defaultProduct, productId: 'p-2', type: 'timedService' as const, serviceDuration: 90 };

const place = (fields: Partial<PlaceOrder> = {}): PlaceOrder => ({
  type: 'PlaceOrder', actor: customer, at, orderId: 'o-1', customerId: 'u-customer', product: defaultProduct, ...fields,
});

/** What a product without payment terms sells under: paid in full, the flexible policy, one payment. */
const defaultTerms = orderTermsOf(undefined, ils(1500));
/** A customer's timed slot is held 15 minutes from placing. */
const heldUntil = '2026-11-21T10:15:00.000Z';

const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: { orderId: 'o-1', customerId: 'u-customer', vendorId: 'v-1', product: defaultProduct, total: ils(1500), terms: defaultTerms, placedAt: at },
};
const paid: OrderEvent = { type: 'OrderPaid', data: { orderId: 'o-1', paymentId: 'pay-1', amount: ils(1500), cardLast4: '4242', at } };
const approved: OrderEvent = { type: 'OrderApproved', data: { orderId: 'o-1', by: 'u-vendor', at } };
const completed: OrderEvent = { type: 'OrderCompleted', data: { orderId: 'o-1', by: 'u-vendor', at } };
const canceled: OrderEvent = {
  type: 'OrderCanceled', data: { orderId: 'o-1', reason: 'Changed plans', by: 'u-customer', byRole: 'customer', at },
};

const histories: Record<OrderStatus, OrderEvent[]> = {
  new: [placed],
  payed: [placed, paid],
  approved: [placed, paid, approved],
  completed: [placed, paid, approved, completed],
  canceled: [placed, canceled],
};

const commandFor = (type: OrderTransitionCommand, actor: Actor): OrderCommandType => {
  switch (type) {
    case 'PayOrder':
      return { type, actor, at, orderId: 'o-1', payment: { status: 'accepted', paymentId: 'pay-2', cardLast4: '4242' } };
    case 'CancelOrder':
      return { type, actor, at, orderId: 'o-1', reason: 'Not needed any more' };
    default:
      return { type, actor, at, orderId: 'o-1' };
  }
};

describe('order decider: PlaceOrder', () => {
  it('places a default order at the product price', () => {
    spec(orderDecider).given([]).when(place({ notes: 'Wedding, 120 guests' })).then([
      {
        type: 'OrderPlaced',
        data: {
          orderId: 'o-1', customerId: 'u-customer', vendorId: 'v-1', product: defaultProduct, total: ils(1500),
          notes: 'Wedding, 120 guests', terms: defaultTerms, placedAt: at,
        },
      },
    ]);
  });

  it('places a timed service for [start, start + serviceDuration) in UTC', () => {
    const [event] = spec(orderDecider).given([]).when(place({ product: timedProduct, start: '2026-12-01T20:00:00+02:00' })).then([{
      type: 'OrderPlaced',
      data: {
        orderId: 'o-1', customerId: 'u-customer', vendorId: 'v-1', product: timedProduct, total: ils(1500),
        start: '2026-12-01T18:00:00.000Z', end: '2026-12-01T19:30:00.000Z', terms: defaultTerms, holdUntil: heldUntil, placedAt: at,
      },
    }]);
    expect(OrderEvent.parse(event)).toEqual(event);
  });

  it('places a contract service without a start', () => {
    const product = { ...defaultProduct, type: 'contractService' as const };
    const events = spec(orderDecider).given([]).when(place({ product })).then([
      { ...placed, data: { ...placed.data, product } },
    ] as OrderEvent[]);
    expect(OrderEvent.parse(events[0])).toEqual(events[0]);
  });

  it('refuses a timed service without a start', () => {
    const refusal = spec(orderDecider).given([]).when(place({ product: timedProduct })).thenRefused('order.start-required');
    expect(refusal.kind).toBe('invalid');
  });

  it('refuses a slot that would end past year 9999 or past what a Date holds, instead of failing', () => {
    for (const start of ['9999-12-31T23:00:00.000Z', '+275760-09-13T00:00:00.000Z']) {
      const refusal = spec(orderDecider).given([]).when(place({ product: timedProduct, start })).thenRefused('order.start-out-of-range');
      expect(refusal.kind).toBe('invalid');
    }
    spec(orderDecider).given([]).when(place({ product: { ...timedProduct, serviceDuration: 1e12 }, start: at })).thenRefused('order.start-out-of-range');
  });

  it('refuses a timed service without a positive duration', () => {
    spec(orderDecider).given([]).when(place({ product: { ...timedProduct, serviceDuration: 0 }, start: at })).thenRefused('order.invalid-duration');
  });

  it('refuses a start on a product that is not a timed service', () => {
    spec(orderDecider).given([]).when(place({ start: at })).thenRefused('order.start-not-allowed');
    spec(orderDecider).given([]).when(place({ product: { ...defaultProduct, type: 'contractService' }, start: at })).thenRefused('order.start-not-allowed');
  });

  it('forbids ordering from your own vendor', () => {
    const refusal = spec(orderDecider).given([]).when(place({ actor: vendorOwner, customerId: 'u-vendor' })).thenRefused('order.own-vendor');
    expect(refusal.kind).toBe('forbidden');
  });

  it('forbids placing an order for someone else, or without signing in', () => {
    spec(orderDecider).given([]).when(place({ actor: stranger })).thenRefused('order.forbidden');
    spec(orderDecider).given([]).when(place({ actor: { ...customer, userId: null } })).thenRefused('order.forbidden');
  });

  it('lets the system place an order for a customer (demo seed)', () => {
    spec(orderDecider).given([]).when(place({ actor: systemActor })).then([placed]);
  });

  it('refuses placing the same order twice', () => {
    const refusal = spec(orderDecider).given([placed]).when(place()).thenRefused('order.already-placed');
    expect(refusal.kind).toBe('conflict');
  });
});

describe('order decider: transitions', () => {
  it('PayOrder accepted → OrderPaid for the order total', () => {
    spec(orderDecider).given([placed]).when(commandFor('PayOrder', customer)).then([
      { type: 'OrderPaid', data: { orderId: 'o-1', paymentId: 'pay-2', amount: ils(1500), cardLast4: '4242', at } },
    ]);
  });

  it('PayOrder declined → OrderPaymentDeclined, and the order stays new', () => {
    const declined: OrderCommandType = {
      type: 'PayOrder', actor: customer, at, orderId: 'o-1', payment: { status: 'declined', reason: 'Your card was declined.', cardLast4: '0002' },
    };
    const [event] = spec(orderDecider).given([placed]).when(declined).then([
      { type: 'OrderPaymentDeclined', data: { orderId: 'o-1', reason: 'Your card was declined.', cardLast4: '0002', at } },
    ]);
    expect(orderDecider.evolve(orderDecider.evolve(null, placed), event!)?.status).toBe('new');
    spec(orderDecider).given([placed, event!]).when(commandFor('PayOrder', customer)).then([
      { type: 'OrderPaid', data: { orderId: 'o-1', paymentId: 'pay-2', amount: ils(1500), cardLast4: '4242', at } },
    ]);
  });

  it('ApproveOrder by the vendor, CompleteOrder by an admin', () => {
    spec(orderDecider).given([placed, paid]).when(commandFor('ApproveOrder', vendorOwner)).then([approved]);
    spec(orderDecider).given([placed, paid, approved]).when(commandFor('CompleteOrder', admin)).then([
      { type: 'OrderCompleted', data: { orderId: 'o-1', by: 'u-admin', at } },
    ]);
  });

  it('CancelOrder when new: no refund', () => {
    spec(orderDecider).given([placed]).when({ ...commandFor('CancelOrder', customer), reason: '  Changed plans ' } as OrderCommandType).then([canceled]);
  });

  it('CancelOrder after payment refunds the payment', () => {
    spec(orderDecider).given([placed, paid]).when(commandFor('CancelOrder', customer)).then([{
      type: 'OrderCanceled',
      data: { orderId: 'o-1', reason: 'Not needed any more', by: 'u-customer', byRole: 'customer', at, refunds: [{ paymentId: 'pay-1', amount: ils(1500) }], refundPercent: 100 },
    }]);
    spec(orderDecider).given([placed, paid, approved]).when(commandFor('CancelOrder', vendorOwner)).then([{
      type: 'OrderCanceled',
      data: { orderId: 'o-1', reason: 'Not needed any more', by: 'u-vendor', byRole: 'vendor', at, refunds: [{ paymentId: 'pay-1', amount: ils(1500) }], refundPercent: 100 },
    }]);
  });

  it('CancelOrder by the system is recorded as such', () => {
    spec(orderDecider).given([placed]).when(commandFor('CancelOrder', systemActor)).then([{
      type: 'OrderCanceled', data: { orderId: 'o-1', reason: 'Not needed any more', by: null, byRole: 'system', at },
    }]);
  });

  it('CancelOrder needs a reason', () => {
    spec(orderDecider).given([placed]).when({ ...commandFor('CancelOrder', customer), reason: '   ' } as OrderCommandType).thenRefused('order.reason-required');
  });

  it('any command on an order that does not exist is not found', () => {
    for (const type of ['PayOrder', 'ApproveOrder', 'CompleteOrder', 'CancelOrder'] as const) {
      const refusal = spec(orderDecider).given([]).when(commandFor(type, admin)).thenRefused('order.not-found');
      expect(refusal.kind).toBe('not_found');
    }
  });
});

// DESIGN §5, written out independently of lifecycle.ts so the test checks the decider against the design.
const legalIn: Record<OrderStatus, OrderTransitionCommand[]> = {
  new: ['PayOrder', 'CancelOrder'],
  payed: ['ApproveOrder', 'CancelOrder'],
  approved: ['CompleteOrder', 'CancelOrder'],
  completed: [],
  canceled: [],
};
const allowedTriples = new Set([
  'new PayOrder customer',
  'payed ApproveOrder vendor', 'payed ApproveOrder admin',
  'approved CompleteOrder vendor', 'approved CompleteOrder admin',
  'new CancelOrder customer', 'new CancelOrder vendor', 'new CancelOrder admin',
  'payed CancelOrder customer', 'payed CancelOrder vendor', 'payed CancelOrder admin',
  'approved CancelOrder vendor', 'approved CancelOrder admin',
]);
const eventOf: Record<OrderTransitionCommand, OrderEvent['type']> = {
  PayOrder: 'OrderPaid', ApproveOrder: 'OrderApproved', CompleteOrder: 'OrderCompleted', CancelOrder: 'OrderCanceled',
};
const actors = { customer, vendor: vendorOwner, admin, stranger, otherVendor } as const;
const statuses: OrderStatus[] = ['new', 'payed', 'approved', 'completed', 'canceled'];
const commands: OrderTransitionCommand[] = ['PayOrder', 'ApproveOrder', 'CompleteOrder', 'CancelOrder'];

const cases = statuses.flatMap((status) => commands.flatMap((command) => Object.keys(actors).map((who) => ({ status, command, who: who as keyof typeof actors }))));

describe('order lifecycle table (status × command × actor)', () => {
  it.each(cases)('$status × $command by $who', ({ status, command, who }) => {
    const given = spec(orderDecider).given(histories[status]);
    const when = given.when(commandFor(command, actors[who]));
    expect(given.state?.status).toBe(status);
    if (allowedTriples.has(`${status} ${command} ${who}`)) {
      const events = orderDecider.decide(commandFor(command, actors[who]), given.state);
      expect(events.map((e) => e.type)).toEqual([eventOf[command]]);
      for (const event of events) OrderEvent.parse(event);
      return;
    }
    if (who === 'stranger' || who === 'otherVendor') {
      expect(when.thenRefused('order.forbidden').kind).toBe('forbidden');
    } else if (!legalIn[status].includes(command)) {
      const refusal = when.thenRefused('order.illegal-transition');
      expect(refusal.kind).toBe('conflict');
      expect(refusal.reason).toBe(illegalTransitionReason(status, command));
      expect(refusal.reason).toMatch(/^This order|^The vendor/);
    } else {
      expect(when.thenRefused('order.forbidden').kind).toBe('forbidden');
    }
  });

  it.each(statuses)('allowedOrderCommands in %s matches the table for every actor', (status) => {
    const state = spec(orderDecider).given(histories[status]).state;
    for (const [who, actor] of Object.entries(actors)) {
      const expected = commands.filter((command) => allowedTriples.has(`${status} ${command} ${who}`));
      expect(allowedOrderCommands(state, actor)).toEqual(expected);
    }
  });

  it('completed and canceled orders refuse everything with a reason', () => {
    expect(spec(orderDecider).given(histories.canceled).when(commandFor('ApproveOrder', admin)).thenRefused('order.illegal-transition').reason)
      .toBe('This order was canceled, so it can no longer be approved.');
    expect(spec(orderDecider).given(histories.completed).when(commandFor('CancelOrder', vendorOwner)).thenRefused('order.illegal-transition').reason)
      .toBe('This order is completed, so it can no longer be canceled.');
  });
});

describe('orderSlot', () => {
  it('gives the reserved interval of a timed order and null otherwise', () => {
    const events = orderDecider.decide(place({ product: timedProduct, start: '2026-12-01T18:00:00Z' }), null);
    const state = events.reduce(orderDecider.evolve, orderDecider.initialState);
    expect(orderSlot(state)).toEqual({ orderId: 'o-1', vendorId: 'v-1', start: '2026-12-01T18:00:00.000Z', end: '2026-12-01T19:30:00.000Z' });
    expect(orderSlot(spec(orderDecider).given([placed]).state)).toBeNull();
    expect(orderSlot(null)).toBeNull();
  });
});

describe('order commands schema', () => {
  it('accepts a well-formed command and refuses unknown fields', () => {
    expect(OrderCommand.safeParse(place()).success).toBe(true);
    expect(OrderCommand.safeParse({ ...place(), price: 1 }).success).toBe(false);
    expect(OrderCommand.safeParse({ ...commandFor('CancelOrder', customer), reason: '' }).success).toBe(false);
  });
});

describe('order decider: a start in the past', () => {
  const earlier = '2026-11-20T18:00:00.000Z';

  it('refuses a customer a slot that has already begun', () => {
    const refusal = spec(orderDecider).given([]).when(place({ product: timedProduct, start: earlier })).thenRefused('order.start-in-past');
    expect(refusal.kind).toBe('invalid');
  });

  it('lets an admin, or the system, record an event that took place', () => {
    for (const actor of [{ ...admin, userId: 'u-customer' }, systemActor]) {
      const [event] = spec(orderDecider).given([]).when(place({ actor, product: timedProduct, start: earlier })).then([{
        type: 'OrderPlaced',
        data: {
          orderId: 'o-1', customerId: 'u-customer', vendorId: 'v-1', product: timedProduct, total: ils(1500),
          start: earlier, end: '2026-11-20T19:30:00.000Z', terms: defaultTerms,
          // An admin's own order holds its slot while unpaid; the system's (the seed, quotes) does not.
          ...(actor === systemActor ? {} : { holdUntil: heldUntil }), placedAt: at,
        },
      }]);
      expect(event?.type).toBe('OrderPlaced');
    }
  });
});

describe('order decider: money owed back to the card', () => {
  const paidCanceled: OrderEvent = {
    type: 'OrderCanceled',
    data: { orderId: 'o-1', reason: 'Changed plans', by: 'u-customer', byRole: 'customer', refund: { paymentId: 'pay-1', amount: ils(1500) }, at },
  };
  const recordRefund = (fields: { paymentId?: string; actor?: Actor } = {}): OrderCommandType => ({
    type: 'RecordRefund', actor: fields.actor ?? systemActor, at, orderId: 'o-1', paymentId: fields.paymentId ?? 'pay-1', refundId: 're-1',
  });
  const returnPayment = (fields: { paymentId?: string; actor?: Actor } = {}): OrderCommandType => ({
    type: 'ReturnPayment', actor: fields.actor ?? systemActor, at, orderId: 'o-1', paymentId: fields.paymentId ?? 'pay-2', amount: ils(1500), cardLast4: '4242', reason: 'The order was paid meanwhile.',
  });
  const refunded: OrderEvent = { type: 'OrderRefunded', data: { orderId: 'o-1', paymentId: 'pay-1', refundId: 're-1', amount: ils(1500), at } };

  it('records the refund a canceled paid order owes, once', () => {
    spec(orderDecider).given([placed, paid, paidCanceled]).when(recordRefund()).then([refunded]);
    spec(orderDecider).given([placed, paid, paidCanceled, refunded]).when(recordRefund()).then([]);
  });

  it('refuses a refund the order does not owe: unpaid, not canceled, or another payment', () => {
    spec(orderDecider).given([placed, canceled]).when(recordRefund()).thenRefused('order.refund-not-owed');
    spec(orderDecider).given([placed, paid]).when(recordRefund()).thenRefused('order.refund-not-owed');
    spec(orderDecider).given([placed, paid, paidCanceled]).when(recordRefund({ paymentId: 'pay-9' })).thenRefused('order.refund-not-owed');
  });

  it('records a charge the order did not take as owed back, once, and its refund', () => {
    const returned: OrderEvent = { type: 'OrderPaymentReturned', data: { orderId: 'o-1', paymentId: 'pay-2', amount: ils(1500), cardLast4: '4242', reason: 'The order was paid meanwhile.', at } };
    spec(orderDecider).given([placed, paid]).when(returnPayment()).then([returned]);
    spec(orderDecider).given([placed, canceled]).when(returnPayment()).then([returned]);
    spec(orderDecider).given([placed, paid, returned]).when(returnPayment()).then([]);
    spec(orderDecider).given([placed, paid, returned]).when(recordRefund({ paymentId: 'pay-2' })).then([{ ...refunded, data: { ...refunded.data, paymentId: 'pay-2' } } as OrderEvent]);
  });

  it("never returns the payment the order took", () => {
    spec(orderDecider).given([placed, paid]).when(returnPayment({ paymentId: 'pay-1' })).then([]);
  });

  it('leaves this bookkeeping to the system: a customer, vendor or admin is forbidden', () => {
    for (const actor of [customer, vendorOwner, admin]) {
      spec(orderDecider).given([placed, paid, paidCanceled]).when(recordRefund({ actor })).thenRefused('order.forbidden');
      spec(orderDecider).given([placed, paid]).when(returnPayment({ actor })).thenRefused('order.forbidden');
    }
  });
});

describe('order decider: event details (issue 22 item 1)', () => {
  const details = { eventType: 'wedding' as const, date: '2026-12-24T17:00:00.000Z', city: 'Haifa', address: 'Derech HaAtsmaut 1', guests: 180, contactPhone: '+972501234567' };
  const { placedAt: _placedAt, terms: _terms, ...placedData } = placed.data as Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];
  const placedWith = (eventDetails: typeof details): OrderEvent => ({ type: 'OrderPlaced', data: { ...placedData, eventDetails, terms: defaultTerms, placedAt: at } });
  const withDetails = placedWith(details);
  const change = (fields: Partial<typeof details> & { date?: string } = {}, actor: Actor = customer): OrderCommandType => ({
    type: 'ChangeOrderEventDetails', actor, at, orderId: 'o-1', eventDetails: { ...details, ...fields },
  });
  const changed = (fields: Partial<typeof details> = {}): OrderEvent => ({
    type: 'OrderEventDetailsChanged', data: { orderId: 'o-1', eventDetails: { ...details, ...fields }, by: 'u-customer', at },
  });

  it('places an order with its event details, the date in UTC, and folds eventAt from it', () => {
    const [event] = spec(orderDecider).given([]).when(place({ eventDetails: { ...details, date: '2026-12-24T19:00:00+02:00' } })).then([withDetails]);
    expect(OrderEvent.parse(event)).toEqual(event);
    const state = spec(orderDecider).given([withDetails]).state;
    expect(state?.eventDetails).toEqual(details);
    expect(state?.eventAt).toBe('2026-12-24T17:00:00.000Z');
  });

  it("a timed order's event starts at its slot: the date may be left out, and another date is refused", () => {
    const start = '2026-12-01T18:00:00.000Z';
    const { date: _date, ...undated } = details;
    const [event] = spec(orderDecider).given([]).when(place({ product: timedProduct, start, eventDetails: undated })).then([{
      type: 'OrderPlaced',
      data: {
        orderId: 'o-1', customerId: 'u-customer', vendorId: 'v-1', product: timedProduct, total: ils(1500),
        start, end: '2026-12-01T19:30:00.000Z', eventDetails: { ...details, date: start }, terms: defaultTerms, holdUntil: heldUntil, placedAt: at,
      },
    }]);
    expect(spec(orderDecider).given([event!]).state?.eventAt).toBe(start);
    spec(orderDecider).given([]).when(place({ product: timedProduct, start, eventDetails: { ...details, date: '2026-12-01T20:00:00+02:00' } })).then([event!]);
    spec(orderDecider).given([]).when(place({ product: timedProduct, start, eventDetails: details })).thenRefused('order.event-date-fixed');
  });

  it('a timed order without details still has eventAt: its slot start', () => {
    const events = orderDecider.decide(place({ product: timedProduct, start: '2026-12-01T18:00:00Z' }), null);
    expect(events.reduce(orderDecider.evolve, orderDecider.initialState)?.eventAt).toBe('2026-12-01T18:00:00.000Z');
    expect(spec(orderDecider).given([placed]).state?.eventAt).toBeUndefined();
  });

  it('refuses details of a non-timed order without a date, or with a date that has passed (an admin may record one)', () => {
    const { date: _date, ...undated } = details;
    expect(spec(orderDecider).given([]).when(place({ eventDetails: undated })).thenRefused('order.event-date-required').kind).toBe('invalid');
    spec(orderDecider).given([]).when(place({ eventDetails: { ...details, date: '2026-11-20T18:00:00.000Z' } })).thenRefused('order.event-date-in-past');
    spec(orderDecider).given([]).when(place({ actor: systemActor, eventDetails: { ...details, date: '2026-11-20T18:00:00.000Z' } }))
      .then([placedWith({ ...details, date: '2026-11-20T18:00:00.000Z' })]);
  });

  it('the schemas refuse bad fields: an unknown event type, no guests, a phone that is none, a blank city', () => {
    for (const bad of [{ eventType: 'funeral' }, { guests: 0 }, { guests: 10_001 }, { contactPhone: '050' }, { contactPhone: 'call me' }, { contactPhone: '' }, { city: '  ' }, { address: '' }]) {
      expect(OrderCommand.safeParse(place({ eventDetails: { ...details, ...bad } as typeof details })).success, JSON.stringify(bad)).toBe(false);
    }
    expect(OrderCommand.safeParse(place({ eventDetails: details })).success).toBe(true);
    expect(OrderEvent.safeParse(changed()).success).toBe(true);
  });

  it('takes the phone as people type it in Israel and holds it in E.164 (issue 22 item 4)', () => {
    const typed: Record<string, string> = {
      '050-123-4567': '+972501234567', '0501234567': '+972501234567', '(050) 123 4567': '+972501234567',
      '+972 50-123-4567': '+972501234567', '00972501234567': '+972501234567', '02-123-4567': '+97221234567', '03-1234567': '+97231234567',
      '+44 20 7946 0958': '+442079460958',
    };
    for (const [contactPhone, e164] of Object.entries(typed)) {
      // Through the command schema, as the HTTP edge parses it…
      const parsed = OrderCommand.parse(place({ eventDetails: { ...details, contactPhone } }));
      spec(orderDecider).given([]).when(parsed).then([placedWith({ ...details, contactPhone: e164 })]);
      // …and as a command built in code brings it: the decider settles the phone itself.
      spec(orderDecider).given([]).when(place({ eventDetails: { ...details, contactPhone } })).then([placedWith({ ...details, contactPhone: e164 })]);
      spec(orderDecider).given([withDetails]).when(change({ contactPhone })).then(e164 === details.contactPhone ? [] : [changed({ contactPhone: e164 })]);
    }
    expect(spec(orderDecider).given([]).when(place({ eventDetails: { ...details, contactPhone: '050' } })).thenRefused('order.contact-phone-invalid').kind).toBe('invalid');
  });

  it('folds the events of before, whose phone is SPEC §5\'s form, and refuses an event whose phone is not E.164', () => {
    const old = placedWith({ ...details, contactPhone: '+972521234567' });
    expect(OrderEvent.parse(old)).toEqual(old);
    expect(spec(orderDecider).given([old]).state?.eventDetails?.contactPhone).toBe('+972521234567');
    expect(OrderEvent.safeParse(placedWith({ ...details, contactPhone: '050-123-4567' })).success).toBe(false);
    expect(OrderEvent.safeParse(changed({ contactPhone: '+97221234567' })).success).toBe(true);
  });

  describe('an order placed from an accepted quote (docs/quotes.md): without address and phone until the customer gives them', () => {
    const { address: _address, contactPhone: _phone, ...requested } = details;
    const fromQuote = placedWith(requested as typeof details);

    it('the system places it with what the request knows; the order holds it, its eventAt from the date', () => {
      const [event] = spec(orderDecider).given([]).when(place({ actor: systemActor, eventDetails: requested })).then([fromQuote]);
      expect(OrderEvent.parse(event)).toEqual(event);
      const state = spec(orderDecider).given([fromQuote]).state;
      expect(state?.eventDetails).toEqual(requested);
      expect(state?.eventAt).toBe(details.date);
      expect(OrderCommand.safeParse(place({ actor: systemActor, eventDetails: requested })).success).toBe(true);
    });

    it('anyone else gives the whole details: the address and the phone are refused missing', () => {
      for (const actor of [customer, admin]) {
        expect(spec(orderDecider).given([]).when(place({ actor, customerId: actor.userId!, eventDetails: requested })).thenRefused('order.event-details-incomplete').kind).toBe('invalid');
        spec(orderDecider).given([]).when(place({ actor, customerId: actor.userId!, eventDetails: { ...requested, address: 'Herzl 1' } })).thenRefused('order.event-details-incomplete');
      }
    });

    it('the customer completes them with a change, the phone as typed; a change without them is refused', () => {
      spec(orderDecider).given([fromQuote]).when(change({ contactPhone: '050-123-4567' })).then([changed()]);
      spec(orderDecider).given([fromQuote, paid]).when(change()).then([changed()]);
      const partial = { type: 'ChangeOrderEventDetails', actor: customer, at, orderId: 'o-1', eventDetails: requested } as unknown as OrderCommandType;
      spec(orderDecider).given([fromQuote]).when(partial).thenRefused('order.event-details-incomplete');
      expect(OrderCommand.safeParse(partial).success).toBe(false);
      spec(orderDecider).given([fromQuote]).when(change({ guests: 5 }, vendorOwner)).thenRefused('order.forbidden');
    });
  });

  it('the customer changes the details while the order is new or paid, and eventAt follows', () => {
    spec(orderDecider).given([withDetails]).when(change({ guests: 220 })).then([changed({ guests: 220 })]);
    const given = spec(orderDecider).given([withDetails, paid, changed({ date: '2026-12-31T18:00:00.000Z' })]);
    expect(given.state?.eventAt).toBe('2026-12-31T18:00:00.000Z');
    expect(given.state?.status).toBe('payed');
    given.when(change({ city: 'Akko', date: '2026-12-31T20:00:00+02:00' })).then([changed({ city: 'Akko', date: '2026-12-31T18:00:00.000Z' })]);
  });

  it('gives details to an order placed without them', () => {
    spec(orderDecider).given([placed]).when(change()).then([changed()]);
  });

  it('the same details again decide nothing', () => {
    spec(orderDecider).given([withDetails]).when(change({ date: '2026-12-24T19:00:00+02:00' })).then([]);
  });

  it("keeps a timed order's event at its slot", () => {
    const start = '2026-12-01T18:00:00.000Z';
    const timedPlaced: OrderEvent = { type: 'OrderPlaced', data: { ...placed.data, product: timedProduct, start, end: '2026-12-01T19:30:00.000Z', eventDetails: { ...details, date: start } } };
    const { date: _date, ...undated } = details;
    spec(orderDecider).given([timedPlaced]).when({ ...change(), eventDetails: { ...undated, guests: 90 } } as OrderCommandType).then([changed({ guests: 90, date: start })]);
    spec(orderDecider).given([timedPlaced]).when(change({ guests: 90 })).thenRefused('order.event-date-fixed');
  });

  it('refuses a change after approval, completion or cancelation with the reason', () => {
    const approvedRefusal = spec(orderDecider).given([withDetails, paid, approved]).when(change({ guests: 10 })).thenRefused('order.event-details-locked');
    expect(approvedRefusal.kind).toBe('conflict');
    expect(approvedRefusal.reason).toMatch(/^The vendor has approved this order/);
    expect(spec(orderDecider).given([withDetails, canceled]).when(change()).thenRefused('order.event-details-locked').reason).toMatch(/canceled/);
    expect(spec(orderDecider).given([withDetails, paid, approved, completed]).when(change()).thenRefused('order.event-details-locked').reason).toMatch(/completed/);
  });

  it('lets only the customer change them: the vendor and an admin are forbidden in any status, strangers too', () => {
    for (const actor of [vendorOwner, admin, stranger, otherVendor]) {
      for (const given of [[withDetails], [withDetails, paid, approved], [withDetails, canceled]]) {
        expect(spec(orderDecider).given(given).when(change({ guests: 5 }, actor)).thenRefused('order.forbidden').kind).toBe('forbidden');
      }
    }
    spec(orderDecider).given([]).when(change()).thenRefused('order.not-found');
  });

  it('refuses a changed date that has passed', () => {
    spec(orderDecider).given([withDetails]).when(change({ date: '2026-11-01T18:00:00.000Z' })).thenRefused('order.event-date-in-past');
  });
});

describe('order decider: completion only once the event is over (issue 22 item 3)', () => {
  // A timed order for 9 December 20:00–21:30 Israel time (18:00–19:30 UTC), paid and approved.
  const start = '2026-12-09T18:00:00.000Z';
  const end = '2026-12-09T19:30:00.000Z';
  const timedPlaced: OrderEvent = { type: 'OrderPlaced', data: { ...(placed.data as Extract<OrderEvent, { type: 'OrderPlaced' }>['data']), product: timedProduct, start, end } };
  const timedApproved = [timedPlaced, paid, approved];
  const completeAt = (when: string, actor: Actor = vendorOwner): OrderCommandType => ({ type: 'CompleteOrder', actor, at: when, orderId: 'o-1' });

  it('refuses completing a timed order before its slot (28 November for 9 December), for the vendor and an admin alike, naming when it can be', () => {
    const refusal = spec(orderDecider).given(timedApproved).when(completeAt('2026-11-28T10:00:00.000Z')).thenRefused('order.event-not-over');
    expect(refusal.kind).toBe('conflict');
    expect(refusal.reason).toBe(`This order's event is not over yet, so it cannot be completed before ${end}.`);
    spec(orderDecider).given(timedApproved).when(completeAt('2026-11-28T10:00:00.000Z', admin)).thenRefused('order.event-not-over');
  });

  it('refuses completing during the performance: the slot has started but not ended', () => {
    spec(orderDecider).given(timedApproved).when(completeAt('2026-12-09T19:29:59.999Z')).thenRefused('order.event-not-over');
  });

  it('completes from the end of the slot on', () => {
    spec(orderDecider).given(timedApproved).when(completeAt(end)).then([{ type: 'OrderCompleted', data: { orderId: 'o-1', by: 'u-vendor', at: end } }]);
    spec(orderDecider).given(timedApproved).when(completeAt('2026-12-10T08:00:00.000Z', admin)).then([
      { type: 'OrderCompleted', data: { orderId: 'o-1', by: 'u-admin', at: '2026-12-10T08:00:00.000Z' } },
    ]);
  });

  it("an order with event details completes from the details' date (the event's start), and follows a changed date", () => {
    const details = { eventType: 'wedding' as const, date: '2026-12-24T17:00:00.000Z', city: 'Haifa', address: 'Derech HaAtsmaut 1', guests: 180, contactPhone: '+972501234567' };
    const withDetails: OrderEvent = { type: 'OrderPlaced', data: { ...(placed.data as Extract<OrderEvent, { type: 'OrderPlaced' }>['data']), eventDetails: details } };
    spec(orderDecider).given([withDetails, paid, approved]).when(completeAt('2026-12-24T16:59:00.000Z')).thenRefused('order.event-not-over');
    spec(orderDecider).given([withDetails, paid, approved]).when(completeAt('2026-12-24T17:00:00.000Z')).then([
      { type: 'OrderCompleted', data: { orderId: 'o-1', by: 'u-vendor', at: '2026-12-24T17:00:00.000Z' } },
    ]);
    const moved: OrderEvent = { type: 'OrderEventDetailsChanged', data: { orderId: 'o-1', eventDetails: { ...details, date: '2026-12-31T17:00:00.000Z' }, by: 'u-customer', at } };
    spec(orderDecider).given([withDetails, paid, moved, approved]).when(completeAt('2026-12-25T10:00:00.000Z')).thenRefused('order.event-not-over');
  });

  it('an order naming no time (a fixed service bought without details) is completable whenever, as before', () => {
    spec(orderDecider).given(histories.approved).when(completeAt('2020-01-01T00:00:00.000Z')).then([
      { type: 'OrderCompleted', data: { orderId: 'o-1', by: 'u-vendor', at: '2020-01-01T00:00:00.000Z' } },
    ]);
  });

  it('the checks before it win: someone with no part is forbidden, an order not approved yet is refused for its status', () => {
    spec(orderDecider).given(timedApproved).when(completeAt('2026-11-28T10:00:00.000Z', otherVendor)).thenRefused('order.forbidden');
    spec(orderDecider).given(timedApproved).when(completeAt('2026-11-28T10:00:00.000Z', customer)).thenRefused('order.forbidden');
    const refusal = spec(orderDecider).given([timedPlaced, paid]).when(completeAt('2026-11-28T10:00:00.000Z')).thenRefused('order.illegal-transition');
    expect(refusal.reason).toBe('The vendor must approve this order before it can be completed.');
  });
});
